#include "game/bot/path_planner.hpp"

#include "gen/det_math.hpp"
#include "gen/shortest_path.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sawtooth::bot {

namespace {
constexpr double kTrapPathPenalty = 6.0;         ///< extra path cost of an edge touching a trap area
constexpr double kFailPenalty = 25.0;            ///< extra path cost of an edge a hop failed on
constexpr double kMineDangerRadius = 2.4 + 0.9;  ///< blast radius plus half a body, cell centres
}  // namespace

PathPlanner::PathPlanner(const Level& level) : m_level(level), m_graph(build_level_graph(level)) {
    m_danger.assign(static_cast<std::size_t>(m_level.width * m_level.height), 0);
    for (const Trap& t : m_level.traps) {
        for (const CellPos c : trap_cells(t)) m_danger[idx(c)] = 1;
        if (t.type != TrapType::Mine) continue;
        const double mx = (t.cell.x + 0.5) * kCellSize, my = t.cell.y * kCellSize + kMineHeight;
        for (int y = 0; y < m_level.height; ++y)
            for (int x = 0; x < m_level.width; ++x)
                if (det::hypot((x + 0.5) * kCellSize - mx, y * kCellSize + kHalfH - my) < kMineDangerRadius)
                    m_danger[idx({x, y})] = 1;
    }
    m_goal = m_graph.stand(m_level.exit);
    if (m_goal >= 0) m_to_goal = reachable(m_graph, m_goal);
}

int PathPlanner::current_node(const PlayerView& v) const {
    int n = node_of(m_graph, v);
    if (n >= 0) return n;
    // Off the graph (e.g. resting on a ledge edge): the nearest node.
    double best = std::numeric_limits<double>::max();
    for (std::size_t i = 0; i < m_graph.nodes.size(); ++i) {
        const CellPos c = m_graph.nodes[i].cell;
        const double d = det::hypot(cell_centre_x(c) - v.x, c.y * kCellSize + 1.0 - v.y);
        if (d < best) best = d, n = static_cast<int>(i);
    }
    return best < kCellSize ? n : -1;
}

double PathPlanner::edge_cost(int a, int b, double w) const {
    double c = w;
    if (danger_node(a) || danger_node(b)) c += kTrapPathPenalty;
    const auto it = m_penalty.find({std::min(a, b), std::max(a, b)});
    if (it != m_penalty.end()) c += it->second;
    return c;
}

void PathPlanner::penalize(int a, int b) { m_penalty[{std::min(a, b), std::max(a, b)}] += kFailPenalty; }

std::vector<int> PathPlanner::shortest_path(int from, int to) const {
    auto step = [this](double d, int u, int v, int e) {
        return d + edge_cost(u, v, m_graph.edges[static_cast<std::size_t>(e)].weight);
    };
    ShortestPathRules rules;
    rules.stop_at = to;
    return path_to(shortest_path_tree(m_graph.adj, from, step, rules), from, to);
}

std::string PathPlanner::cell_text(int n) const {
    const GraphNode& g = node(n);
    return "node " + std::to_string(n) + " (" + std::to_string(g.cell.x) + "," + std::to_string(g.cell.y) +
           (g.type == NodeType::Stand      ? " stand)"
            : g.type == NodeType::HangLeft ? " hang-left)"
                                           : " hang-right)");
}

}  // namespace sawtooth::bot
