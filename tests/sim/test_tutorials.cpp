// The study session's two hand-made tutorial levels: they load, tutorial 2 holds one trap
// of each kind, both are connected start-to-exit in the level graph, and a simple scripted
// player (hold right, hop periodically) reaches the exit of each in the real simulation.
#include <doctest/doctest.h>

#include "../support/read_file.hpp"
#include "game/sim/simulation.hpp"
#include "gen/level.hpp"
#include "gen/level_graph.hpp"

#include <string>

namespace {

sawtooth::Level load(const std::string& name) {
    sawtooth::Level l = sawtooth::parse_level_text(
        sawtooth::test::read_file(std::string(SAWTOOTH_SOURCE_DIR) + "/assets/levels/" + name));
    REQUIRE(sawtooth::level_problem(l).empty());
    return l;
}

// Right held; up held for the first half of every `period` ticks: hops steps, grabs ledges
// at the top of a jump and climbs them with the next press.
bool hop_right_reaches_exit(const sawtooth::Level& level, int period, int& deaths) {
    sawtooth::Simulation sim(level);
    for (int t = 0; t < 60 * 60 && !sim.reached_exit(); ++t) {
        sawtooth::InputFrame f{sawtooth::kInputRight};
        if (t % period < period / 2) f.bits |= sawtooth::kInputUp;
        sim.step(f);
    }
    deaths = sim.deaths();
    return sim.reached_exit();
}

}  // namespace

TEST_CASE("tutorial levels load, carry hints and are connected start to exit") {
    for (const char* name : {"tutorial1.txt", "tutorial2.txt"}) {
        CAPTURE(name);
        const sawtooth::Level l = load(name);
        int hints = 0;
        for (const auto& [k, v] : l.meta) hints += k.rfind("hint", 0) == 0;
        CHECK(hints >= 4);
        const sawtooth::LevelGraph g = sawtooth::build_level_graph(l);
        const int s = g.stand(l.start), e = g.stand(l.exit);
        REQUIRE(s >= 0);
        REQUIRE(e >= 0);
        CHECK(sawtooth::connected(g, s, e));
    }
}

TEST_CASE("tutorial 2 has exactly one trap of each kind") {
    const sawtooth::Level l = load("tutorial2.txt");
    int count[4] = {};
    for (const auto& t : l.traps) ++count[static_cast<int>(t.type)];
    for (int c : count) CHECK(c == 1);
}

TEST_CASE("a scripted player finishes both tutorials") {
    int deaths = 0;
    CHECK(hop_right_reaches_exit(load("tutorial1.txt"), 60, deaths));
    CHECK(deaths == 0);
    CHECK(hop_right_reaches_exit(load("tutorial2.txt"), 40, deaths));
    // With another rhythm the same script runs into traps, dies and respawns, and still
    // finishes: deaths are not dead ends.
    CHECK(hop_right_reaches_exit(load("tutorial2.txt"), 30, deaths));
    CHECK(deaths > 0);
}
