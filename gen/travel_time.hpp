#pragma once
// Travel times between graph nodes by numerical integration (thesis end of 3.3.4): the
// simulation's integrator (semi-implicit Euler at 1/60 s) re-implemented here with the
// standard library only, because gen may not use game/sim; both read the physics from
// gen/physics_constants.hpp.
// A point mass runs at full speed toward the target and jumps when it must climb; no
// collisions. Used for trap phase offsets and, later, by the difficulty model.

#include "gen/level_graph.hpp"
#include "gen/physics_constants.hpp"

#include <utility>
#include <vector>

namespace sawtooth {

/// travel_ticks gives up integrating after this many ticks (10 s) and returns it.
inline constexpr int kMaxTravelTicks = 600;

/// World position (metres, body centre) of the player at rest at a node: standing in the
/// middle of the cell, or hanging with the body top just above the ledge.
std::pair<double, double> node_position(const GraphNode& node);

/// Ticks to move between two positions: run, and jump first when the target is higher
/// (semi-implicit Euler: v += g dt, then p += v dt, per tick). At most kMaxTravelTicks.
int travel_ticks(double x0, double y0, double x1, double y1);

/// Ticks to move along a path of adjacent graph nodes (sum over its edges).
int path_travel_ticks(const LevelGraph& graph, const std::vector<int>& path);

/// Apex rise (m) and duration (ticks) of a full jump from rest, with the same integrator.
std::pair<double, int> jump_apex();

}  // namespace sawtooth
