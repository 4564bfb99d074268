// The recording tools as a user drives them: a scripted headless session recorded by
// `sawtooth`, verified by `sawtooth-lab replay --verify`, exported to CSV, shown by the
// on-screen replay (offscreen driver); and every refusal (corrupted inputs, truncated
// file, future schema, missing level id) as a one-line error, non-zero exit and a
// database left byte-for-byte unchanged.
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "gen/hash.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>
#include <nlohmann/json.hpp>

#include <filesystem>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_replay_cli {

using namespace sawtooth;
using sawtooth::test::line_count;
using sawtooth::test::read_file;
using sawtooth::test::run_process;
namespace fs = std::filesystem;

namespace {

const std::string kGame = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth";
const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";
const std::string kGolden = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden/";

struct TempDir {
    fs::path path;
    TempDir() {
        static int counter = 0;
        path = fs::temp_directory_path() /
               ("sawtooth-test-cli-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

std::uint64_t file_hash(const std::string& path) { return fnv1a64(read_file(path)); }

void raw_exec(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
}

// Records the golden script headless; returns the --json summary.
nlohmann::json record(const std::string& db) {
    const auto r = run_process(kGame, {"--headless", "--level", kGolden + "golden_level.txt", "--script",
                                       kGolden + "golden_run.script", "--db", db, "--json"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out);
}

// A refusal: exit 1, exactly one line on stderr containing `needle`, database unchanged.
void check_refusal(const std::string& db, const std::vector<std::string>& lab_args,
                   const std::string& needle) {
    const auto before = file_hash(db);
    const auto r = run_process(kLab, lab_args);
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 1);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(needle) != std::string::npos);
    CHECK(file_hash(db) == before);
}

}  // namespace

TEST_CASE("scripted session -> replay --verify -> export, as a user would") {
    TempDir dir;
    const std::string db = dir.file("study.db");
    const nlohmann::json rec = record(db);
    const std::string id = std::to_string(rec["level_id"].get<long long>());
    CHECK(rec["outcome"] == "quit");

    const auto v = run_process(kLab, {"replay", "--db", db, "--level", id, "--verify", "--json"});
    INFO(v.err);
    REQUIRE(v.exit_code == 0);
    const auto rep = nlohmann::json::parse(v.out)[0];
    CHECK(rep["match"] == true);
    CHECK(rep["final_hash"] == rec["final_hash"]);
    CHECK(rep["ticks"] == rec["ticks"]);
    CHECK(rep["deaths"] == rec["deaths"]);
    CHECK(rep["events_checked"].get<int>() > 0);

    const auto ls = run_process(kLab, {"sessions", "--db", db});
    CHECK(ls.exit_code == 0);
    CHECK(ls.out.find("level " + id) != std::string::npos);

    const auto ex = run_process(kLab, {"export", "--db", db, "--out", dir.file("csv")});
    INFO(ex.err);
    CHECK(ex.exit_code == 0);
    for (const char* f : {"meta", "participants", "sessions", "levels", "inputs", "events", "state_hashes",
                          "word_levels", "word_challenges", "word_actions"})
        CHECK_MESSAGE(fs::exists(dir.file("csv/") + f + ".csv"), f);

    // On-screen replay at 16x through the real window code (offscreen driver), to the end.
    const auto screen = run_process(kGame, {"--headless", "--replay", id, "--db", db, "--replay-speed", "16",
                                            "--frames", "120", "--screenshot", dir.file("replay.png")});
    INFO(screen.err);
    CHECK(screen.exit_code == 0);
    CHECK(fs::exists(dir.file("replay.png")));
    // A speed between the screen's steps is refused, not played silently at 1x.
    const auto off_step =
        run_process(kGame, {"--headless", "--replay", id, "--db", db, "--replay-speed", "3"});
    CHECK(off_step.exit_code == 2);
    CHECK(line_count(off_step.err) == 1);
    CHECK(off_step.err.find("0.25, 0.5, 1, 2, 4, 8, 16") != std::string::npos);
}

TEST_CASE("refusals: one line, non-zero exit, database unchanged") {
    TempDir dir;
    const std::string db = dir.file("s.db");
    const std::string id = std::to_string(record(db)["level_id"].get<long long>());

    SUBCASE("missing level id") {
        check_refusal(db, {"replay", "--db", db, "--level", "4242", "--verify"}, "no level with id 4242");
        const auto before = file_hash(db);
        const auto g = run_process(kGame, {"--headless", "--replay", "4242", "--db", db});
        CHECK(g.exit_code == 1);
        CHECK(line_count(g.err) == 1);
        CHECK(file_hash(db) == before);
    }
    SUBCASE("corrupted inputs blob") {
        raw_exec(db, "UPDATE input_chunks SET rle = zeroblob(length(rle))");
        check_refusal(db, {"replay", "--db", db, "--level", id, "--verify"}, "corrupted");
        check_refusal(db, {"export", "--db", db, "--out", dir.file("csv")}, "corrupted");
    }
    SUBCASE("truncated database") {
        fs::resize_file(db, fs::file_size(db) / 2);
        check_refusal(db, {"replay", "--db", db, "--level", id, "--verify"}, "damaged");
        check_refusal(db, {"export", "--db", db, "--out", dir.file("csv")}, "damaged");
        check_refusal(db, {"participant", "new", "--db", db}, "damaged");
    }
    SUBCASE("schema from a future version") {
        raw_exec(db, "PRAGMA user_version = 7");
        check_refusal(db, {"replay", "--db", db, "--level", id, "--verify"}, "schema version 7");
        check_refusal(db, {"participant", "new", "--db", db}, "schema version 7");
        // The game refuses to record into it as well.
        const auto before = file_hash(db);
        const auto g = run_process(kGame, {"--headless", "--level", kGolden + "golden_level.txt", "--script",
                                           kGolden + "golden_run.script", "--db", db});
        CHECK(g.exit_code == 1);
        CHECK(line_count(g.err) == 1);
        CHECK(g.err.find("schema version 7") != std::string::npos);
        CHECK(file_hash(db) == before);
    }
    SUBCASE("a desync exits non-zero naming the tick") {
        raw_exec(db, "UPDATE state_hashes SET hash = '00000000deadbeef' WHERE tick = 300");
        check_refusal(db, {"replay", "--db", db, "--level", id, "--verify"}, "desync at tick 300");
    }
}

TEST_CASE("malformed scripts are rejected with their line number") {
    TempDir dir;
    const std::string script = dir.file("bad.script");
    { std::ofstream(script) << "10 right\n# fine\n12 right+jump\n"; }
    const auto r = run_process(kGame, {"--headless", "--level", kGolden + "golden_level.txt", "--script",
                                       script, "--db", dir.file("s.db")});
    CHECK(r.exit_code != 0);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find("line 3") != std::string::npos);
    CHECK(!fs::exists(dir.file("s.db")));
}

TEST_CASE("participants: new, export, delete by id") {
    TempDir dir;
    const std::string db = dir.file("s.db");
    const auto n = run_process(kLab, {"participant", "new", "--db", db});
    REQUIRE(n.exit_code == 0);
    const std::string p = n.out.substr(0, n.out.find('\n'));
    const auto r = run_process(kGame, {"--headless", "--level", kGolden + "golden_level.txt", "--script",
                                       kGolden + "golden_run.script", "--db", db, "--participant", p});
    REQUIRE(r.exit_code == 0);
    const auto e = run_process(kLab, {"participant", "export", "--db", db, "--id", p});
    REQUIRE(e.exit_code == 0);
    CHECK(nlohmann::json::parse(e.out)["sessions"].size() == 1);
    CHECK(run_process(kLab, {"participant", "delete", "--db", db, "--id", p}).exit_code == 1);  // needs --yes
    CHECK(run_process(kLab, {"participant", "delete", "--db", db, "--id", p, "--yes"}).exit_code == 0);
    check_refusal(db, {"participant", "export", "--db", db, "--id", p}, "no participant");
}

TEST_CASE("a recording from another build warns and replays best-effort") {
    TempDir dir;
    const std::string db = dir.file("s.db");
    const std::string id = std::to_string(record(db)["level_id"].get<long long>());
    raw_exec(db, "UPDATE levels SET build_id = 'sawtooth-0.0.1-elsewhere'");
    const auto r = run_process(kLab, {"replay", "--db", db, "--level", id, "--verify"});
    CHECK(r.exit_code == 0);  // same binary in truth, so it still matches
    CHECK(r.err.find("warning: recorded by build 'sawtooth-0.0.1-elsewhere'") != std::string::npos);
    CHECK(r.err.find("best-effort") != std::string::npos);
}

}  // namespace test_replay_cli
