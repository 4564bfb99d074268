// Analysis by condition (docs/studies.md "Analysis by condition"), driven as a user would: a database of
// the committed example protocol's two conditions (27 sessions each, six short generated
// levels per session, recorded through Store::begin_session with the protocol and the real
// LevelRecorder; ratings and questionnaire answers through the Store), plus sessions of
// another protocol with the same condition name and a free-play session, which must never
// be counted. `model verify`, `report` and `words analyze-study` with --protocol / --condition
// / --by-condition are checked against counts the test computes from the rows; `replay
// --verify --protocol` against the protocol; bad input is one line, exit 1, nothing written.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "game/sim/simulation.hpp"
#include "gen/generator.hpp"
#include "telemetry/recording/recorder.hpp"
#include "telemetry/store/sqlite.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_by_condition_cli {

using namespace sawtooth;
using sawtooth::test::lab;
using sawtooth::test::line_count;
using sawtooth::test::read_file;
namespace fs = std::filesystem;
namespace tel = sawtooth::telemetry;
using nlohmann::json;

namespace {

const std::string kExample = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/studies/pack_vs_seeds.json";
const sawtooth::test::ScratchFiles file("sawtooth_by_condition_cli");
constexpr int kSessionsPerCondition = 27;  // verify needs more than its 25 training sessions
constexpr int kLevelsPerSession = 6;       // enough event traces for a fit per condition
const std::string kOtherHash = "0123456789abcdef";

/// One short generated level played by a runner that holds right and jumps every `period`
/// ticks (seeds from 503 up, whose levels it meets traps on), then rated.
void record_level(tel::Store& store, std::int64_t session, std::uint64_t seed, int period, int rating) {
    GenParams p;
    p.seed = seed;
    p.layout = Layout::Linear;
    p.rooms_w = 3;
    p.rooms_h = 1;
    p.level_index = 1 + static_cast<int>(seed % 10);
    const GeneratedLevel g = generate_level(p);
    REQUIRE(g.ok);
    Simulation sim(g.level);
    tel::LevelSource src;
    src.kind = tel::LevelKind::Generated;
    src.name = "level 1";
    src.params = p;
    src.level = g.level;
    tel::LevelRecorder rec(store, session, src, sim);
    for (int t = 0; t < 600 && !sim.reached_exit(); ++t) {
        InputFrame in;
        in.bits = kInputRight;
        if (t % period < 10) in.bits |= kInputUp;
        sim.step(in);
        rec.record_tick(in, sim);
    }
    rec.finish(sim.reached_exit() ? tel::RecordedOutcome::Completed : tel::RecordedOutcome::Skipped, sim);
    tel::RatingRow r;
    r.level_id = rec.level_id();
    if (rating % 5 == 0) {
        r.skipped = true;
    } else {
        r.enjoyment = 1 + rating % 10;
        r.difficulty = 1 + rating % 7;
    }
    store.add_rating(r);
}

/// A session of `condition` under `hash` with its levels, ratings and two answers.
void record_session(tel::Store& store, const std::string& hash, const std::string& condition, int n) {
    const std::string pid = store.create_participant();
    const std::int64_t sid =
        store.begin_session(pid, telemetry::SessionMode::Study, tel::SessionProtocol{hash, condition});
    for (int l = 0; l < kLevelsPerSession; ++l)
        record_level(store, sid, 503 + static_cast<std::uint64_t>(kLevelsPerSession * n + l),
                     25 + (n + 7 * l) % 30, n + l);
    const int fun = 1 + n % 7;
    store.add_questionnaire_answer({sid, 1, "midway", "fun", fun, std::to_string(fun), false, 100});
    if (n % 4 == 0)
        store.add_questionnaire_answer({sid, 1, "midway", "strategy", {}, "", true, 90});
    else
        store.add_questionnaire_answer({sid, 1, "midway", "strategy", 1 + n % 3, "x", false, 90});
    store.end_session(sid, telemetry::SessionEnd::Finished);
}

/// The study database: both conditions of the example, three sessions of another protocol
/// (condition "linear" too) and a free-play session.
std::string make_db() {
    const std::string db = file("study.db");
    if (fs::exists(db)) return db;
    const tel::StudyProtocol protocol = tel::read_protocol(kExample);
    tel::Store store = tel::Store::open(db);
    for (int n = 0; n < 2 * kSessionsPerCondition; ++n)
        record_session(store, protocol.hash, n % 2 ? "linear" : "starter", n);
    for (int n = 0; n < 3; ++n) record_session(store, kOtherHash, "linear", 100 + n);
    const std::int64_t free = store.begin_session(store.default_participant(), telemetry::SessionMode::Free);
    record_level(store, free, 510, 40, 1);
    store.end_session(free, telemetry::SessionEnd::Finished);
    return db;
}

/// What the rows say about one condition of the example.
struct Expected {
    int sessions = 0, levels = 0, deaths = 0, ratings = 0, ratings_skipped = 0;
    double enjoyment = 0, difficulty = 0, fun_mean = 0;
    std::map<int, int> fun, strategy;
    int strategy_skipped = 0;
};

Expected expected(const std::string& db, const std::string& hash, const std::string& condition) {
    tel::Store store = tel::Store::open_read_only(db);
    Expected e;
    const std::string where = " s.protocol_hash = ?1 AND s.condition = ?2";
    const auto query = [&](const std::string& sql, auto row) {
        tel::Statement st(store.db(), sql);
        st.bind(1, hash).bind(2, condition);
        while (st.step()) row(st);
    };
    query("SELECT count(*) FROM sessions s WHERE" + where, [&](auto& st) { e.sessions = int(st.int64(0)); });
    query("SELECT count(*), sum(l.deaths) FROM levels l JOIN sessions s USING (session_id) WHERE" + where,
          [&](auto& st) {
              e.levels = int(st.int64(0));
              e.deaths = int(st.int64(1));
          });
    query(
        "SELECT r.skipped, r.enjoyment, r.difficulty FROM ratings r JOIN sessions s USING (session_id) "
        "WHERE" +
            where,
        [&](auto& st) {
            if (st.int64(0)) return void(++e.ratings_skipped);
            ++e.ratings;
            e.enjoyment += double(st.int64(1));
            e.difficulty += double(st.int64(2));
        });
    e.enjoyment /= e.ratings;
    e.difficulty /= e.ratings;
    query(
        "SELECT a.item_id, a.skipped, a.value FROM questionnaire_answers a JOIN sessions s USING "
        "(session_id) "
        "WHERE" +
            where,
        [&](auto& st) {
            if (st.text(0) == "fun") {
                ++e.fun[int(st.int64(2))];
                e.fun_mean += double(st.int64(2));
            } else if (st.int64(1)) {
                ++e.strategy_skipped;
            } else {
                ++e.strategy[int(st.int64(2))];
            }
        });
    e.fun_mean /= e.sessions;
    return e;
}

void check_refused(const sawtooth::test::ProcessResult& r, const std::string& expected) {
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(expected) != std::string::npos);
}

}  // namespace

TEST_CASE("model verify by condition counts only the protocol's sessions of each condition") {
    const std::string db = make_db();
    const tel::StudyProtocol protocol = tel::read_protocol(kExample);
    auto r = lab("model verify --db " + db + " --protocol " + kExample +
                 " --condition linear --partitions 3 --json");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const Expected linear = expected(db, protocol.hash, "linear");
    REQUIRE(linear.sessions == kSessionsPerCondition);  // the other protocol's three are not counted
    json j = json::parse(r.out);
    CHECK(j["condition"] == "linear");
    CHECK(j["study"]["sessions"] == linear.sessions);
    CHECK(j["study"]["levels"] == linear.levels);

    r = lab("model verify --db " + db + " --protocol " + kExample + " --by-condition --partitions 3 --json");
    REQUIRE(r.exit_code == 0);
    j = json::parse(r.out);
    REQUIRE(j["conditions"].size() == 2);
    CHECK(j["conditions"][0]["condition"] == "starter");  // the protocol's order
    CHECK(j["conditions"][0]["study"]["sessions"] == expected(db, protocol.hash, "starter").sessions);
    CHECK(j["conditions"][1]["study"]["sessions"] == linear.sessions);

    r = lab("model verify --db " + db + " --protocol " + kExample + " --by-condition --partitions 3");
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("condition starter:") < r.out.find("condition linear:"));
}

TEST_CASE(
    "model verify's participant bootstrap: the same seed gives the same intervals, around the all-session "
    "model") {
    const std::string db = make_db();
    const std::string base =
        "model verify --db " + db + " --protocol " + kExample + " --condition linear --partitions 3 --json";
    auto r = lab(base + " --bootstrap 30 --bootstrap-seed 5");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const json j = json::parse(r.out);
    REQUIRE(j.contains("intervals"));
    const json& iv = j["intervals"];
    CHECK(iv["replicates"] == 30);
    for (const char* c : {"c0", "t_timing", "j", "t_cycle"}) {
        INFO(c);
        // The estimate is the model of all the condition's sessions, the one verify reports.
        CHECK(iv[c]["estimate"].get<double>() == doctest::Approx(j["coefficients"][c].get<double>()));
        CHECK(iv[c]["lo"].get<double>() <= iv[c]["hi"].get<double>());
        CHECK(iv[c]["replicates"].get<int>() > 0);
        CHECK(iv[c]["replicates"].get<int>() <= 30);
    }
    CHECK(iv["p_value"]["lo"].get<double>() >= 0.0);
    CHECK(iv["p_value"]["hi"].get<double>() <= 1.0);
    CHECK(lab(base + " --bootstrap 30 --bootstrap-seed 5").out == r.out);  // deterministic
    const json other = json::parse(lab(base + " --bootstrap 30 --bootstrap-seed 6").out);
    CHECK(other["intervals"]["t_timing"] != iv["t_timing"]);
    CHECK_FALSE(json::parse(lab(base + " --bootstrap 0").out).contains("intervals"));
    for (const char* bad : {" --bootstrap -1", " --interval-level 2"}) {
        const auto refused = lab(base + bad);
        CHECK(refused.exit_code > 0);  // a usage error (2), not a crash
        CHECK(line_count(refused.err) == 1);
        CHECK(refused.out.empty());
    }
}

TEST_CASE("report --protocol shows sessions, levels, deaths, ratings and answers per condition") {
    const std::string db = make_db();
    const tel::StudyProtocol protocol = tel::read_protocol(kExample);
    const std::string out = file("report");
    auto r = lab("report --db " + db + " --out " + out + " --protocol " + kExample + " --partitions 3");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const json report = json::parse(read_file(out + "/report.json"));
    const json& conditions = report["conditions"];
    REQUIRE(conditions.size() == 2);
    CHECK(report["study"]["sessions"] == 2 * kSessionsPerCondition);  // not the other protocol's
    for (const json& c : conditions) {
        const std::string name = c["condition"];
        INFO(name);
        const Expected e = expected(db, protocol.hash, name);
        CHECK(c["sessions"] == e.sessions);
        CHECK(c["levels"] == e.levels);
        CHECK(c["deaths"] == e.deaths);
        CHECK(c["ratings"] == e.ratings);
        CHECK(c["ratings_skipped"] == e.ratings_skipped);
        CHECK(c["enjoyment_mean"].get<double>() == doctest::Approx(e.enjoyment));
        CHECK(c["difficulty_mean"].get<double>() == doctest::Approx(e.difficulty));
        REQUIRE(c["items"].size() == 2);
        const json& fun = c["items"][0];
        CHECK(fun["item"] == "fun");
        CHECK(fun["mean"].get<double>() == doctest::Approx(e.fun_mean));
        for (const auto& [v, n] : e.fun) CHECK(fun["counts"][std::to_string(v)] == n);
        const json& strategy = c["items"][1];
        CHECK(strategy["skipped"] == e.strategy_skipped);
        for (const auto& [v, n] : e.strategy) CHECK(strategy["counts"][std::to_string(v)] == n);
    }
    // The page labels the items with the protocol's texts and options.
    const std::string html = read_file(out + "/index.html");
    CHECK(html.find("<h2 id=\"conditions\">Conditions</h2>") != std::string::npos);
    CHECK(html.find("The levels so far were fun.") != std::string::npos);
    CHECK(html.find("<th>it varied</th>") != std::string::npos);

    // One condition: the whole report is of its sessions, and the section shows only it.
    const std::string one = file("report-linear");
    r = lab("report --db " + db + " --out " + one + " --protocol " + kExample +
            " --condition linear --partitions 3");
    REQUIRE(r.exit_code == 0);
    const json linear = json::parse(read_file(one + "/report.json"));
    CHECK(linear["study"]["sessions"] == kSessionsPerCondition);
    REQUIRE(linear["conditions"].size() == 1);
    CHECK(linear["conditions"][0]["condition"] == "linear");
}

TEST_CASE("report of a pilot too small for a model still shows its statistics and conditions") {
    const std::string db = file("pilot.db");
    const tel::StudyProtocol protocol = tel::read_protocol(kExample);
    {
        tel::Store store = tel::Store::open(db);
        record_session(store, protocol.hash, "starter", 0);
        record_session(store, protocol.hash, "linear", 1);
    }
    const std::string out = file("report-pilot");
    const auto r = lab("report --db " + db + " --out " + out + " --protocol " + kExample);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("no challenge model in the report: cannot fit the challenge model") !=
          std::string::npos);
    const json report = json::parse(read_file(out + "/report.json"));
    CHECK(report["model"].is_null());
    CHECK(report["no_model"].get<std::string>().find("cannot fit") != std::string::npos);
    CHECK(report["study"]["sessions"] == 2);
    REQUIRE(report["conditions"].size() == 2);
    for (const json& c : report["conditions"]) {
        const Expected e = expected(db, protocol.hash, c["condition"].get<std::string>());
        CHECK(c["sessions"] == 1);
        CHECK(c["levels"] == e.levels);
        CHECK(c["deaths"] == e.deaths);
    }
    const std::string html = read_file(out + "/index.html");
    CHECK(html.find("<h2 id=\"conditions\">Conditions</h2>") != std::string::npos);
    CHECK(html.find("Not fitted: cannot fit the challenge model") != std::string::npos);
    CHECK(html.find("const F = ") == std::string::npos);  // no model charts to draw
}

TEST_CASE("replay --verify --protocol checks the session's protocol hash and condition") {
    const std::string db = make_db();
    tel::Store store = tel::Store::open_read_only(db);
    const auto session_of = [&](const std::string& where) {
        return store.db().query_int("SELECT min(session_id) FROM sessions WHERE " + where);
    };
    const std::string own =
        std::to_string(session_of("condition = 'linear' AND protocol_hash != '" + kOtherHash + "'"));
    const std::string other = std::to_string(session_of("protocol_hash = '" + kOtherHash + "'"));
    const std::string free = std::to_string(session_of("protocol_hash IS NULL"));
    auto r = lab("replay --db " + db + " --session " + own + " --verify --protocol " + kExample);
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(lab("replay --db " + db + " --session " + other + " --verify").exit_code == 0);  // consistent alone
    check_refused(lab("replay --db " + db + " --session " + other + " --verify --protocol " + kExample),
                  "session " + other + ": protocol hash " + kOtherHash + " differs");
    check_refused(lab("replay --db " + db + " --session " + free + " --verify --protocol " + kExample),
                  "session " + free + ": was not played under a study protocol");
    check_refused(lab("replay --db " + db + " --session " + own + " --protocol " + kExample), "add --verify");
}

TEST_CASE("bad --protocol / --condition input is one line and writes nothing") {
    const std::string db = make_db();
    const std::string before = read_file(db);
    const std::string out = file("bad-report");
    check_refused(
        lab("report --db " + db + " --out " + out + " --protocol " + kExample + " --condition fast"),
        "no condition 'fast' (it has starter, linear)");
    check_refused(lab("model verify --db " + db + " --condition linear"), "--condition needs --protocol");
    check_refused(
        lab("model verify --db " + db + " --protocol " + kExample + " --condition linear --by-condition"),
        "not both");
    std::ofstream(file("broken.json")) << "{\"format\": \"sawtooth-study-protocol\", ";
    check_refused(lab("report --db " + db + " --out " + out + " --protocol " + file("broken.json")),
                  "broken.json");
    check_refused(lab("words analyze-study --db " + db + " --protocol " + file("broken.json")),
                  "broken.json");
    check_refused(lab("replay --db " + db + " --session 1 --verify --protocol " + file("missing.json")),
                  "missing.json");
    // The condition holds no word levels: said, not an empty analysis.
    check_refused(lab("words analyze-study --db " + db + " --protocol " + kExample + " --condition linear"),
                  "no word levels in condition 'linear'");
    CHECK(!fs::exists(out));
    CHECK(read_file(db) == before);
}

}  // namespace test_by_condition_cli
