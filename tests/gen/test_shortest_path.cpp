// gen/shortest_path: the one Dijkstra of the project (bot path planning, challenge
// parameters, level model): sums, ties, early stop and the once-only expansion rule.
#include "gen/shortest_path.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <tuple>
#include <utility>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_shortest_path {

using namespace sawtooth;

namespace {
using Weighted = std::vector<std::vector<std::pair<int, double>>>;

double add(double d, int, int, double w) { return d + w; }

/// An undirected graph from (a, b, weight) triples.
Weighted graph(int n, const std::vector<std::tuple<int, int, double>>& edges) {
    Weighted out(static_cast<std::size_t>(n));
    for (const auto& [a, b, w] : edges) {
        out[static_cast<std::size_t>(a)].push_back({b, w});
        out[static_cast<std::size_t>(b)].push_back({a, w});
    }
    return out;
}
}  // namespace

TEST_CASE("shortest path sums weights and finds the cheapest route") {
    const Weighted g = graph(4, {{0, 1, 1.0}, {1, 3, 1.0}, {0, 2, 0.5}, {2, 3, 2.0}});
    const ShortestPathTree tree = shortest_path_tree(g, 0, add);
    CHECK(tree.value[3] == doctest::Approx(2.0));
    CHECK(path_to(tree, 0, 3) == std::vector<int>{0, 1, 3});
    CHECK(path_to(tree, 0, 0) == std::vector<int>{0});
}

TEST_CASE("unreached nodes and bad starts give no path") {
    const Weighted g = graph(3, {{0, 1, 1.0}});
    const ShortestPathTree tree = shortest_path_tree(g, 0, add);
    CHECK(std::isinf(tree.value[2]));
    CHECK(tree.parent[2] == -1);
    CHECK(path_to(tree, 0, 2).empty());
    CHECK(path_to(tree, 0, 7).empty());
    CHECK(path_to(shortest_path_tree(g, -1, add), -1, 1).empty());
}

TEST_CASE("equal paths: the first found stays unless ties go to the lower predecessor") {
    // 0 -> 2 -> 1 and 0 -> 3 -> 1 cost the same; node 3 is listed first from 0.
    Weighted g(4);
    g[0] = {{3, 1.0}, {2, 1.0}};
    g[2] = {{1, 1.0}};
    g[3] = {{1, 1.0}};
    // Queue ties go to the lower id: 2 is expanded before 3 and reaches 1 first.
    CHECK(path_to(shortest_path_tree(g, 0, add), 0, 1) == std::vector<int>{0, 2, 1});
    ShortestPathRules rules;
    rules.ties_to_lower_parent = true;
    CHECK(path_to(shortest_path_tree(g, 0, add, rules), 0, 1) == std::vector<int>{0, 2, 1});
    // Reverse the ids' roles: 3 expanded first is replaced by the lower predecessor 2 only
    // with the tie rule.
    Weighted h(4);
    h[0] = {{2, 1.5}, {3, 1.0}};
    h[2] = {{1, 0.5}};
    h[3] = {{1, 1.0}};
    CHECK(path_to(shortest_path_tree(h, 0, add), 0, 1) == std::vector<int>{0, 3, 1});
    CHECK(path_to(shortest_path_tree(h, 0, add, rules), 0, 1) == std::vector<int>{0, 2, 1});
}

TEST_CASE("stop_at ends the search once the target is final") {
    const Weighted g = graph(4, {{0, 1, 1.0}, {1, 2, 1.0}, {2, 3, 1.0}});
    ShortestPathRules rules;
    rules.stop_at = 1;
    const ShortestPathTree tree = shortest_path_tree(g, 0, add, rules);
    CHECK(path_to(tree, 0, 1) == std::vector<int>{0, 1});
    CHECK(std::isinf(tree.value[3]));  // never reached: the search stopped at 1
}

TEST_CASE("expand_once keeps an expanded node even if a later step scores lower") {
    // A step below its start (as rounding can make one): node 1 is expanded at 1.0 before
    // node 2 offers it 0.5.
    Weighted g(3);
    g[0] = {{1, 1.0}, {2, 2.0}};
    g[2] = {{1, -1.5}};
    ShortestPathRules once;
    once.expand_once = true;
    const ShortestPathTree kept = shortest_path_tree(g, 0, add, once);
    CHECK(kept.value[1] == 1.0);
    CHECK(kept.parent[1] == 0);
    const ShortestPathTree improved = shortest_path_tree(g, 0, add);
    CHECK(improved.value[1] == 0.5);
    CHECK(improved.parent[1] == 2);
}

}  // namespace test_shortest_path
