#pragma once
// The one shortest-path search of the project: Dijkstra over adjacency lists, shared by
// the bot's path planning (game/bot), the challenge parameters and the level model
// (telemetry/analysis). The caller says what a node's value is through a step, so the same
// routine adds up travel costs or combines success probabilities. Pure: no level
// knowledge, no I/O. Not the minimum spanning tree of gen/level_graph (Prim's order
// weighs single edges, not whole paths).

#include <cstddef>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

namespace sawtooth {

/// How a shortest-path search settles nodes and breaks ties.
struct ShortestPathRules {
    /// Stop as soon as this node is expanded (its value is final then); -1: value every node.
    int stop_at = -1;
    /// Expand a node once and never improve it afterwards. Needed where rounding can give a
    /// step a value below its start (1 - (1 - d) * 1 may round below d); with sums of
    /// non-negative costs a node expanded once can never improve anyway.
    bool expand_once = false;
    /// An equal value through a lower-numbered predecessor replaces the one found first,
    /// so the path never depends on the order of the adjacency lists.
    bool ties_to_lower_parent = false;
};

/// The result of a search from one node.
struct ShortestPathTree {
    std::vector<double> value;  ///< per node: best value found, +infinity where unreached
    std::vector<int> parent;    ///< per node: predecessor on the best path, -1 at the start or unreached
};

/// Dijkstra from `from` over `out` (per node: (neighbour, label) pairs, e.g. an edge index
/// or a weight). `step(value_u, u, v, label)` is v's value when reached through u; it
/// should not be below value_u (see expand_once). Queue ties go to the lower node id.
template <class Adjacency, class Step>
ShortestPathTree shortest_path_tree(const Adjacency& out, int from, const Step& step,
                                    const ShortestPathRules& rules = {}) {
    const std::size_t n = out.size();
    ShortestPathTree tree{std::vector<double>(n, std::numeric_limits<double>::infinity()),
                          std::vector<int>(n, -1)};
    if (from < 0 || static_cast<std::size_t>(from) >= n) return tree;
    std::vector<char> reached(n, 0), closed(n, 0);
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
    tree.value[static_cast<std::size_t>(from)] = 0.0;
    reached[static_cast<std::size_t>(from)] = 1;
    open.push({0.0, from});
    while (!open.empty()) {
        const auto [d, u] = open.top();
        open.pop();
        const auto ui = static_cast<std::size_t>(u);
        if (closed[ui] || d > tree.value[ui]) continue;  // a stale queue entry
        if (rules.expand_once) closed[ui] = 1;
        if (u == rules.stop_at) break;
        for (const auto& [v, label] : out[ui]) {
            const auto vi = static_cast<std::size_t>(v);
            if (closed[vi]) continue;
            const double nd = step(d, u, v, label);
            if (!reached[vi] || nd < tree.value[vi] ||
                (rules.ties_to_lower_parent && nd == tree.value[vi] && u < tree.parent[vi])) {
                reached[vi] = 1;
                tree.value[vi] = nd;
                tree.parent[vi] = u;
                open.push({nd, v});
            }
        }
    }
    return tree;
}

/// The nodes from `from` to `to` inclusive along `tree`'s parents, empty if `to` was not reached.
std::vector<int> path_to(const ShortestPathTree& tree, int from, int to);

}  // namespace sawtooth
