// sawtooth-server against a real PostgreSQL (tests/support/postgres_server.hpp) set up with
// tools/postgres/study_server.sql, both on loopback, driven through the HTTP API as the
// web page drives it (telemetry/online/online_client.hpp): a participant's path (enrol with
// recruiter ids, upload after each step, resume, completion code only once every upload
// is acknowledged) ends in `pull` bringing back a session that replays; the threat
// model's refusals (a forged token, an oversized upload, a damaged file, a replayed
// request, another participant's id, a repeat participant, too many requests) store
// nothing; a withdrawal deletes every row; `sawtooth-lab upload` sends a lab's sessions;
// 200 participants upload at once while the server is killed and restarted, and every
// session arrives exactly once and replays after `pull`. The server assigns each new
// participant a condition: balanced over a two-condition study, also for 20 enrolments at
// once, the same on every later call.
#include "../support/background_process.hpp"
#include "../support/postgres_server.hpp"
#include "../support/protocol_doc.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "telemetry/online/online_client.hpp"
#include "telemetry/store/session_pack.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/study/study_protocol.hpp"
#include "tools/server/load_run.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_server_cli {

using namespace sawtooth;
using sawtooth::test::BackgroundProcess;
using sawtooth::test::PostgresServer;
using sawtooth::test::run_process;
namespace fs = std::filesystem;
namespace tel = sawtooth::telemetry;
namespace srv = sawtooth::server;
namespace onl = sawtooth::online;

namespace {

const std::string kGame = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth";
const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";
const std::string kServer = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-server";
const std::string kGolden = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden/";
const std::string kServerSql = std::string(SAWTOOTH_SOURCE_DIR) + "/tools/postgres/study_server.sql";
const std::string kToken = "test-token-0123456789abcdef";
const std::string kStudy = "online";   // the protocol file's stem
const std::string kTwoWay = "twoway";  // a second study: two conditions, balanced, Latin-square order

PostgresServer& database() {
    static PostgresServer pg;
    static const bool ready = [] {
        const auto setup = pg.set_up(kServerSql,
                                     "CREATE ROLE web1 LOGIN PASSWORD 'pww' IN ROLE sawtooth_server; "
                                     "CREATE ROLE anna LOGIN PASSWORD 'pwa' IN ROLE sawtooth_analyst;");
        INFO(setup.err);
        REQUIRE(setup.exit_code == 0);
        return true;
    }();
    (void)ready;
    return pg;
}

std::string scratch(const std::string& name) {
    return sawtooth::test::scratch_dir("sawtooth_server_" + name).string();
}

// The study the server runs: one condition, Prolific's ids kept, no repeats.
const std::string& study_dir() {
    static const std::string dir = [] {
        const std::string d = scratch("study");
        nlohmann::json doc = test::seeds_protocol("Online test", "linear", {11});
        doc["online"] = {{"recruiter_ids", {"PROLIFIC_PID", "STUDY_ID"}},
                         {"completion_code", "C0MPL3TE"},
                         {"return_url", "https://app.prolific.com/submissions/complete?cc=C0MPL3TE"}};
        std::ofstream(d + "/" + kStudy + ".json") << doc.dump(1);
        std::ofstream(d + "/tokens.json") << nlohmann::json{{kStudy, kToken}, {kTwoWay, kToken}}.dump();
        doc["name"] = "Two conditions";
        doc["order"] = "latin_square";
        nlohmann::json levels = doc["conditions"][0]["levels"];
        levels["levels"].push_back(levels["levels"][0]);
        levels["levels"][1]["seed"] = 12;
        doc["conditions"] = {{{"name", "a"}, {"levels", levels}}, {{"name", "b"}, {"levels", levels}}};
        std::ofstream(d + "/" + kTwoWay + ".json") << doc.dump(1);
        std::ofstream(d + "/token.txt") << kToken << "\n";
        fs::create_directories(d + "/site");
        std::ofstream(d + "/site/index.html") << "<!doctype html><title>study</title>";
        return d;
    }();
    return dir;
}

std::string protocol_file() { return study_dir() + "/" + kStudy + ".json"; }
const std::string& protocol_hash() {
    static const std::string h = tel::read_protocol(protocol_file()).hash;
    return h;
}

// sawtooth-server on a free loopback port, stopped when the object goes.
struct RunningServer {
    int port = test::free_loopback_port();
    std::unique_ptr<BackgroundProcess> process;
    std::vector<std::string> extra;

    explicit RunningServer(std::vector<std::string> more = {}) : extra(std::move(more)) { start(); }
    void start() {
        std::vector<std::string> args = {
            "--db",     database().url("web1", "pww"),       "--site",     study_dir() + "/site",
            "--listen", "127.0.0.1:" + std::to_string(port), "--protocol", protocol_file(),
            "--tokens", study_dir() + "/tokens.json"};
        args.insert(args.end(), extra.begin(), extra.end());
        process = std::make_unique<BackgroundProcess>(kServer, args, study_dir() + "/server.log");
        REQUIRE(process->wait_for_port(port));
    }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port); }
    onl::StudyTarget target(const std::string& token = kToken) const { return {url(), kStudy, token}; }
};

// A recorded session (the golden run, replayable) to copy as participants' sessions.
const std::string& template_db() {
    static const std::string db = [] {
        const std::string path = scratch("template") + "/template.db";
        const auto r = run_process(kGame, {"--headless", "--level", kGolden + "golden_level.txt", "--script",
                                           kGolden + "golden_run.script", "--db", path});
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        return path;
    }();
    return db;
}

std::vector<srv::LoadParticipant> participants(int n, const std::string& hash = protocol_hash()) {
    return srv::synthetic_participants(template_db(), hash, "linear", n, scratch("participants"));
}

std::string count(const std::string& sql) {
    const auto r = database().psql_admin({"-c", sql});
    REQUIRE(r.exit_code == 0);
    return r.out.substr(0, r.out.find('\n'));
}

int refused_status(const std::function<void()>& call) {
    try {
        call();
    } catch (const onl::ClientError& e) {
        return e.status();
    }
    return 200;
}

onl::RetrySettings no_retry() { return {1, std::chrono::milliseconds(1), std::chrono::milliseconds(1)}; }

// Pulls the study and replays every level it holds; returns the sessions pulled.
std::int64_t pull_and_verify(const std::string& dir) {
    const std::string pulled = dir + "/pulled.db";
    const auto pull = run_process(
        kLab, {"pull", "--from", database().url("anna", "pwa"), "--label", kStudy, "--db", pulled});
    INFO(pull.out << pull.err);
    REQUIRE(pull.exit_code == 0);
    tel::Store store = tel::Store::open_read_only(pulled);
    std::vector<std::string> args = {"replay", "--db", pulled, "--verify"};
    tel::Statement levels(store.db(), "SELECT level_id FROM levels");
    while (levels.step()) {
        args.push_back("--level");
        args.push_back(std::to_string(levels.int64(0)));
    }
    const auto replay = run_process(kLab, args);
    INFO(replay.out << replay.err);
    CHECK(replay.exit_code == 0);
    return store.db().query_int("SELECT count(*) FROM sessions");
}

}  // namespace

TEST_CASE("a participant's path: enrol, upload after each step, resume, completion code, pull replays") {
    RunningServer server;
    onl::OnlineClient client(server.target());
    const nlohmann::json info = client.study_info();
    CHECK(info.at("protocol_hash") == protocol_hash());
    CHECK(info.at("protocol").contains("online") == false);  // the completion code stays on the server
    const srv::LoadParticipant p = participants(1).at(0);

    const nlohmann::json enrolled = client.enrol(p.who, {{"PROLIFIC_PID", "5f0c0ffee"}, {"STUDY_ID", "s1"}});
    CHECK(enrolled.at("resumed") == false);
    CHECK(enrolled.at("assignment").at("condition") == "linear");
    CHECK(count("SELECT count(*) FROM online_recruiter_ids WHERE value = '5f0c0ffee'") == "1");
    CHECK(count("SELECT count(*) FROM study_sessions WHERE participant_id = '5f0c0ffee'") == "0");
    CHECK(client.upload(p.who, p.session_uid, 1, p.uploads[0]).at("stored") == true);
    // Before the session has ended no completion code is given.
    CHECK(refused_status([&] { client.complete(p.who, {{p.session_uid, 1}}); }) == 409);
    // A reload: the same enrolment resumes, the server says what it holds.
    CHECK(client.enrol(p.who, {{"PROLIFIC_PID", "5f0c0ffee"}}).at("resumed") == true);
    const nlohmann::json state = client.resume(p.who);
    REQUIRE(state.at("sessions").size() == 1);
    CHECK(state.at("sessions")[0].at("seq") == 1);
    CHECK(state.at("assignment") == enrolled.at("assignment"));
    CHECK(client.upload(p.who, p.session_uid, 2, p.uploads[1]).at("stored") == true);
    // An upload not yet acknowledged (3) keeps the code back; the acknowledged one gives it.
    CHECK(refused_status([&] { client.complete(p.who, {{p.session_uid, 3}}); }) == 409);
    const nlohmann::json done = client.complete(p.who, {{p.session_uid, 2}});
    CHECK(done.at("completion_code") == "C0MPL3TE");
    CHECK(count("SELECT count(*) FROM study_sessions WHERE session_uid = '" + p.session_uid +
                "' AND ended_utc <> '' AND study = '" + kStudy + "'") == "1");
    // The static site is served.
    const auto page = run_process("/usr/bin/curl", {"-s", server.url() + "/index.html"});
    if (page.exit_code == 0) CHECK(page.out.find("<title>study</title>") != std::string::npos);
    CHECK(pull_and_verify(scratch("path")) >= 1);
}

TEST_CASE(
    "refused: forged token, oversized, damaged, replayed, another participant's id, repeat; nothing stored") {
    RunningServer server({"--max-upload-mb", "1"});
    onl::OnlineClient client(server.target(), no_retry());
    const std::vector<srv::LoadParticipant> ps = participants(3);
    const srv::LoadParticipant &a = ps[0], &b = ps[1], &c = ps[2];
    const std::string sessions_before = count("SELECT count(*) FROM study_sessions");

    onl::OnlineClient forged(server.target("forged-token-0123456789ab"), no_retry());
    CHECK(refused_status([&] { forged.enrol(a.who); }) == 401);
    CHECK(refused_status([&] { forged.upload(a.who, a.session_uid, 1, a.uploads[0]); }) == 401);
    CHECK(count("SELECT count(*) FROM online_participants WHERE participant_id = '" + a.who.id + "'") == "0");

    client.enrol(a.who, {{"PROLIFIC_PID", "repeat-me"}, {"STUDY_ID", "shared-study"}});
    // Oversized (over 1 MiB), damaged (bytes overwritten mid-file), not a database at all.
    CHECK(refused_status([&] { client.upload(a.who, a.session_uid, 1, std::string(1200000, 'x')); }) == 413);
    // Damaged: the first bytes of every page after the first (b-tree page headers) overwritten.
    std::string damaged = a.uploads[0];
    const std::size_t page =
        (static_cast<unsigned char>(damaged[16]) << 8) | static_cast<unsigned char>(damaged[17]);
    REQUIRE(damaged.size() >= 2 * page);
    for (std::size_t at = page; at + 8 <= damaged.size(); at += page)
        for (std::size_t i = at; i < at + 8; ++i) damaged[i] = static_cast<char>(0xA5);
    CHECK(refused_status([&] { client.upload(a.who, a.session_uid, 1, damaged); }) == 400);
    CHECK(refused_status([&] { client.upload(a.who, a.session_uid, 1, "SQLite format 3 but not really"); }) ==
          400);
    CHECK(count("SELECT count(*) FROM study_sessions") == sessions_before);

    // Replayed: the same upload twice changes nothing; other content under the same number is refused.
    CHECK(client.upload(a.who, a.session_uid, 1, a.uploads[0]).at("stored") == true);
    const std::string stored_at =
        count("SELECT pushed_at FROM study_sessions WHERE session_uid = '" + a.session_uid + "'");
    CHECK(client.upload(a.who, a.session_uid, 1, a.uploads[0]).at("stored") == false);
    CHECK(count("SELECT pushed_at FROM study_sessions WHERE session_uid = '" + a.session_uid + "'") ==
          stored_at);
    CHECK(refused_status([&] { client.upload(a.who, a.session_uid, 1, a.uploads[1]); }) == 409);
    CHECK(count("SELECT count(*) FROM online_uploads WHERE session_uid = '" + a.session_uid + "'") == "1");

    // Another participant's id: a wrong key, someone else's session, reading another's state.
    const onl::Participant thief{a.who.id, onl::new_participant_key()};
    CHECK(refused_status([&] { client.enrol(thief); }) == 403);
    CHECK(refused_status([&] { client.resume(thief); }) == 403);
    CHECK(refused_status([&] { client.upload(thief, a.session_uid, 2, a.uploads[1]); }) == 403);
    client.enrol(b.who);
    CHECK(refused_status([&] { client.upload(b.who, a.session_uid, 2, a.uploads[1]); }) == 403);
    CHECK(client.resume(b.who).at("sessions").empty());
    // A session of another protocol.
    const srv::LoadParticipant other = participants(1, "0123456789abcdef").at(0);
    client.enrol(other.who);
    CHECK(refused_status([&] { client.upload(other.who, other.session_uid, 1, other.uploads[0]); }) == 400);

    // Repeat participation: the same recruiter id with a new participant id is refused.
    CHECK(refused_status([&] { client.enrol(c.who, {{"PROLIFIC_PID", "repeat-me"}}); }) == 409);
    CHECK(count("SELECT count(*) FROM online_participants WHERE participant_id = '" + c.who.id + "'") == "0");
    // Only the first recruiter id names the participant: the study's id is shared by all.
    client.enrol(c.who, {{"PROLIFIC_PID", "someone-else"}, {"STUDY_ID", "shared-study"}});
    CHECK(count("SELECT count(*) FROM online_participants WHERE participant_id = '" + c.who.id + "'") == "1");
}

namespace {

// A participant of the two-condition study with a made-up id ("P-" + tag + "-" + 4 digits).
onl::Participant two_way_participant(const std::string& tag, int i) {
    char digits[8];
    std::snprintf(digits, sizeof digits, "%04d", i);
    return {"P-" + tag + "-" + digits, onl::new_participant_key()};
}

// The two-condition study's assignments in the database: condition -> numbers given in it.
std::map<std::string, std::vector<int>> two_way_assignments() {
    const auto r =
        database().psql_admin({"-At", "-F", " ", "-c",
                               "SELECT condition, condition_number FROM online_participants WHERE study = '" +
                                   kTwoWay + "' ORDER BY condition, condition_number"});
    REQUIRE(r.exit_code == 0);
    std::map<std::string, std::vector<int>> out;
    std::istringstream lines(r.out);
    std::string condition;
    int number = 0;
    while (lines >> condition >> number) out[condition].push_back(number);
    return out;
}

// Balanced: the conditions' counts differ by at most one, and each condition's participants
// are numbered 1, 2, ... once each (so their Latin-square rows are used in turn).
void check_balanced(const std::map<std::string, std::vector<int>>& assigned, std::size_t total) {
    REQUIRE(assigned.size() == 2);
    const std::size_t a = assigned.at("a").size(), b = assigned.at("b").size();
    CHECK(a + b == total);
    CHECK(std::max(a, b) - std::min(a, b) <= 1);
    for (const auto& [condition, numbers] : assigned)
        for (std::size_t i = 0; i < numbers.size(); ++i) CHECK(numbers[i] == static_cast<int>(i) + 1);
}

}  // namespace

TEST_CASE("the server assigns conditions in balance, also to concurrent enrolments; a reload keeps them") {
    RunningServer server(
        {"--protocol", study_dir() + "/" + kTwoWay + ".json", "--rate", "100000", "--burst", "100000"});
    const onl::StudyTarget target{server.url(), kTwoWay, kToken};
    onl::OnlineClient client(target);
    std::vector<onl::Participant> first;
    for (int i = 0; i < 7; ++i) {
        first.push_back(two_way_participant("SEQA", i));
        const nlohmann::json answer = client.enrol(first.back());
        // One after another they alternate: a, b, a, b ... numbered 1, 1, 2, 2 ...
        CHECK(answer.at("assignment").at("condition") == (i % 2 == 0 ? "a" : "b"));
        CHECK(answer.at("assignment").at("number") == i / 2 + 1);
    }
    check_balanced(two_way_assignments(), 7);
    // A reload's enrolment and resume give the same assignment and assign nobody anew.
    const nlohmann::json again = client.enrol(first[3]);
    CHECK(again.at("resumed") == true);
    CHECK(again.at("assignment") == nlohmann::json{{"condition", "b"}, {"number", 2}});
    CHECK(client.resume(first[3]).at("assignment") == again.at("assignment"));
    check_balanced(two_way_assignments(), 7);

    // 20 participants enrol at once, each on its own connection.
    std::vector<std::thread> threads;
    std::vector<std::string> conditions(20);
    for (int i = 0; i < 20; ++i)
        threads.emplace_back([&, i] {
            onl::OnlineClient own(target);
            conditions[static_cast<std::size_t>(i)] =
                own.enrol(two_way_participant("CONC", i)).at("assignment").at("condition");
        });
    for (std::thread& t : threads) t.join();
    CHECK(std::count(conditions.begin(), conditions.end(), "a") +
              std::count(conditions.begin(), conditions.end(), "b") ==
          20);
    check_balanced(two_way_assignments(), 27);

    // A participant enrolled before the server assigned (the columns added to an older store
    // by online_server.sql's ALTER, which runs again harmlessly) is assigned at their next call.
    REQUIRE(database()
                .psql_admin({"-c",
                             "ALTER TABLE online_participants ADD COLUMN IF NOT EXISTS condition text, "
                             "ADD COLUMN IF NOT EXISTS condition_number integer"})
                .exit_code == 0);
    const onl::Participant old = two_way_participant("OLDP", 1);
    client.enrol(old);
    REQUIRE(database()
                .psql_admin({"-c",
                             "UPDATE online_participants SET condition = NULL, condition_number = "
                             "NULL WHERE participant_id = '" +
                                 old.id + "'"})
                .exit_code == 0);
    CHECK(client.resume(old).at("assignment").is_null());
    CHECK(client.enrol(old).at("assignment").at("condition") == "b");  // 14 a, 13 b without them
    CHECK(client.resume(old).at("assignment").at("condition") == "b");
    check_balanced(two_way_assignments(), 28);
}

TEST_CASE("a missing or unknown server option is one line and exit 2") {
    const auto missing = run_process(kServer, {"--db", "postgresql://x@127.0.0.1:1/none", "--site", "."});
    CHECK(missing.exit_code == 2);
    CHECK(missing.err == "sawtooth-server: --protocol is required\n");
    const auto unknown = run_process(kServer, {"--nosuch"});
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.err.rfind("sawtooth-server: ", 0) == 0);
    CHECK(std::count(unknown.err.begin(), unknown.err.end(), '\n') == 1);
}

TEST_CASE("too many requests from one address are refused with 429") {
    RunningServer server({"--rate", "0.5", "--burst", "3"});
    onl::OnlineClient client(server.target(), no_retry());
    int refused = 0;
    for (int i = 0; i < 6; ++i) refused += refused_status([&] { client.study_info(); }) == 429 ? 1 : 0;
    CHECK(refused >= 2);
}

TEST_CASE("a withdrawal deletes every row of the participant and counts it") {
    RunningServer server;
    onl::OnlineClient client(server.target());
    const srv::LoadParticipant p = participants(1).at(0);
    client.enrol(p.who, {{"PROLIFIC_PID", "withdrawn-one"}});
    client.upload(p.who, p.session_uid, 1, p.uploads[0]);
    client.upload(p.who, p.session_uid, 2, p.uploads[1]);
    const std::string withdrawals = count("SELECT count(*) FROM online_withdrawals");
    CHECK(client.withdraw(p.who.id).at("sessions_deleted") == 1);
    const std::string id = "'" + p.who.id + "'";
    CHECK(count("SELECT count(*) FROM study_sessions WHERE participant_id = " + id) == "0");
    CHECK(count("SELECT count(*) FROM online_participants WHERE participant_id = " + id) == "0");
    CHECK(count("SELECT count(*) FROM online_uploads WHERE participant_id = " + id) == "0");
    CHECK(count("SELECT count(*) FROM online_recruiter_ids WHERE value = 'withdrawn-one'") == "0");
    CHECK(std::stoi(count("SELECT count(*) FROM online_withdrawals")) == std::stoi(withdrawals) + 1);
    onl::OnlineClient once(server.target(), no_retry());
    CHECK(refused_status([&] { once.withdraw(p.who.id); }) == 404);
    // study-status from the server counts the withdrawal under its condition.
    const auto status = run_process(kLab, {"study-status", "--from", database().url("anna", "pwa"),
                                           "--protocol", protocol_file(), "--json"});
    INFO(status.out << status.err);
    REQUIRE(status.exit_code == 0);
    const nlohmann::json doc = nlohmann::json::parse(status.out);
    CHECK(doc.at("conditions")[0].at("withdrawn").get<int>() >= 1);
}

TEST_CASE("sawtooth-lab upload sends a lab's finished protocol sessions; a second run sends nothing new") {
    RunningServer server;
    const std::string dir = scratch("lab_upload"), db = dir + "/lab.db";
    fs::copy_file(template_db(), db, fs::copy_options::overwrite_existing);
    {
        tel::Store store = tel::Store::open(db);
        tel::Statement st(store.db(), "UPDATE sessions SET protocol_hash = ?, condition = 'linear'");
        st.bind(1, protocol_hash()).run();
    }
    const std::vector<std::string> args = {"upload", "--db",         db,
                                           "--to",   server.url(),   "--label",
                                           kStudy,   "--token-file", study_dir() + "/token.txt"};
    const auto first = run_process(kLab, args);
    INFO(first.out << first.err);
    REQUIRE(first.exit_code == 0);
    CHECK(first.out.find("1 new, 0 already there") != std::string::npos);
    const auto second = run_process(kLab, args);
    CHECK(second.out.find("0 new, 1 already there") != std::string::npos);
    const auto bad = run_process(kLab, {"upload", "--db", db, "--to", server.url(), "--label", "nope",
                                        "--token-file", study_dir() + "/token.txt"});
    CHECK(bad.exit_code == 1);
    CHECK(bad.err.find("runs no study 'nope'") != std::string::npos);
}

TEST_CASE("200 participants upload at once, the server is killed and restarted: each session arrives once") {
    RunningServer server({"--rate", "100000", "--burst", "100000"});
    const std::vector<srv::LoadParticipant> ps = participants(200);
    srv::LoadSettings settings;
    settings.threads = 16;
    std::atomic<int> finished{0};
    settings.on_participant = [&finished] { ++finished; };
    srv::LoadFigures fig;
    std::thread load([&] { fig = srv::run_load(server.target(), ps, settings); });
    while (finished < 40) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    server.process->kill();
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    server.start();
    load.join();
    INFO((fig.failures.empty() ? "" : fig.failures[0]));
    CHECK(fig.failures.empty());
    CHECK(fig.completed == 200);
    CHECK(fig.most_attempts > 1);  // some requests met the dead server and were retried
    std::string uids;
    for (const srv::LoadParticipant& p : ps) uids += (uids.empty() ? "'" : ",'") + p.session_uid + "'";
    CHECK(count("SELECT count(*) FROM study_sessions WHERE session_uid IN (" + uids + ")") == "200");
    CHECK(count("SELECT count(*) FROM online_uploads WHERE session_uid IN (" + uids + ")") == "400");
    CHECK(count("SELECT count(*) FROM study_sessions WHERE session_uid IN (" + uids +
                ") AND ended_utc = ''") == "0");
    CHECK(pull_and_verify(scratch("load")) >= 200);
}

}  // namespace test_server_cli
