// `sawtooth --protocol FILE --upload URL --upload-token-file F` (docs/online.md "Lab
// machines") against a real sawtooth-server and PostgreSQL on loopback: a participant
// plays the first level of a protocol run headless by scripted keys and the session is on
// the server when the game ends; the server is killed, the participant comes back for
// the second level and the questionnaire, the game plays on, its end page waits for the
// acknowledgement and the game ends saying what is left; the server starts again and the
// next start of the game sends it. Nothing is lost or stored twice: the server holds each
// session once, with the content (digest) of the local database and the upload number
// the machine's ledger holds, and after `pull` every level replays. A second participant
// with the server up sees the results only once the session is acknowledged.
#include "../support/background_process.hpp"
#include "../support/postgres_server.hpp"
#include "../support/protocol_doc.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "telemetry/store/merge.hpp"
#include "telemetry/store/session_pack.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <memory>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_game_upload_cli {

using namespace sawtooth;
using sawtooth::test::BackgroundProcess;
using sawtooth::test::run_process;
namespace fs = std::filesystem;

namespace {

const std::string kGame = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth";
const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";
const std::string kServer = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-server";
const std::string kSource = SAWTOOTH_SOURCE_DIR;
const std::string kToken = "lab-token-0123456789abcdef";

// The study (label "lab", the file's stem): two levels, a break after the first, a
// questionnaire at the end; no tutorials or ratings.
std::string write_study(const std::string& dir) {
    const nlohmann::json doc = {
        {"format", "sawtooth-study-protocol"},
        {"format_version", 1},
        {"name", "Lab upload"},
        {"consent", "Do you agree?"},
        {"tutorials", false},
        {"ratings", false},
        {"conditions",
         {{{"name", "a"},
           {"levels", {{"type", "seeds"}, {"levels", {test::linear_level(11), test::linear_level(12)}}}}}}},
        {"assignment", {{"type", "balanced"}}},
        {"order", "fixed"},
        {"questionnaires",
         {{{"id", "final"},
           {"at_end", true},
           {"items",
            {{{"id", "fun"},
              {"type", "likert"},
              {"text", "Fun?"},
              {"points", 5},
              {"anchors", {"no", "yes"}}}}}}}},
        {"breaks", {{{"after_level", 1}, {"text", "A short break."}}}}};
    std::ofstream(dir + "/lab.json") << doc.dump(1);
    std::ofstream(dir + "/tokens.json") << nlohmann::json{{"lab", kToken}}.dump();
    std::ofstream(dir + "/token.txt") << kToken << "\n";
    return dir + "/lab.json";
}

struct Fixture {
    std::string dir = test::scratch_dir("sawtooth_game_upload").string();
    std::string protocol = write_study(dir);
    std::string db = dir + "/lab.db";
    test::PostgresServer pg;
    int port = test::free_loopback_port();
    std::unique_ptr<BackgroundProcess> server;

    Fixture() {
        const auto setup = pg.set_up(kSource + "/tools/postgres/study_server.sql",
                                     "CREATE ROLE web1 LOGIN PASSWORD 'pww' IN ROLE sawtooth_server; "
                                     "CREATE ROLE anna LOGIN PASSWORD 'pwa' IN ROLE sawtooth_analyst;");
        INFO(setup.err);
        REQUIRE(setup.exit_code == 0);
        start_server();
    }
    void start_server() {
        server = std::make_unique<BackgroundProcess>(
            kServer,
            std::vector<std::string>{"--db", pg.url("web1", "pww"), "--listen",
                                     "127.0.0.1:" + std::to_string(port), "--protocol", protocol, "--tokens",
                                     dir + "/tokens.json"},
            dir + "/server.log");
        INFO(telemetry::read_file_bytes(dir + "/server.log"));
        REQUIRE(server->wait_for_port(port));
    }
    // The game headless on the protocol with --upload, `keys` scripted, `frames` frames.
    test::ProcessResult game(const std::string& keys, int frames) const {
        test::ProcessSettings ps;
        ps.env = {"XDG_DATA_HOME=" + dir, "XDG_CONFIG_HOME=" + dir};
        ps.timeout_seconds = 120;
        return run_process(
            kGame,
            {"--headless", "--db", db, "--protocol", protocol, "--upload",
             "http://127.0.0.1:" + std::to_string(port), "--upload-token-file", dir + "/token.txt",
             "--menu-keys", keys, "--frames", std::to_string(frames), "--print-screen"},
            ps);
    }
    std::string sql(const std::string& query) const {
        const auto r = pg.psql_admin({"-c", query});
        REQUIRE(r.exit_code == 0);
        return r.out.substr(0, r.out.find('\n'));
    }
};

// Consent, the id typed, Enter, the level's card, a few steps right, Tab skips the level.
std::string first_level_keys(const std::string& id) {
    return "2:confirm,4:type=" + id + ",8:confirm,10:confirm,12:right,13:right,14:right,16:skip,18:confirm";
}
// The same participant again: straight to level 2, then the questionnaire (4), the end.
std::string second_level_keys(const std::string& id) {
    return "2:confirm,4:type=" + id + ",8:confirm,10:confirm,12:right,13:right,16:skip,18:type=4";
}

}  // namespace

TEST_CASE("the game uploads a protocol run as it goes; a server down then back loses and doubles nothing") {
    Fixture f;
    const auto made = run_process(kLab, {"participant", "new", "--db", f.db});
    REQUIRE(made.exit_code == 0);
    const std::string id = made.out.substr(0, made.out.find('\n'));

    // Level 1 and the break, the server up: the session is there when the game has ended.
    const auto first = f.game(first_level_keys(id), 20);
    INFO(first.out << first.err);
    REQUIRE(first.exit_code == 0);
    CHECK(first.out.find("screen: card 2") != std::string::npos);
    CHECK(first.err.empty());
    CHECK(f.sql("SELECT count(*) FROM study_sessions WHERE participant_id = '" + id + "'") == "1");

    // The server goes down; level 2 and the questionnaire are played all the same, and the
    // end page waits for an acknowledgement that does not come.
    f.server->kill();
    const auto second = f.game(second_level_keys(id), 26);
    INFO(second.out << second.err);
    REQUIRE(second.exit_code == 0);
    CHECK(second.out.find("screen: upload-wait") != std::string::npos);
    CHECK(second.err.find("sawtooth: upload: not every session is acknowledged yet") != std::string::npos);

    // The server is back: the next start (left on the consent page) sends what is left.
    f.start_server();
    const auto third = f.game("3:down", 5);
    INFO(third.out << third.err);
    REQUIRE(third.exit_code == 0);
    CHECK(third.out.find("screen: consent") != std::string::npos);
    CHECK(third.err.empty());

    // Each local session once on the server, with its local content and the ledger's number.
    const nlohmann::json ledger =
        nlohmann::json::parse(telemetry::read_file_bytes(f.db + ".upload-acks.json"));
    telemetry::Store store = telemetry::Store::open_read_only(f.db);
    const std::vector<telemetry::SessionKey> keys = telemetry::session_keys(store);
    REQUIRE(keys.size() == 2);
    for (const telemetry::SessionKey& k : keys) {
        const std::string digest = telemetry::hex64(telemetry::session_content_digest(store, k.id));
        CHECK(
            f.sql(
                "SELECT count(*) || ' ' || min(digest) || ' ' || (ended_utc <> '')::text FROM study_sessions "
                "WHERE session_uid = '" +
                k.uid + "' GROUP BY ended_utc") == "1 " + digest + (k.ended ? " true" : " false"));
        CHECK(ledger.at("lab").at(k.uid).at("digest") == digest);
        const int seq = ledger.at("lab").at(k.uid).at("seq").get<int>();
        CHECK(f.sql("SELECT max(seq) || ' ' || count(*) FROM online_uploads WHERE session_uid = '" + k.uid +
                    "'") == std::to_string(seq) + " " + std::to_string(seq));
    }

    // A second participant with the server up: the results show, so the ack came first.
    const auto fourth =
        f.game("2:confirm,4:skip,8:confirm,10:confirm,12:skip,14:confirm,16:confirm,18:skip,20:type=5", 40);
    INFO(fourth.out << fourth.err);
    REQUIRE(fourth.exit_code == 0);
    CHECK(fourth.out.find("screen: results") != std::string::npos);
    CHECK(f.sql("SELECT count(*) FROM study_sessions WHERE study = 'lab' AND ended_utc <> ''") == "3");

    // pull brings back the three sessions and every level replays.
    const std::string pulled = f.dir + "/pulled.db";
    const auto pull =
        run_process(kLab, {"pull", "--from", f.pg.url("anna", "pwa"), "--label", "lab", "--db", pulled});
    INFO(pull.out << pull.err);
    REQUIRE(pull.exit_code == 0);
    telemetry::Store back = telemetry::Store::open_read_only(pulled);
    CHECK(back.db().query_int("SELECT count(*) FROM sessions") == 3);
    std::vector<std::string> args = {"replay", "--db", pulled, "--verify"};
    telemetry::Statement levels(back.db(), "SELECT level_id FROM levels");
    while (levels.step()) args.insert(args.end(), {"--level", std::to_string(levels.int64(0))});
    CHECK(args.size() >= 4 + 2 * 4);
    const auto replay = run_process(kLab, args);
    INFO(replay.out << replay.err);
    CHECK(replay.exit_code == 0);
}

TEST_CASE("--upload is checked before anything is recorded") {
    const std::string dir = test::scratch_dir("sawtooth_game_upload_flags").string();
    const std::string protocol = write_study(dir), db = dir + "/none.db";
    const auto no_protocol = run_process(kGame, {"--headless", "--db", db, "--upload", "http://127.0.0.1:9",
                                                 "--upload-token-file", dir + "/token.txt"});
    CHECK(no_protocol.exit_code == 2);
    CHECK(no_protocol.err == "sawtooth: --upload sends the sessions of a --protocol run: give --protocol\n");
    const auto no_token = run_process(
        kGame, {"--headless", "--db", db, "--protocol", protocol, "--upload", "http://127.0.0.1:9"});
    CHECK(no_token.exit_code == 2);
    const auto bad_url = run_process(kGame, {"--headless", "--db", db, "--protocol", protocol, "--upload",
                                             "127.0.0.1:9/x", "--upload-token-file", dir + "/token.txt"});
    INFO(bad_url.err);
    CHECK(bad_url.exit_code == 1);
    CHECK(bad_url.err.find("sawtooth: --upload: '127.0.0.1:9/x' is no server URL") == 0);
    const auto no_token_file =
        run_process(kGame, {"--headless", "--db", db, "--protocol", protocol, "--upload",
                            "http://127.0.0.1:9", "--upload-token-file", dir + "/missing"});
    CHECK(no_token_file.exit_code == 1);
    CHECK_FALSE(fs::exists(db));
}

}  // namespace test_game_upload_cli
