#include "telemetry/analysis/level_stats.hpp"

#include "telemetry/analysis/challenge_params.hpp"

#include <algorithm>
#include <cstdlib>

namespace sawtooth::analysis {

namespace {

void count_traps(const GeneratedLevel& g, LevelStats& s) {
    s.traps = static_cast<int>(g.level.traps.size());
    for (const Trap& t : g.level.traps) {
        switch (t.type) {
            case TrapType::Saw:
                ++s.saws;
                break;
            case TrapType::WallSpike:
                ++s.spikes;
                break;
            case TrapType::Squeeze:
                ++s.squeezes;
                break;
            case TrapType::Mine:
                ++s.mines;
                break;
        }
    }
    s.trap_sequences = static_cast<int>(g.traps.sequences.size());
    for (const TrapSequence& q : g.traps.sequences)
        s.longest_sequence = std::max(s.longest_sequence, static_cast<int>(q.traps.size()));
}

void walk_path(const GeneratedLevel& g, LevelStats& s) {
    const std::vector<int> path = shortest_path(g.graph, g.start_node, g.exit_node);
    const TrapMap traps = classify_nodes(g.level, g.graph);
    const auto node = [&](int id) -> const GraphNode& { return g.graph.nodes[static_cast<std::size_t>(id)]; };
    for (std::size_t i = 0; i < path.size(); ++i) {
        const GraphNode& n = node(path[i]);
        s.path_hangs += n.type != NodeType::Stand;
        s.path_trap_nodes += traps.node_trap[static_cast<std::size_t>(path[i])] >= 0;
        if (i == 0) continue;
        const GraphNode& prev = node(path[i - 1]);
        for (const auto& [nb, edge] : g.graph.adj[static_cast<std::size_t>(path[i - 1])])
            if (nb == path[i]) s.path_length += g.graph.edges[static_cast<std::size_t>(edge)].weight;
        ++s.path_steps;
        s.path_jumps += !horizontal_neighbours(prev, n);
        const int dy = n.cell.y - prev.cell.y;
        (dy > 0 ? s.path_climb : s.path_descent) += std::abs(dy);
    }
}

}  // namespace

LevelStats level_stats(const GenParams& params, const GeneratedLevel& g) {
    LevelStats s;
    s.width = g.level.width;
    s.height = g.level.height;
    s.rooms = params.rooms_w * params.rooms_h;
    s.cells = s.width * s.height;
    s.open_cells = static_cast<int>(std::count(g.level.cells.begin(), g.level.cells.end(), Cell::Open));
    s.open_share = s.cells > 0 ? static_cast<double>(s.open_cells) / s.cells : 0.0;
    s.graph_nodes = static_cast<int>(g.graph.nodes.size());
    s.graph_edges = static_cast<int>(g.graph.edges.size());
    s.routes = static_cast<int>(g.routes.size());
    s.alt_routes = std::max(0, s.routes - 1);
    count_traps(g, s);
    walk_path(g, s);
    return s;
}

}  // namespace sawtooth::analysis
