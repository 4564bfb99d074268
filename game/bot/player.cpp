#include "game/bot/player.hpp"

#include "game/bot/rest_place.hpp"

#include <cstdio>

namespace sawtooth::bot {

namespace {
constexpr int kMaxNoProgress = 12;           ///< executed hops that ended where they began
constexpr int kMaxFreeSearchesOnGraph = 20;  ///< graph-free searches per play when a graph path exists
constexpr int kMaxFreeSearchesPerNode = 2;   ///< ... and per resting node
}  // namespace

Player::Player(Simulation& sim, const SkillProfile& skill, std::uint64_t seed, const BotSettings& settings,
               const StepCallback& on_step)
    : m_sim(sim),
      m_skill(skill),
      m_settings(settings),
      m_rng(seed),
      m_planner(sim.level()),
      m_hops(sim.level(), m_planner, m_skill, m_rng, m_settings),
      m_mover(sim, m_planner, m_skill, m_rng, on_step) {}

PlayResult Player::play() {
    PlayResult res;
    const int goal = m_planner.goal();
    m_mover.settle();
    while (!finished(res)) {
        const int cur = m_planner.current_node(m_sim.player());
        std::vector<int> path;
        if (cur >= 0 && goal >= 0) path = m_planner.shortest_path(cur, goal);
        const std::optional<Plan> plan = plan_hop(path);
        if (!plan) {
            if (!recover(path, res)) break;
            continue;
        }
        if (plan->target < 0) {
            if (!carry_out_free(*plan, res)) break;
            continue;
        }
        carry_out(*plan, path, res);
    }
    res.deaths = m_sim.deaths();
    res.ticks = m_sim.tick();
    res.inputs = m_mover.take_inputs();
    return res;
}

/// True (and res.end set) if the play is over: cancelled, the exit, the player's patience, the
/// tick limit.
bool Player::finished(PlayResult& res) const {
    if (m_mover.stopped()) {
        res.end = PlayEnd::Cancelled;
        return true;
    }
    if (m_sim.reached_exit()) {
        res.end = PlayEnd::Exit;
        return true;
    }
    if ((m_skill.patience_deaths > 0 && m_sim.deaths() >= m_skill.patience_deaths) ||
        (m_skill.patience_ticks > 0 && static_cast<int>(m_sim.tick()) >= m_skill.patience_ticks)) {
        res.end = PlayEnd::Skipped;
        return true;
    }
    if (static_cast<int>(m_sim.tick()) >= m_settings.max_ticks) {
        res.end = PlayEnd::OutOfTime;
        res.note = "tick limit at " + where();
        return true;
    }
    return false;
}

std::optional<Plan> Player::plan_hop(const std::vector<int>& path) {
    if (path.size() < 2) {
        // No graph path (hand-made levels: their moves need not match the generator's
        // jump patches; or noise left the player off the graph): search resting places
        // toward the exit or back onto the graph.
        if (m_free_at[fine_key_of(m_sim.player())]++ < kMaxFreeSearchesPerNode)
            return m_hops.plan_free(m_sim, nullptr);
        return std::nullopt;
    }
    std::optional<Plan> plan = m_hops.plan_along(m_sim, path);
    // The graph's move failed (or its patches miss the move the level needs): search
    // resting places directly, toward the nodes further along the path.
    if (!plan && m_free_searches < kMaxFreeSearchesOnGraph &&
        m_free_at[fine_key_of(m_sim.player())] < kMaxFreeSearchesPerNode) {
        ++m_free_searches;
        ++m_free_at[fine_key_of(m_sim.player())];
        plan = m_hops.plan_free(m_sim, &path);
    }
    return plan;
}

/// No hop found: shuffle, let go or wait, and look again; false (res.end set) if stuck.
bool Player::recover(const std::vector<int>& path, PlayResult& res) {
    ++res.plan_failures;
    if (path.size() >= 2) m_planner.penalize(path[0], path[1]);
    // A person who finds no way from here shuffles to the middle of the cell (run-ups
    // are measured from there) and looks again.
    if (m_mover.recentre()) return true;
    // Hanging with no way on (noise grabbed a ledge the plan did not want): let go and
    // look again from below.
    if (hanging(m_sim.player())) {
        m_mover.step(InputFrame{kInputDown});
        m_mover.settle();
        return true;
    }
    if (res.plan_failures > m_settings.max_plan_failures) {
        res.end = PlayEnd::Stuck;
        res.note = path.size() >= 2 ? "no move from " + where() + " toward " + m_planner.cell_text(path[1])
                                    : "no path (graph or free search) from " + where();
        return false;
    }
    m_mover.step(InputFrame{});  // time passes while the player looks for a way
    return true;
}

/// A graph-free hop; false (res.end set) if such hops keep ending where they began.
bool Player::carry_out_free(const Plan& plan, PlayResult& res) {
    const RestKey before = key_of(m_sim.player());
    const int deaths_before = m_sim.deaths();
    m_mover.execute(plan);
    ++res.hops;
    m_mover.settle();
    if (!m_sim.reached_exit() && m_sim.deaths() == deaths_before && key_of(m_sim.player()) == before &&
        ++m_no_progress > kMaxNoProgress) {
        res.end = PlayEnd::Stuck;
        res.note = "free search makes no progress at " + where();
        return false;
    }
    return true;
}

/// A hop along the graph path.
void Player::carry_out(const Plan& plan, const std::vector<int>& path, PlayResult& res) {
    const int deaths_before = m_sim.deaths();
    m_mover.execute(plan);
    ++res.hops;
    m_mover.settle();
    if (m_sim.reached_exit()) return;
    const int now = m_planner.current_node(m_sim.player());
    // The real run diverged from the lookahead (or noise took the player elsewhere): do
    // not insist on this edge forever.
    if (m_sim.deaths() == deaths_before && now != plan.target && now == path[0] &&
        ++m_no_progress > kMaxNoProgress) {
        m_planner.penalize(path[0], path[1]);
        m_no_progress = 0;
    }
}

std::string Player::where() const {
    const PlayerView& v = m_sim.player();
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%.2f, %.2f) cell (%d,%d) tick %llu", v.x, v.y, floor_div(v.x),
                  feet_row(v), static_cast<unsigned long long>(m_sim.tick()));
    return buf;
}

}  // namespace sawtooth::bot
