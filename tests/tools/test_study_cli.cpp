// `sawtooth-lab simulate-study`: a simulated study is recorded through the real recorder,
// every level passes the replay check, and the same --seed gives the same inputs and
// events whatever the thread count. Small (1 participant, tutorials + 1 generated level)
// so it stays fast; the 53-participant figures are in docs/bots.md.
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include "../support/run_process.hpp"

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_study_cli {

using namespace sawtooth;
using namespace sawtooth::telemetry;
namespace fs = std::filesystem;

namespace {

/// `sawtooth-lab` with `args` split at spaces: its exit code, its stdout and stderr in `out`.
int run(const std::string& args, std::string& out) {
    test::ProcessSettings merged;
    merged.stderr_into_out = true;
    const test::ProcessResult r =
        test::run_process(std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab", test::split_args(args), merged);
    out = r.out;
    return r.exit_code;
}

/// Everything the players did, level by level: kind, seed, outcome, inputs, events.
std::vector<std::string> content(const std::string& db) {
    Store s = Store::open_read_only(db);
    std::vector<std::string> out;
    Statement sessions(s.db(), "SELECT session_id FROM sessions ORDER BY session_id");
    std::vector<std::int64_t> ids;
    while (sessions.step()) ids.push_back(sessions.int64(0));
    for (const std::int64_t sid : ids)
        for (const std::int64_t lid : s.session_levels(sid)) {
            const LevelRecord r = s.load_level(lid);
            std::string line = std::string(level_kind_name(r.kind)) + " " + hex64(r.level_hash) + " " +
                               (r.outcome ? std::string(outcome_name(*r.outcome)) : "open") + " " +
                               std::to_string(r.deaths) + " " + std::to_string(r.ticks) + " |";
            for (const InputFrame f : s.load_inputs(lid, r.ticks)) line += static_cast<char>('a' + f.bits);
            line += "|";
            for (const EventRow& e : s.load_events(lid))
                line += std::to_string(e.tick) + ":" + std::string(event_kind_name(e.kind)) + ":" +
                        std::to_string(e.a) + "," + std::to_string(e.b) + "," + std::to_string(e.c) + ";";
            out.push_back(line);
        }
    return out;
}

}  // namespace

TEST_CASE("simulate-study records replay-exact sessions, deterministic across runs and thread counts") {
    const fs::path dir = fs::temp_directory_path() / ("sawtooth_test_study_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string a = (dir / "a.db").string(), b = (dir / "b.db").string();
    std::string out;
    REQUIRE_MESSAGE(run("simulate-study --players 1 --levels 1 --seed 5 --threads 1 --db " + a, out) == 0,
                    out);
    CHECK(out.find("replay --verify: 3/3 levels exact") != std::string::npos);
    CHECK(out.find("number of levels:        1") != std::string::npos);
    REQUIRE_MESSAGE(run("simulate-study --players 1 --levels 1 --seed 5 --threads 2 --db " + b, out) == 0,
                    out);
    const auto ca = content(a), cb = content(b);
    REQUIRE(ca.size() == 3);
    CHECK(ca == cb);
    CHECK(ca[2].rfind("generated", 0) == 0);
    fs::remove_all(dir);
}

TEST_CASE("simulate-study rejects a missing database argument and an unknown mode") {
    std::string out;
    CHECK(run("simulate-study --players 1", out) != 0);
    CHECK(run("simulate-study --players 1 --db /tmp/x.db --mode nonsense", out) != 0);
    CHECK(out.find("not available") != std::string::npos);
}

}  // namespace test_study_cli
