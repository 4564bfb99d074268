// Schema versions 2 (table ratings) and 3 (sessions.session_uid) against a store written
// by the build before them:
// tests/data/telemetry_schema_v1.db, recorded by main's build at 4a54833 (a scripted
// generated level, the golden walk on a level file, one Elimination word level). A copy
// is read by the tools without being changed, upgraded in place by a writable open and
// still replays exactly (`sawtooth-lab replay --verify`); a failed upgrade, half-way or at
// its first step, leaves the copy byte-for-byte unchanged. The same for
// tests/data/telemetry_schema_v2.db (the build before version 3, with a rating), 2 -> 3,
// and for tests/data/telemetry_schema_v3.db (the build before version 4: session uids),
// 3 -> 4 (sessions.protocol_hash / condition, table questionnaire_answers).
// Ratings then appear in
// `sessions`, the CSV export and `participant export`, and `participant delete` removes them.
#include "../support/db_file.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/hash.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>
#include <nlohmann/json.hpp>

#include <filesystem>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_schema_upgrade {

using namespace sawtooth;
using sawtooth::test::line_count;
using sawtooth::test::read_file;
using sawtooth::test::run_process;
namespace fs = std::filesystem;
namespace tel = sawtooth::telemetry;

using sawtooth::test::file_hash;
using sawtooth::test::raw_exec;

namespace {

const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";
const std::string kFixture = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/telemetry_schema_v1.db";
// Version 2 (ratings, no session uids), recorded by main's build at 5c16c23: the same
// three sessions as the version-1 fixture plus a free-play level rated 7 and 3.
const std::string kFixtureV2 = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/telemetry_schema_v2.db";
// Version 3 (session uids, no protocol columns), recorded by main's build at 1642e27: the
// same four sessions as the version-2 fixture, each with its stored session uid.
const std::string kFixtureV3 = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/telemetry_schema_v3.db";
// The fixture's participant (every session of it is theirs).
const std::string kParticipant = "P-RGA2-CSPZ";

// A fresh copy of a fixture (default: version 1) in its own folder.
std::string fixture_copy(const std::string& name, const std::string& fixture = kFixture) {
    const fs::path dir = sawtooth::test::scratch_dir("sawtooth_schema_upgrade_" + name);
    const fs::path copy = dir / fs::path(fixture).filename();
    fs::copy_file(fixture, copy);
    return copy.string();
}

std::int64_t user_version(const std::string& path) {
    tel::Store s = tel::Store::open_read_only(path);
    return s.db().query_int("PRAGMA user_version");
}

// `sawtooth-lab replay --verify` of the fixture's sessions 1..`sessions`.
void check_replays(const std::string& db, int sessions = 3) {
    for (int i = 1; i <= sessions; ++i) {
        const std::string session = std::to_string(i);
        CAPTURE(session);
        const auto r = run_process(kLab, {"replay", "--db", db, "--session", session, "--verify"});
        INFO(r.out << r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("match") != std::string::npos);
    }
}

// Opening `db` (schema `from`) for writing fails in one line that says it is unchanged,
// and the file is byte-for-byte what it was, with no WAL left beside it.
void check_upgrade_refused(const std::string& db, int from) {
    const auto before = file_hash(db);
    try {
        (void)tel::Store::open(db);
        FAIL("the upgrade should have failed");
    } catch (const tel::StoreError& e) {
        const std::string what = e.what();
        CHECK(what.find("could not be upgraded from schema version " + std::to_string(from) + " to 4") !=
              std::string::npos);
        CHECK(what.find("it is unchanged") != std::string::npos);
        CHECK(what.find('\n') == std::string::npos);
    }
    CHECK(file_hash(db) == before);
    CHECK(!fs::exists(db + "-wal"));
    CHECK(user_version(db) == from);
    CHECK(file_hash(db) == before);
}

}  // namespace

TEST_CASE("the committed fixture is a schema-version-1 store") {
    // Guards the fixture itself: if it were rewritten by a newer build the tests below
    // would no longer test an upgrade.
    CHECK(user_version(kFixture) == 1);
    CHECK(user_version(kFixtureV2) == 2);
    CHECK(user_version(kFixtureV3) == 3);
    CHECK(tel::kSchemaVersion == 4);
}

TEST_CASE("a version-1 store is read unchanged, upgraded in place and still replays exactly") {
    const std::string db = fixture_copy("upgrade");
    const auto before = file_hash(db);
    {
        // Read-only opens never upgrade: the ratings table is an empty TEMP stand-in.
        tel::Store ro = tel::Store::open_read_only(db);
        CHECK(ro.schema_version() == 1);
        CHECK(ro.db().query_int("SELECT count(*) FROM ratings") == 0);
    }
    const auto ls = run_process(kLab, {"sessions", "--db", db});
    CHECK(ls.exit_code == 0);
    CHECK(ls.out.find("word level 1") != std::string::npos);
    check_replays(db);
    CHECK(file_hash(db) == before);

    {
        tel::Store store = tel::Store::open(db);
        CHECK(store.schema_version() == 4);
        CHECK(store.db().query_int("PRAGMA user_version") == 4);
        CHECK(store.db().query_int("SELECT count(*) FROM meta WHERE key = 'upgraded_to_schema_4'") == 1);
        // Sessions recorded before uids existed keep none (merge derives theirs).
        CHECK(store.db().query_int("SELECT count(*) FROM sessions WHERE session_uid IS NULL") == 3);
        CHECK(store.db().query_int("SELECT count(*) FROM sqlite_schema WHERE name = 'ratings'") == 1);
        CHECK(store.db().query_int("SELECT count(*) FROM levels") == 2);
        CHECK(store.db().query_int("SELECT count(*) FROM word_levels") == 1);
    }
    CHECK(user_version(db) == 4);
    check_replays(db);
    // A second open finds nothing to do.
    const auto upgraded = file_hash(db);
    { tel::Store again = tel::Store::open(db); }
    CHECK(file_hash(db) == upgraded);
}

TEST_CASE("a failed upgrade leaves the file byte-for-byte unchanged") {
    const std::string db = fixture_copy("fail");
    SUBCASE("its first statement fails (a table named ratings is already there)") {
        raw_exec(db, "CREATE TABLE ratings(x)");
    }
    SUBCASE("a later statement fails, after the ratings table was created in the transaction") {
        // An index with the name the upgrade's last index takes: the table and the first
        // indexes are created, then rolled back with everything else.
        raw_exec(db, "CREATE INDEX ratings_by_word_level ON levels(seq)");
    }
    check_upgrade_refused(db, 1);
}

TEST_CASE("ratings of an upgraded store: sessions, CSV export, participant export and delete") {
    const std::string db = fixture_copy("ratings");
    {
        tel::Store store = tel::Store::open(db);
        tel::RatingRow rated;
        rated.level_id = 1;
        rated.enjoyment = 7;
        rated.difficulty = 3;
        rated.answer_ticks = 250;
        store.add_rating(rated);
        tel::RatingRow skipped;
        skipped.word_level_id = 1;
        skipped.skipped = true;
        skipped.answer_ticks = 40;
        store.add_rating(skipped);
    }
    const auto ls = run_process(kLab, {"sessions", "--db", db});
    REQUIRE(ls.exit_code == 0);
    CHECK(ls.out.find("rated enjoyment 7/10, difficulty 3/7") != std::string::npos);
    CHECK(ls.out.find("rating skipped") != std::string::npos);

    const std::string csv_dir = db + "_csv";
    REQUIRE(run_process(kLab, {"export", "--db", db, "--out", csv_dir}).exit_code == 0);
    const std::string csv = read_file(csv_dir + "/ratings.csv");
    CHECK(csv.rfind("rating_id,session_id,participant_id,level_id,word_level_id,enjoyment,difficulty,skipped,"
                    "answer_ticks,rated_utc\n",
                    0) == 0);
    CHECK(csv.find("1,1," + kParticipant + ",1,,7,3,0,250,") != std::string::npos);
    CHECK(csv.find("2,3," + kParticipant + ",,1,,,1,40,") != std::string::npos);
    CHECK(line_count(csv) == 3);

    const auto ex = run_process(kLab, {"participant", "export", "--db", db, kParticipant});
    REQUIRE(ex.exit_code == 0);
    const auto j = nlohmann::json::parse(ex.out);
    CHECK(j["schema_version"] == 4);
    CHECK(j["sessions"][0]["ratings"][0]["enjoyment"] == 7);
    CHECK(j["sessions"][0]["ratings"][0]["level_id"] == 1);
    CHECK(j["sessions"][2]["ratings"][0]["skipped"] == true);
    CHECK(j["sessions"][2]["ratings"][0]["difficulty"].is_null());

    const auto del = run_process(kLab, {"participant", "delete", "--db", db, kParticipant, "--yes"});
    INFO(del.err);
    REQUIRE(del.exit_code == 0);
    tel::Store after = tel::Store::open_read_only(db);
    CHECK(after.db().query_int("SELECT count(*) FROM ratings") == 0);
}

TEST_CASE("a version-2 store with a rating is read unchanged, upgraded to 4 and still replays") {
    const std::string db = fixture_copy("upgrade_v2", kFixtureV2);
    const auto before = file_hash(db);
    check_replays(db, 4);
    CHECK(file_hash(db) == before);
    {
        tel::Store store = tel::Store::open(db);
        CHECK(store.schema_version() == 4);
        CHECK(store.db().query_int("SELECT count(*) FROM meta WHERE key = 'upgraded_to_schema_4'") == 1);
        CHECK(store.db().query_int("SELECT count(*) FROM sessions WHERE session_uid IS NULL") == 4);
        CHECK(store.db().query_int("SELECT enjoyment * 10 + difficulty FROM ratings") == 73);
    }
    check_replays(db, 4);
    const auto ls = run_process(kLab, {"sessions", "--db", db});
    CHECK(ls.out.find("rated enjoyment 7/10, difficulty 3/7") != std::string::npos);
}

TEST_CASE("a failed upgrade from version 2 leaves the file byte-for-byte unchanged") {
    const std::string db = fixture_copy("fail_v2", kFixtureV2);
    // The upgrade's index name already taken: the column is added, then rolled back.
    raw_exec(db, "CREATE INDEX sessions_by_uid ON levels(seq)");
    const auto before = file_hash(db);
    CHECK_THROWS_AS((void)tel::Store::open(db), tel::StoreError);
    CHECK(file_hash(db) == before);
    CHECK(user_version(db) == 2);
}

TEST_CASE("a version-3 store is read unchanged, upgraded to 4 in place and still replays") {
    const std::string db = fixture_copy("upgrade_v3", kFixtureV3);
    const auto before = file_hash(db);
    {
        // Read-only: no protocol columns, the answers table an empty TEMP stand-in.
        tel::Store ro = tel::Store::open_read_only(db);
        CHECK(ro.schema_version() == 3);
        CHECK(ro.db().query_int("SELECT count(*) FROM questionnaire_answers") == 0);
    }
    check_replays(db, 4);
    const std::string participant = tel::Store::open_read_only(db).participants().at(0).participant_id;
    const auto ex = run_process(kLab, {"participant", "export", "--db", db, participant});
    REQUIRE(ex.exit_code == 0);
    CHECK(nlohmann::json::parse(ex.out)["sessions"][0]["condition"].is_null());
    CHECK(file_hash(db) == before);
    {
        tel::Store store = tel::Store::open(db);
        CHECK(store.schema_version() == 4);
        CHECK(store.db().query_int("SELECT count(*) FROM meta WHERE key = 'upgraded_to_schema_4'") == 1);
        CHECK(store.db().query_int("SELECT count(*) FROM sessions WHERE session_uid IS NOT NULL") == 4);
        CHECK(store.db().query_int(
                  "SELECT count(*) FROM sessions WHERE protocol_hash IS NULL AND condition IS NULL") == 4);
        CHECK(store.db().query_int("SELECT count(*) FROM questionnaire_answers") == 0);
        CHECK(store.db().query_int("SELECT enjoyment * 10 + difficulty FROM ratings") == 73);
    }
    CHECK(user_version(db) == 4);
    check_replays(db, 4);
    const auto upgraded = file_hash(db);
    { tel::Store again = tel::Store::open(db); }
    CHECK(file_hash(db) == upgraded);
}

TEST_CASE("a version-3 file merged as it is keeps its sessions' digests: a second merge adds nothing") {
    const std::string v3 = fixture_copy("merge_v3", kFixtureV3);
    const std::string target = fs::path(v3).parent_path() / "study.db";
    const auto first = run_process(kLab, {"merge", "--into", target, v3});
    INFO(first.err);
    REQUIRE(first.exit_code == 0);
    CHECK(first.out.find("4 session(s) added") != std::string::npos);
    // The upgraded copy holds the same sessions: the protocol columns (NULL) add nothing.
    { tel::Store upgrade = tel::Store::open(v3); }
    const auto target_hash = file_hash(target);
    const auto second = run_process(kLab, {"merge", "--into", target, v3});
    CHECK(second.out.find("0 session(s) added, 4 already there") != std::string::npos);
    CHECK(file_hash(target) == target_hash);
}

TEST_CASE("a failed upgrade from version 3 leaves the file byte-for-byte unchanged") {
    const std::string db = fixture_copy("fail_v3", kFixtureV3);
    SUBCASE("the table cannot be created, after the two columns were added") {
        raw_exec(db, "CREATE TABLE questionnaire_answers(x)");
    }
    SUBCASE("the last statement fails (its index name is taken)") {
        raw_exec(db, "CREATE INDEX questionnaire_answers_by_session ON levels(seq)");
    }
    check_upgrade_refused(db, 3);
}

}  // namespace test_schema_upgrade
