// `sawtooth-lab adaptive-sim` (docs/difficulty.md §12) through the real binary, small sizes: the
// levels chosen for GOOD players are harder (higher predicted difficulty at theta 0) than
// those chosen for BAD players and GOOD's final skill offset is above BAD's; the run is the
// same on one thread and on two; the player bootstrap's intervals hold their figures (and
// are left out with --bootstrap 0); bad input gives one line, a non-zero exit and no output.
#include "../support/lab_cli.hpp"
#include "telemetry/analysis/challenge_model.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_adaptive_sim_cli {

using namespace sawtooth;

namespace {

const test::ScratchFiles file("sawtooth_adaptive_sim_cli");

std::string model_file() {
    static const std::string path = [] {
        const std::string p = file("model.json");
        analysis::save_model(analysis::thesis_reference_model(), p);
        return p;
    }();
    return path;
}

/// The small run, with `extra` options (each option given once).
std::string run_words(const std::string& extra, const std::string& levels = "4",
                      const std::string& seeds = "1..40") {
    return "adaptive-sim --model " + model_file() + " --players 2 --levels " + levels + " --seeds " + seeds +
           " --json " + extra;
}

int lines(const std::string& text) {
    return static_cast<int>(std::count(text.begin(), text.end(), '\n')) +
           (!text.empty() && text.back() != '\n' ? 1 : 0);
}

}  // namespace

TEST_CASE("adaptive-sim chooses harder levels for GOOD than for BAD, the same on any thread count") {
    // --gain 0: the skill estimate alone chooses (four levels are too few for the outcome
    // feedback's correction to be anything but noise here; telemetry.test_adaptive tests it).
    const test::ProcessResult one = test::lab(run_words("--gain 0 --threads 1"));
    INFO(one.err);
    REQUIRE(one.exit_code == 0);
    const nlohmann::json j = nlohmann::json::parse(one.out);
    CHECK(j["candidates"].get<int>() > 30);
    const nlohmann::json& good = j["groups"]["GOOD"];
    const nlohmann::json& bad = j["groups"]["BAD"];
    CHECK(good["difficulty"].get<double>() > bad["difficulty"].get<double>());
    CHECK(good["final_theta"].get<double>() > bad["final_theta"].get<double>());
    CHECK(good["blocks"].size() == 1);
    CHECK(good["blocks"][0]["plays"].get<int>() == 8);
    // The player bootstrap (default 1000 replicates): each interval holds its figure.
    for (const nlohmann::json* g : {&good, &bad}) {
        const auto holds = [](const nlohmann::json& v, const char* figure, const char* interval) {
            CHECK(v[interval]["lo"].get<double>() <= v[figure].get<double>());
            CHECK(v[figure].get<double>() <= v[interval]["hi"].get<double>());
        };
        holds(*g, "success", "success_interval");
        holds(*g, "final_theta", "final_theta_interval");
        holds((*g)["blocks"][0], "success", "success_interval");
    }
    const test::ProcessResult two = test::lab(run_words("--gain 0 --threads 2"));
    REQUIRE(two.exit_code == 0);
    CHECK(two.out == one.out);
    const test::ProcessResult none = test::lab(run_words("--gain 0 --bootstrap 0"));
    REQUIRE(none.exit_code == 0);
    CHECK(!nlohmann::json::parse(none.out)["groups"]["GOOD"].contains("success_interval"));
}

TEST_CASE("adaptive-sim refuses bad input with one line and prints nothing") {
    struct Case {
        std::string args, expect;
    };
    const Case cases[] = {
        {run_words("--target 1.5"), "target must be inside (0, 1)"},
        {run_words("--target 0"), "target must be inside (0, 1)"},
        {run_words("--gain 2"), "outcome gain must be inside [0, 1]"},
        {run_words("--room-size 9x6,3x3"), "level shape"},
        {run_words("", "0"), "--levels must be at least 1"},
        {run_words("", "4", "9..3"), "--seeds"},
        {"adaptive-sim --model " + file("missing.json") + " --players 1 --levels 2", "missing.json"},
    };
    for (const Case& c : cases) {
        const test::ProcessResult r = test::lab(c.args);
        INFO(c.args);
        INFO(r.err);
        CHECK(r.exit_code != 0);
        CHECK(lines(r.err) == 1);
        CHECK(r.err.find(c.expect) != std::string::npos);
        CHECK(r.out.empty());
    }
}

}  // namespace test_adaptive_sim_cli
