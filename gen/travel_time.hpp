#pragma once
// Travel times between graph nodes by numerical integration (thesis end of 3.3.4): the
// simulation's integrator (semi-implicit Euler at 1/60 s) and constants (SPEC P1),
// re-implemented here with the standard library only, because gen may not use game/sim.
// A point mass runs at full speed toward the target and jumps when it must climb; no
// collisions. Used for trap phase offsets and, later, by the difficulty model.

#include "gen/level_graph.hpp"

#include <utility>
#include <vector>

namespace sawtooth {

/// Mirrors of game/sim's tuning constants (SPEC P1); a test checks they agree.
namespace motion {
inline constexpr double kTickSeconds = 1.0 / 60.0;
inline constexpr double kCellSize = 2.0;
inline constexpr double kGravity = -40.0;
inline constexpr double kRunSpeed = 9.5;
inline constexpr double kJumpSpeed = 16.0;
inline constexpr double kHalfWidth = 0.33;
inline constexpr double kHalfHeight = 0.75;
inline constexpr double kHangTopAboveLedge = 0.25;
inline constexpr int kMaxTicks = 600;  ///< give up integrating after 10 s
}  // namespace motion

/// World position (metres, body centre) of the player at rest at a node: standing in the
/// middle of the cell, or hanging with the body top just above the ledge.
std::pair<double, double> node_position(const GraphNode& node);

/// Ticks to move between two positions: run, and jump first when the target is higher
/// (semi-implicit Euler: v += g dt, then p += v dt, per tick).
int travel_ticks(double x0, double y0, double x1, double y1);

/// Ticks to move along a path of adjacent graph nodes (sum over its edges).
int path_travel_ticks(const LevelGraph& graph, const std::vector<int>& path);

/// Apex rise (m) and duration (ticks) of a full jump from rest, with the same integrator.
std::pair<double, int> jump_apex();

}  // namespace sawtooth
