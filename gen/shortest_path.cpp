#include "gen/shortest_path.hpp"

#include <cmath>

namespace sawtooth {

std::vector<int> path_to(const ShortestPathTree& tree, int from, int to) {
    if (to < 0 || static_cast<std::size_t>(to) >= tree.value.size() ||
        !std::isfinite(tree.value[static_cast<std::size_t>(to)]))
        return {};
    std::vector<int> path;
    for (int v = to; v != -1; v = tree.parent[static_cast<std::size_t>(v)]) {
        path.push_back(v);
        if (v == from) break;
    }
    return {path.rbegin(), path.rend()};
}

}  // namespace sawtooth
