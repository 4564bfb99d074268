// `sawtooth-lab verify-levels` over a seed range (docs/bots.md "Playability proof",
// game/flows/level_verification.hpp): the expert proves every generated level both ways and
// the JSON's counts add up; with a tick limit too short to finish, every level is listed
// once with its seed and why it failed, each failing level's text is dumped and reads back
// as a level; the figures do not depend on the thread count; a bad range or index is one
// line and exit 1.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "gen/level.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_verify_levels_cli {

using namespace sawtooth;

namespace {

const test::ScratchFiles file("sawtooth_test_verify_levels_cli");

nlohmann::json run_json(const std::string& words) {
    const test::ProcessResult r = test::lab(words + " --json");
    INFO(words << "\n" << r.err);
    REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out);
}

/// The figures that do not depend on timing or threads.
nlohmann::json figures(nlohmann::json j) {
    for (const char* key : {"seconds", "levels_per_second", "threads"}) j.erase(key);
    return j;
}

}  // namespace

TEST_CASE("verify-levels proves a seed range both ways") {
    const nlohmann::json j = run_json("verify-levels --seeds 1..4 --threads 2");
    CHECK(j["levels"] == 4);
    CHECK(j["proven_both_ways"] == 4);
    CHECK(j["proven_start_to_exit"] == 4);
    CHECK(j["proven_exit_to_start"] == 4);
    CHECK(j["failures"].empty());
    CHECK(j["failed_seeds"].empty());
    CHECK(j["median_ticks"].get<double>() > 0.0);
    CHECK(j["median_ticks_exit_to_start"].get<double>() > 0.0);
    CHECK(figures(run_json("verify-levels --seeds 1..4 --threads 1")) == figures(j));
}

TEST_CASE("verify-levels lists and dumps the levels it cannot finish") {
    const std::filesystem::path dump = file("dump");
    std::filesystem::create_directories(dump);
    const nlohmann::json j = run_json(
        "verify-levels --seeds 2..4 --layout linear --level-index 3 --max-ticks 60 --threads 2 --dump " +
        dump.string());
    CHECK(j["levels"] == 3);
    CHECK(j["proven_both_ways"] == 0);
    CHECK(j["failed_seeds"] == nlohmann::json::array({2, 3, 4}));
    REQUIRE(j["failures"].size() == 3);
    for (std::uint64_t seed = 2; seed <= 4; ++seed) {
        const nlohmann::json& f = j["failures"][seed - 2];
        CHECK(f["seed"] == seed);
        CHECK(f["level_index"] == 3);
        CHECK(f["note"].get<std::string>().find("start->exit out_of_time") == 0);
        const std::string text =
            test::read_file((dump / ("fail_linear_" + std::to_string(seed) + "_3.txt")).string());
        CHECK(parse_level_text(text).width > 0);
    }
}

TEST_CASE("verify-levels refuses a bad range, layout or level index in one line") {
    for (const char* words : {"verify-levels --seeds 5..1", "verify-levels --seeds x",
                              "verify-levels --level-index 11", "verify-levels --layout round"}) {
        const test::ProcessResult r = test::lab(words);
        INFO(words << "\n" << r.err);
        CHECK(r.exit_code == 1);
        CHECK(r.out.empty());
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
}

}  // namespace test_verify_levels_cli
