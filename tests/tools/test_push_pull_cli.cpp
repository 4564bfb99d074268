// `sawtooth-lab push` / `pull` against a real PostgreSQL server (tests/support/
// postgres_server.hpp) set up with tools/postgres/study_server.sql, as a lab uses them:
// push -> pull -> every pulled session replays and holds the pushed content; a second push
// changes nothing on the server; a site role can neither read nor alter another site's
// rows; a protocol session's condition and questionnaire answers travel (schema version 4);
// a push stopped half-way (the push library's stop hook) resumes and ends complete; an unreachable server, a
// bad URL and a wrong password are one line, exit 1, with the local files unchanged.
#include "../support/db_file.hpp"
#include "../support/postgres_server.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/hash.hpp"
#include "telemetry/store/store.hpp"
#include "tools/lab/postgres.hpp"
#include "tools/lab/study_server_sync.hpp"

#include <doctest/doctest.h>

#include <filesystem>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_push_pull_cli {

using namespace sawtooth;
using sawtooth::test::line_count;
using sawtooth::test::PostgresServer;
using sawtooth::test::read_file;
using sawtooth::test::run_process;
namespace fs = std::filesystem;
namespace tel = sawtooth::telemetry;
namespace lab = sawtooth::lab;

using sawtooth::test::file_hash;

namespace {

const std::string kGame = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth";
const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";
const std::string kGolden = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden/";
const std::string kServerSql = std::string(SAWTOOTH_SOURCE_DIR) + "/tools/postgres/study_server.sql";

// One server for the whole file, set up as docs/studies.md says: the script, two sites
// and an analyst. Stopped and deleted at exit.
PostgresServer& server() {
    static PostgresServer pg;
    static const bool ready = [] {
        const auto setup = pg.set_up(kServerSql,
                                     "CREATE ROLE site1 LOGIN PASSWORD 'pw1' IN ROLE sawtooth_site; "
                                     "CREATE ROLE site2 LOGIN PASSWORD 'pw2' IN ROLE sawtooth_site; "
                                     "CREATE ROLE anna LOGIN PASSWORD 'pwa' IN ROLE sawtooth_analyst;");
        INFO(setup.err);
        REQUIRE(setup.exit_code == 0);
        return true;
    }();
    (void)ready;
    return pg;
}

std::string site1() { return server().url("site1", "pw1"); }
std::string analyst() { return server().url("anna", "pwa"); }

std::string scratch(const std::string& name) {
    return sawtooth::test::scratch_dir("sawtooth_push_" + name).string();
}

void record(const std::string& db, int sessions) {
    for (int i = 0; i < sessions; ++i) {
        const auto r = run_process(kGame, {"--headless", "--level", kGolden + "golden_level.txt", "--script",
                                           kGolden + "golden_run.script", "--db", db});
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
    }
}

std::string server_count(const std::string& where) {
    const auto r = server().psql_admin({"-c", "SELECT count(*) FROM study_sessions WHERE " + where});
    REQUIRE(r.exit_code == 0);
    return r.out.substr(0, r.out.find('\n'));
}

void check_refused(const sawtooth::test::ProcessResult& r, const std::string& needle) {
    INFO("stdout: " << r.out << "stderr: " << r.err);
    CHECK(r.exit_code == 1);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(needle) != std::string::npos);
}

}  // namespace

TEST_CASE("push -> pull -> replay; a second push changes nothing") {
    const std::string dir = scratch("roundtrip"), a = dir + "/a.db", pulled = dir + "/pulled.db";
    record(a, 2);
    const auto a0 = file_hash(a);

    const auto push = run_process(kLab, {"push", "--db", a, "--to", site1(), "--label", "roundtrip"});
    INFO(push.out << push.err);
    REQUIRE(push.exit_code == 0);
    CHECK(push.out.find("2 new, 0 already there") != std::string::npos);
    CHECK(file_hash(a) == a0);
    CHECK(server_count("study = 'roundtrip' AND site = 'site1'") == "2");

    const auto again = run_process(kLab, {"push", "--db", a, "--to", site1(), "--label", "roundtrip"});
    CHECK(again.out.find("0 new, 2 already there") != std::string::npos);
    CHECK(server_count("study = 'roundtrip'") == "2");

    const auto pull =
        run_process(kLab, {"pull", "--from", analyst(), "--label", "roundtrip", "--db", pulled});
    INFO(pull.out << pull.err);
    REQUIRE(pull.exit_code == 0);
    for (const char* session : {"1", "2"}) {
        const auto r = run_process(kLab, {"replay", "--db", pulled, "--session", session, "--verify"});
        INFO(r.out << r.err);
        CHECK(r.exit_code == 0);
    }
    // The pulled sessions are the pushed ones, row for row: merging them back adds nothing.
    const std::string copy = dir + "/a_copy.db";
    fs::copy_file(a, copy);
    const auto back = run_process(kLab, {"merge", "--into", copy, pulled});
    CHECK(back.out.find("0 session(s) added, 2 already there") != std::string::npos);
}

TEST_CASE("a protocol session's condition and questionnaire answers travel through push and pull") {
    const std::string dir = scratch("protocol"), a = dir + "/a.db", pulled = dir + "/pulled.db";
    {
        tel::Store store = tel::Store::open(a);
        const std::string p = store.create_participant();
        const std::int64_t sid = store.begin_session(p, telemetry::SessionMode::Study,
                                                     tel::SessionProtocol{"0123456789abcdef", "rising"});
        store.add_questionnaire_answer({sid, 5, "midway", "fun", 4, "agree", false, 120});
        store.end_session(sid, telemetry::SessionEnd::Finished);
    }
    const auto push = run_process(kLab, {"push", "--db", a, "--to", site1(), "--label", "protocol"});
    INFO(push.out << push.err);
    REQUIRE(push.exit_code == 0);
    CHECK(server_count(
              "study = 'protocol' AND protocol_hash = '0123456789abcdef' AND condition = 'rising'") == "1");
    const auto pull = run_process(kLab, {"pull", "--from", analyst(), "--label", "protocol", "--db", pulled});
    INFO(pull.out << pull.err);
    REQUIRE(pull.exit_code == 0);
    tel::Store back = tel::Store::open_read_only(pulled);
    CHECK(back.db().query_int("SELECT count(*) FROM sessions WHERE condition = 'rising'") == 1);
    CHECK(back.db().query_int("SELECT value FROM questionnaire_answers WHERE item_id = 'fun'") == 4);
}

TEST_CASE("a site can neither read nor alter another site's sessions") {
    const std::string dir = scratch("sites"), a = dir + "/a.db";
    record(a, 1);
    REQUIRE(run_process(kLab, {"push", "--db", a, "--to", site1(), "--label", "sites"}).exit_code == 0);
    PostgresServer& pg = server();
    const auto read = pg.psql_as("site2", "pw2", "SELECT count(*) FROM study_sessions WHERE study = 'sites'");
    CHECK(read.exit_code == 0);
    CHECK(read.out == "0\n");
    CHECK(pg.psql_as("site2", "pw2", "UPDATE study_sessions SET study = 'x'").exit_code != 0);
    CHECK(pg.psql_as("site2", "pw2", "DELETE FROM study_sessions").exit_code != 0);
    CHECK(pg.psql_as("site1", "pw1", "DELETE FROM study_sessions").exit_code != 0);  // not even its own
    const auto forged =
        pg.psql_as("site2", "pw2",
                   "INSERT INTO study_sessions(session_uid, study, site, participant_id, mode, "
                   "started_utc, ended_utc, digest, store) VALUES ('S-0000-0000-0000', 'sites', "
                   "'site1', 'P-0000-0000', 'free', '', '', '', '')");
    CHECK(forged.exit_code != 0);
    CHECK(forged.err.find("row-level security") != std::string::npos);
    CHECK(server_count("study = 'sites'") == "1");
    // Pulling as site2 finds nothing of site1's.
    check_refused(run_process(kLab, {"pull", "--from", pg.url("site2", "pw2"), "--label", "sites", "--db",
                                     dir + "/p.db"}),
                  "no session of study 'sites'");
    CHECK(!fs::exists(dir + "/p.db"));
}

TEST_CASE("a push stopped half-way resumes and ends complete") {
    const std::string dir = scratch("resume"), a = dir + "/a.db";
    record(a, 3);
    {  // the push library stopped after its first new session, as a kill would stop it
        tel::Store source = tel::Store::open_read_only(a);
        lab::PgConnection pg(site1());
        lab::PushSettings settings;
        settings.after_session = [](std::size_t added) { return added < 1; };
        const lab::PushSummary cut = lab::push_sessions(source, pg, "resume", settings);
        CHECK(cut.stopped);
        CHECK(cut.added == 1);
        CHECK(cut.sessions == 3);
    }
    CHECK(server_count("study = 'resume'") == "1");
    const auto resumed = run_process(kLab, {"push", "--db", a, "--to", site1(), "--label", "resume"});
    INFO(resumed.out << resumed.err);
    CHECK(resumed.exit_code == 0);
    CHECK(resumed.out.find("2 new, 1 already there") != std::string::npos);
    CHECK(server_count("study = 'resume'") == "3");
}

TEST_CASE("bad input: unreachable server, bad URL, wrong password") {
    const std::string dir = scratch("bad"), a = dir + "/a.db";
    record(a, 1);
    const auto a0 = file_hash(a);
    const std::string closed =
        "postgresql://site1:pw1@127.0.0.1:" + std::to_string(sawtooth::test::free_loopback_port()) +
        "/postgres";
    const std::string bad_url = "postgresql://site1:pw1@127.0.0.1:notaport/postgres";
    const std::string wrong_password = server().url("site1", "wrong");
    for (const std::string& url : {closed, bad_url, wrong_password}) {
        CAPTURE(url);
        check_refused(run_process(kLab, {"push", "--db", a, "--to", url, "--label", "bad"}),
                      "cannot connect to the study server");
        check_refused(run_process(kLab, {"pull", "--from", url, "--label", "bad", "--db", dir + "/p.db"}),
                      "cannot connect to the study server");
        CHECK(file_hash(a) == a0);
        CHECK(!fs::exists(dir + "/p.db"));
    }
    // The password is never echoed.
    const auto r = run_process(kLab, {"push", "--db", a, "--to", wrong_password, "--label", "bad"});
    CHECK(r.err.find("wrong") == std::string::npos);
}

}  // namespace test_push_pull_cli
