#pragma once
// Chooses the next hop of the bot: from the real state, a move (or a chain of moves) to
// the first safe node along the graph path, timed against the traps. Tries the cheap
// searches first and the expensive ones only where they fail: single moves, the trap-free
// chain search, the traps-on chain search from a few starts, a long wait, a wide and a
// deep traps-on search; or the graph-free search. Owns the lookahead simulations; does not
// step the real one (move_execution does).

#include "game/bot/chain_search.hpp"
#include "game/bot/expert_bot.hpp"
#include "game/bot/free_search.hpp"
#include "game/bot/lookahead.hpp"
#include "game/bot/path_planner.hpp"
#include "gen/rng.hpp"

#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace sawtooth::bot {

class HopPlanner {
public:
    HopPlanner(const Level& level, const PathPlanner& planner, const SkillProfile& skill, Rng& rng,
               const BotSettings& settings);

    /// A hop along `path` (path[0] is the player's node) from `real`'s state: toward the
    /// first safe node, across a whole trap area if it takes several moves.
    std::optional<Plan> plan_along(const Simulation& real, const std::vector<int>& path);
    /// A graph-free hop (free_search.hpp) toward the exit (path == nullptr) or along `path`.
    std::optional<Plan> plan_free(const Simulation& real, const std::vector<int>* path);

private:
    static SimConfig geo_config();
    /// Earliest start the player can use (reaction plus a random pause to think).
    int earliest_start();
    std::optional<Plan> plan_to(const Simulation& real, const std::vector<int>& path, std::size_t t);
    /// Ticks from `now` to the first on which the body stands still, 0 if it does not
    /// within kMaxStanceTicks or dies waiting (SkillProfile::stance_before_timing).
    int stance_ticks(const SimSnapshot& now);
    std::optional<Plan> path_chain(const HopGoal& goal);
    std::vector<Rollout> single_moves(const SimSnapshot& from, const PlayerView& v, int target);
    std::optional<Plan> search_harder(const HopGoal& goal, UntimedMoves& untimed);
    std::optional<Plan> search_traps_on(const HopGoal& goal, const ChainSearchSettings& settings,
                                        int start_step);
    bool well_centred(const Rollout& r, int target) const;

    const Level& m_level;
    const PathPlanner& m_planner;
    const SkillProfile& m_skill;
    Rng& m_rng;
    const BotSettings& m_settings;
    // Built in this order, as before the split: geo, the timer's two, live.
    Simulation m_geo;  ///< lookahead without traps: where does a move lead
    MoveTimer m_timer;
    Simulation m_live_sim;    ///< lookahead with traps: the multi-move search through mines
    RolloutCache m_rollouts;  ///< before m_tools, which points to it
    SearchTools m_tools;
    std::set<std::pair<RestKey, int>> m_failed;  ///< (resting place, target) searches that failed
};

}  // namespace sawtooth::bot
