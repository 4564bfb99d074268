#pragma once
// Plays the bot's moves in the real simulation: every input goes through here, so the
// play's recording is exactly what the simulation consumed. Adds the player's execution
// errors (skill.hpp), lets the player come to rest between hops and shuffles to a cell's
// middle. Chooses nothing: the plans come from hop_planner.

#include "game/bot/expert_bot.hpp"
#include "game/bot/lookahead.hpp"
#include "game/bot/path_planner.hpp"
#include "gen/rng.hpp"

#include <cstdint>
#include <vector>

namespace sawtooth::bot {

class MoveExecutor {
public:
    MoveExecutor(Simulation& sim, const PathPlanner& planner, const SkillProfile& skill, Rng& rng,
                 const StepCallback& on_step);

    /// One real step with `f`; nothing once the step callback asked to stop.
    void step(InputFrame f);
    /// True once the step callback returned StepVerdict::Stop.
    bool stopped() const { return m_stopped; }
    /// Lets the player come to rest (and a death run its course) with no buttons held.
    void settle();
    /// Walks toward the middle of the current cell if standing well off it; false if not.
    bool recentre();
    /// Executes a plan with the player's execution errors (see move_execution.cpp).
    void execute(const Plan& plan);

    /// The inputs stepped so far, one per tick (moved out: the executor is done).
    std::vector<InputFrame> take_inputs() { return std::move(m_inputs); }

private:
    std::uint8_t way_out_of_trap(const Plan& plan) const;
    void walk_out_after_landing(const Plan& plan, int carried);

    Simulation& m_sim;
    const PathPlanner& m_planner;
    const SkillProfile& m_skill;
    Rng& m_rng;
    const StepCallback& m_on_step;
    std::vector<InputFrame> m_inputs;
    bool m_stopped = false;
};

}  // namespace sawtooth::bot
