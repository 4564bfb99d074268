// Data under stress (docs/reliability.md "Data under stress and participants' data"), with the real
// executables: two game processes recording into one new database at once, a write failing for want of space
// (RLIMIT_FSIZE in the child: the real write path gets EFBIG, as on a full disk), SIGKILL
// during a study run, a word level and an export, and a participant's deletion leaving no
// byte of their id in the files. Kills are timed by what the database or folder already
// holds, never by the clock.
#include "telemetry/recording/replay.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_data_stress {

using namespace sawtooth;
using sawtooth::test::LiveProcess;
using sawtooth::test::run_process;
namespace fs = std::filesystem;

namespace {

const std::string kGame = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth";
const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";
const std::string kGoldenLevel = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden/golden_level.txt";
constexpr int kPollLimit = 30000;  ///< polls of 2 ms before a test gives up (a hang fails)

/// A script of `blocks` x 1 s of varied input (it never reaches the golden level's exit).
std::string write_script(const fs::path& dir, int blocks) {
    const std::string path = (dir / ("run" + std::to_string(blocks) + ".script")).string();
    std::ofstream out(path);
    for (int i = 0; i < blocks; ++i) out << "20 right\n10 right+up\n15 none\n15 left\n";
    return path;
}

/// `PRAGMA integrity_check` of a file through the store's own connection.
std::string integrity(const std::string& db) {
    telemetry::Store store = telemetry::Store::open_read_only(db);
    telemetry::Statement st(store.db(), "PRAGMA integrity_check");
    return st.step() ? st.text(0) : "no answer";
}

std::int64_t count_rows(const std::string& db, const std::string& table) {
    telemetry::Store store = telemetry::Store::open_read_only(db);
    return store.db().query_int("SELECT count(*) FROM " + table);
}

/// Every platformer level of the file replays exactly (open ones up to their last flush).
void check_every_level_replays(const std::string& db) {
    telemetry::Store store = telemetry::Store::open_read_only(db);
    std::vector<std::int64_t> ids;
    telemetry::Statement st(store.db(), "SELECT level_id FROM levels ORDER BY level_id");
    while (st.step()) ids.push_back(st.int64(0));
    for (const std::int64_t id : ids) {
        const telemetry::ReplayReport rep = telemetry::verify_replay(telemetry::load_recording(store, id));
        CHECK_MESSAGE(!rep.desync, "level " << id << ": " << (rep.desync ? rep.desync->what : ""));
    }
}

/// Polls `done` every 2 ms until it holds; false after kPollLimit polls.
template <class F>
bool wait_until(F done) {
    for (int i = 0; i < kPollLimit; ++i) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
}

/// Rows of `table` in `db`, 0 while the file or its schema does not exist yet.
std::int64_t rows_now(const std::string& db, const std::string& table) {
    try {
        return count_rows(db, table);
    } catch (const std::exception&) {
        return 0;
    }
}

bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("two game processes recording into one new database both keep every session") {
    const fs::path dir = test::scratch_dir("sawtooth-two-writers");
    const std::string script = write_script(dir, 60);  // 1 min of play: about 120 commits each
    // Ten rounds on a fresh file: the race on creating the schema is at the start. On a
    // loaded machine, 3 rounds failed 12 runs in 150 before the store's open switched to WAL
    // with retries and checked the file in one read transaction (docs/reliability.md).
    for (int round = 0; round < 10; ++round) {
        const std::string db = (dir / ("both" + std::to_string(round) + ".db")).string();
        const std::vector<std::string> args = {"--headless", "--level", kGoldenLevel, "--script",
                                               script,       "--db",    db,           "--json"};
        LiveProcess a(kGame, args), b(kGame, args);
        std::string line_a, line_b;
        a.read_line(line_a);
        b.read_line(line_b);
        const int exit_a = a.kill_and_wait(0).exit_code, exit_b = b.kill_and_wait(0).exit_code;
        INFO("round " << round << ": " << line_a << " / " << line_b);
        REQUIRE(exit_a == 0);
        REQUIRE(exit_b == 0);
        const auto ja = nlohmann::json::parse(line_a), jb = nlohmann::json::parse(line_b);
        CHECK(ja["session_id"] != jb["session_id"]);
        CHECK(count_rows(db, "sessions") == 2);
        CHECK(count_rows(db, "levels") == 2);
        for (const auto& j : {ja, jb}) {
            telemetry::Store store = telemetry::Store::open_read_only(db);
            const auto rec = telemetry::load_recording(store, j["level_id"].get<std::int64_t>());
            CHECK(rec.record.ticks == j["ticks"].get<std::uint64_t>());
        }
        CHECK(integrity(db) == "ok");
        check_every_level_replays(db);
    }
}

TEST_CASE("two study runs recording into one new database at once keep every participant") {
    const fs::path dir = test::scratch_dir("sawtooth-two-studies");
    const std::string db = (dir / "studies.db").string();
    const std::vector<std::string> args = {"simulate-study", "--players", "3",         "--levels", "2",
                                           "--db",           db,          "--threads", "1"};
    LiveProcess a(kLab, args), b(kLab, args);
    for (std::string line; a.read_line(line);) {
    }
    for (std::string line; b.read_line(line);) {
    }
    CHECK(a.kill_and_wait(0).exit_code == 0);
    CHECK(b.kill_and_wait(0).exit_code == 0);
    CHECK(count_rows(db, "participants") == 6);
    CHECK(count_rows(db, "sessions") == 6);
    CHECK(count_rows(db, "levels") == 6 * 4);  // two tutorials + two levels each
    CHECK(integrity(db) == "ok");
    check_every_level_replays(db);
}

TEST_CASE("a write failing for want of space: one clear line, committed data kept and intact") {
    const fs::path dir = test::scratch_dir("sawtooth-full-disk");
    const std::string db = (dir / "full.db").string();
    const auto created = run_process(kLab, {"participant", "new", "--db", db});
    REQUIRE(created.exit_code == 0);
    const std::string participant = created.out.substr(0, created.out.find('\n'));
    // The limit leaves room for the session, the level row and some flushes in the WAL.
    test::ProcessSettings limited;
    limited.file_size_limit = fs::file_size(db) + 160 * 1024;
    limited.timeout_seconds = 120;
    const auto r = run_process(kGame,
                               {"--headless", "--level", kGoldenLevel, "--script", write_script(dir, 120),
                                "--db", db, "--participant", participant},
                               limited);
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(test::line_count(r.err) == 1);
    CHECK(contains(r.err, "the disk is full or a file size limit is reached"));
    CHECK(!contains(r.err, "disk I/O error"));

    CHECK(integrity(db) == "ok");
    REQUIRE(count_rows(db, "levels") == 1);
    telemetry::Store store = telemetry::Store::open_read_only(db);
    CHECK(store.load_level(1).ticks >= 60);  // flushes committed before the failure are there
    check_every_level_replays(db);
    CHECK_NOTHROW(telemetry::Store::open(db));  // and recording can go on once there is room
}

TEST_CASE("SIGKILL during a study run leaves a database that opens, passes integrity_check, replays") {
    const fs::path dir = test::scratch_dir("sawtooth-kill-study");
    const std::string db = (dir / "killed.db").string();
    LiveProcess study(kLab,
                      {"simulate-study", "--players", "40", "--levels", "4", "--db", db, "--threads", "1"});
    REQUIRE(wait_until([&] { return rows_now(db, "levels") >= 9; }));  // mid-run: into participant 2
    CHECK(study.kill_and_wait(SIGKILL).end_signal == SIGKILL);
    CHECK(integrity(db) == "ok");
    CHECK(count_rows(db, "levels") < 40 * 6);  // the kill came before the end
    check_every_level_replays(db);
    CHECK_NOTHROW(telemetry::Store::open(db));
}

TEST_CASE("SIGKILL during a word level leaves a database that opens and the level replays") {
    const fs::path dir = test::scratch_dir("sawtooth-kill-words");
    const std::string db = (dir / "words.db").string();
    const std::string actions = (dir / "clicks.log").string();
    {
        std::ofstream out(actions);  // a click every 10 ticks, far past the kill
        for (int t = 30; t < 200000; t += 10) out << t << " c " << (t / 10) % 6 << "\n";
    }
    LiveProcess game(kGame, {"--headless", "--screen", "words-level", "--words-mode", "levels",
                             "--words-level", "1", "--words-actions", actions, "--words-progress",
                             (dir / "progress.json").string(), "--db", db, "--frames", "100000000"});
    // A headless level runs faster than real time: kill as soon as its first actions are
    // stored, which is mid-level in practice; what must hold holds whenever it lands.
    REQUIRE(wait_until([&] { return rows_now(db, "word_actions") >= 1; }));
    CHECK(game.kill_and_wait(SIGKILL).end_signal == SIGKILL);
    CHECK(integrity(db) == "ok");
    telemetry::Store store = telemetry::Store::open_read_only(db);
    MESSAGE("word level status at the kill: "
            << (store.db().query_int("SELECT count(*) FROM word_levels WHERE status IS NULL")
                    ? std::string("open")
                    : std::string("ended")));
    const auto r = run_process(kLab, {"replay", "--db", db, "--word-level", "1", "--verify"});
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
}

/// A study big enough that its export takes many polls of wait_until (7 MB), and that
/// study's whole export (the reference), made once for every subcase of the kill test:
/// doctest runs the test case's body again for each subcase. Neither is written to after.
struct ExportFixture {
    std::string db;
    fs::path whole;
};

const ExportFixture& export_fixture() {
    static const ExportFixture fixture = [] {
        const fs::path dir = test::scratch_dir("sawtooth-kill-export-study");
        ExportFixture f{(dir / "big.db").string(), dir / "whole"};
        REQUIRE(run_process(kLab, {"simulate-study", "--players", "12", "--levels", "10", "--db", f.db,
                                   "--no-verify"})
                    .exit_code == 0);
        REQUIRE(run_process(kLab, {"export", "--db", f.db, "--out", f.whole.string()}).exit_code == 0);
        return f;
    }();
    return fixture;
}

TEST_CASE("SIGKILL during an export never leaves a partial export under the final name") {
    const fs::path dir = test::scratch_dir("sawtooth-kill-export");
    const std::string& db = export_fixture().db;
    const fs::path& whole = export_fixture().whole;
    const std::string participant = [&] {
        telemetry::Store s = telemetry::Store::open_read_only(db);
        return s.participants().front().participant_id;
    }();

    SUBCASE("CSV folder") {
        const fs::path out = dir / "csv";
        LiveProcess exp(kLab, {"export", "--db", db, "--out", out.string()});
        // Kill as soon as anything of this export exists in the folder.
        REQUIRE(wait_until([&] {
            for (const auto& e : fs::directory_iterator(dir))
                if (contains(e.path().filename().string(), "csv")) return true;
            return false;
        }));
        exp.kill_and_wait(SIGKILL);
        if (fs::exists(out)) {  // the export finished before the kill: then it is whole
            for (const auto& f : fs::directory_iterator(whole))
                CHECK(test::read_file((out / f.path().filename()).string()) ==
                      test::read_file(f.path().string()));
        }
        CHECK(integrity(db) == "ok");
        // A folder that holds anything is refused and left alone.
        fs::create_directories(dir / "busy");
        std::ofstream(dir / "busy" / "notes.txt") << "mine";
        const auto r = run_process(kLab, {"export", "--db", db, "--out", (dir / "busy").string()});
        CHECK(r.exit_code == 1);
        CHECK(test::line_count(r.err) == 1);
        CHECK(test::read_file((dir / "busy" / "notes.txt").string()) == "mine");
    }
    SUBCASE("participant JSON file") {
        const fs::path out = dir / "p.json";
        const auto ref = run_process(kLab, {"participant", "export", "--db", db, participant});
        REQUIRE(ref.exit_code == 0);
        LiveProcess exp(kLab, {"participant", "export", "--db", db, participant, "--out", out.string()});
        REQUIRE(wait_until([&] {
            for (const auto& e : fs::directory_iterator(dir))
                if (contains(e.path().filename().string(), "p.json")) return true;
            return false;
        }));
        exp.kill_and_wait(SIGKILL);
        if (fs::exists(out)) CHECK(test::read_file(out.string()) == ref.out);
    }
}

TEST_CASE("participant delete ID leaves no byte of the id in the database files") {
    const fs::path dir = test::scratch_dir("sawtooth-delete-trace");
    const std::string db = (dir / "p.db").string();
    // A study writes participants with everything: sessions, levels, inputs, events,
    // hashes and a meta row keyed by the id (the synthetic skill).
    REQUIRE(
        run_process(kLab, {"simulate-study", "--players", "3", "--levels", "2", "--db", db, "--no-verify"})
            .exit_code == 0);
    std::vector<std::string> ids;
    {
        telemetry::Store s = telemetry::Store::open_read_only(db);
        for (const auto& p : s.participants()) ids.push_back(p.participant_id);
    }
    REQUIRE(ids.size() == 3);
    const std::string gone = ids[1];
    REQUIRE(contains(test::read_file(db), gone));
    const auto r = run_process(kLab, {"participant", "delete", "--db", db, gone, "--yes"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(!contains(test::read_file(db), gone));
    if (fs::exists(db + "-wal")) CHECK(!contains(test::read_file(db + "-wal"), gone));
    CHECK(integrity(db) == "ok");
    // The others keep all of theirs.
    for (const std::string& kept : {ids[0], ids[2]}) {
        const auto e = run_process(kLab, {"participant", "export", "--db", db, kept});
        CHECK(e.exit_code == 0);
        CHECK(nlohmann::json::parse(e.out)["sessions"][0]["levels"].size() == 4);
    }
    CHECK(count_rows(db, "meta WHERE key LIKE 'synthetic_skill:%'") == 2);
    check_every_level_replays(db);
}

}  // namespace test_data_stress
