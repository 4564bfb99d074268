#include "game/bot/lookahead.hpp"

#include "game/bot/rest_place.hpp"
#include "gen/hash.hpp"

#include <cmath>

namespace sawtooth::bot {

namespace {

constexpr double kBlockedStep = 0.002;  ///< m: a walking step shorter than this is blocked by a wall
constexpr std::size_t kMaxCachedRollouts = 1 << 15;  ///< a RolloutCache is emptied when this full

/// A rollout in progress: the lookahead, its result so far and the landing to record.
struct RolloutRun {
    const LevelGraph& graph;
    Simulation& sim;
    Landing landing;
    Rollout r;

    void note_landing(PlayerMode before) {
        if (landing == Landing::Ignore || r.landing || before != PlayerMode::Air ||
            sim.player().mode != PlayerMode::Ground)
            return;
        r.landing = sim.snapshot();
        r.landing_frames = r.frames.size();
        r.landing_node = node_of(graph, sim.player());
    }

    /// Steps the macro's frames; false if the rollout is over (exit or death).
    bool run_macro(const std::vector<InputFrame>& frames);
    /// Steps released frames until the player rests; false if it died.
    bool settle();
};

bool RolloutRun::run_macro(const std::vector<InputFrame>& frames) {
    // Frames from `tail` on hold one button set to the end of the macro.
    std::size_t tail = frames.size();
    while (tail > 0 && frames[tail - 1].bits == frames.back().bits) --tail;
    const std::uint8_t walk_bits = frames.empty() ? 0 : frames.back().bits;
    const bool walk_tail = walk_bits == kInputLeft || walk_bits == kInputRight;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const InputFrame f = frames[i];
        const bool was_hanging = hanging(sim.player());
        const double x_before = sim.player().x;
        const PlayerMode mode_before = sim.player().mode;
        sim.step(f);
        r.frames.push_back(f);
        note_landing(mode_before);
        if (sim.reached_exit()) {
            r.exit = true;
            r.view = sim.player();
            return false;
        }
        if (sim.player().mode == PlayerMode::Dead) {  // traps-on lookahead only
            r.died = true;
            return false;
        }
        // A grabbed ledge ends the move: the rest of the macro would only hold on
        // (no press edge), and hanging there longer can cost a trap window.
        if (!was_hanging && hanging(sim.player())) break;
        // Walking into a wall ends the move too: pushing on only costs time (a mine's
        // fuse, a trap window) before the next move of a chain.
        if (walk_tail && i > tail && sim.player().mode == PlayerMode::Ground &&
            std::fabs(sim.player().x - x_before) < kBlockedStep)
            break;
    }
    return true;
}

bool RolloutRun::settle() {
    // One released frame first: a move that ends holding up would make the next jump a
    // non-press (the simulation jumps on the press edge only).
    sim.step(InputFrame{});
    r.frames.push_back(InputFrame{});
    for (int i = 0; i < kSettleMaxTicks && !at_rest(sim.player()); ++i) {
        const PlayerMode mode_before = sim.player().mode;
        sim.step(InputFrame{});
        r.frames.push_back(InputFrame{});
        note_landing(mode_before);
        if (sim.reached_exit()) {
            r.exit = true;
            break;
        }
        if (sim.player().mode == PlayerMode::Dead) {
            r.died = true;
            return false;
        }
    }
    return true;
}

}  // namespace

std::uint64_t RolloutCache::key(const SimSnapshot& from, const std::vector<InputFrame>& frames) {
    Hasher h;
    h.add_u64(snapshot_hash(from));
    for (const InputFrame f : frames) h.add_u64(f.bits);
    return h.value();
}

const Rollout* RolloutCache::find(const SimConfig& config, const SimSnapshot& from,
                                  const std::vector<InputFrame>& frames, Landing landing) const {
    const auto it = m_entries.find(key(from, frames));
    if (it == m_entries.end()) return nullptr;
    for (const Entry& e : it->second)
        if (e.landing == landing && e.config == config && e.frames == frames && same_snapshot(*e.from, from))
            return &e.result;
    return nullptr;
}

void RolloutCache::store(const SimConfig& config, const SimSnapshot& from,
                         const std::vector<InputFrame>& frames, Landing landing, const Rollout& r) {
    if (m_count >= kMaxCachedRollouts) {  // memory stays bounded; a cleared cache only costs time
        m_entries.clear();
        m_count = 0;
    }
    m_entries[key(from, frames)].push_back({config, copy_snapshot(from), frames, landing, r});
    ++m_count;
}

Rollout rollout(const LevelGraph& graph, Simulation& sim, const SimSnapshot& from,
                const std::vector<InputFrame>& frames, Landing landing, RolloutCache* cache) {
    if (cache)
        if (const Rollout* known = cache->find(sim.config(), from, frames, landing)) return *known;
    sim.restore(from);
    RolloutRun run{graph, sim, landing, {}};
    run.r.frames.reserve(frames.size() + kSettleMaxTicks);
    if (run.run_macro(frames) && run.settle()) {
        Rollout& r = run.r;
        r.view = sim.player();
        r.rest = at_rest(r.view);
        r.node = r.rest ? node_of(graph, r.view) : -1;
        r.end = sim.snapshot();
    }
    if (cache) cache->store(sim.config(), from, frames, landing, run.r);
    return std::move(run.r);
}

MoveTimer::MoveTimer(const Level& level, const LevelGraph& graph, int safety_margin_ticks,
                     const BotSettings& settings)
    : m_graph(graph),
      m_margin(safety_margin_ticks),
      m_settings(settings),
      m_wait_sim(level),
      m_run_sim(level) {}

std::optional<int> MoveTimer::time_move(const SimSnapshot& now, const std::vector<InputFrame>& frames,
                                        int target, int w_min, int window) {
    return time_move(
        now, frames, [this, target](const PlayerView& v) { return node_of(m_graph, v) == target; }, w_min,
        window);
}

std::optional<int> MoveTimer::time_move(const SimSnapshot& now, const std::vector<InputFrame>& frames,
                                        const AtTarget& at_target, int w_min, int window) {
    const int m = m_margin;
    m_motion.reset();  // another move or target
    m_wait_sim.restore(now);
    int run = 0, best_run = 0, best_end = -1;
    if (window <= 0) window = m_settings.wait_window_ticks;
    for (int w = 0; w <= w_min + window; ++w) {
        if (w > 0) {
            m_wait_sim.step(InputFrame{});
            if (m_wait_sim.player().mode == PlayerMode::Dead) break;  // waiting here is fatal
        }
        if (w < w_min) continue;
        const bool ok = survives(*m_wait_sim.snapshot(), frames, at_target);
        run = ok ? run + 1 : 0;
        if (run > best_run) best_run = run, best_end = w;
        if (run == 2 * m + 1) return w - m;
    }
    if (best_run == 0) return std::nullopt;
    return best_end - best_run / 2;  // the widest window found, narrower than wished
}

bool MoveTimer::survives(const SimSnapshot& from, const std::vector<InputFrame>& frames,
                         const AtTarget& at_target) {
    if (!m_settings.memoise_lookahead) return run(from, frames, at_target, nullptr) >= RunEnd::Exit;
    if (m_motion && same_motion(*m_motion->from, from, frames.empty() ? InputFrame{} : frames.front()))
        if (const std::optional<bool> known = replay(from)) return *known;
    Motion fresh{copy_snapshot(from), {}, RunEnd::Killed, false};
    fresh.steps.reserve(frames.size() + static_cast<std::size_t>(m_settings.hold_check_ticks));
    const RunEnd end = run(from, frames, at_target, &fresh);
    fresh.end = end;
    m_motion = std::move(fresh);
    return end == RunEnd::Exit || end == RunEnd::Held;
}

std::optional<bool> MoveTimer::replay(const SimSnapshot& from) const {
    const std::vector<PlayerView>& steps = m_motion->steps;
    if (m_motion->exit_at_start) return std::nullopt;
    if (m_run_sim.first_killing_step(from, steps) < steps.size()) return false;
    // Alive through every recorded step: a recorded death is where the motion stops being known.
    if (m_motion->end == RunEnd::Killed) return std::nullopt;
    return m_motion->end != RunEnd::Missed;
}

MoveTimer::RunEnd MoveTimer::run(const SimSnapshot& from, const std::vector<InputFrame>& frames,
                                 const AtTarget& at_target, Motion* motion) {
    m_run_sim.restore(from);
    if (motion) motion->exit_at_start = m_run_sim.reached_exit();
    auto step = [&](InputFrame f) {
        m_run_sim.step(f);
        if (motion) motion->steps.push_back(m_run_sim.player());
    };
    for (const InputFrame& f : frames) {
        step(f);
        if (m_run_sim.reached_exit()) return RunEnd::Exit;
        if (m_run_sim.player().mode == PlayerMode::Dead) return RunEnd::Killed;
    }
    if (!at_target(m_run_sim.player())) return RunEnd::Missed;
    for (int i = 0; i < m_settings.hold_check_ticks; ++i) {
        step(InputFrame{});
        if (m_run_sim.player().mode == PlayerMode::Dead) return RunEnd::Killed;
    }
    return RunEnd::Held;
}

}  // namespace sawtooth::bot
