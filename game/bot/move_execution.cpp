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
    m_sim.step(f);
    m_inputs.push_back(f);
    if (m_on_step) m_on_step(f, m_sim);
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
/// A release may come early, but a person watches the character: one who let go of
/// the run key too early inside a trap area (a squeeze column, a spike's cell, a
/// mine's reach) on the way to a safe target keeps running until out of it, as nobody
/// stands still in a crusher (carry_on_direction).
void MoveExecutor::execute(const Plan& plan) {
    const ExecutedMove move = apply_execution_errors(m_skill, m_rng, plan.frames, plan.wait);
    for (int i = 0; i < move.wait && !m_sim.reached_exit(); ++i) step(InputFrame{});
    // The idle tail (the run-out after the last key is let go) is where a release that
    // came too early leaves the player short of the target.
    std::size_t tail = move.frames.size();
    while (tail > 0 && move.frames[tail - 1] == InputFrame{}) --tail;
    const std::uint8_t dir = tail > 0 ? move.frames[tail - 1].bits & (kInputLeft | kInputRight) : 0;
    int carried = 0;
    std::size_t i = 0;
    while (i < move.frames.size()) {
        if (m_sim.reached_exit() || m_sim.player().mode == PlayerMode::Dead) return;
        if (i >= tail && carried < kMaxCarryOnTicks && carry_on_direction(plan, dir)) {
            step(InputFrame{dir});  // the run-out starts once the player is clear
            ++carried;
            continue;
        }
        step(move.frames[i++]);
    }
}

/// True if a noisy player on the ground, running toward a plan's safe target with
/// `dir`, is still inside a trap area and should hold `dir` on (see execute). The
/// expert executes its plan exactly, so its plays stay a proof.
bool MoveExecutor::carry_on_direction(const Plan& plan, std::uint8_t dir) const {
    if (m_skill.timing_noise_ticks <= 0.0 || dir == 0 || plan.target < 0 ||
        m_planner.danger_node(plan.target))
        return false;
    const PlayerView& v = m_sim.player();
    if (v.mode != PlayerMode::Ground) return false;
    const int side = dir == kInputRight ? 1 : -1;
    const double to_target = cell_centre_x(m_planner.node(plan.target).cell) - v.x;
    if (to_target * side <= 0.0) return false;  // the target is behind: the player went past it
    const int y = feet_row(v);
    for (int x = floor_div(v.x - kHalfW); x <= floor_div(v.x + kHalfW); ++x)
        if (m_planner.inside({x, y}) && m_planner.danger_cell({x, y})) return true;
    return false;
}

}  // namespace sawtooth::bot
