// A protocol run with synthetic players (`sawtooth-lab protocol run`, game/flows/protocol_bots.hpp):
// the committed example protocol played by synthetic participants into a session database
// as the game records people: one session per participant carrying the protocol's hash and
// its condition, ended "finished", the tutorials then the condition's levels in the
// participant's order, assigned in balance; `study-status` then counts them; a later run
// goes on balancing; the same seed gives the same plays; bad input is one line, exit 1 and
// the database untouched. (Participants are few: each plays up to twelve levels with the bot.)
#include "../support/db_file.hpp"
#include "../support/lab_cli.hpp"
#include "telemetry/store/sqlite.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_protocol_run_cli {

using namespace sawtooth;
using sawtooth::test::file_hash;
using sawtooth::test::lab;
using sawtooth::test::line_count;
namespace fs = std::filesystem;
namespace tel = sawtooth::telemetry;

namespace {

const std::string kExample = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/studies/pack_vs_seeds.json";
const sawtooth::test::ScratchFiles file("sawtooth_protocol_run_cli");

/// One recorded session: its protocol columns and its levels' kinds and levels' seeds.
struct Session {
    std::string protocol_hash, condition, end_reason;
    std::vector<std::string> kinds;
    std::vector<std::string> seeds;
};

std::vector<Session> sessions_of(const std::string& db) {
    tel::Store store = tel::Store::open_read_only(db);
    std::vector<Session> out;
    tel::Statement s(
        store.db(),
        "SELECT session_id, protocol_hash, condition, end_reason FROM sessions ORDER BY session_id");
    while (s.step()) {
        Session one{s.text(1), s.text(2), s.is_null(3) ? "" : s.text(3), {}, {}};
        tel::Statement l(store.db(), "SELECT kind, seed FROM levels WHERE session_id = ? ORDER BY seq");
        l.bind(1, s.int64(0));
        while (l.step()) {
            one.kinds.push_back(l.text(0));
            one.seeds.push_back(l.is_null(1) ? "" : l.text(1));
        }
        out.push_back(one);
    }
    return out;
}

/// Every level's recorded inputs and outcome, in recording order.
std::vector<std::string> plays_of(const std::string& db) {
    tel::Store store = tel::Store::open_read_only(db);
    std::vector<std::string> out;
    tel::Statement s(store.db(), "SELECT level_hash, outcome, deaths, ticks FROM levels ORDER BY level_id");
    while (s.step())
        out.push_back(s.text(0) + " " + s.text(1) + " " + std::to_string(s.int64(2)) + " " +
                      std::to_string(s.int64(3)));
    return out;
}

}  // namespace

TEST_CASE("protocol run records synthetic participants as the game records a protocol run") {
    const std::string db = file("run.db");
    const auto r = lab("protocol run --protocol " + kExample + " --db " + db + " --players 2 --seed 3");
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    const tel::StudyProtocol protocol = tel::read_protocol(kExample);
    CHECK(r.out.find("hash " + protocol.hash) != std::string::npos);
    CHECK(r.out.find("2 session(s)") != std::string::npos);

    // A later run assigns against the counts already there: balanced, 1 and 1 more.
    const auto more =
        lab("protocol run --protocol " + kExample + " --db " + db + " --players 2 --seed 4 --json");
    INFO(more.err);
    REQUIRE(more.exit_code == 0);
    const auto m = nlohmann::json::parse(more.out);
    CHECK(m["sessions"] == 2);
    CHECK(m["conditions"][0]["participants"] == 1);
    CHECK(m["conditions"][1]["participants"] == 1);
    CHECK(m["conditions"][1]["levels"] == 6);

    const std::vector<Session> sessions = sessions_of(db);
    REQUIRE(sessions.size() == 4);
    std::map<std::string, int> per_condition;
    for (const Session& s : sessions) {
        CHECK(s.protocol_hash == protocol.hash);
        CHECK(s.end_reason == "finished");
        ++per_condition[s.condition];
        const tel::Condition* c = protocol.find_condition(s.condition);
        REQUIRE(c != nullptr);
        // The protocol has tutorials on: two tutorials, then every level of the condition.
        REQUIRE(s.kinds.size() == 2 + static_cast<std::size_t>(c->level_count()));
        CHECK(s.kinds[0] == "tutorial");
        CHECK(s.kinds[1] == "tutorial");
        for (std::size_t i = 2; i < s.kinds.size(); ++i) CHECK(s.kinds[i] == "generated");
    }
    CHECK(per_condition["starter"] == 2);
    CHECK(per_condition["linear"] == 2);
    // The Latin square gives the two participants of a condition different orders.
    std::vector<std::vector<std::string>> linear_orders;
    for (const Session& s : sessions)
        if (s.condition == "linear") linear_orders.push_back(s.seeds);
    REQUIRE(linear_orders.size() == 2);
    CHECK(linear_orders[0] != linear_orders[1]);

    const auto status = lab("study-status --json --db " + db + " --protocol " + kExample);
    REQUIRE(status.exit_code == 0);
    const auto j = nlohmann::json::parse(status.out);
    CHECK(j["conditions"][0]["finished"] == 2);
    CHECK(j["conditions"][1]["finished"] == 2);
}

TEST_CASE("protocol run: the same seed gives the same plays") {
    const std::string a = file("same_a.db"), b = file("same_b.db");
    REQUIRE(lab("protocol run --protocol " + kExample + " --db " + a + " --players 2 --seed 9").exit_code ==
            0);
    REQUIRE(lab("protocol run --protocol " + kExample + " --db " + b + " --players 2 --seed 9").exit_code ==
            0);
    const std::vector<std::string> plays = plays_of(a);
    CHECK(plays.size() == 2 + 10 + 2 + 6);
    CHECK(plays == plays_of(b));
}

TEST_CASE("protocol run bad input: one line, exit 1, the database untouched") {
    const std::string db = file("untouched.db");
    REQUIRE(lab("protocol run --protocol " + kExample + " --db " + db + " --players 1").exit_code == 0);
    const auto before = file_hash(db);
    const std::string bad = file("bad_protocol.json");
    std::ofstream(bad) << R"({"format": "sawtooth-study-protocol", "format_version": 1, "nmae": "x"})";
    for (const std::string& args :
         {"--protocol " + bad + " --db " + db, "--protocol " + kExample + " --db " + db + " --players 0"}) {
        const auto r = lab("protocol run " + args);
        INFO(args << ": " << r.err);
        CHECK(r.exit_code == 1);
        CHECK(r.out.empty());
        CHECK(line_count(r.err) == 1);
        CHECK(file_hash(db) == before);
    }
    const std::string absent = file("absent.db");
    const auto r = lab("protocol run --protocol " + bad + " --db " + absent);
    CHECK(r.exit_code == 1);
    CHECK_FALSE(fs::exists(absent));
}

}  // namespace test_protocol_run_cli
