#include "game/bot/move_execution.hpp"

#include "game/bot/rest_place.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth::bot {

namespace {
constexpr double kRecentreSlack = 0.3;  ///< m off the cell centre that is worth a shuffle
constexpr int kMaxCarryOnTicks = 30;    ///< ticks a noisy player runs on to get out of a trap area
}  // namespace

MoveExecutor::MoveExecutor(Simulation& sim, const PathPlanner& planner, const SkillProfile& skill, Rng& rng,
                           const StepCallback& on_step)
    : m_sim(sim), m_planner(planner), m_skill(skill), m_rng(rng), m_on_step(on_step) {}

void MoveExecutor::step(InputFrame f) {
    if (m_stopped) return;
    m_sim.step(f);
    m_inputs.push_back(f);
    if (m_on_step) m_stopped = m_on_step(f, m_sim) == StepVerdict::Stop;
}

bool MoveExecutor::recentre() {
    const PlayerView& v = m_sim.player();
    if (v.mode != PlayerMode::Ground) return false;
    const double off = cell_centre_x({floor_div(v.x), 0}) - v.x;
    if (std::fabs(off) < kRecentreSlack) return false;
    const int n = std::max(1, static_cast<int>(std::lround(std::fabs(off) / kRunPerTick)));
    for (int i = 0; i < n; ++i) step(InputFrame{off > 0 ? kInputRight : kInputLeft});
    settle();
    return true;
}

void MoveExecutor::settle() {
    // Release every button once: a move that ends holding up would make the next
    // jump a non-press (the simulation jumps on the press edge only).
    if (!m_inputs.empty() && m_inputs.back().bits != 0 && !m_sim.reached_exit()) step(InputFrame{});
    for (int i = 0; i < kSettleMaxTicks + kDeathTicks + 2; ++i) {
        const PlayerView& v = m_sim.player();
        if (m_sim.reached_exit() || (v.mode != PlayerMode::Dead && at_rest(v))) return;
        step(InputFrame{});
    }
}

/// Executes a plan in the real simulation, with the player's execution errors
/// (apply_execution_errors: every press and release, plus each jump's own errors).
/// A release may come early or late, but a person watches the character: one whose
/// run-out (the idle tail of a move, or the landing after it) leaves it standing inside
/// a trap area (a squeeze column, a spike's cell, a mine's reach) short of or past a
/// safe target walks on toward the target until out of it, as nobody stands still in a
/// crusher (way_out_of_trap).
void MoveExecutor::execute(const Plan& plan) {
    const ExecutedMove move = apply_execution_errors(m_skill, m_rng, plan.frames, plan.wait);
    for (int i = 0; i < move.wait && !m_sim.reached_exit(); ++i) step(InputFrame{});
    // The idle tail (the run-out after the last key is let go) is where a release that
    // came too early or too late leaves the player off the target.
    std::size_t tail = move.frames.size();
    while (tail > 0 && move.frames[tail - 1] == InputFrame{}) --tail;
    int carried = 0;
    std::size_t i = 0;
    while (i < move.frames.size()) {
        if (m_sim.reached_exit() || m_sim.player().mode == PlayerMode::Dead) return;
        const std::uint8_t out = i >= tail && carried < kMaxCarryOnTicks ? way_out_of_trap(plan) : 0;
        if (out != 0) {
            step(InputFrame{out});  // the run-out starts once the player is clear
            ++carried;
            continue;
        }
        step(move.frames[i++]);
    }
    walk_out_after_landing(plan, carried);
}

/// The move's frames may end with the player still in the air (a jump or a walk off an
/// edge released early): it lands after them, perhaps inside a trap area. Steps with no
/// buttons, as settle() would, until it lands, then walks out like the run-out above.
void MoveExecutor::walk_out_after_landing(const Plan& plan, int carried) {
    if (m_skill.timing_noise_ticks <= 0.0) return;  // the expert: settle() as before, frame for frame
    for (int air = 0; air < kSettleMaxTicks && carried < kMaxCarryOnTicks && !m_sim.reached_exit();) {
        const PlayerMode mode = m_sim.player().mode;
        if (mode == PlayerMode::Air) {
            step(InputFrame{});
            ++air;
            continue;
        }
        const std::uint8_t out = mode == PlayerMode::Ground ? way_out_of_trap(plan) : 0;
        if (out == 0) return;
        step(InputFrame{out});
        ++carried;
    }
}

/// The direction key (toward the plan's safe target) that takes a noisy player standing
/// inside a trap area out of it, or 0: not on the ground, not inside one, the target
/// itself in one, or the target straight above or below (see execute). The expert
/// executes its plan exactly, so its plays stay a proof.
std::uint8_t MoveExecutor::way_out_of_trap(const Plan& plan) const {
    if (m_skill.timing_noise_ticks <= 0.0 || plan.target < 0 || m_planner.danger_node(plan.target)) return 0;
    const PlayerView& v = m_sim.player();
    if (v.mode != PlayerMode::Ground) return 0;
    const double to_target = cell_centre_x(m_planner.node(plan.target).cell) - v.x;
    if (std::fabs(to_target) < kRecentreSlack) return 0;
    const int y = feet_row(v);
    for (int x = floor_div(v.x - kHalfW); x <= floor_div(v.x + kHalfW); ++x)
        if (m_planner.inside({x, y}) && m_planner.danger_cell({x, y}))
            return to_target > 0 ? kInputRight : kInputLeft;
    return 0;
}

}  // namespace sawtooth::bot
