// Synthetic players (docs/bots.md): the expert bot finishes levels both ways in
// the real simulation, its recording is exactly the inputs it produced (a fresh replay of
// them reaches the exit), it is deterministic, and worse skill dies more on the same levels.
#include "../support/read_file.hpp"
#include "game/bot/expert_bot.hpp"
#include "game/bot/lookahead.hpp"
#include "game/bot/move_templates.hpp"
#include "game/bot/path_planner.hpp"
#include "game/bot/rest_place.hpp"
#include "gen/generator.hpp"
#include "gen/study_plan.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <string>

using namespace sawtooth;
using namespace sawtooth::bot;

namespace {

Level load(const std::string& name) {
    return parse_level_text(test::read_file(std::string(SAWTOOTH_SOURCE_DIR) + "/assets/levels/" + name));
}

bool replays_to_exit(const Level& level, const std::vector<InputFrame>& inputs) {
    Simulation sim(level);
    for (const InputFrame f : inputs) sim.step(f);
    return sim.reached_exit();
}

// The study's level shape (gen/study_plan.hpp): 4x2 rooms of 11x7, alpha 0.25.
GenParams study_shape_params(std::uint64_t seed, int level_index) {
    return study_params_for_seed(seed, level_index);
}

BotSettings capped() {
    BotSettings s;
    s.max_ticks = 20000;
    return s;
}

// The default free-play maze of `seed`.
Level maze_level(std::uint64_t seed) {
    GenParams p;
    p.seed = seed;
    const GeneratedLevel g = generate_level(p);
    REQUIRE(g.ok);
    return g.level;
}

}  // namespace

// Hand-made levels: their moves need not match the generator's jump patches, so the
// level graph has no path there; the bot falls back to its graph-free search over resting
// places. The study plays both tutorials first, so they must be completed both ways.
TEST_CASE("the expert bot finishes the hand-made tutorials both ways (no graph path)") {
    for (const char* name : {"tutorial1.txt", "tutorial2.txt"}) {
        const Level level = load(name);
        for (const Level& l : {level, reversed_level(level)}) {
            const PlayResult r = play_level(l, expert_skill(), 1, capped());
            const std::string level_name = name;
            CAPTURE(level_name);
            CAPTURE(r.note);
            CHECK(r.end == PlayEnd::Exit);
            CHECK(r.inputs.size() == r.ticks);
            CHECK(replays_to_exit(l, r.inputs));
        }
    }
}

TEST_CASE("the expert bot finishes generated levels with traps, deterministically") {
    for (std::uint64_t seed : {22u, 23u}) {
        const Level level = maze_level(seed);
        const PlayResult a = play_level(level, expert_skill(), seed, capped());
        CAPTURE(seed);
        CAPTURE(a.note);
        CHECK(a.end == PlayEnd::Exit);
        CHECK(replays_to_exit(level, a.inputs));
        const PlayResult b = play_level(level, expert_skill(), seed, capped());
        CHECK(a.inputs == b.inputs);  // same level, same skill, same seed -> same inputs
    }
}

// The expert's two planning habits save lookahead work; neither is what makes it finish a
// level: with either or both off it still does, and its plays with them differ from those
// without (the habits are in use). The human-like groups plan without them.
TEST_CASE("the expert's stance and path-node chains: each alone still finishes, people plan without them") {
    for (std::uint64_t seed : {22u, 23u}) {
        const Level level = maze_level(seed);
        const PlayResult with = play_level(level, expert_skill(), seed, capped());
        for (const int habits : {0, 1, 2}) {
            SkillProfile s = expert_skill();
            s.stance_before_timing = habits == 1;
            s.path_nodes_first = habits == 2;
            const PlayResult r = play_level(level, s, seed, capped());
            CAPTURE(seed);
            CAPTURE(habits);
            CAPTURE(r.note);
            CHECK(r.end == PlayEnd::Exit);
            CHECK(replays_to_exit(level, r.inputs));
            if (habits == 0) CHECK(r.inputs != with.inputs);
        }
    }
    for (const SkillGroup group : {SkillGroup::Good, SkillGroup::Average, SkillGroup::Bad}) {
        CHECK_FALSE(skill_preset(group).stance_before_timing);
        CHECK_FALSE(skill_preset(group).path_nodes_first);
    }
    Rng rng(3);
    for (int i = 0; i < 20; ++i) {
        const SkillProfile drawn = draw_participant_skill(rng);
        CHECK_FALSE(drawn.stance_before_timing);
        CHECK_FALSE(drawn.path_nodes_first);
    }
    CHECK(expert_skill().stance_before_timing);
    CHECK(expert_skill().path_nodes_first);
}

// Levels the expert once got stuck on (docs/bots.md), one per class of failure fixed. The
// classes were found on generator v2 levels (v3 changed their bytes, so the seeds now
// give other levels: they stay as a broad sample), except the last:
// - maze 14: a hop through a mine and a wall spike needs 5 moves (hang, climb onto the
//   mine, step, grab the next ledge from below, climb): the chain search was too shallow
//   and aimed every grab at the first ledge of the path;
// - maze 57: the first safe node lies 5 edges ahead, beyond the old 4-edge hop limit, so
//   the hop ended hanging in a spike cell, which no start survives;
// - maze 89, linear 92 index 5: mines armed on the way blow before a chain of resting
//   stops found without traps is through; the traps-on chain search finds a quicker one;
// - maze 546 (exit -> start): a climb over a ledge onto a mine must go straight on from the
//   landing; a stop to rest there is already too long for the fuse.
// - linear 93 index 2: two wall spikes with cycles 116 and 118 ticks in a row: their safe
//   windows overlap enough only some cycles later (a wait longer than the usual scan);
// - linear 59 index 1: a climb from a hang in a spike cell must stop just past the ledge,
//   short of the next wall spike's reach;
// - linear 70 index 1 (generator v3): a mine, a spike hang and a second mine in a row need
//   more than the wide traps-on search's 60 states: the expert's deep search;
// - linear 103 index 5 (generator v4, exit -> start): out of the exit's shaft past a spike
//   hang, two mines and two more spikes in one hop: open from a few starts only, found by
//   the deep search from starts every 3 ticks.
TEST_CASE("the expert bot proves former failing seeds both ways") {
    struct Case {
        std::uint64_t seed;
        bool linear;
        int level_index;
    };
    for (const Case c :
         {Case{14, false, 1}, Case{57, false, 1}, Case{89, false, 1}, Case{92, true, 5}, Case{546, false, 1},
          Case{93, true, 2}, Case{59, true, 1}, Case{943, false, 1}, Case{249, true, 1}, Case{364, true, 1},
          Case{854, true, 1}, Case{984, true, 2}, Case{70, true, 1}, Case{103, true, 5}}) {
        GenParams p;  // the default free-play maze, or the study's shape
        p.seed = c.seed;
        p.level_index = c.level_index;
        if (c.linear) p = study_shape_params(c.seed, c.level_index);
        const GeneratedLevel g = generate_level(p);
        REQUIRE(g.ok);
        for (const Level& l : {g.level, reversed_level(g.level)}) {
            const PlayResult r = play_level(l, expert_skill(), c.seed, capped());
            CAPTURE(c.seed);
            CAPTURE(c.linear);
            CAPTURE(r.note);
            CHECK(r.end == PlayEnd::Exit);
            CHECK(replays_to_exit(l, r.inputs));
        }
    }
}

TEST_CASE("worse skill dies more on the same levels") {
    // Study-shaped linear levels at the fastest trap schedule, patience off so every
    // player plays every level to the end (or the tick cap, which keeps the test short).
    int deaths[3] = {0, 0, 0};
    const SkillProfile skills[3] = {good_skill(), average_skill(), bad_skill()};
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const GeneratedLevel g = generate_level(study_shape_params(seed, 5));
        REQUIRE(g.ok);
        for (int k = 0; k < 3; ++k) {
            SkillProfile s = skills[k];
            s.patience_deaths = 0;
            s.patience_ticks = 0;
            BotSettings cap;
            cap.max_ticks = 6000;
            deaths[k] += play_level(g.level, s, seed * 7 + static_cast<std::uint64_t>(k), cap).deaths;
        }
    }
    std::printf("deaths over 4 levels: good %d, average %d, bad %d\n", deaths[0], deaths[1], deaths[2]);
    CHECK(deaths[0] < deaths[2]);
    // AVERAGE vs BAD is not separated reliably by a sample this small (measured: 2 vs 1);
    // docs/bots.md reports it as not yet shown.
}

TEST_CASE("the skill draw is deterministic and covers the three groups") {
    Rng a(42), b(42);
    int groups[4] = {0, 0, 0, 0};
    for (int i = 0; i < 200; ++i) {
        const SkillProfile x = draw_participant_skill(a), y = draw_participant_skill(b);
        CHECK(describe(x) == describe(y));
        ++groups[static_cast<int>(x.group)];
    }
    CHECK(groups[0] == 0);
    CHECK(groups[1] > 30);
    CHECK(groups[2] > 60);
    CHECK(groups[3] > 20);
}

namespace {

/// A standing move of `jumps` hops: each a 10-tick wait, then right+up held 8 ticks, then
/// right alone 12 ticks (what the bot's jump macros look like).
std::vector<InputFrame> hops(int jumps) {
    std::vector<InputFrame> f;
    for (int k = 0; k < jumps; ++k) {
        f.insert(f.end(), 10, InputFrame{});
        f.insert(f.end(), 8, InputFrame{static_cast<std::uint8_t>(kInputRight | kInputUp)});
        f.insert(f.end(), 12, InputFrame{kInputRight});
    }
    f.insert(f.end(), 20, InputFrame{});
    return f;
}

/// Ticks (from the start of the wait) of every up press and every up release.
std::vector<int> up_edges(const ExecutedMove& m) {
    std::vector<int> out;
    bool prev = false;
    for (std::size_t i = 0; i < m.frames.size(); ++i) {
        const bool up = (m.frames[i].bits & kInputUp) != 0;
        if (up != prev) out.push_back(m.wait + static_cast<int>(i));
        prev = up;
    }
    return out;
}

}  // namespace

TEST_CASE("execution errors: the expert plays the plan exactly and draws nothing") {
    Rng rng(5), untouched(5);
    const std::vector<InputFrame> plan = hops(3);
    const ExecutedMove m = apply_execution_errors(expert_skill(), rng, plan, 7);
    CHECK(m.wait == 7);
    CHECK(m.frames == plan);
    CHECK(rng.next_u64() == untouched.next_u64());
}

TEST_CASE("execution errors: every jump keeps its press and the other keys keep their order") {
    Rng rng(11);
    const std::vector<InputFrame> plan = hops(3);
    for (int trial = 0; trial < 500; ++trial) {
        const ExecutedMove m = apply_execution_errors(bad_skill(), rng, plan, 3);
        REQUIRE(m.wait >= 0);
        const std::vector<int> edges = up_edges(m);
        CHECK(edges.size() == 6);  // 3 presses, 3 releases: no jump lost or merged
        int right_runs = 0;
        bool prev = false;
        for (const InputFrame f : m.frames) {
            const bool right = (f.bits & kInputRight) != 0;
            right_runs += right && !prev;
            prev = right;
            CHECK((f.bits & (kInputLeft | kInputDown)) == 0);
        }
        CHECK(right_runs == 3);
    }
}

// The point of the per-jump errors (docs/bots.md): a person judges every jump anew, so a
// move with more jumps collects more error. With the per-press noise switched off, the
// last jump's take-off and release in a 3-jump move must scatter more than in a 1-jump
// move (each earlier take-off error shifts it: expected mean square 3x), and "off by
// more than 3 ticks" (outside a tight trap window) must happen more often, for the same
// player.
TEST_CASE("execution errors: a move with more jumps is executed less precisely") {
    SkillProfile s = average_skill();
    s.timing_noise_ticks = 0.0;  // isolate the per-jump errors
    Rng rng(2024);
    auto last_jump_error = [&](int jumps, double& sq_sum, int& off) {
        const std::vector<InputFrame> plan = hops(jumps);
        const std::vector<int> planned = up_edges({0, plan});
        for (int trial = 0; trial < 2000; ++trial) {
            const std::vector<int> got = up_edges(apply_execution_errors(s, rng, plan, 30));
            REQUIRE(got.size() == planned.size());
            // Relative to the plan started after the same 30-tick wait.
            const int take_off = got[got.size() - 2] - (planned[planned.size() - 2] + 30);
            const int release = got.back() - (planned.back() + 30);
            sq_sum += take_off * take_off;
            off += std::abs(take_off) > 3 || std::abs(release) > 3;
        }
    };
    double sq1 = 0, sq3 = 0;
    int off1 = 0, off3 = 0;
    last_jump_error(1, sq1, off1);
    last_jump_error(3, sq3, off3);
    std::printf(
        "per-jump errors (average, 2000 moves): last take-off mean square %.2f (1 jump) vs %.2f "
        "(3 jumps); take-off or release off by > 3 ticks %d vs %d\n",
        sq1 / 2000, sq3 / 2000, off1, off3);
    CHECK(sq3 > 2.0 * sq1);
    CHECK(off3 > off1 + 200);
    // The expert's plan is never perturbed, and neither is a move without jumps.
    Rng r2(3);
    const std::vector<InputFrame> walk(40, InputFrame{kInputRight});
    const ExecutedMove m = apply_execution_errors(s, r2, walk, 5);
    CHECK(m.frames == walk);
    CHECK(m.wait == 5);
}

// A person watches the character: one who lets go of the run key too early inside a
// squeeze column on the way to the far side runs on instead of standing there until the
// blocks slam (docs/bots.md, *Running on*). The BAD preset's release errors (sd 4 ticks,
// ~0.6 m) used to leave it standing inside the column now and then; with the rule it
// never stands there (at rest, alive, for kStand ticks: longer than a planned stop before
// a jump). Study-shaped levels that hold squeezes, three plays each.
TEST_CASE("a noisy player does not stand inside a squeeze column") {
    constexpr int kStand = 10;
    int levels = 0, passes = 0, stands = 0;
    for (std::uint64_t seed = 1; seed <= 40 && levels < 6; ++seed) {
        const GeneratedLevel g = generate_level(study_shape_params(seed, 3));
        REQUIRE(g.ok);
        std::vector<Trap> squeezes;
        for (const Trap& t : g.level.traps)
            if (t.type == TrapType::Squeeze) squeezes.push_back(t);
        if (squeezes.empty()) continue;
        ++levels;
        for (std::uint64_t noise_seed = 1; noise_seed <= 3; ++noise_seed) {
            bool was_inside = false;
            int still = 0;
            auto on_step = [&](InputFrame, const Simulation& sim) -> StepVerdict {
                const PlayerView& v = sim.player();
                bool inside = false;
                for (const Trap& t : squeezes) {
                    const double x0 = t.cell.x * kCellSize;
                    inside |= v.x + kPlayerWidth / 2 > x0 && v.x - kPlayerWidth / 2 < x0 + kCellSize &&
                              std::abs(v.y - kPlayerHeight / 2 - t.cell.y * kCellSize) < 0.1;
                }
                if (inside && !was_inside) ++passes;
                was_inside = inside;
                still = inside && v.mode == PlayerMode::Ground && std::abs(v.vx) < 0.05 ? still + 1 : 0;
                if (still == kStand) ++stands;
                return StepVerdict::Continue;
            };
            Simulation sim(g.level);
            Bot(bad_skill(), seed * 10 + noise_seed, capped()).play(sim, on_step);
        }
    }
    std::printf("squeeze columns: %d levels x 3 BAD plays, %d entries, %d stands inside\n", levels, passes,
                stands);
    CHECK(levels >= 4);
    CHECK(passes >= 20);
    CHECK(stands == 0);
}

TEST_CASE("a noisy player with no safe moment tries the move anyway instead of getting stuck") {
    // Linear levels on which the BAD preset, without this rule, stopped with "no move"
    // (7 of seeds 1..16; 6 of them here) while the expert finishes them: a person who sees
    // the way tries it, dies or gets through, and skips only when patience runs out.
    for (const std::uint64_t seed : {4, 5, 7, 10, 12, 15}) {
        const GeneratedLevel g = generate_level(study_shape_params(seed, 5));
        REQUIRE(g.ok);
        const PlayResult r = play_level(g.level, bad_skill(), seed, capped());
        CAPTURE(seed);
        CAPTURE(r.note);
        CHECK((r.end == PlayEnd::Exit || r.end == PlayEnd::Skipped));
        if (r.end == PlayEnd::Skipped) CHECK(r.deaths >= bad_skill().patience_deaths);
        CHECK(replays_to_exit(g.level, r.inputs) == (r.end == PlayEnd::Exit));
    }
}

// The lookahead memo (BotSettings::memoise_lookahead) answers a rollout asked
// for again, and a timing run of a motion that met no trap, from what simulating it gave
// the first time, so the bot's inputs are the same with it and without it, for the
// expert (the proof) and for noisy players who replan.
TEST_CASE("memoised lookahead runs give exactly the inputs of simulating every run") {
    BotSettings memo = capped(), fresh = capped();
    fresh.memoise_lookahead = false;
    for (std::uint64_t seed : {22u, 23u}) {
        GenParams p;
        p.seed = seed;
        const GeneratedLevel g = generate_level(p);
        REQUIRE(g.ok);
        CAPTURE(seed);
        CHECK(play_level(g.level, expert_skill(), seed, memo).inputs ==
              play_level(g.level, expert_skill(), seed, fresh).inputs);
    }
    for (std::uint64_t seed : {3u, 7u}) {
        const GeneratedLevel g = generate_level(study_shape_params(seed, 6));
        REQUIRE(g.ok);
        CAPTURE(seed);
        const PlayResult a = play_level(g.level, bad_skill(), seed, memo);
        const PlayResult b = play_level(g.level, bad_skill(), seed, fresh);
        CHECK(a.inputs == b.inputs);
        CHECK(a.deaths == b.deaths);
    }
}

// A timing run that misses the move's target is no safe start, with the memo on (the
// scan's replay) and off (every run simulated, the memo test's comparison mode).
TEST_CASE("the timing scan finds no start for a move that misses its target, memo on or off") {
    GenParams p;
    p.seed = 22;
    const GeneratedLevel g = generate_level(p);
    REQUIRE(g.ok);
    const LevelGraph graph = build_level_graph(g.level);
    Simulation sim(g.level);
    for (int t = 0; t < 60; ++t) sim.step(InputFrame{});
    REQUIRE(at_rest(sim.player()));
    const auto now = sim.snapshot();
    const std::vector<InputFrame> walk(12, InputFrame{kInputRight});
    const AtTarget never = [](const PlayerView&) { return false; };
    const AtTarget always = [](const PlayerView&) { return true; };
    for (const bool memo : {true, false}) {
        CAPTURE(memo);
        BotSettings settings = capped();
        settings.memoise_lookahead = memo;
        MoveTimer timer(g.level, graph, 2, settings);
        CHECK_FALSE(timer.time_move(*now, walk, never, 0, 30).has_value());
        CHECK(timer.time_move(*now, walk, always, 0, 30).has_value());
    }
}

// Candidate moves that begin with the same frames step them once (MoveRollouts with a
// cache): a move goes on from the state a move run before reached after their shared
// frames, or takes that move's rollout when their frames end alike. Each rollout must be
// what simulating the move whole from the start gives: the same frames (so the same early
// ends: a grabbed ledge, a walk blocked by a wall), outcome, resting node and landing.
// The last bits of a position may differ (a snapshot leaves out Box2D's contact caches,
// docs/performance.md), so positions are compared to a micrometre.
TEST_CASE("moves that begin alike share their first frames and roll out as each move run whole") {
    GenParams p;
    p.seed = 22;
    const GeneratedLevel g = generate_level(p);
    REQUIRE(g.ok);
    const PathPlanner planner(g.level);
    const PlayResult play = play_level(g.level, expert_skill(), 22, capped());
    REQUIRE(play.end == PlayEnd::Exit);
    SimConfig geo;
    geo.traps_enabled = false;
    Simulation real(g.level), shared_sim(g.level, geo), whole_sim(g.level, geo);
    RolloutCache cache;
    int starts = 0, hanging_starts = 0;
    std::size_t compared = 0;
    RestKey last{-1, -1, -1, 0};
    for (std::size_t t = 0; t < play.inputs.size() && starts < 12; ++t) {
        real.step(play.inputs[t]);
        if (!at_rest(real.player()) || key_of(real.player()) == last) continue;  // each resting place once
        last = key_of(real.player());
        ++starts;
        hanging_starts += hanging(real.player());
        const auto from = real.snapshot();
        const PlayerView v = real.player();
        const double dx = cell_centre_x(g.level.exit) - v.x;
        const int dy = g.level.exit.y - feet_row(v);
        const auto moves = frames_of(candidate_macros(v, dx, dy));
        for (const Landing landing : {Landing::Ignore, Landing::Record}) {
            MoveRollouts shared(planner.graph(), shared_sim, *from, moves, landing, &cache);
            MoveRollouts whole(planner.graph(), whole_sim, *from, moves, landing, nullptr);
            for (std::size_t k = 0; k < moves.size(); ++k) {
                const Rollout a = shared.run(k), b = whole.run(k);
                CAPTURE(t);
                CAPTURE(k);
                CHECK(a.frames == b.frames);
                CHECK(a.died == b.died);
                CHECK(a.exit == b.exit);
                CHECK(a.rest == b.rest);
                CHECK(a.node == b.node);
                CHECK(a.view.x == doctest::Approx(b.view.x).epsilon(1e-6));
                CHECK(a.view.y == doctest::Approx(b.view.y).epsilon(1e-6));
                CHECK((a.landing != nullptr) == (b.landing != nullptr));
                CHECK(a.landing_frames == b.landing_frames);
                CHECK(a.landing_node == b.landing_node);
                ++compared;
            }
        }
    }
    CHECK(starts >= 8);
    CHECK(hanging_starts >= 1);
    CHECK(compared > 1000);
}

namespace {

/// The player's state right after each of its first `n` respawns, walking right into the
/// saw of a corridor, and the corridor.
std::pair<Level, std::vector<std::shared_ptr<const SimSnapshot>>> respawn_states(int n) {
    const Level level = parse_level_text(
        "sawtooth-level 1\ngrid 20 5\n####################\n#..................#\n"
        "#..................#\n#S.......sss......E#\n####################\ntrap saw 9 1 90 0\n");
    Simulation sim(level);
    std::vector<std::shared_ptr<const SimSnapshot>> out;
    for (int i = 0; i < 2000 && static_cast<int>(out.size()) < n; ++i) {
        sim.step(InputFrame{kInputRight});
        for (const SimEvent& e : sim.events())
            if (e.type == SimEventType::Respawn) out.push_back(sim.snapshot());
    }
    return {level, out};
}

}  // namespace

// A respawned player plans again from the spot it respawned on, bit for bit the same but
// for the clock (tick, deaths). With the traps off nothing reads the clock, so the cache
// answers such a rollout from the first respawn's, its states retimed: exactly the
// rollout simulated from the later start.
TEST_CASE("a traps-off rollout from the same state at a later tick comes from the cache, retimed") {
    const auto [level, starts] = respawn_states(2);
    REQUIRE(starts.size() == 2);
    const SimSnapshot& first = *starts[0];
    const SimSnapshot& later = *starts[1];
    CHECK_FALSE(same_snapshot(first, later));
    CHECK(same_snapshot(first, later, SnapshotFields::AllButClock));
    CHECK(snapshot_hash(first, SnapshotFields::AllButClock) ==
          snapshot_hash(later, SnapshotFields::AllButClock));

    SimConfig geo;
    geo.traps_enabled = false;
    const PathPlanner planner(level);
    const std::vector<std::vector<InputFrame>> moves = {std::vector<InputFrame>(40, InputFrame{kInputLeft}),
                                                        std::vector<InputFrame>(25, InputFrame{kInputRight})};
    RolloutCache cache;
    Simulation cached_sim(level, geo), probe(level, geo), fresh_sim(level, geo);
    MoveRollouts at_first(planner.graph(), cached_sim, first, moves, Landing::Record, &cache);
    MoveRollouts at_later(planner.graph(), probe, later, moves, Landing::Record, &cache);
    MoveRollouts simulated(planner.graph(), fresh_sim, later, moves, Landing::Record, nullptr);
    for (std::size_t k = 0; k < moves.size(); ++k) {
        CAPTURE(k);
        at_first.run(k);
        const Rollout hit = at_later.run(k);
        const Rollout sim = simulated.run(k);
        CHECK(probe.tick() == 0);  // answered from the cache: the probe never stepped
        CHECK(hit.frames == sim.frames);
        CHECK(hit.node == sim.node);
        CHECK(hit.rest == sim.rest);
        REQUIRE(hit.end);
        REQUIRE(sim.end);
        CHECK(snapshot_hash(*hit.end) == snapshot_hash(*sim.end));  // the clock included
        CHECK((hit.landing != nullptr) == (sim.landing != nullptr));
        if (hit.landing && sim.landing) CHECK(snapshot_hash(*hit.landing) == snapshot_hash(*sim.landing));
    }
    // With the traps on the tick places the traps: a later start is another start.
    Simulation live(level), live_probe(level);
    RolloutCache live_cache;
    MoveRollouts live_first(planner.graph(), live, first, moves, Landing::Ignore, &live_cache);
    MoveRollouts live_later(planner.graph(), live_probe, later, moves, Landing::Ignore, &live_cache);
    live_first.run(1);
    live_later.run(1);
    CHECK(live_probe.tick() > 0);
}

// A respawned player times the same move toward the same place again, from the spot it
// respawned on, at a later tick, waiting through the same states. Only the traps depend on
// the tick, and they only kill, so the runs the timer simulated for that move and place
// answer the later scan's starts (the traps replayed along them): the scan simulates fewer
// runs and picks the wait a timer that simulates every start picks.
TEST_CASE(
    "a timing scan of the same move and place after a respawn replays the runs kept from the last scan") {
    const auto [level, starts] = respawn_states(2);
    REQUIRE(starts.size() == 2);
    const LevelGraph graph = build_level_graph(level);
    const std::vector<InputFrame> walk(12, InputFrame{kInputRight});
    Simulation probe(level);  // where the walk ends: the place to time it toward
    probe.restore(*starts[0]);
    for (const InputFrame f : walk) probe.step(f);
    const int target = node_of(graph, probe.player());
    REQUIRE(target >= 0);
    const BotSettings on = capped();  // a MoveTimer keeps a reference to its settings
    BotSettings off = capped();
    off.memoise_lookahead = false;
    MoveTimer kept(level, graph, 2, on), fresh(level, graph, 2, on), every(level, graph, 2, off);
    const std::optional<int> at_first = kept.time_move(*starts[0], walk, target, 0);
    REQUIRE(at_first.has_value());
    const std::size_t runs_before = kept.simulated_runs();
    const std::optional<int> again = kept.time_move(*starts[1], walk, target, 0);
    const std::optional<int> alone = fresh.time_move(*starts[1], walk, target, 0);
    CHECK(again == every.time_move(*starts[1], walk, target, 0));
    CHECK(again == alone);
    CHECK(kept.simulated_runs() - runs_before < fresh.simulated_runs());
}

namespace {

/// `sim` stepped with no buttons until a step leaves the body as it was (the expert's
/// stance: SkillProfile::stance_before_timing); false if it does not within 200 ticks.
bool wait_until_still(Simulation& sim) {
    std::shared_ptr<const SimSnapshot> before = sim.snapshot();
    for (int i = 0; i < 200; ++i) {
        sim.step(InputFrame{});
        std::shared_ptr<const SimSnapshot> after = sim.snapshot();
        if (same_motion(*before, *after, InputFrame{kInputRight})) return true;
        before = std::move(after);
    }
    return false;
}

}  // namespace

// Why the expert takes a stance before timing a move: from a body that stands still every
// start of a steering move is the same motion, so the timing scan simulates the first
// start only and replays the traps along it for the others; right after a landing the body
// still slides and settles, and each start is simulated. The start found is the one of a
// scan that simulates every start.
TEST_CASE("a timing scan from a still body simulates one run, from a landing one per start") {
    const Level level = parse_level_text(
        "sawtooth-level 1\ngrid 20 5\n####################\n#..................#\n"
        "#..................#\n#S................E#\n####################\n");
    Simulation sim(level);
    for (int i = 0; i < 20; ++i) sim.step(InputFrame{static_cast<std::uint8_t>(kInputRight | kInputUp)});
    while (sim.player().mode != PlayerMode::Ground) sim.step(InputFrame{});
    const std::shared_ptr<const SimSnapshot> landed = sim.snapshot();
    REQUIRE(wait_until_still(sim));
    const std::shared_ptr<const SimSnapshot> still = sim.snapshot();
    CHECK_FALSE(same_motion(*landed, *still, InputFrame{kInputRight}));

    const LevelGraph graph = build_level_graph(level);
    const std::vector<InputFrame> walk(12, InputFrame{kInputRight});
    const AtTarget on_ground = [](const PlayerView& v) { return v.mode == PlayerMode::Ground; };
    const BotSettings on = capped();  // a MoveTimer keeps a reference to its settings
    BotSettings off = capped();
    off.memoise_lookahead = false;
    for (const auto& from : {still, landed}) {
        MoveTimer timer(level, graph, 2, on), every(level, graph, 2, off);
        const std::optional<int> w = timer.time_move(*from, walk, on_ground, 0);
        REQUIRE(w.has_value());
        CHECK(w == every.time_move(*from, walk, on_ground, 0));
        CHECK(every.simulated_runs() == 5);  // 2 * margin + 1 starts that work, in a row
        if (from == still)
            CHECK(timer.simulated_runs() == 1);
        else
            CHECK(timer.simulated_runs() > 1);
    }
}

// The traps-on chain search tries the same moves from a player waiting still at several
// ticks. Traps never push, they only kill: from a start of the same motion
// (SnapshotFields::Motion) a move goes where the stored rollout went until a trap kills,
// so the cache replays the traps along its path instead of simulating it. Walking into a
// saw from a spot where the player waits: the replayed rollouts are the ones simulated
// from each later start, dead or alive, with their landing and end states bit for bit.
TEST_CASE(
    "a traps-on rollout from a later start of the same motion is the stored path with its traps replayed") {
    const Level level = parse_level_text(
        "sawtooth-level 1\ngrid 20 5\n####################\n#..................#\n"
        "#..................#\n#S.......sss......E#\n####################\ntrap saw 9 1 90 0\n");
    Simulation waiting(level);
    REQUIRE(wait_until_still(waiting));
    REQUIRE(wait_until_still(waiting));  // still with the velocity too: every move, not only steering
    const std::shared_ptr<const SimSnapshot> first = waiting.snapshot();
    const PathPlanner planner(level);
    // Walks into the saw (its track: cells 9-11), a longer one sharing their first frames,
    // and a jump that lands before it.
    std::vector<InputFrame> jump(10, InputFrame{static_cast<std::uint8_t>(kInputRight | kInputUp)});
    jump.insert(jump.end(), 100, InputFrame{kInputRight});
    const std::vector<std::vector<InputFrame>> moves = {std::vector<InputFrame>(110, InputFrame{kInputRight}),
                                                        std::vector<InputFrame>(130, InputFrame{kInputRight}),
                                                        jump};
    RolloutCache cache;
    Simulation stored_sim(level);
    MoveRollouts stored(planner.graph(), stored_sim, *first, moves, Landing::Record, &cache);
    for (std::size_t k = 0; k < moves.size(); ++k) stored.run(k);
    REQUIRE(cache.replayed_motions() == 0);
    int died = 0, alive = 0;
    for (int wait = 1; wait <= 90; ++wait) {
        waiting.step(InputFrame{});
        const std::shared_ptr<const SimSnapshot> later = waiting.snapshot();
        REQUIRE(same_snapshot(*first, *later, SnapshotFields::Motion));
        Simulation probe(level), fresh_sim(level);
        MoveRollouts replayed(planner.graph(), probe, *later, moves, Landing::Record, &cache);
        MoveRollouts simulated(planner.graph(), fresh_sim, *later, moves, Landing::Record, nullptr);
        for (std::size_t k = 0; k < moves.size(); ++k) {
            CAPTURE(wait);
            CAPTURE(k);
            const Rollout a = replayed.run(k);
            const Rollout b = simulated.run(k);
            CHECK(a.died == b.died);
            CHECK(a.exit == b.exit);
            CHECK(a.node == b.node);
            CHECK(a.frames == b.frames);
            REQUIRE((a.end != nullptr) == (b.end != nullptr));
            if (a.end) CHECK(same_snapshot(*a.end, *b.end));
            REQUIRE((a.landing != nullptr) == (b.landing != nullptr));
            if (a.landing) CHECK(same_snapshot(*a.landing, *b.landing));
            CHECK(a.landing_frames == b.landing_frames);
            (b.died ? died : alive) += 1;
        }
    }
    CHECK(died > 10);  // the saw's cycle is 90 ticks: some starts meet it, others pass
    CHECK(alive > 10);
    // Simulated only where every stored path of the motion died before this start would.
    CHECK(cache.replayed_motions() > 200);
    MESSAGE("traps-on rollouts replayed: " << cache.replayed_motions() << " of 270");
}
