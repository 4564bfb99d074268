#include "gen/trap_rules.hpp"

#include "gen/level_graph.hpp"

#include <cstdio>

namespace sawtooth {

namespace {

// Per cell: index of the trap covering it, or -1.
std::vector<int> trap_of_cell(const Level& level) {
    std::vector<int> out(static_cast<std::size_t>(level.width * level.height), -1);
    for (std::size_t t = 0; t < level.traps.size(); ++t)
        for (CellPos c : trap_cells(level.traps[t]))
            if (level.in_bounds(c.x, c.y))
                out[static_cast<std::size_t>(c.y * level.width + c.x)] = static_cast<int>(t);
    return out;
}

std::string trap_name(const Level& level, int t) {
    const Trap& trap = level.traps[static_cast<std::size_t>(t)];
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s at (%d, %d)", std::string(trap_type_name(trap.type)).c_str(),
                  trap.cell.x, trap.cell.y);
    return buf;
}

}  // namespace

TrapRuleReport check_trap_rules(const Level& level, double alpha) {
    TrapRuleReport r;
    const LevelGraph graph = build_level_graph(level);
    const std::vector<int> cell_trap = trap_of_cell(level);
    auto trap_at_node = [&](int n) {
        const CellPos c = graph.nodes[static_cast<std::size_t>(n)].cell;
        return cell_trap[static_cast<std::size_t>(c.y * level.width + c.x)];
    };
    r.graph_nodes = static_cast<int>(graph.nodes.size());
    for (int n = 0; n < r.graph_nodes; ++n) r.trap_nodes += trap_at_node(n) >= 0;

    std::vector<char> on_route(level.traps.size(), 0);
    const int start = graph.stand(level.start), exit = graph.stand(level.exit);
    if (start >= 0 && exit >= 0) {
        const std::vector<Route> routes = compute_routes(graph, start, exit);
        r.exit_reachable = !routes.empty();
        for (const Route& route : routes)
            for (int n : route.nodes)
                if (const int t = trap_at_node(n); t >= 0) on_route[static_cast<std::size_t>(t)] = 1;
    }
    for (std::size_t t = 0; t < level.traps.size(); ++t)
        if (!on_route[t]) {
            r.off_route_traps.push_back(static_cast<int>(t));
            r.warnings.push_back(trap_name(level, static_cast<int>(t)) +
                                 " is on no route from start to exit");
        }
    if (r.trap_nodes >= alpha * r.graph_nodes && r.trap_nodes > 0) {
        char buf[128];
        std::snprintf(buf, sizeof buf, "%d of %d graph nodes are under traps (generator keeps < %.0f %%)",
                      r.trap_nodes, r.graph_nodes, alpha * 100);
        r.warnings.push_back(buf);
    }
    return r;
}

}  // namespace sawtooth
