#include "game/bot/hop_planner.hpp"

#include "game/bot/move_templates.hpp"
#include "game/bot/rest_place.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth::bot {

namespace {
constexpr double kGoodCentering = 0.55;  ///< m from the cell centre a landing is "well centred"
constexpr int kMaxDeepExpansions = 200;  ///< states expanded by the expert's last, deep search
constexpr std::size_t kShortHop = 4;     ///< path edges of the fallback hop into a trap area
constexpr int kLongWaitTicks = 1500;     ///< longest wait scanned when the usual window has no start
constexpr std::size_t kLongTimings = 4;  ///< moves timed over that long window per hop
constexpr int kLiveStartStep = 12;       ///< ticks between the starts of the traps-on chain search
constexpr int kFineStartStep = 3;        ///< ... and of the expert's last search, where those failed
constexpr int kLiveStartSpan = 108;      ///< ... up to this many ticks after the earliest start
constexpr int kMaxStanceTicks = 60;      ///< longest wait for a still body before timing a move
}  // namespace

HopPlanner::HopPlanner(const Level& level, const PathPlanner& planner, const SkillProfile& skill, Rng& rng,
                       const BotSettings& settings)
    : m_level(level),
      m_planner(planner),
      m_skill(skill),
      m_rng(rng),
      m_settings(settings),
      m_geo(level, geo_config()),
      m_timer(level, planner.graph(), skill.safety_margin_ticks, settings),
      m_live_sim(level),
      m_tools{level, planner, m_timer, settings, settings.memoise_lookahead ? &m_rollouts : nullptr} {}

SimConfig HopPlanner::geo_config() {
    SimConfig c;
    c.traps_enabled = false;
    return c;
}

int HopPlanner::earliest_start() {
    int w = m_skill.reaction_ticks;
    if (m_skill.think_ticks > 0) w += static_cast<int>(m_rng.uniform_int(0, m_skill.think_ticks));
    return w;
}

bool HopPlanner::well_centred(const Rollout& r, int target) const {
    const GraphNode& g = m_planner.node(target);
    return g.type != NodeType::Stand || std::fabs(r.view.x - cell_centre_x(g.cell)) < kGoodCentering;
}

std::optional<Plan> HopPlanner::plan_along(const Simulation& real, const std::vector<int>& path) {
    // Target: the first safe node along the path (crossing a trap area in one hop).
    std::size_t t = 1;
    while (t + 1 < path.size() && t < static_cast<std::size_t>(m_settings.max_chain) &&
           m_planner.danger_node(path[t]))
        ++t;
    if (auto plan = plan_to(real, path, t)) return plan;
    // A long trap area in one hop can be too much for one search: stop on the way, at a
    // node inside the area where waiting is survivable after all (the MoveTimer checks it:
    // the danger areas are conservative, e.g. next to a mine nobody touched).
    if (t > kShortHop) return plan_to(real, path, kShortHop);
    return std::nullopt;
}

std::optional<Plan> HopPlanner::plan_free(const Simulation& real, const std::vector<int>* path) {
    const int w_min = earliest_start();
    return search_free(m_tools, m_geo, real, path, w_min);
}

std::optional<Plan> HopPlanner::plan_to(const Simulation& real, const std::vector<int>& path, std::size_t t) {
    const int target = path[t];
    // A search that failed from this resting place toward this target fails again:
    // the geometry is the same and the timing scan already covered two trap cycles.
    const std::pair<RestKey, int> memo{fine_key_of(real.player()), target};
    if (m_failed.count(memo)) return std::nullopt;
    const auto now = real.snapshot();
    int w_min = earliest_start();
    if (m_skill.stance_before_timing) w_min = std::max(w_min, stance_ticks(*now));
    const HopGoal goal{path, t, *now, w_min};
    if (t >= 2 && m_skill.path_nodes_first)
        if (auto plan = path_chain(goal)) return plan;
    const std::vector<Rollout> found = single_moves(*now, real.player(), target);
    for (const Rollout& r : found)
        if (const auto w = m_timer.time_move(*now, r.frames, target, goal.w_min))
            return Plan{*w, r.frames, target};
    // Moves that work without traps but found no safe start in the usual window.
    UntimedMoves untimed;
    for (const Rollout& r : found) untimed.push_back(r.frames);
    std::optional<Plan> chain = search_harder(goal, untimed);
    // A person who sees the way but no safe moment does not stand there for ever: they
    // try it anyway, after their reaction, and may die (thesis participants died on
    // hard challenges rather than skip them). The expert never gambles: its plays are
    // the playability proof.
    if (!chain && m_skill.group != SkillGroup::Expert && !untimed.empty())
        return Plan{goal.w_min, untimed.front(), target};
    if (!chain) m_failed.insert(memo);
    return chain;
}

int HopPlanner::stance_ticks(const SimSnapshot& now) {
    m_live_sim.restore(now);
    std::shared_ptr<const SimSnapshot> before = m_live_sim.snapshot();
    for (int w = 1; w <= kMaxStanceTicks; ++w) {
        m_live_sim.step(InputFrame{});
        if (m_live_sim.player().mode == PlayerMode::Dead) return 0;
        std::shared_ptr<const SimSnapshot> after = m_live_sim.snapshot();
        // A move that steers replaces the horizontal speed (same_motion): only the
        // position and the vertical speed have to settle.
        if (same_motion(*before, *after, InputFrame{kInputRight})) return w - 1;
        before = std::move(after);
    }
    return 0;
}

/// The chain of single moves from one path node to the next up to the goal's target (each
/// the move single_moves puts first), timed from the goal's start as one move; none if a
/// node has no single move or the chain no safe start.
std::optional<Plan> HopPlanner::path_chain(const HopGoal& goal) {
    const SimSnapshot* at = &goal.now;
    std::shared_ptr<const SimSnapshot> kept;  // owns *at after the first move
    std::vector<InputFrame> frames;
    for (std::size_t i = 1; i <= goal.target_index; ++i) {
        m_geo.restore(*at);
        const std::vector<Rollout> found = single_moves(*at, m_geo.player(), goal.path[i]);
        if (found.empty()) return std::nullopt;
        const Rollout& r = found.front();
        frames.insert(frames.end(), r.frames.begin(), r.frames.end());
        if (r.exit) break;
        if (!r.end) return std::nullopt;
        kept = r.end;
        at = kept.get();
    }
    if (const auto w = m_timer.time_move(goal.now, frames, goal.target(), goal.w_min))
        return Plan{*w, std::move(frames), goal.target()};
    return std::nullopt;
}

/// Single moves from `from` (the player `v`) that reach `target` on the trap-free
/// lookahead: up to settings.max_geo_candidates, a well-centred landing first and last.
std::vector<Rollout> HopPlanner::single_moves(const SimSnapshot& from, const PlayerView& v, int target) {
    std::vector<Rollout> found;
    const GraphNode& tg = m_planner.node(target);
    const double dx = cell_centre_x(tg.cell) - v.x;
    const int dy = tg.cell.y - feet_row(v);
    bool have_good = false;
    MoveRollouts moves(m_planner.graph(), m_geo, from,
                       frames_of(candidate_macros(v, dx, dy, grab_of(m_planner.graph(), target, v))),
                       Landing::Ignore, m_tools.rollouts);
    for (std::size_t k = 0; k < moves.size(); ++k) {
        Rollout r = moves.run(k);
        if (!r.exit && r.node != target) continue;
        const bool good = r.exit || well_centred(r, target);
        if (good && !have_good) {
            found.insert(found.begin(), std::move(r));
            have_good = true;
        } else {
            found.push_back(std::move(r));
        }
        if (have_good || static_cast<int>(found.size()) >= m_settings.max_geo_candidates) break;
    }
    return found;
}

/// Where no single move can be timed: chains of moves, each search dearer than the last.
std::optional<Plan> HopPlanner::search_harder(const HopGoal& goal, UntimedMoves& untimed) {
    // Several moves (through intermediate resting places near the path).
    std::optional<Plan> chain = search_chain(m_tools, m_geo, goal, goal.now, ChainSearchSettings{}, &untimed);
    // The moves exist but the traps kill every chain found without them (mines armed on
    // the way blow before a chain of resting stops is through): search again with the
    // traps on, so deaths prune the chains and a quicker way to a place replaces a slower one.
    ChainSearchSettings traps_on;
    traps_on.traps_on = true;
    if (!chain) chain = search_traps_on(goal, traps_on, kLiveStartStep);
    // Traps with different cycles drift against each other: the windows of two spikes
    // may overlap enough only some cycles later. Wait for that, like a patient player.
    for (std::size_t i = 0; !chain && i < untimed.size() && i < kLongTimings; ++i)
        if (const auto w = m_timer.time_move(goal.now, untimed[i], goal.target(), goal.w_min, kLongWaitTicks))
            chain = Plan{*w, untimed[i], goal.target()};
    // Last, a wider traps-on search in which a later arrival at a place is a state of its
    // own (see chain_search): it costs several times as much, so it runs only where
    // everything else failed, and every hop the narrow searches find stays as it was.
    ChainSearchSettings wide = traps_on;
    wide.wide = true;
    if (!chain) chain = search_traps_on(goal, wide, kLiveStartStep);
    // The expert, whose plays are the playability proof, may think longer still where
    // all of that failed (a mine, a spike hang, then a second mine: generator v3's linear
    // seed 70, level 1). A person would try anyway instead (plan_to).
    ChainSearchSettings deep = wide;
    deep.max_expansions = kMaxDeepExpansions;
    if (!chain && m_skill.group == SkillGroup::Expert) chain = search_traps_on(goal, deep, kLiveStartStep);
    // The same from the starts in between: a way past several traps with different cycles
    // may open only for a few ticks (generator v4's linear seed 103, levels 5-10, exit ->
    // start: a spike hang, two mines and two more spikes in one hop; docs/bots.md).
    if (!chain && m_skill.group == SkillGroup::Expert) chain = search_traps_on(goal, deep, kFineStartStep);
    return chain;
}

/// The traps-on chain search: periodic traps make it depend on the start, so it runs
/// from a few starts over one cycle from the earliest, every `start_step` ticks; a step
/// finer than kLiveStartStep skips the starts a search with that step has tried.
std::optional<Plan> HopPlanner::search_traps_on(const HopGoal& goal, const ChainSearchSettings& settings,
                                                int start_step) {
    if (m_level.traps.empty()) return std::nullopt;
    m_live_sim.restore(goal.now);
    for (int w = 0; w <= goal.w_min + kLiveStartSpan; ++w) {
        if (w > 0) m_live_sim.step(InputFrame{});
        if (m_live_sim.player().mode == PlayerMode::Dead) break;
        const int offset = w - goal.w_min;
        if (offset < 0 || offset % start_step != 0) continue;
        if (start_step < kLiveStartStep && offset % kLiveStartStep == 0) continue;
        const auto root = m_live_sim.snapshot();
        const HopGoal from_here{goal.path, goal.target_index, goal.now, w};
        if (auto plan = search_chain(m_tools, m_live_sim, from_here, *root, settings)) return plan;
        m_live_sim.restore(*root);
    }
    return std::nullopt;
}

}  // namespace sawtooth::bot
