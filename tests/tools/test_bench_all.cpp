// `sawtooth-lab bench all --json --quick` (docs/performance.md): one JSON object holding every
// figure of the README's table, each a positive median over its runs, with the machine's
// core count, CPU model, load average, the frame figures' renderer, build id and date;
// tools/bench/bench_table.py turns it into the table. No time is asserted: the figures only have to be
// measured. Bad input: one line, exit 1.
#include "../support/run_process.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_bench_all {

using namespace sawtooth;
namespace fs = std::filesystem;

namespace {

const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";

// The README's table, one key per figure.
const char* const kFigures[] = {"room_quick_rate",
                                "maze_level_median_ms",
                                "maze_level_p99_ms",
                                "frame_headless_median_ms",
                                "frame_windowed_median_ms",
                                "verify_levels_seconds",
                                "study_seconds",
                                "replay_realtime_factor_per_core",
                                "words_enumerate_us"};

}  // namespace

TEST_CASE(
    "bench all --quick prints one JSON object with every figure measured, and the table script reads it") {
    test::ProcessSettings s;
    s.timeout_seconds = 900;
    const test::ProcessResult r = test::run_process(
        kLab, test::split_args("bench all --json --quick --runs 1 --heavy-runs 1 --threads 1"), s);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.empty());  // progress lines only on a terminal
    const nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["format"] == "sawtooth-bench-all");
    CHECK(j["quick"] == true);
    CHECK(j["cores"].get<int>() >= 1);
    CHECK(!j["build_id"].get<std::string>().empty());
    CHECK(j["date_utc"].get<std::string>().size() == 20);  // 2026-11-25T01:02:03Z
    CHECK(!j["cpu_model"].get<std::string>().empty());
    CHECK(j["load_average_start"].get<double>() >= 0.0);
    CHECK(j["load_average_end"].get<double>() >= 0.0);
    CHECK(j["figures"].size() == std::size(kFigures));
    for (const char* key : kFigures) {
        INFO(key);
        REQUIRE(j["figures"].contains(key));
        const nlohmann::json& f = j["figures"][key];
        CHECK(f["median"].get<double>() > 0.0);
        CHECK(f["runs"] == 1);
        CHECK(f["values"].size() == 1);
        CHECK(!f["command"].get<std::string>().empty());
        CHECK(f["load_average"].size() == 1);
    }
    // The frame figures name what drew them: SDL's software renderer headless; windowed,
    // OpenGL with the driver's GL_RENDERER, or the software renderer naming the software
    // rasteriser (e.g. Mesa's llvmpipe) that made it the choice (engine/platform.hpp).
    CHECK(j["figures"]["frame_headless_median_ms"]["renderer"] == "software");
    const std::string windowed = j["figures"]["frame_windowed_median_ms"]["renderer"].get<std::string>();
    INFO("windowed renderer: " << windowed);
    CHECK((windowed.rfind("opengl: ", 0) == 0 || windowed.rfind("software (OpenGL here: ", 0) == 0));

    const fs::path file =
        fs::temp_directory_path() / ("sawtooth_bench_all_" + std::to_string(::getpid()) + ".json");
    std::ofstream(file) << r.out;
    const test::ProcessResult t = test::run_process(
        "/usr/bin/env",
        {"python3", std::string(SAWTOOTH_SOURCE_DIR) + "/tools/bench/bench_table.py", file.string()});
    fs::remove(file);
    INFO("table stderr: " << t.err);
    REQUIRE(t.exit_code == 0);
    CHECK(t.out.find("QUICK") != std::string::npos);
    CHECK(t.out.find(j["cpu_model"].get<std::string>()) != std::string::npos);
    for (const char* key : kFigures)
        CHECK(t.out.find(j["figures"][key]["what"].get<std::string>()) != std::string::npos);
}

TEST_CASE("bench all refuses a missing game binary with one line before measuring anything") {
    const test::ProcessResult r =
        test::run_process(kLab, test::split_args("bench all --quick --game /nonexistent/sawtooth"));
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK(r.err.find("/nonexistent/sawtooth") != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

}  // namespace test_bench_all
