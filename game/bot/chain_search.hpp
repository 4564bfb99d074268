#pragma once
// The graph chain search: best-first over resting places reached by single moves near a
// graph path, so a few expansions find a hop such as jump -> hang -> jump across -> hang
// -> climb. Runs on the trap-free lookahead, or with the traps on (then deaths prune the
// chains and a chain may go on from a landing or wait inside a trap area). Which search
// runs when is hop_planner's choice.

#include "game/bot/lookahead.hpp"
#include "game/bot/path_planner.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace sawtooth::bot {

/// Best-first priority of a resting place in the hop searches: its cells to the target
/// (Manhattan) plus this per move that reaches it, so short chains win among near places.
inline constexpr double kSearchDepthCost = 1.5;

/// What every hop search uses: the level, its path planner, the trap timing and the limits.
struct SearchTools {
    const Level& level;
    const PathPlanner& planner;
    MoveTimer& timer;
    const BotSettings& settings;
    RolloutCache* rollouts = nullptr;  ///< rollouts already run on this level, if memoised
};

/// The hop a search looks for: path[0] .. path[target_index], timed from `now` with
/// waits of at least `w_min` ticks.
struct HopGoal {
    const std::vector<int>& path;
    std::size_t target_index = 1;
    const SimSnapshot& now;
    int w_min = 0;
    int target() const { return path[target_index]; }
};

/// How a chain search runs.
struct ChainSearchSettings {
    /// The lookahead has the traps on: a chain may go on from a landing without coming to
    /// rest (off a mine before its fuse burns down), and waiting inside a trap area is a move.
    bool traps_on = false;
    /// (Traps on only.) Arrivals kLiveTimeSlot ticks apart are separate states, and up to
    /// kMaxWideExpansions states are expanded.
    bool wide = false;
    /// States expanded at most; 0: the default of a narrow or wide search.
    int max_expansions = 0;
};

/// Move sequences that reach the target without traps but found no safe start.
using UntimedMoves = std::vector<std::vector<InputFrame>>;

/// Searches `sim` (trap-free or traps-on lookahead) from `root` (`goal.now`, or `now`
/// after a wait) for a chain of moves to the goal's target that the MoveTimer can time
/// from `goal.now`. Chains that reach the target but cannot be timed go to `untimed`.
std::optional<Plan> search_chain(const SearchTools& tools, Simulation& sim, const HopGoal& goal,
                                 const SimSnapshot& root, const ChainSearchSettings& settings,
                                 UntimedMoves* untimed = nullptr);

}  // namespace sawtooth::bot
