#pragma once
// Room solving (thesis 3.2.1, Algorithm 1): a randomised depth-first search places
// mirrored and translated building pieces in one room until every exit of the room is
// connected, under constraints C0-C4. An attempt stops after a fixed number of
// iterations; since generator v4 an attempt is a series of short restarts within that
// budget. solve_room() makes further attempts with fresh randomness and, after n attempts,
// falls back to a stored seed for the room's exit configuration (gen/fallback_seeds).
// Does not fill unused cells (gen/generator does that) and knows nothing of traps.

#include "gen/rng.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace sawtooth {

/// How the exits of one room are placed (thesis 3.2: at most one per edge). Rows and
/// columns are room-local, y up. Vertical links are a one-cell step across the edge:
/// the lower room's exit cell stands in its top row at column x, the cell beside it at
/// x + dir is solid and is the floor of the upper room's exit cell (x + dir, 0); the
/// upper room keeps (x, 0), (x, 1) and (x + dir, 1) open as head room for that jump.
struct RoomExits {
    int left_row = -1;   ///< exit cell (0, left_row), -1 = no left exit
    int right_row = -1;  ///< exit cell (w - 1, right_row), -1 = none
    int top_x = -1;      ///< exit cell (top_x, h - 1), -1 = none
    int top_dir = 0;     ///< +1 / -1: side of the solid cell that carries the upper exit
    int bottom_x = -1;   ///< shaft column of the lower link, -1 = none
    int bottom_dir = 0;  ///< the exit cell is (bottom_x + bottom_dir, 0)
    int target_x = -1;   ///< optional interior standing cell to connect (start / exit of the level)
    int target_y = -1;
    /// Which sides of the room are the level's outer border (known solid beyond).
    bool border_left = false, border_right = false, border_bottom = false, border_top = false;

    /// Number of edge exits (target not counted).
    int edge_exit_count() const;
    friend bool operator==(const RoomExits&, const RoomExits&) = default;
};

/// True if a vertical link at column x with direction dir fits a room `width` wide. The
/// lower room approaches its exit cell from x - dir and the upper room leaves its exit
/// cell toward x + 2 dir, so all of x - dir .. x + 2 dir must be inner columns (a link in
/// an edge column walls its exit in: found by the exhaustive enumeration). Rooms need to
/// be at least 6 cells wide for vertical links.
bool vertical_link_ok(int width, int x, int dir);

/// Result of room solving. Cell kinds are room-local, row-major from the bottom row.
enum class RoomCell : unsigned char { Free = 0, Solid, Open, Conn };

/// A solved (or failed) room.
struct RoomSolution {
    bool solved = false;
    int width = 0;
    int height = 0;
    std::vector<RoomCell> cells;  ///< width * height; Free = not used by the path
    std::vector<int> conn_cells;  ///< indices (y * width + x) of the path's connection cells
    int attempts = 0;             ///< attempts made (1 = first try succeeded)
    int last_iterations = 0;      ///< iterations of the successful (or last) attempt
    bool used_fallback = false;   ///< solved by the stored seed table
    bool dropped_target = false;  ///< the interior target was given up to fall back
    bool exhausted = false;       ///< the attempt searched its whole space: no solution exists

    /// Kind of room-local cell (x, y).
    RoomCell at(int x, int y) const { return cells[static_cast<std::size_t>(y * width + x)]; }
};

/// Search limits (thesis 3.2.2).
struct SolverSettings {
    int max_iterations = 5000;          ///< placements per attempt (all its restarts) before giving up on it
    int restart_iterations = 100;       ///< placements per restart within an attempt (generator v4)
    int attempts_before_fallback = 12;  ///< then use the stored seed of the exit configuration
    int max_attempts = 60;              ///< hard stop when no stored seed applies
};

/// One attempt of Algorithm 1 with the given randomness. `iterations` gets the number of
/// placements tried (capped at max_iterations + 1 when the attempt was cut off).
RoomSolution solve_room_attempt(int width, int height, const RoomExits& exits, Rng& rng, int max_iterations,
                                int* iterations = nullptr);

/// One attempt of generator v4: searches of at most settings.restart_iterations
/// placements, each a fresh start, until settings.max_iterations placements are spent.
/// Restart 0 draws from Rng(seed), restart k > 0 from Rng(mix_seed(seed, k)). Short
/// restarts avoid the deep dead subtrees a single long search wastes its budget in.
/// `iterations` gets the placements spent over all restarts.
RoomSolution solve_room_restarts(int width, int height, const RoomExits& exits, std::uint64_t seed,
                                 const SolverSettings& settings = {}, int* iterations = nullptr);

/// Attempts (solve_room_restarts) with seeds mix_seed(seed, a), then the fallback seed
/// table (one plain solve_room_attempt of max_iterations, as the table was computed), then
/// more attempts.
RoomSolution solve_room(int width, int height, const RoomExits& exits, std::uint64_t seed,
                        const SolverSettings& settings = {});

/// Empty string when the exit placement is allowed in a width x height room, else why
/// not (exit cells outside their ranges, or a conflicting corner placement).
std::string room_exits_problem(int width, int height, const RoomExits& exits);

/// Every allowed exit configuration of a room size with at least `min_exits` edge exits
/// (no target, no border flags): the space the solvability claim quantifies over.
std::vector<RoomExits> all_exit_configs(int width, int height, int min_exits = 2);

/// Dense index of an edge-exit configuration (target and border flags ignored) in
/// [0, exit_config_count(width, height)).
int exit_config_code(int width, int height, const RoomExits& exits);
/// Number of distinct codes for a room size.
int exit_config_count(int width, int height);

/// The randomness of fallback attempt `s` for configuration `code` (used by the table tool).
std::uint64_t fallback_attempt_seed(int code, std::uint32_t s);

/// Stored fallback seed for a configuration, or -1 when the room size has no table.
int stored_fallback_seed(int width, int height, int code);

/// True if a stored table covers this room size (and has been generated).
bool has_fallback_table(int width, int height);

/// Room size the stored fallback table covers (the default room).
inline constexpr int kFallbackRoomWidth = 11;
inline constexpr int kFallbackRoomHeight = 7;

}  // namespace sawtooth
