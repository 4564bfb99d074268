// Golden determinism: a fixed script on a fixed level ends in a stored state hash, and two
// runs in one process agree bit for bit (ARCHITECTURE "The simulation is a pure function").
// After an intended physics change, rewrite the stored hash with
//   cmake --build build --target update-golden
// (tests/support/golden.hpp: a test run with SAWTOOTH_UPDATE_GOLDEN set fails).
#include "../support/golden.hpp"
#include "../support/read_file.hpp"
#include "game/sim/determinism.hpp"
#include "game/sim/input_script.hpp"
#include "game/sim/simulation.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <string>

using namespace sawtooth;

using test::read_file;

namespace {
const std::string kRoot = SAWTOOTH_SOURCE_DIR;
}  // namespace

TEST_CASE("golden state hash of the scripted walk on the test level") {
    const Level level = parse_level_text(read_file(kRoot + "/assets/levels/test.txt"));
    const auto inputs = parse_input_script(read_file(kRoot + "/tests/data/golden_walk.script"));
    const ScenarioResult a = run_scenario(level, inputs);
    const ScenarioResult b = run_scenario(level, inputs);
    char actual[32];
    std::snprintf(actual, sizeof actual, "%016llx", static_cast<unsigned long long>(a.final_hash));
    MESSAGE("final hash " << actual << " after " << a.ticks << " ticks at (" << a.final_x << ", " << a.final_y
                          << ")");
    CHECK(a.final_hash == b.final_hash);
    CHECK(a.periodic_hashes == b.periodic_hashes);
    CHECK(a.ticks == inputs.size());

    const std::string golden_path = kRoot + "/tests/data/golden_sim_hash.txt";
    test::rewrite_golden_if_requested(golden_path, std::string(actual) + "\n");
    std::string golden = read_file(golden_path);
    while (!golden.empty() && (golden.back() == '\n' || golden.back() == '\r')) golden.pop_back();
    CHECK_MESSAGE(golden == std::string(actual),
                  "golden " << golden << " != actual " << actual << " (movement changed? see file header)");
}

TEST_CASE("the scenario is sensitive to a single input bit") {
    const Level level = parse_level_text(read_file(kRoot + "/assets/levels/test.txt"));
    auto inputs = parse_input_script(read_file(kRoot + "/tests/data/golden_walk.script"));
    const ScenarioResult base = run_scenario(level, inputs);
    for (int i = 20; i < 44; ++i) inputs[static_cast<std::size_t>(i)].bits ^= kInputUp;  // one full jump
    const ScenarioResult changed = run_scenario(level, inputs);
    CHECK(base.periodic_hashes != changed.periodic_hashes);
}

TEST_CASE("level geometry is a few chain fixtures, not one body per cell") {
    const Level level = make_benchmark_level(400);
    Simulation sim(level);
    int solid = 0;
    for (Cell c : level.cells) solid += c == Cell::Solid;
    CHECK(solid > 1000);
    MESSAGE(solid << " solid cells -> " << sim.static_fixture_count() << " chain fixtures");
    CHECK(sim.static_fixture_count() > 0);
    CHECK(sim.static_fixture_count() * 20 < solid);
    // Determinism of the benchmark level itself.
    CHECK(level_hash(make_benchmark_level(400)) == level_hash(level));
}
