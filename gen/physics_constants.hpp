#pragma once
// The physics every layer agrees on (SPEC P1): the tick, the size of a grid cell, gravity,
// and the player's speeds and body. The simulation (game/sim) runs with these numbers and
// the generator's travel-time integrator (gen/travel_time) models the same motion, so they
// live here, below both layers, as the only copy. Numbers only, no behaviour.
// Not here: the controller's feel that only the simulation reads (drags, jump buffer,
// ledge-grab windows, death time) — see game/sim/simulation.hpp — and trap tuning
// (game/sim/traps.hpp).

namespace sawtooth {

inline constexpr int kTicksPerSecond = 60;                     ///< fixed simulation rate
inline constexpr double kTickSeconds = 1.0 / kTicksPerSecond;  ///< one step, seconds
inline constexpr double kCellSize = 2.0;                       ///< metres per grid cell
inline constexpr double kGravity = -40.0;                      ///< m/s^2, y up
inline constexpr double kRunSpeed = 9.5;                       ///< m/s while left/right held
inline constexpr double kJumpSpeed = 16.0;                     ///< m/s set for one step on jump
inline constexpr double kPlayerWidth = 0.66;                   ///< m
inline constexpr double kPlayerHeight = 1.5;                   ///< m, including the roof
inline constexpr double kHangTopAboveLedge = 0.25;             ///< m, body top above the ledge while hanging

}  // namespace sawtooth
