#include "game/bot/lookahead.hpp"

#include "game/bot/rest_place.hpp"
#include "gen/hash.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth::bot {

namespace {

constexpr double kBlockedStep = 0.002;  ///< m: a walking step shorter than this is blocked by a wall
constexpr std::size_t kMaxCachedRollouts = 1 << 15;  ///< a RolloutCache is emptied when this full
constexpr std::size_t kMaxKeptRuns = 1 << 14;        ///< MoveTimer's kept runs are dropped when this many
constexpr std::size_t kMaxMotions = 1 << 13;         ///< ... and a RolloutCache's traps-on paths

/// Where a move's own frames end early, the rest would only cost time: a grabbed ledge (the
/// rest would only hold on, with no press edge, and hanging there longer can cost a trap
/// window), or a walk blocked by a wall (pushing on costs time, a mine's fuse or a trap
/// window, before the next move of a chain). `before` and `after`: the player around the
/// step of frame `i`.
struct MoveShape {
    std::size_t tail = 0;    ///< frames from here on hold one button set to the end
    bool walk_tail = false;  ///< ... and it is a walk

    explicit MoveShape(const std::vector<InputFrame>& frames) : tail(frames.size()) {
        while (tail > 0 && frames[tail - 1].bits == frames.back().bits) --tail;
        const std::uint8_t bits = frames.empty() ? 0 : frames.back().bits;
        walk_tail = bits == kInputLeft || bits == kInputRight;
    }
    bool ends_at(std::size_t i, const PlayerView& before, const PlayerView& after) const {
        if (!hanging(before) && hanging(after)) return true;
        return walk_tail && i > tail && after.mode == PlayerMode::Ground &&
               std::fabs(after.x - before.x) < kBlockedStep;
    }
};

using KeptStates = std::vector<std::pair<std::size_t, std::shared_ptr<const SimSnapshot>>>;

/// A rollout in progress: the lookahead, its result so far and the landing to record; if
/// traced, the player after each of the move's frames and the states after the numbers of
/// frames in `keep` (sorted).
struct RolloutRun {
    const LevelGraph& graph;
    Simulation& sim;
    Landing landing;
    Rollout r;
    std::vector<PlayerView>* views = nullptr;
    const std::vector<std::size_t>* keep = nullptr;
    KeptStates* kept = nullptr;
    std::vector<PlayerView>* path = nullptr;  ///< if given: the player after every step

    void step(InputFrame f) {
        sim.step(f);
        r.frames.push_back(f);
        if (path) path->push_back(sim.player());
    }

    void note_landing(PlayerMode before) {
        if (landing == Landing::Ignore || r.landing || before != PlayerMode::Air ||
            sim.player().mode != PlayerMode::Ground)
            return;
        r.landing = sim.snapshot();
        r.landing_frames = r.frames.size();
        r.landing_node = node_of(graph, sim.player());
    }
    void keep_state(std::size_t depth) {
        if (keep && std::binary_search(keep->begin(), keep->end(), depth) &&
            (kept->empty() || kept->back().first != depth))
            kept->emplace_back(depth, sim.snapshot());
    }

    /// Steps the move's frames from frame `first` on (the sim holds the state after the
    /// ones before); false if the rollout is over (exit or death).
    bool run_macro(const std::vector<InputFrame>& frames, std::size_t first);
    /// Steps released frames until the player rests; false if it died.
    bool settle();
    /// The rollout's end state, after settle().
    void finish() {
        r.view = sim.player();
        r.rest = at_rest(r.view);
        r.node = r.rest ? node_of(graph, r.view) : -1;
        r.end = sim.snapshot();
    }
};

bool RolloutRun::run_macro(const std::vector<InputFrame>& frames, std::size_t first) {
    const MoveShape shape(frames);
    for (std::size_t i = first; i < frames.size(); ++i) {
        const InputFrame f = frames[i];
        const PlayerView before = sim.player();
        step(f);
        if (views) views->push_back(sim.player());
        note_landing(before.mode);
        if (sim.reached_exit()) {
            r.exit = true;
            r.view = sim.player();
            return false;
        }
        if (sim.player().mode == PlayerMode::Dead) {  // traps-on lookahead only
            r.died = true;
            return false;
        }
        keep_state(i + 1);
        if (shape.ends_at(i, before, sim.player())) break;
    }
    return true;
}

bool RolloutRun::settle() {
    // One released frame first: a move that ends holding up would make the next jump a
    // non-press (the simulation jumps on the press edge only).
    step(InputFrame{});
    for (int i = 0; i < kSettleMaxTicks && !at_rest(sim.player()); ++i) {
        const PlayerMode mode_before = sim.player().mode;
        step(InputFrame{});
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

std::uint64_t RolloutCache::key(std::uint64_t from_hash, const std::vector<InputFrame>& frames) {
    Hasher h;
    h.add_u64(from_hash);
    for (const InputFrame f : frames) h.add_u64(f.bits);
    return h.value();
}

SnapshotFields RolloutCache::fields_of(const SimConfig& config) {
    return config.traps_enabled ? SnapshotFields::All : SnapshotFields::AllButClock;
}

std::optional<Rollout> RolloutCache::find(const SimConfig& config, const SimSnapshot& from,
                                          std::uint64_t from_hash, const std::vector<InputFrame>& frames,
                                          Landing landing) const {
    const auto it = m_entries.find(key(from_hash, frames));
    if (it == m_entries.end()) return std::nullopt;
    for (const Entry& e : it->second) {
        if (e.landing != landing || !(e.config == config) || e.frames != frames ||
            !same_snapshot(*e.from, from, fields_of(config)))
            continue;
        Rollout r = e.result;
        if (r.end) r.end = retimed_snapshot(r.end, *e.from, from);
        if (r.landing) r.landing = retimed_snapshot(r.landing, *e.from, from);
        return r;
    }
    return std::nullopt;
}

void RolloutCache::store(const SimConfig& config, std::shared_ptr<const SimSnapshot> from,
                         std::uint64_t from_hash, const std::vector<InputFrame>& frames, Landing landing,
                         const Rollout& r) {
    if (m_count >= kMaxCachedRollouts) {  // memory stays bounded; a cleared cache only costs time
        m_entries.clear();
        m_count = 0;
    }
    m_entries[key(from_hash, frames)].push_back({config, std::move(from), frames, landing, r});
    ++m_count;
}

std::optional<Rollout> RolloutCache::replay_motion(const Simulation& sim, const SimSnapshot& from,
                                                   const std::vector<InputFrame>& frames,
                                                   Landing landing) const {
    const auto it = m_motions.find(key(snapshot_hash(from, SnapshotFields::Motion), frames));
    if (it == m_motions.end()) return std::nullopt;
    for (const MotionEntry& e : it->second) {
        if (e.landing != landing || e.frames != frames ||
            !same_snapshot(*e.from, from, SnapshotFields::Motion))
            continue;
        const Rollout& s = e.result;
        std::vector<std::size_t> marks;  // after the landing and at the end
        if (s.landing) marks.push_back(s.landing_frames);
        if (s.end) marks.push_back(e.path.steps.size());
        Simulation::TrapsAlong traps = sim.traps_along(from, e.path.steps, marks);
        // Alive past the stored path's death: where the motion goes on is not known here.
        if (traps.killing_step == e.path.steps.size() && s.died) continue;
        ++m_replayed;
        return replayed(e, from, std::move(traps));
    }
    return std::nullopt;
}

/// The rollout from `from` along e's path with the traps met there (`traps`: a death on
/// step traps.killing_step, the path's size for none; the mines after the landing and at
/// the end, as far as the player lives), as RolloutRun ends it: the death comes before the
/// landing and the exit of its step.
Rollout RolloutCache::replayed(const MotionEntry& e, const SimSnapshot& from, Simulation::TrapsAlong traps) {
    const std::size_t killing_step = traps.killing_step;
    const bool dies = killing_step < e.path.steps.size();
    const Rollout& s = e.result;
    const bool landed = s.landing && (!dies || s.landing_frames <= killing_step);
    Rollout r;
    if (!dies) {
        r = s;
        if (r.end)
            r.end = Simulation::moved_snapshot(*r.end, *e.from, from, std::move(traps.mines_after.back()));
    } else {
        // settle() looks for a death only from its second frame on: one killed on the
        // first released frame steps once more, dead, before it ends (all released frames).
        const std::size_t n = killing_step + (killing_step == e.path.settle_from ? 2 : 1);
        r.died = true;
        r.frames.assign(
            e.result.frames.begin(),
            e.result.frames.begin() + static_cast<std::ptrdiff_t>(std::min(n, e.result.frames.size())));
        r.frames.resize(n, InputFrame{});
    }
    if (landed) {
        r.landing =
            Simulation::moved_snapshot(*s.landing, *e.from, from, std::move(traps.mines_after.front()));
        r.landing_frames = s.landing_frames;
        r.landing_node = s.landing_node;
    }
    return r;
}

void RolloutCache::store_motion(std::shared_ptr<const SimSnapshot> from,
                                const std::vector<InputFrame>& frames, Landing landing, const Rollout& r,
                                RolloutPath path) {
    if (m_motion_count >= kMaxMotions) {  // memory stays bounded; a cleared store only costs time
        m_motions.clear();
        m_motion_count = 0;
    }
    // A run that died tells the motion up to its death, not after (settle() may step once
    // more, dead, where the body stopped).
    std::vector<PlayerView>& steps = path.steps;
    if (r.died) {
        const auto dead = std::find_if(steps.begin(), steps.end(),
                                       [](const PlayerView& v) { return v.mode == PlayerMode::Dead; });
        if (dead != steps.end()) steps.erase(dead + 1, steps.end());
    }
    const std::uint64_t k = key(snapshot_hash(*from, SnapshotFields::Motion), frames);
    m_motions[k].push_back({std::move(from), frames, landing, r, std::move(path)});
    ++m_motion_count;
}

MoveRollouts::MoveRollouts(const LevelGraph& graph, Simulation& sim, const SimSnapshot& from,
                           std::vector<std::vector<InputFrame>> moves, Landing landing, RolloutCache* cache)
    : m_graph(graph),
      m_sim(sim),
      m_from(from),
      m_moves(std::move(moves)),
      m_landing(landing),
      m_cache(cache),
      m_from_hash(cache ? snapshot_hash(from, RolloutCache::fields_of(sim.config())) : 0) {
    if (!m_cache) return;  // moves share frames only with a cache
    m_runs.resize(m_moves.size());
    std::vector<int> first_bits;  // per group; -1: no frames
    for (std::size_t k = 0; k < m_moves.size(); ++k) {
        for (const InputFrame f : m_moves[k]) {
            if (m_runs[k].empty() || m_runs[k].back().bits != f.bits) m_runs[k].push_back({f.bits, 0});
            ++m_runs[k].back().frames;
        }
        const int first = m_runs[k].empty() ? -1 : m_runs[k].front().bits;
        const auto g = static_cast<std::size_t>(std::find(first_bits.begin(), first_bits.end(), first) -
                                                first_bits.begin());
        if (g == first_bits.size()) {
            first_bits.push_back(first);
            m_group_moves.emplace_back();
        }
        m_group.push_back(g);
        m_group_moves[g].push_back(k);
    }
    m_group_traces.resize(m_group_moves.size());
}

Rollout MoveRollouts::run(std::size_t k) {
    const std::vector<InputFrame>& frames = m_moves[k];
    if (m_cache)
        if (std::optional<Rollout> known =
                m_cache->find(m_sim.config(), m_from, m_from_hash, frames, m_landing))
            return std::move(*known);
    std::optional<Rollout> replayed;
    if (m_cache && m_sim.config().traps_enabled)
        replayed = m_cache->replay_motion(m_sim, m_from, frames, m_landing);
    Rollout r = replayed ? std::move(*replayed) : simulate(k);
    if (m_cache) m_cache->store(m_sim.config(), from_copy(), m_from_hash, frames, m_landing, r);
    return r;
}

const std::shared_ptr<const SimSnapshot>& MoveRollouts::from_copy() {
    if (!m_from_copy) m_from_copy = copy_snapshot(m_from);
    return m_from_copy;
}

std::size_t MoveRollouts::shared_frames(std::size_t a, std::size_t b) const {
    const std::vector<ButtonRun>& ra = m_runs[a];
    const std::vector<ButtonRun>& rb = m_runs[b];
    std::size_t n = 0;
    for (std::size_t i = 0; i < ra.size() && i < rb.size() && ra[i].bits == rb[i].bits; ++i) {
        n += std::min(ra[i].frames, rb[i].frames);
        if (ra[i].frames != rb[i].frames) break;  // the longer run's next frame differs from the other's
    }
    return n;
}

/// Where the moves after k leave k's frames: k's states there are kept.
std::vector<std::size_t> MoveRollouts::depths_to_keep(std::size_t k) const {
    std::vector<std::size_t> depths;
    for (const std::size_t j : m_group_moves[m_group[k]])
        if (j > k)
            if (const std::size_t d = shared_frames(j, k); d > 0) depths.push_back(d);
    std::sort(depths.begin(), depths.end());
    depths.erase(std::unique(depths.begin(), depths.end()), depths.end());
    return depths;
}

/// Move k's rollout, if a traced move that shares k's first frames already tells it (its
/// run over those frames is k's); otherwise `resume` says where k's simulation goes on from.
std::optional<Rollout> MoveRollouts::known_from_traces(std::size_t k, Resume& resume) const {
    resume = {};
    const Trace* best = nullptr;
    std::size_t shared = 0;
    const std::vector<std::size_t>& traces = m_group_traces[m_group[k]];  // the others share no frame
    for (const std::size_t i : traces)
        if (const std::size_t u = std::min(shared_frames(k, m_traces[i].move), m_traces[i].views.size());
            u > shared)
            best = &m_traces[i], shared = u;
    if (!best) return std::nullopt;
    const Trace& t = *best;
    const MoveShape shape(m_moves[k]);
    std::size_t need = shared;  // frames of k after which its simulation goes on
    bool done = shared == m_moves[k].size();
    for (std::size_t i = 0; i < shared; ++i) {
        const bool last_of_trace = i + 1 == t.views.size();
        if (last_of_trace && t.macro_ended_run) return t.result;  // died or reached the exit there
        if (shape.ends_at(i, i == 0 ? m_start_view : t.views[i - 1], t.views[i])) {
            need = i + 1;
            done = true;
            break;
        }
    }
    // Both moves' frames end after the same frames: the same settling follows.
    if (done && need == t.views.size()) return t.result;
    for (const std::size_t i : traces) {
        const Trace& c = m_traces[i];
        const std::size_t usable = std::min({shared_frames(k, c.move), c.views.size(), need});
        for (const auto& [depth, state] : c.states)
            if (depth <= usable && depth > resume.depth) resume = {&c, depth, done && depth == need};
    }
    return std::nullopt;
}

/// Puts the lookahead, the rollout `r` and `trace` where trace `t` was after `depth` of its
/// frames, which the move being simulated (`frames`) shares: the state kept there, the
/// frames, the player after each, and t's landing if it came that early.
void MoveRollouts::go_on_from(const Trace& t, std::size_t depth, const std::vector<InputFrame>& frames,
                              Rollout& r, Trace& trace) {
    for (const auto& [d, state] : t.states) {
        if (d > depth) break;
        trace.states.emplace_back(d, state);
    }
    m_sim.restore(*trace.states.back().second);
    r.frames.assign(frames.begin(), frames.begin() + static_cast<std::ptrdiff_t>(depth));
    trace.views.assign(t.views.begin(), t.views.begin() + static_cast<std::ptrdiff_t>(depth));
    if (t.result.landing && t.result.landing_frames <= depth) {
        r.landing = t.result.landing;
        r.landing_frames = t.result.landing_frames;
        r.landing_node = t.result.landing_node;
    }
}

Rollout MoveRollouts::simulate(std::size_t k) {
    const std::vector<InputFrame>& frames = m_moves[k];
    RolloutRun run{m_graph, m_sim, m_landing, {}};
    run.r.frames.reserve(frames.size() + kSettleMaxTicks);
    if (!m_cache) {  // every move whole, from the start
        m_sim.restore(m_from);
        if (run.run_macro(frames, 0) && run.settle()) run.finish();
        return std::move(run.r);
    }
    Resume resume;
    if (std::optional<Rollout> known = known_from_traces(k, resume)) return std::move(*known);
    Trace trace;
    trace.move = k;
    std::vector<PlayerView> path;  // every step, for the traps-on motion store
    const bool keep_path = m_sim.config().traps_enabled;
    if (keep_path) run.path = &path;
    if (resume.trace) {
        go_on_from(*resume.trace, resume.depth, frames, run.r, trace);
        if (keep_path) path = trace.views;
    } else {
        m_sim.restore(m_from);
        m_start_view = m_sim.player();
    }
    const std::vector<std::size_t> keep = depths_to_keep(k);
    run.views = &trace.views;
    run.keep = &keep;
    run.kept = &trace.states;
    const bool alive = resume.frames_done || run.run_macro(frames, resume.depth);
    trace.macro_ended_run = !alive;
    const std::size_t settle_from = alive ? run.r.frames.size() : SIZE_MAX;
    if (alive) {
        // A later move that shares every frame stepped here goes on from this state.
        const std::size_t n = trace.views.size();
        if (!keep.empty() && keep.back() >= n && (trace.states.empty() || trace.states.back().first != n))
            trace.states.emplace_back(n, m_sim.snapshot());
        if (run.settle()) run.finish();
    }
    trace.result = run.r;
    if (keep_path && path.size() == run.r.frames.size())
        m_cache->store_motion(from_copy(), frames, m_landing, run.r, {std::move(path), settle_from});
    m_traces.push_back(std::move(trace));
    m_group_traces[m_group[k]].push_back(m_traces.size() - 1);
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
    const AtTarget at_target = [this, target](const PlayerView& v) { return node_of(m_graph, v) == target; };
    m_motion.reset();  // another move or target
    m_target = m_settings.memoise_lookahead ? target : -1;
    const std::optional<int> w = scan(now, frames, at_target, w_min, window);
    m_target = -1;
    return w;
}

std::optional<int> MoveTimer::time_move(const SimSnapshot& now, const std::vector<InputFrame>& frames,
                                        const AtTarget& at_target, int w_min, int window) {
    m_motion.reset();  // another move or target
    return scan(now, frames, at_target, w_min, window);
}

std::optional<int> MoveTimer::scan(const SimSnapshot& now, const std::vector<InputFrame>& frames,
                                   const AtTarget& at_target, int w_min, int window) {
    const int m = m_margin;
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
    if (!m_settings.memoise_lookahead) return reached(run(from, frames, at_target, nullptr));
    if (m_motion && same_motion(*m_motion->from, from, frames.empty() ? InputFrame{} : frames.front()))
        if (const std::optional<bool> known = replay(from)) return *known;
    const std::uint64_t key = m_target >= 0 ? snapshot_hash(from, SnapshotFields::AllButClock) : 0;
    if (m_target >= 0)
        if (auto kept = kept_run(key, from, frames); kept && kept != m_motion) {
            m_motion = std::move(kept);
            if (const std::optional<bool> known = replay(from)) return *known;
        }
    auto fresh = std::make_shared<Motion>(Motion{copy_snapshot(from), {}, RunEnd::Killed, false});
    fresh->steps.reserve(frames.size() + static_cast<std::size_t>(m_settings.hold_check_ticks));
    const RunEnd end = run(from, frames, at_target, fresh.get());
    fresh->end = end;
    m_motion = std::move(fresh);
    if (m_target >= 0) keep_run(key, frames, m_motion);
    return reached(end);
}

std::optional<bool> MoveTimer::replay(const SimSnapshot& from) const {
    const std::vector<PlayerView>& steps = m_motion->steps;
    if (m_motion->exit_at_start) return std::nullopt;
    if (m_run_sim.first_killing_step(from, steps) < steps.size()) return false;
    // Alive through every recorded step: a recorded death is where the motion stops being known.
    if (m_motion->end == RunEnd::Killed) return std::nullopt;
    return reached(m_motion->end);
}

std::shared_ptr<const MoveTimer::Motion> MoveTimer::kept_run(std::uint64_t key, const SimSnapshot& from,
                                                             const std::vector<InputFrame>& frames) const {
    const auto it = m_kept.find(key);
    if (it == m_kept.end()) return nullptr;
    const InputFrame first = frames.empty() ? InputFrame{} : frames.front();
    for (const KeptRun& k : it->second)
        if (k.target == m_target && k.frames == frames && same_motion(*k.motion->from, from, first))
            return k.motion;
    return nullptr;
}

void MoveTimer::keep_run(std::uint64_t key, const std::vector<InputFrame>& frames,
                         std::shared_ptr<const Motion> motion) {
    if (m_kept_count >= kMaxKeptRuns) {  // memory stays bounded; a cleared store only costs time
        m_kept.clear();
        m_kept_count = 0;
    }
    std::vector<KeptRun>& runs = m_kept[key];
    const InputFrame first = frames.empty() ? InputFrame{} : frames.front();
    for (KeptRun& k : runs)
        if (k.target == m_target && k.frames == frames &&
            same_motion(*k.motion->from, *motion->from, first)) {
            k.motion = std::move(motion);  // the latest run of that start
            return;
        }
    runs.push_back({m_target, frames, std::move(motion)});
    ++m_kept_count;
}

MoveTimer::RunEnd MoveTimer::run(const SimSnapshot& from, const std::vector<InputFrame>& frames,
                                 const AtTarget& at_target, Motion* motion) {
    ++m_simulated_runs;
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
