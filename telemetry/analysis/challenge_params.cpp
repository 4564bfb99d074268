#include "telemetry/analysis/challenge_params.hpp"

#include "gen/shortest_path.hpp"
#include "gen/travel_time.hpp"

#include <cmath>

namespace sawtooth::analysis {

namespace {
// Rest positions are computed from cell coordinates; this only absorbs rounding.
constexpr double kLevelTolerance = 1e-6;
}  // namespace

int TrapMap::trap_at(CellPos c) const {
    if (width <= 0 || c.x < 0 || c.y < 0 || c.x >= width) return -1;
    const auto i = static_cast<std::size_t>(c.y * width + c.x);
    return i < cell_trap.size() ? cell_trap[i] : -1;
}

TrapMap classify_nodes(const Level& level, const LevelGraph& graph) {
    TrapMap m;
    m.width = level.width;
    m.cell_trap.assign(static_cast<std::size_t>(level.width * level.height), -1);
    // Mines first, then atomic traps overwrite: a cell shared by both belongs to the challenge.
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t i = 0; i < level.traps.size(); ++i) {
            const bool is_mine = level.traps[i].type == TrapType::Mine;
            if (is_mine != (pass == 0)) continue;
            for (CellPos c : trap_cells(level.traps[i]))
                if (level.in_bounds(c.x, c.y))
                    m.cell_trap[static_cast<std::size_t>(c.y * level.width + c.x)] = static_cast<int>(i);
        }
    m.node_cls.assign(graph.nodes.size(), NodeClass::Safe);
    m.node_trap.assign(graph.nodes.size(), -1);
    for (std::size_t n = 0; n < graph.nodes.size(); ++n) {
        const int t = m.trap_at(graph.nodes[n].cell);
        m.node_trap[n] = t;
        if (t >= 0)
            m.node_cls[n] = level.traps[static_cast<std::size_t>(t)].type == TrapType::Mine
                                ? NodeClass::Mine
                                : NodeClass::Atomic;
    }
    return m;
}

bool horizontal_neighbours(const GraphNode& a, const GraphNode& b) {
    const auto [ax, ay] = node_position(a);
    const auto [bx, by] = node_position(b);
    return std::abs(ay - by) < kLevelTolerance && std::abs(std::abs(ax - bx) - kCellSize) < kLevelTolerance;
}

double step_seconds(const GraphNode& a, const GraphNode& b) {
    const auto [ax, ay] = node_position(a);
    const auto [bx, by] = node_position(b);
    if (horizontal_neighbours(a, b)) return std::hypot(bx - ax, by - ay) / kRunSpeed;
    return travel_ticks(ax, ay, bx, by) * kTickSeconds;
}

ChallengeParams challenge_params(const Level& level, const LevelGraph& graph, const TrapMap& traps,
                                 const std::vector<int>& nodes) {
    ChallengeParams p;
    if (nodes.empty()) return p;
    const auto node = [&](int id) -> const GraphNode& { return graph.nodes[static_cast<std::size_t>(id)]; };
    for (std::size_t i = 1; i < nodes.size(); ++i) {
        p.t_timing += step_seconds(node(nodes[i - 1]), node(nodes[i]));
        if (!horizontal_neighbours(node(nodes[i - 1]), node(nodes[i]))) ++p.jumps;
    }
    // Extra jump (thesis 4.4): a trap node with no level way onward needs a jump to leave.
    const int last = nodes.back();
    const int pred = nodes.size() >= 2 ? nodes[nodes.size() - 2] : -1;
    bool walk_on = false;
    for (const auto& [nb, edge] : graph.adj[static_cast<std::size_t>(last)]) {
        (void)edge;
        if (nb != pred && horizontal_neighbours(node(last), node(nb))) walk_on = true;
    }
    if (!walk_on) ++p.jumps;
    const int t = traps.node_trap[static_cast<std::size_t>(last)];
    if (t >= 0) p.t_cycle = level.traps[static_cast<std::size_t>(t)].cycle_ticks * kTickSeconds;
    return p;
}

std::vector<int> shortest_path(const LevelGraph& graph, int from, int to) {
    const std::size_t n = graph.nodes.size();
    if (from < 0 || to < 0 || static_cast<std::size_t>(from) >= n || static_cast<std::size_t>(to) >= n)
        return {};
    auto step = [&graph](double d, int, int, int e) {
        return d + graph.edges[static_cast<std::size_t>(e)].weight;
    };
    ShortestPathRules rules;
    rules.stop_at = to;
    rules.ties_to_lower_parent = true;  // the chosen path never depends on heap internals
    return path_to(shortest_path_tree(graph.adj, from, step, rules), from, to);
}

}  // namespace sawtooth::analysis
