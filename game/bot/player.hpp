#pragma once
// One play of the bot (Bot::play): the loop that observes where the player rests, plans
// the graph path (path_planner), asks hop_planner for the next hop, has move_execution
// play it, and decides when the play ends (exit, patience, a limit, stuck). Internal to
// game/bot: callers use expert_bot.hpp.

#include "game/bot/expert_bot.hpp"
#include "game/bot/hop_planner.hpp"
#include "game/bot/move_execution.hpp"
#include "game/bot/path_planner.hpp"
#include "gen/rng.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::bot {

class Player {
public:
    Player(Simulation& sim, const SkillProfile& skill, std::uint64_t seed, const BotSettings& settings,
           const StepCallback& on_step);

    PlayResult play();

private:
    bool finished(PlayResult& res) const;
    std::optional<Plan> plan_hop(const std::vector<int>& path);
    bool recover(const std::vector<int>& path, PlayResult& res);
    bool carry_out_free(const Plan& plan, PlayResult& res);
    void carry_out(const Plan& plan, const std::vector<int>& path, PlayResult& res);
    std::string where() const;

    Simulation& m_sim;
    SkillProfile m_skill;
    BotSettings m_settings;
    Rng m_rng;  ///< the skill noise: thinking pauses (hop_planner) and execution errors
    PathPlanner m_planner;
    HopPlanner m_hops;
    MoveExecutor m_mover;
    int m_no_progress = 0;             ///< executed hops that ended where they began
    int m_free_searches = 0;           ///< graph-free searches while a graph path exists
    std::map<RestKey, int> m_free_at;  ///< graph-free searches started per resting spot
};

}  // namespace sawtooth::bot
