#pragma once
// Challenge parameters of thesis 4.4 and the trap classification of graph nodes they rest
// on. A challenge is a short node sequence of the level graph: a safe node, zero or more
// mine nodes, and one node of an atomic trap (saw, wall spike, squeeze). Its parameters are
// t_cycle (the atomic trap's cycle), t_timing (travel time along the sequence, integrated
// with the simulation's integrator by gen/travel_time) and j (jumps, with the thesis'
// extra-jump rule). Shared by the event traces (Algorithm 4) and the level model
// (Algorithm 5) so both sides of the model measure challenges identically.

#include "gen/level.hpp"
#include "gen/level_graph.hpp"

#include <cstdint>
#include <vector>

namespace sawtooth::analysis {

/// Trap type of a node (thesis Algorithm 4's type(v)): none, mine, or an atomic trap.
enum class NodeClass : std::uint8_t { Safe, Mine, Atomic };

/// Which trap covers each node's cell.
struct TrapMap {
    int width = 0;
    std::vector<int> cell_trap;       ///< per cell (y * width + x): trap index or -1; atomic wins over mine
    std::vector<NodeClass> node_cls;  ///< per graph node
    std::vector<int> node_trap;       ///< per graph node: trap index or -1

    /// Trap index covering cell c, or -1 (also outside the grid).
    int trap_at(CellPos c) const;
    bool atomic(int node) const { return node_cls[static_cast<std::size_t>(node)] == NodeClass::Atomic; }
    bool mine(int node) const { return node_cls[static_cast<std::size_t>(node)] == NodeClass::Mine; }
    bool safe(int node) const { return node_cls[static_cast<std::size_t>(node)] == NodeClass::Safe; }
};

/// Classifies every graph node by the trap covering its cell.
TrapMap classify_nodes(const Level& level, const LevelGraph& graph);

/// The three parameters of a challenge (thesis 4.4).
struct ChallengeParams {
    double t_timing = 0.0;  ///< s, travel time from the safe node to the atomic trap node
    int jumps = 0;          ///< j
    double t_cycle = 0.0;   ///< s, cycle time of the atomic trap
    friend bool operator==(const ChallengeParams&, const ChallengeParams&) = default;
};

/// True if the two nodes' rest positions are one cell apart horizontally and level: a
/// walk, no jump (thesis 4.4).
bool horizontal_neighbours(const GraphNode& a, const GraphNode& b);

/// Seconds to move between two nodes: distance / 9.5 m/s for horizontal neighbours, else
/// the integrated travel time of gen/travel_time (ticks / 60).
double step_seconds(const GraphNode& a, const GraphNode& b);

/// Parameters of a challenge sub-graph `nodes` (>= 2 node ids, last one an atomic trap
/// node): t_timing = sum of step_seconds, j = non-horizontal steps + 1 when the last node
/// has no horizontal neighbour in the graph besides its predecessor, t_cycle = the last
/// node's trap cycle.
ChallengeParams challenge_params(const Level& level, const LevelGraph& graph, const TrapMap& traps,
                                 const std::vector<int>& nodes);

/// Dijkstra over edge weights: node ids from `from` to `to` inclusive, empty if unreachable.
std::vector<int> shortest_path(const LevelGraph& graph, int from, int to);

}  // namespace sawtooth::analysis
