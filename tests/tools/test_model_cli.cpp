// Bad input to the difficulty-model commands (docs/difficulty.md "Commands"), as a user meets it: an
// empty database, one with too few sessions for the train/verify split, a model file from
// another format version, a missing file. Each must give exactly one line on stderr, a
// non-zero exit, and leave the database file byte-identical.
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "game/sim/simulation.hpp"
#include "gen/generator.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/recording/recorder.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_model_cli {

using namespace sawtooth;
namespace fs = std::filesystem;

namespace {

const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";

fs::path fresh_dir() {
    const fs::path dir =
        fs::temp_directory_path() / ("sawtooth_test_model_cli_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

/// Records `sessions` sessions of one short generated level each (a runner that holds
/// right and jumps now and then), through the real recorder. The seeds are ones whose
/// levels (generator v4) the runner meets traps on, so the sessions hold event traces
/// (on v4's levels of seeds 500 and 501 it meets none).
void record_sessions(const std::string& path, int sessions) {
    auto store = std::make_shared<telemetry::Store>(telemetry::Store::open(path));
    for (int s = 0; s < sessions; ++s) {
        telemetry::SessionRecorder session(store, store->create_participant(), telemetry::SessionMode::Study);
        GenParams p;
        p.seed = 503 + static_cast<std::uint64_t>(s);
        p.layout = Layout::Linear;
        p.rooms_w = 2;
        p.rooms_h = 1;
        p.level_index = 5;
        const GeneratedLevel g = generate_level(p);
        REQUIRE(g.ok);
        Simulation sim(g.level);
        telemetry::LevelSource src;
        src.kind = telemetry::LevelKind::Generated;
        src.name = "level 1";
        src.params = p;
        src.level = g.level;
        auto rec = session.begin_level(src, sim);
        for (int t = 0; t < 600 && !sim.reached_exit(); ++t) {
            InputFrame in;
            in.bits = kInputRight;
            if (t % 40 < 10) in.bits |= kInputUp;
            sim.step(in);
            rec->record_tick(in, sim);
        }
        rec->finish(
            sim.reached_exit() ? telemetry::RecordedOutcome::Completed : telemetry::RecordedOutcome::Skipped,
            sim);
        session.end(telemetry::SessionEnd::Finished);
    }
}

/// Number of lines of a process's stderr (a trailing newline ends the last line).
int lines(const std::string& text) {
    return static_cast<int>(std::count(text.begin(), text.end(), '\n')) +
           (!text.empty() && text.back() != '\n' ? 1 : 0);
}

/// Runs sawtooth-lab and checks the one-line-error contract; returns stderr.
std::string expect_one_line_error(const std::vector<std::string>& args, const std::string& needle) {
    const test::ProcessResult r = test::run_process(kLab, args);
    INFO("stderr: " << r.err);
    CHECK(r.exit_code != 0);
    CHECK(r.exit_code != -1);  // an error exit, not a crash
    CHECK(lines(r.err) == 1);
    CHECK(r.err.find(needle) != std::string::npos);
    return r.err;
}

}  // namespace

TEST_CASE("model commands refuse an empty database with one line and leave it untouched") {
    const fs::path dir = fresh_dir();
    const std::string db = (dir / "empty.db").string();
    { telemetry::Store s = telemetry::Store::open(db); }
    const std::string before = test::read_file(db);
    REQUIRE(!before.empty());
    const std::string needle = "holds no finished generated platformer levels";
    expect_one_line_error({"model", "fit", "--db", db, "--out", (dir / "m.json").string()}, needle);
    expect_one_line_error({"model", "verify", "--db", db, "--json"}, needle);
    expect_one_line_error({"report", "--db", db, "--out", (dir / "report").string()}, needle);
    CHECK(!fs::exists(dir / "m.json"));  // nothing written on failure
    CHECK(test::read_file(db) == before);
    expect_one_line_error({"model", "fit", "--db", (dir / "missing.db").string()}, "missing.db");
    CHECK(!fs::exists(dir / "missing.db"));  // a missing database is not created
    fs::remove_all(dir);
}

TEST_CASE("model verify needs more sessions than the training set") {
    const fs::path dir = fresh_dir();
    const std::string db = (dir / "two.db").string();
    record_sessions(db, 2);
    const std::string before = test::read_file(db);
    expect_one_line_error({"model", "verify", "--db", db, "--partitions", "3"}, "at least 26 sessions");
    expect_one_line_error({"model", "verify", "--db", db, "--train-sessions", "1"}, "25");
    CHECK(test::read_file(db) == before);
    fs::remove_all(dir);
}

TEST_CASE("a model file of another format version, or not a model, is refused with one line") {
    const fs::path dir = fresh_dir();
    nlohmann::json m = analysis::model_to_json(analysis::thesis_reference_model());
    const auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream(dir / name) << text;
        return (dir / name).string();
    };
    // The current version is accepted, so the refusals below are about the file alone.
    const std::string good = write("good.json", m.dump());
    const test::ProcessResult ok = test::run_process(kLab, {"difficulty", "--seed", "3", "--model", good});
    CHECK_MESSAGE(ok.exit_code == 0, ok.err);
    m["version"] = analysis::kModelFormatVersion + 1;
    const std::string newer = write("newer.json", m.dump());
    expect_one_line_error({"difficulty", "--seed", "3", "--model", newer},
                          "version " + std::to_string(analysis::kModelFormatVersion + 1));
    expect_one_line_error({"difficulty", "--seed", "3", "--model", write("junk.json", "{not json")},
                          "junk.json");
    expect_one_line_error({"difficulty", "--seed", "3", "--model", write("other.json", R"({"format": "x"})")},
                          "other.json");
    fs::remove_all(dir);
}

// Features come from the recorded level itself (its stored text), so a study recorded by
// another generator version (v3 recordings after a version bump) is analysed as it was
// played: the same traces as before the bump. A level whose stored text no longer hashes to
// the recorded hash cannot be analysed: the refusal names why, not "record a study".
TEST_CASE("a study recorded by another generator version is analysed from its stored levels") {
    const fs::path dir = fresh_dir();
    const std::string db = (dir / "old.db").string();
    record_sessions(db, 2);
    const auto traces_of = [&](const std::string& name) {
        const std::string csv = (dir / name).string();
        // The fit itself may refuse so few bins; the CSV is written first either way.
        test::run_process(kLab,
                          {"model", "fit", "--db", db, "--out", (dir / "m.json").string(), "--traces", csv});
        return test::read_file(csv);
    };
    const std::string today = traces_of("today.csv");
    REQUIRE(std::count(today.begin(), today.end(), '\n') > 1);  // a header and traces
    {
        telemetry::Store s = telemetry::Store::open(db);
        telemetry::Statement st(s.db(), "UPDATE levels SET generator_version = ?");
        st.bind(1, static_cast<std::int64_t>(kGeneratorVersion - 1)).run();
    }
    CHECK(traces_of("older.csv") == today);
    {
        telemetry::Store s = telemetry::Store::open(db);
        s.db().exec("UPDATE levels SET level_text = replace(level_text, 'meta seed', 'meta seeds')");
    }
    fs::remove(dir / "m.json");
    const std::string before = test::read_file(db);
    const std::string err = expect_one_line_error(
        {"model", "fit", "--db", db, "--out", (dir / "m.json").string()}, "stored level text hashes to");
    CHECK(err.find("none of its 2 finished generated levels") != std::string::npos);
    CHECK(!fs::exists(dir / "m.json"));
    CHECK(test::read_file(db) == before);
    fs::remove_all(dir);
}

// The trace CSV is how a researcher checks the fit outside the tool: every row's last
// column lists the challenge's sub-graph (Algorithm 4) as x:y:kind, as many nodes as its
// sub_graph_nodes column says, the last one the trap's node.
TEST_CASE("model fit --traces writes each challenge's nodes") {
    const fs::path dir = fresh_dir();
    const std::string db = (dir / "s.db").string();
    const std::string csv = (dir / "traces.csv").string();
    record_sessions(db, 6);
    // The fit itself may refuse so few bins; the CSV is written first either way.
    test::run_process(kLab,
                      {"model", "fit", "--db", db, "--out", (dir / "m.json").string(), "--traces", csv});
    std::ifstream in(csv);
    std::string header;
    REQUIRE(std::getline(in, header));
    CHECK(header.rfind(",sub_graph") == header.size() - std::string(",sub_graph").size());
    int rows = 0;
    for (std::string line; std::getline(in, line);) {
        ++rows;
        std::vector<std::string> cols;
        std::stringstream ss(line);
        for (std::string c; std::getline(ss, c, ',');) cols.push_back(c);
        REQUIRE(cols.size() == 15);
        std::stringstream nodes(cols[14]);
        int n = 0;
        for (std::string node; nodes >> node; ++n) {
            int x = -1, y = -1;
            char kind = '?';
            CHECK(std::sscanf(node.c_str(), "%d:%d:%c", &x, &y, &kind) == 3);
            CHECK((x >= 0 && y >= 0));
            CHECK(std::string("SLR").find(kind) != std::string::npos);
        }
        CHECK(n == std::stoi(cols[10]));
        CHECK(n >= 2);
    }
    MESSAGE(rows << " trace rows");
    CHECK(rows > 0);
    fs::remove_all(dir);
}

}  // namespace test_model_cli
