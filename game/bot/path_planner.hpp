#pragma once
// The bot's path planning: the level graph (gen/level_graph), the cells where a trap can
// kill a resting player, and the cheapest graph path from the player's node to the exit,
// with extra cost on trap areas and on edges a hop failed on. Knows nothing of moves:
// turning a path into inputs is the searches' job (hop_planner).

#include "game/bot/rest_place.hpp"
#include "game/sim/simulation.hpp"
#include "game/sim/traps.hpp"
#include "gen/level.hpp"
#include "gen/level_graph.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace sawtooth::bot {

class PathPlanner {
public:
    explicit PathPlanner(const Level& level);

    const LevelGraph& graph() const { return m_graph; }
    const GraphNode& node(int n) const { return m_graph.nodes[static_cast<std::size_t>(n)]; }
    /// The stand node at the exit, -1 if none.
    int goal() const { return m_goal; }
    /// True if the graph connects node `n` to the exit.
    bool leads_to_goal(int n) const { return !m_to_goal.empty() && m_to_goal[static_cast<std::size_t>(n)]; }

    bool inside(CellPos c) const {
        return c.x >= 0 && c.y >= 0 && c.x < m_level.width && c.y < m_level.height;
    }
    /// True if a trap can kill a player resting in cell `c` (inside the level).
    bool danger_cell(CellPos c) const { return m_danger[idx(c)] != 0; }
    bool danger_node(int n) const { return danger_cell(node(n).cell); }
    /// danger_cell of a resting place; outside the level counts as dangerous.
    bool danger_key(const RestKey& k) const { return !inside({k.x, k.y}) || danger_cell({k.x, k.y}); }

    /// The node the player is on, or the nearest one within a cell; -1 if none.
    int current_node(const PlayerView& v) const;
    /// The cheapest path from `from` to `to` (node ids, inclusive), empty if none.
    std::vector<int> shortest_path(int from, int to) const;
    /// Makes the edge a-b dearer: a hop along it failed.
    void penalize(int a, int b);

    /// "node 12 (3,4 stand)", for notes.
    std::string cell_text(int n) const;

private:
    std::size_t idx(CellPos c) const { return static_cast<std::size_t>(c.y * m_level.width + c.x); }
    double edge_cost(int a, int b, double w) const;

    const Level& m_level;
    LevelGraph m_graph;
    std::vector<char> m_danger;  ///< per cell: a trap can kill a player resting here
    std::map<std::pair<int, int>, double> m_penalty;
    int m_goal = -1;
    std::vector<char> m_to_goal;  ///< per node: the graph connects it to the exit
};

}  // namespace sawtooth::bot
