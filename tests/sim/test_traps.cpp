// Traps kill by the simulation's geometry at the tick (SPEC P2): each trap has a scripted
// run that dies in its active phase and survives when timed into its safe window.
#include "game/sim/simulation.hpp"
#include "game/sim/traps.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

using namespace sawtooth;

namespace {

Level make_level(const std::vector<std::string>& rows, const std::vector<std::string>& trap_lines) {
    std::string text =
        "sawtooth-level 1\ngrid " + std::to_string(rows[0].size()) + " " + std::to_string(rows.size()) + "\n";
    for (const auto& r : rows) text += r + "\n";
    for (const auto& t : trap_lines) text += t + "\n";
    return parse_level_text(text);
}

const InputFrame kIdle{};
const InputFrame kWalkRight{kInputRight};
const InputFrame kJumpRight{static_cast<std::uint8_t>(kInputRight | kInputUp)};

struct RunResult {
    bool died = false;
    std::uint64_t death_tick = 0;
    int trap = -1;
};

// Waits `delay` ticks, then plays `script`; reports the first death.
RunResult run(const Level& level, int delay, const std::vector<InputFrame>& script) {
    Simulation sim(level);
    RunResult r;
    auto watch = [&] {
        for (const SimEvent& e : sim.events())
            if (e.type == SimEventType::Death && !r.died) {
                r.died = true;
                r.death_tick = e.tick;
                r.trap = e.a;
            }
    };
    for (int i = 0; i < delay; ++i) {
        sim.step(kIdle);
        watch();
    }
    for (const InputFrame& f : script) {
        sim.step(f);
        watch();
        if (r.died) break;
    }
    return r;
}

std::vector<InputFrame> repeat(InputFrame f, int n) {
    return std::vector<InputFrame>(static_cast<std::size_t>(n), f);
}

std::vector<InputFrame> concat(std::vector<InputFrame> a, const std::vector<InputFrame>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

}  // namespace

TEST_CASE("saw: jumping over it works only in its safe window") {
    // Saw on cells 8..10 of a flat floor, 90-tick cycle.
    const Level level = make_level({"####################", "#..................#", "#..................#",
                                    "#..................#", "#S.......sss......E#", "####################"},
                                   {"trap saw 9 1 90 0"});
    // Walk into it without jumping: always dies, whatever the phase.
    for (int d = 0; d < 90; d += 15) {
        const RunResult r = run(level, d, repeat(kWalkRight, 120));
        CHECK(r.died);
        CHECK(r.trap == 0);
    }
    // The same running jump from cell 5, started at each phase of the cycle.
    const auto jump = concat(concat(repeat(kWalkRight, 12), repeat(kJumpRight, 30)), repeat(kWalkRight, 60));
    int deaths = 0, survivals = 0;
    for (int d = 0; d < 90; ++d) (run(level, d, jump).died ? deaths : survivals)++;
    MESSAGE("running jump over the saw: " << survivals << " of 90 phases survive");
    CHECK(deaths > 0);
    CHECK(survivals > 0);
}

TEST_CASE("wall spikes: deadly only while out, and they hit a hanging player") {
    // Spike cell (4,1) against the left wall (3,1); the player runs into the wall there.
    const Level standing =
        make_level({"##########", "#........#", "#........#", "#..#.....#", "#..#k..ES#", "##########"},
                   {"trap spike 4 1 1 240 0"});
    // Spikes are hidden for the first half of each 240-tick cycle, out for the second.
    // The run reaches the spike cell after ~42 ticks and stays against the wall to tick 70.
    const auto to_wall = concat(repeat(InputFrame{kInputLeft}, 60), repeat(kIdle, 10));
    int died_early = 0, died_late = 0;
    for (int d = 0; d < 10; ++d) {
        died_early += run(standing, d * 5, to_wall).died;      // there during ticks 42..115: hidden
        died_late += run(standing, 80 + d * 5, to_wall).died;  // arrives at 122+: spikes out
    }
    CHECK(died_early == 0);  // arrives and leaves inside the hidden half
    CHECK(died_late == 10);

    // A ledge at the top of wall cell (5,2); the hang position lies in spike cell (4,2).
    const Level hanging = make_level(
        {"##########", "#........#", "#........#", "#........#", "#...k#...#", "#S...#..E#", "##########"},
        {"trap spike 4 2 -1 200 0"});  // hidden until tick 100: time to grab first
    Simulation sim(hanging);
    for (int i = 0; i < 20; ++i) sim.step(kIdle);
    bool hung = false, died = false;
    PlayerMode mode_at_death = PlayerMode::Air;
    for (int i = 0; i < 300 && !died; ++i) {
        const PlayerMode before = sim.player().mode;
        // Walk to the wall, jump and grab, then hold still on the ledge.
        InputFrame f = kWalkRight;
        if (sim.player().x > 7.0 && !hung) f = kJumpRight;
        if (hung) f = kIdle;
        sim.step(f);
        hung = hung || sim.player().mode == PlayerMode::HangRight;
        for (const SimEvent& e : sim.events())
            if (e.type == SimEventType::Death) {
                died = true;
                mode_at_death = before;
            }
    }
    CHECK(hung);
    CHECK(died);  // the spikes came out of the wall into the hanging player
    CHECK(mode_at_death == PlayerMode::HangRight);
}

TEST_CASE("squeeze: walking through dies while it closes, survives while open") {
    const Level level =
        make_level({"############", "#####.######", "#....q.....#", "#S...q....E#", "############"},
                   {"trap squeeze 5 1 120 0"});
    const auto walk = repeat(kWalkRight, 90);
    int deaths = 0, survivals = 0;
    for (int d = 0; d < 120; ++d) (run(level, d, walk).died ? deaths : survivals)++;
    MESSAGE("walking through the squeeze: " << survivals << " of 120 phases survive");
    CHECK(deaths > 0);
    CHECK(survivals > 0);
}

TEST_CASE("squeeze: electrified frames widen the kill window beyond the blocks") {
    Trap t;
    t.type = TrapType::Squeeze;
    t.cell = {5, 1};
    t.cycle_ticks = 120;
    // A player standing just beside the column: not inside the blocks' footprint.
    const Box beside{12.1, 2.0, 12.76, 3.5};  // 0.1 m right of the column: inside the spark margin
    const Box clear{12.6, 2.0, 13.26, 3.5};   // 0.6 m away
    const TrapState closing = periodic_trap_state(t, 60 - 2);   // two ticks before contact
    const TrapState electric = periodic_trap_state(t, 60 + 2);  // two ticks after contact
    REQUIRE(!closing.electrified);
    REQUIRE(electric.electrified);
    CHECK(!trap_hits(t, closing, beside));
    CHECK(trap_hits(t, electric, beside));
    CHECK(!trap_hits(t, electric, clear));
    // Inside the column the shut blocks kill in both phases.
    const Box inside{10.5, 2.0, 11.16, 3.5};
    CHECK(trap_hits(t, closing, inside));
    CHECK(trap_hits(t, electric, inside));
}

namespace {

// Squeeze column (5,1) of the level below: x in [10, 12] m. A player walks up to it,
// stops beside it, waits, then walks through. The trap's cycle starts at `phase`.
Level squeeze_walk_level(int phase) {
    return make_level({"############", "#####.######", "#....q.....#", "#S...q....E#", "############"},
                      {"trap squeeze 5 1 120 " + std::to_string(phase)});
}

// Player box as the simulation builds it: the body's full width and height around its centre.
Box player_box(const PlayerView& p) {
    return {p.x - kPlayerWidth / 2, p.y - kPlayerHeight / 2, p.x + kPlayerWidth / 2, p.y + kPlayerHeight / 2};
}

struct SqueezeWalk {
    bool died = false;  // traps-on run: the Simulation killed the player
    std::uint64_t death_tick = 0;
    bool electrified_at_death = false;
    double stop_x = 0.0;  // body centre where the player stood waiting
    double box_right_at_death = 0.0;
    // Traps-off run (same inputs, same trajectory: traps never push the player), with the
    // trap's real state at each tick checked against the player's box:
    std::uint64_t first_hit = 0;            // by trap_hits as the simulation calls it
    std::uint64_t first_hit_no_sparks = 0;  // the same state with the electric flag cleared
    double end_x = 0.0;
};

// Walk right until the body centre reaches `stop_at`, wait `wait` ticks, walk 40 ticks.
SqueezeWalk squeeze_walk(int phase, double stop_at, int wait) {
    const Level level = squeeze_walk_level(phase);
    SqueezeWalk out;
    for (const bool traps_on : {true, false}) {
        SimConfig cfg;
        cfg.traps_enabled = traps_on;
        Simulation sim(level, cfg);
        int waited = -1, walked = 0;
        for (int i = 0; i < 400 && walked < 40; ++i) {
            InputFrame f = kWalkRight;
            if (waited < 0 && sim.player().x >= stop_at) waited = 0;
            if (waited >= 0 && waited < wait) {
                f = kIdle;
                ++waited;
            } else if (waited >= wait) {
                ++walked;
            }
            sim.step(f);
            if (waited == wait && walked == 0) out.stop_x = sim.player().x;
            if (traps_on) {
                for (const SimEvent& e : sim.events())
                    if (e.type == SimEventType::Death && !out.died) {
                        out.died = true;
                        out.death_tick = e.tick;
                        out.electrified_at_death = sim.traps()[0].electrified;
                        out.box_right_at_death = sim.player().x + kPlayerWidth / 2 - kHitboxShrink;
                    }
                if (out.died) break;
            } else {
                const Trap& trap = sim.level().traps[0];
                TrapState state = sim.traps()[0];
                const Box box = player_box(sim.player());
                if (out.first_hit == 0 && trap_hits(trap, state, box)) out.first_hit = sim.tick();
                state.electrified = false;
                if (out.first_hit_no_sparks == 0 && trap_hits(trap, state, box))
                    out.first_hit_no_sparks = sim.tick();
                out.end_x = sim.player().x;
            }
        }
    }
    return out;
}

}  // namespace

TEST_CASE("squeeze in the simulation: the electrified frames kill a player waiting beside the column") {
    // Stop with the (shrunk) box's right edge inside the spark margin, left of the blocks.
    const double column_x0 = 5 * kCellSize;
    const double half = kPlayerWidth / 2 - kHitboxShrink;  // shrunk half width
    const double zone_lo = column_x0 - kSqueezeSparkMargin - half, zone_hi = column_x0 - half;
    const int wait = 30;
    int deadly_with = 0, deadly_without = 0, sparks_only = 0;
    for (int phase = 0; phase < 120; ++phase) {
        CAPTURE(phase);
        const SqueezeWalk w = squeeze_walk(phase, zone_lo + 0.02, wait);
        // The player waited inside the spark margin and outside the blocks' footprint.
        REQUIRE(w.stop_x > zone_lo);
        REQUIRE(w.stop_x < zone_hi);
        // The traps-off replay predicts exactly the Simulation's own death.
        CHECK(w.died == (w.first_hit != 0));
        if (w.died) CHECK(w.death_tick == w.first_hit);
        // Electricity only adds danger: no phase kills without sparks but not with them.
        if (w.first_hit_no_sparks != 0) CHECK(w.died);
        deadly_with += w.died;
        deadly_without += w.first_hit_no_sparks != 0;
        if (w.died && w.first_hit_no_sparks == 0) {
            // Killed by the sparks alone, standing beside the shut column...
            CHECK(w.electrified_at_death);
            CHECK(w.box_right_at_death <= column_x0);
            CHECK(w.box_right_at_death > column_x0 - kSqueezeSparkMargin);
            // ...while without them the same inputs walk through and out the far side.
            CHECK(w.end_x - half > column_x0 + kCellSize + kSqueezeSparkMargin);
            ++sparks_only;
        }
    }
    MESSAGE("squeeze walk, wait " << wait << " ticks beside it: " << deadly_with << " of 120 phases die, "
                                  << deadly_without << " without sparks");
    CHECK(sparks_only > 0);
    CHECK(deadly_with > deadly_without);
    CHECK(deadly_without > 0);  // the blocks themselves still kill a badly timed walk
}

TEST_CASE("mine: arms on entry, explodes only after its fuse, kills only within its radius") {
    const Level level = make_level({"##################", "#................#", "#................#",
                                    "#S..m...........E#", "##################"},
                                   {"trap mine 4 1"});
    // Run over it and keep going: out of the blast radius when it blows.
    {
        Simulation sim(level);
        std::uint64_t armed = 0, blast = 0;
        bool died = false;
        for (int i = 0; i < 120; ++i) {
            sim.step(kWalkRight);
            for (const SimEvent& e : sim.events()) {
                if (e.type == SimEventType::MineArmed) armed = e.tick;
                if (e.type == SimEventType::MineBlast) blast = e.tick;
                died = died || e.type == SimEventType::Death;
            }
        }
        REQUIRE(armed > 0);
        CHECK(blast - armed == static_cast<std::uint64_t>(kMineFuseTicks));
        CHECK(!died);
    }
    // Step on it and stop: still within the radius at the blast, dies at that very tick.
    {
        Simulation sim(level);
        std::uint64_t blast = 0, death = 0;
        bool on_mine = false;
        for (int i = 0; i < 200 && death == 0; ++i) {
            sim.step(on_mine ? kIdle : kWalkRight);
            on_mine = on_mine || sim.player().x > 8.6;
            for (const SimEvent& e : sim.events()) {
                if (e.type == SimEventType::MineBlast) blast = e.tick;
                if (e.type == SimEventType::Death) death = e.tick;
            }
        }
        CHECK(death > 0);
        CHECK(death == blast);
    }
}

TEST_CASE("mine: a player stopped just inside the blast radius dies, just outside survives") {
    // Mine in cell (4,1): centre at x = 9 m, kMineHeight above the floor at y = 2 m. The blast
    // measures from that centre to the nearest point of the player's box, shrunk by
    // kHitboxShrink; a player standing on the same floor has the centre's height inside the
    // box, so the distance is horizontal.
    const Level level = make_level({"##################", "#................#", "#................#",
                                    "#S..m...........E#", "##################"},
                                   {"trap mine 4 1"});
    const double mine_x = 4 * kCellSize + kCellSize / 2, mine_y = 1 * kCellSize + kMineHeight;
    const double half = kPlayerWidth / 2 - kHitboxShrink;
    struct Case {
        int side;       // +1 right of the mine, -1 left
        double margin;  // distance - radius the player is placed at
    };
    for (const Case c : {Case{+1, -0.2}, Case{+1, +0.2}, Case{-1, -0.2}, Case{-1, +0.2}}) {
        CAPTURE(c.side);
        CAPTURE(c.margin);
        const double distance = kMineBlastRadius + c.margin;
        Simulation sim(level);
        // Run onto the mine until it arms, then stop at the chosen distance and wait.
        bool armed = false;
        for (int i = 0; i < 200 && !armed; ++i) {
            sim.step(kWalkRight);
            for (const SimEvent& e : sim.events()) armed = armed || e.type == SimEventType::MineArmed;
        }
        REQUIRE(armed);
        const std::uint64_t armed_tick = sim.tick();
        sim.place_player(mine_x + c.side * (distance + half), stand_y(1));
        bool blast = false, died = false;
        for (int i = 0; i < kMineFuseTicks + 5 && !blast; ++i) {
            sim.step(kIdle);
            for (const SimEvent& e : sim.events()) {
                blast = blast || e.type == SimEventType::MineBlast;
                died = died || e.type == SimEventType::Death;
            }
        }
        REQUIRE(blast);
        CHECK(sim.tick() - armed_tick == static_cast<std::uint64_t>(kMineFuseTicks));
        // Where the player actually stood at the blast, measured like the simulation does.
        const PlayerView& p = sim.player();
        const double bx0 = p.x - half, bx1 = p.x + half;
        const double by0 = p.y - kPlayerHeight / 2 + kHitboxShrink,
                     by1 = p.y + kPlayerHeight / 2 - kHitboxShrink;
        const double dx = std::max({bx0 - mine_x, 0.0, mine_x - bx1});
        const double dy = std::max({by0 - mine_y, 0.0, mine_y - by1});
        const double measured = std::sqrt(dx * dx + dy * dy);
        CHECK(dy == 0.0);
        CHECK(measured == doctest::Approx(distance).epsilon(0.01));
        if (c.margin < 0)
            CHECK(died);
        else
            CHECK_FALSE(died);
    }
}

TEST_CASE("death respawns at the last safe landing and counts") {
    const Level level = make_level({"####################", "#..................#", "#..................#",
                                    "#S.......sss......E#", "####################"},
                                   {"trap saw 9 1 90 0"});
    Simulation sim(level);
    bool respawned = false;
    for (int i = 0; i < 200 && !respawned; ++i) {
        sim.step(kWalkRight);
        for (const SimEvent& e : sim.events()) respawned = respawned || e.type == SimEventType::Respawn;
    }
    REQUIRE(respawned);
    CHECK(sim.deaths() == 1);
    // Respawned standing on a safe cell left of the saw, outside every trap cell.
    CHECK(sim.player().x < 9 * kCellSize);
    CHECK(sim.safe_cell().x < 9);
}

TEST_CASE("a respawn never drops the player back into the trap that killed them") {
    // A one-cell pit (4,1) with spikes from its right wall, out from tick 120 to 239.
    // Standing on the pit's left edge puts the body centre in column 4 with the feet on
    // (3,1): that cell's centre is over the pit, so it must not become the respawn cell.
    const Level level = make_level({"##########", "#........#", "#S......E#", "####k#####", "##########"},
                                   {"trap spike 4 1 -1 240 0"});
    Simulation sim(level);
    sim.place_player(stand_x(3) + 1.1, stand_y(2));  // x 8.1 m: centre in column 4, feet on (3,1)
    for (int i = 0; i < 10; ++i) sim.step(kIdle);
    REQUIRE(sim.player().mode == PlayerMode::Ground);
    CHECK(sim.safe_cell() != CellPos{4, 2});

    while (sim.tick() < 125) sim.step(kIdle);
    for (int i = 0; i < 60 && sim.deaths() == 0; ++i) sim.step(kWalkRight);  // into the pit while out
    REQUIRE(sim.deaths() == 1);
    bool respawned = false;
    for (int i = 0; i < 120; ++i) {  // respawn, then stand still while the spikes are still out
        sim.step(kIdle);
        for (const SimEvent& e : sim.events()) respawned = respawned || e.type == SimEventType::Respawn;
    }
    CHECK(respawned);
    CHECK(sim.deaths() == 1);  // not killed again where it reappeared
    CHECK(sim.player().mode == PlayerMode::Ground);
}

// The simulation tests a trap's hit only where the player's box overlaps trap_reach
// a trap that could hit a box outside its reach would be missed there.
TEST_CASE("no trap hits a player box outside its reach, at any tick or mine state") {
    std::vector<Trap> traps;
    for (const TrapType type : {TrapType::Saw, TrapType::WallSpike, TrapType::Squeeze, TrapType::Mine})
        for (const int facing : {1, -1}) {
            Trap t;
            t.type = type;
            t.cell = {5, 3};
            t.facing = facing;
            t.cycle_ticks = 97;
            t.phase_ticks = 13;
            traps.push_back(t);
        }
    TrapState blast;  // a mine's only deadly state
    step_mine(blast, true);
    for (int i = 0; i < kMineFuseTicks; ++i) step_mine(blast, false);
    REQUIRE(blast.deadly);
    std::uint64_t rng = 12345;
    auto next = [&rng](double lo, double hi) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        return lo + (hi - lo) * static_cast<double>(rng >> 11) / static_cast<double>(1ull << 53);
    };
    int hits = 0, outside_hits = 0;
    for (const Trap& t : traps) {
        const Box reach = trap_reach(t);
        for (int k = 0; k < 20000; ++k) {
            const double x = next(0.0, 16.0), y = next(0.0, 12.0);
            const Box body{x - kPlayerWidth / 2, y - kPlayerHeight / 2, x + kPlayerWidth / 2,
                           y + kPlayerHeight / 2};
            const TrapState s =
                t.type == TrapType::Mine ? blast : periodic_trap_state(t, static_cast<std::uint64_t>(k));
            if (!trap_hits(t, s, body)) continue;
            ++hits;
            if (!overlaps(body, reach)) ++outside_hits;
        }
    }
    CHECK(hits > 1000);  // the sample reaches every trap's deadly parts
    CHECK(outside_hits == 0);
}

// Traps never push the player, so a motion recorded with traps off is the motion with them
// on until one kills; Simulation::first_killing_step replays only the traps along it (the
// bot's timing scan, docs/performance.md) and must find the very step stepping dies at.
TEST_CASE("the traps replayed along a known motion kill at the step stepping kills at") {
    const Level saw = make_level({"####################", "#..................#", "#..................#",
                                  "#..................#", "#S.......sss......E#", "####################"},
                                 {"trap saw 9 1 90 0"});
    const auto jump = concat(concat(repeat(kWalkRight, 12), repeat(kJumpRight, 30)), repeat(kWalkRight, 60));
    const Level mine = make_level({"##################", "#................#", "#................#",
                                   "#S..m...........E#", "##################"},
                                  {"trap mine 4 1"});
    int to_mine = 0;  // ticks of running that end standing on the mine
    for (Simulation s(mine); s.player().x <= 8.6 && to_mine < 200; ++to_mine) s.step(kWalkRight);
    const auto stop_on_mine = concat(repeat(kWalkRight, to_mine), repeat(kIdle, 80));
    struct Case {
        const Level& level;
        const std::vector<InputFrame>& script;
        bool some_survive;  ///< the saw's jump clears it in some phases; nothing outruns the stopped-on mine
    };
    for (const Case& c : {Case{saw, jump, true}, Case{mine, stop_on_mine, false}}) {
        const Level& level = c.level;
        const std::vector<InputFrame>& script = c.script;
        SimConfig off;
        off.traps_enabled = false;
        int deaths = 0, survivals = 0;
        for (int d = 0; d < 90; ++d) {
            Simulation sim(level), free(level, off);
            for (int i = 0; i < d; ++i) sim.step(kIdle), free.step(kIdle);
            const auto from = sim.snapshot();
            std::vector<PlayerView> motion;
            for (const InputFrame& f : script) free.step(f), motion.push_back(free.player());
            std::size_t died_at = script.size();
            for (std::size_t k = 0; k < script.size() && died_at == script.size(); ++k) {
                sim.step(script[k]);
                if (sim.player().mode == PlayerMode::Dead) died_at = k;
            }
            CAPTURE(d);
            CHECK(sim.first_killing_step(*from, motion) == died_at);
            (died_at < script.size() ? deaths : survivals)++;
        }
        CHECK(deaths > 0);
        CHECK((survivals > 0) == c.some_survive);
    }
}
