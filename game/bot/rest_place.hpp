#pragma once
// Where the bot's player is, as the bot reads it: body sizes, the cell a body stands or
// hangs in, whether it is at rest, and the graph node (gen/level_graph) or graph-free key
// of a resting place. Pure functions of a PlayerView; no simulation stepping.

#include "game/sim/simulation.hpp"
#include "gen/level_graph.hpp"

#include <tuple>

namespace sawtooth::bot {

inline constexpr double kHalfH = kPlayerHeight / 2;
inline constexpr double kHalfW = kPlayerWidth / 2;
inline constexpr double kRunPerTick = kRunSpeed * kTickSeconds;  ///< m a held direction moves per tick
inline constexpr double kRestSpeed = 0.05;  ///< m/s: slower than this on the ground counts as resting

/// The cell index of a coordinate in metres.
int floor_div(double v);

/// The row of the cell a standing body stands in (its feet, nudged up off the floor line).
int feet_row(const PlayerView& v);

/// The x of a cell's centre, metres.
double cell_centre_x(CellPos c);

bool at_rest(const PlayerView& v);
bool hanging(const PlayerView& v);

/// The graph node the player occupies when at rest, -1 if none.
int node_of(const LevelGraph& g, const PlayerView& v);

/// A resting place without the graph: cell and mode (0 stand, 1 hang-left, 2 hang-right).
struct RestKey {
    int x = 0;
    int y = 0;
    int mode = 0;
    int sub = 0;  ///< quarter of the cell the body centre is in (fine_key_of only)
    bool operator==(const RestKey&) const = default;
    bool operator<(const RestKey& o) const {
        return std::tie(x, y, mode, sub) < std::tie(o.x, o.y, o.mode, o.sub);
    }
};

RestKey key_of(const PlayerView& v);

/// key_of plus where in the cell the player stands: searches from a different spot of
/// the same cell can succeed (run-ups), so failures are remembered per quarter cell.
RestKey fine_key_of(const PlayerView& v);

}  // namespace sawtooth::bot
