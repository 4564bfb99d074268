// `sawtooth-lab merge --into STUDY A B ...` as a lab uses it (docs/studies.md "Many
// machines, one study"): two machines' databases and an old-schema one (tests/data's version-1
// fixture, read as it is) merged into a new file whose every session still replays
// exactly; the inputs keep every byte; a second merge adds nothing and leaves the target's
// bytes alone; sessions recorded before session uids existed keep one derived uid across
// an upgrade; a conflict (same session uid, different content) and every bad input are one
// line, exit 1, with the target byte-for-byte unchanged (or not created).
#include "../support/db_file.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/hash.hpp"
#include "telemetry/store/merge.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_merge_cli {

using namespace sawtooth;
using sawtooth::test::line_count;
using sawtooth::test::read_file;
using sawtooth::test::run_process;
namespace fs = std::filesystem;
namespace tel = sawtooth::telemetry;

using sawtooth::test::file_hash;
using sawtooth::test::raw_exec;

namespace {

const std::string kGame = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth";
const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";
const std::string kGolden = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden/";
const std::string kFixtureV1 = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/telemetry_schema_v1.db";

std::string scratch(const std::string& name) {
    return sawtooth::test::scratch_dir("sawtooth_merge_" + name).string();
}

// One scripted session (the golden walk) recorded by the game into `db`.
void record(const std::string& db, const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args = {
        "--headless", "--level", kGolden + "golden_level.txt", "--script", kGolden + "golden_run.script",
        "--db",       db};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_process(kGame, args);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
}

std::string new_participant(const std::string& db) {
    const auto r = run_process(kLab, {"participant", "new", "--db", db});
    REQUIRE(r.exit_code == 0);
    return r.out.substr(0, r.out.find('\n'));
}

sawtooth::test::ProcessResult merge(const std::string& into, const std::vector<std::string>& inputs) {
    std::vector<std::string> args = {"merge", "--into", into};
    args.insert(args.end(), inputs.begin(), inputs.end());
    return run_process(kLab, args);
}

std::int64_t count(const std::string& db, const std::string& sql) {
    tel::Store s = tel::Store::open_read_only(db);
    return s.db().query_int(sql);
}

// `replay --verify` of every session of `db` (platformer and word levels).
void check_every_session_replays(const std::string& db) {
    std::vector<std::int64_t> ids;
    {
        tel::Store s = tel::Store::open_read_only(db);
        tel::Statement st(s.db(), "SELECT session_id FROM sessions ORDER BY session_id");
        while (st.step()) ids.push_back(st.int64(0));
    }
    REQUIRE(!ids.empty());
    for (std::int64_t id : ids) {
        CAPTURE(id);
        const auto r = run_process(kLab, {"replay", "--db", db, "--session", std::to_string(id), "--verify"});
        INFO(r.out << r.err);
        CHECK(r.exit_code == 0);
    }
}

// A refusal: exit 1, one line on stderr holding `needle`.
void check_refused(const sawtooth::test::ProcessResult& r, const std::string& needle) {
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 1);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(needle) != std::string::npos);
}

// Two lab machines: A with two sessions of its default participant (one rated), B with a
// session of its default participant and one of a participant made with `participant new`.
struct TwoMachines {
    std::string dir, a, b;
    explicit TwoMachines(const std::string& name) : dir(scratch(name)), a(dir + "/a.db"), b(dir + "/b.db") {
        record(a);
        record(a);  // same participant, same second: only the session uid tells them apart
        {
            tel::Store s = tel::Store::open(a);
            tel::RatingRow rating;
            rating.level_id = 2;
            rating.enjoyment = 6;
            rating.difficulty = 2;
            rating.answer_ticks = 90;
            s.add_rating(rating);
        }
        record(b);
        record(b, {"--participant", new_participant(b)});
    }
};

}  // namespace

TEST_CASE("new sessions carry a random global uid") {
    const std::string db = scratch("uid") + "/a.db";
    record(db);
    record(db);
    tel::Store s = tel::Store::open_read_only(db);
    tel::Statement st(s.db(), "SELECT session_uid FROM sessions");
    std::set<std::string> uids;
    while (st.step()) {
        CHECK(std::regex_match(st.text(0), std::regex("S-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-"
                                                      "[0-9A-HJKMNP-TV-Z]{4}")));
        uids.insert(st.text(0));
    }
    CHECK(uids.size() == 2);
}

TEST_CASE(
    "two machines and an old-schema file merge into a new file that replays; a second merge adds nothing") {
    TwoMachines m("two");
    const std::string old = m.dir + "/old.db";
    fs::copy_file(kFixtureV1, old);
    const std::string study = m.dir + "/study.db";
    const auto a0 = file_hash(m.a), b0 = file_hash(m.b), old0 = file_hash(old);

    const auto r = merge(study, {m.a, m.b, old});
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("7 session(s) added, 0 already there") != std::string::npos);
    // The inputs are read, never written: not even the old one is upgraded.
    CHECK(file_hash(m.a) == a0);
    CHECK(file_hash(m.b) == b0);
    CHECK(file_hash(old) == old0);
    CHECK(count(old, "PRAGMA user_version") == 1);

    CHECK(count(study, "SELECT count(*) FROM sessions") == 7);
    CHECK(count(study, "SELECT count(DISTINCT session_uid) FROM sessions") == 7);
    CHECK(count(study, "SELECT count(*) FROM participants") ==
          count(m.a, "SELECT count(*) FROM participants") + count(m.b, "SELECT count(*) FROM participants") +
              1);
    CHECK(count(study, "SELECT count(*) FROM levels") == 6);
    CHECK(count(study, "SELECT count(*) FROM word_levels") == 1);
    CHECK(count(study, "SELECT count(*) FROM events") ==
          2 * count(m.a, "SELECT count(*) FROM events") + count(old, "SELECT count(*) FROM events"));
    // The rating follows its level to the level's new id (A's second session).
    CHECK(count(study,
                "SELECT count(*) FROM ratings r JOIN levels l ON l.level_id = r.level_id "
                "WHERE l.session_id = r.session_id AND r.enjoyment = 6 AND r.difficulty = 2") == 1);
    check_every_session_replays(study);

    const auto merged = file_hash(study);
    const auto again = merge(study, {m.a, m.b, old, m.a});
    INFO(again.out << again.err);
    REQUIRE(again.exit_code == 0);
    CHECK(again.out.find("0 session(s) added, 9 already there") != std::string::npos);
    CHECK(file_hash(study) == merged);

    // A new session on machine A: the next merge adds exactly that one.
    record(m.a);
    const auto more = merge(study, {m.a, m.b});
    CHECK(more.out.find("1 session(s) added, 4 already there") != std::string::npos);
    CHECK(count(study, "SELECT count(*) FROM sessions") == 8);
}

TEST_CASE("sessions from before session uids keep their derived uid across an upgrade") {
    const std::string dir = scratch("legacy");
    const std::string old = dir + "/old.db", upgraded = dir + "/upgraded.db", study = dir + "/study.db";
    fs::copy_file(kFixtureV1, old);
    fs::copy_file(kFixtureV1, upgraded);
    { tel::Store s = tel::Store::open(upgraded); }  // upgraded in place: its 3 sessions keep a NULL uid
    CHECK(count(upgraded, "SELECT count(*) FROM sessions WHERE session_uid IS NULL") == 3);

    REQUIRE(merge(study, {old}).exit_code == 0);
    const auto again = merge(study, {upgraded});
    INFO(again.out << again.err);
    CHECK(again.out.find("0 session(s) added, 3 already there") != std::string::npos);
    // The other way round: a target with uid-less sessions of its own finds them too.
    const auto into_old = merge(upgraded, {study});
    CHECK(into_old.out.find("0 session(s) added, 3 already there") != std::string::npos);
    CHECK(count(upgraded, "SELECT count(*) FROM sessions") == 3);
}

TEST_CASE("a conflict (same session uid, different content) is refused and nothing is merged") {
    TwoMachines m("conflict");
    const std::string tampered = m.dir + "/tampered.db", study = m.dir + "/study.db";
    fs::copy_file(m.a, tampered);
    raw_exec(tampered, "UPDATE events SET x = x + 0.5 WHERE level_id = 1 AND seq = 3");
    std::string uid;
    {
        tel::Store s = tel::Store::open_read_only(tampered);
        tel::Statement st(s.db(), "SELECT session_uid FROM sessions WHERE session_id = 1");
        REQUIRE(st.step());
        uid = st.text(0);
    }
    REQUIRE(merge(study, {m.a}).exit_code == 0);
    const auto before = file_hash(study), tampered0 = file_hash(tampered);

    // B's sessions come first and are copied in the transaction, then the conflict rolls
    // everything back: one transaction, so the target keeps every byte.
    const auto r = merge(study, {m.b, tampered});
    check_refused(r, "session " + uid);
    CHECK(r.err.find("different content") != std::string::npos);
    CHECK(file_hash(study) == before);
    CHECK(file_hash(tampered) == tampered0);
    CHECK(count(study, "SELECT count(*) FROM sessions") == 2);

    // Into a new file: refused, and the file is not left behind.
    const std::string fresh = m.dir + "/fresh.db";
    check_refused(merge(fresh, {m.a, tampered}), "different content");
    CHECK(!fs::exists(fresh));
    CHECK(!fs::exists(fresh + "-wal"));
}

TEST_CASE("bad input: one line, exit 1, target and inputs unchanged") {
    TwoMachines m("bad");
    const std::string study = m.dir + "/study.db";
    REQUIRE(merge(study, {m.b}).exit_code == 0);
    const auto study0 = file_hash(study), a0 = file_hash(m.a);
    const std::string text = m.dir + "/notes.txt", newer = m.dir + "/newer.db",
                      foreign = m.dir + "/foreign.db";
    std::ofstream(text) << "not a database\n";
    fs::copy_file(m.a, newer);
    raw_exec(newer, "PRAGMA user_version = 99");
    raw_exec(foreign, "CREATE TABLE t(x)");

    SUBCASE("a missing input") { check_refused(merge(study, {m.a, m.dir + "/missing.db"}), "missing.db"); }
    SUBCASE("a file that is no database") { check_refused(merge(study, {m.a, text}), "notes.txt"); }
    SUBCASE("an input of a newer schema") { check_refused(merge(study, {m.a, newer}), "schema version 99"); }
    SUBCASE("a database of another program") {
        check_refused(merge(study, {foreign}), "not a Sawtooth database");
    }
    SUBCASE("the target among the inputs") {
        check_refused(merge(study, {m.a, study}), "is the target itself");
    }
    SUBCASE("a target of another program") {
        const auto f0 = file_hash(foreign);
        check_refused(merge(foreign, {m.a}), "not a Sawtooth database");
        CHECK(file_hash(foreign) == f0);
    }
    SUBCASE("a new target and a bad input: no file is made") {
        const std::string fresh = m.dir + "/fresh.db";
        check_refused(merge(fresh, {m.a, newer}), "schema version 99");
        CHECK(!fs::exists(fresh));
    }
    CHECK(file_hash(study) == study0);
    CHECK(file_hash(m.a) == a0);
}

}  // namespace test_merge_cli
