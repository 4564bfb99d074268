// `sawtooth-lab simulate-study --mode words`, `replay --verify` on word levels, `words analyze-study`
// and the word part of `report`, driven as a user would (docs/elimination.md §11).
#include <doctest/doctest.h>

#include <unistd.h>

#include "telemetry/recording/words_recording.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/study/study_protocol.hpp"

#include "../support/read_file.hpp"
#include "../support/run_process.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_words_study_cli {

using namespace sawtooth::telemetry;
namespace fs = std::filesystem;

namespace {

using sawtooth::test::ProcessResult;
using sawtooth::test::read_file;

/// `sawtooth-lab` with `args` split at spaces; `out` holds stdout and stderr together.
ProcessResult lab(const std::string& args) {
    sawtooth::test::ProcessSettings merged;
    merged.stderr_into_out = true;
    return sawtooth::test::run_process(std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab",
                                       sawtooth::test::split_args(args), merged);
}

/// What the players did: per word level (in id order) its identity, every action and result.
std::vector<std::string> content(const std::string& db) {
    Store s = Store::open_read_only(db);
    std::vector<std::string> out;
    Statement st(s.db(),
                 "SELECT w.word_level_id, w.level_number, w.seed, w.status, w.total_score, w.result_hash, "
                 "(SELECT group_concat(a.tick || a.action || a.letter_index || a.result, ',') FROM "
                 "(SELECT * FROM word_actions WHERE word_level_id = w.word_level_id ORDER BY seq) a), "
                 "(SELECT group_concat(c.letters || ':' || c.word || ':' || c.end_tick, ',') FROM "
                 "(SELECT * FROM word_challenges WHERE word_level_id = w.word_level_id ORDER BY number) c) "
                 "FROM word_levels w ORDER BY w.word_level_id");
    while (st.step()) {
        std::string line;
        for (int c = 0; c < 8; ++c) line += (st.is_null(c) ? std::string("-") : st.text(c)) + "|";
        out.push_back(line);
    }
    return out;
}

fs::path fresh_dir(const std::string& name) {
    const fs::path dir =
        fs::temp_directory_path() / ("sawtooth_test_words_study_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("simulate-study --mode words: verified recordings, same content for a seed across thread counts") {
    const fs::path dir = fresh_dir("det");
    const std::string a = (dir / "a.db").string(), b = (dir / "b.db").string();
    ProcessResult r =
        lab("simulate-study --mode words --players 4 --levels 3 --seed 11 --threads 1 --db " + a);
    REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    CHECK(r.out.find("words study: 4 players") != std::string::npos);
    CHECK(r.out.find("word levels exact (challenges regenerated)") != std::string::npos);
    r = lab("simulate-study --mode words --players 4 --levels 3 --seed 11 --threads 2 --db " + b);
    REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    const auto ca = content(a), cb = content(b);
    REQUIRE(ca.size() >= 4);  // every player plays at least level 1
    CHECK(ca == cb);
    // A different seed gives different players.
    const std::string c = (dir / "c.db").string();
    REQUIRE(
        lab("simulate-study --mode words --players 4 --levels 3 --seed 12 --threads 2 --db " + c).exit_code ==
        0);
    CHECK(content(c) != ca);
    fs::remove_all(dir);
}

TEST_CASE("replay --verify on word levels: exact, tampered, corrupt, missing, future schema") {
    const fs::path dir = fresh_dir("replay");
    const std::string db = (dir / "s.db").string();
    REQUIRE(lab("simulate-study --mode words --players 2 --levels 2 --seed 3 --db " + db).exit_code == 0);
    ProcessResult r = lab("replay --db " + db + " --level 1 --verify");
    REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    CHECK(r.out.find("word level 1 ") != std::string::npos);
    CHECK(r.out.find("regenerated challenges") != std::string::npos);
    r = lab("replay --db " + db + " --session 1 --verify --json");
    REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    CHECK(r.out.find("\"match\": true") != std::string::npos);

    // Tamper: the first letter removal now clicks another position.
    std::int64_t seq = 0;
    {
        Store s = Store::open(db);
        Statement q(
            s.db(),
            "SELECT seq, letter_index FROM word_actions WHERE word_level_id = 1 AND result = 'removed' "
            "ORDER BY seq LIMIT 1");
        REQUIRE(q.step());
        seq = q.int64(0);
        const std::int64_t other = q.int64(1) == 0 ? 1 : 0;
        q.reset();
        Statement u(s.db(), "UPDATE word_actions SET letter_index = ? WHERE word_level_id = 1 AND seq = ?");
        u.bind(1, other).bind(2, seq).run();
    }
    r = lab("replay --db " + db + " --word-level 1 --verify");
    CHECK(r.exit_code != 0);
    CHECK_MESSAGE(r.out.find("action ") != std::string::npos, r.out);
    CHECK(r.out.find("MISMATCH") != std::string::npos);

    // Corrupt row: one-line error naming it, file untouched.
    {
        Store s = Store::open(db);
        s.db().exec("UPDATE word_actions SET action = 'fly' WHERE word_level_id = 1 AND seq = 1");
    }
    std::string before = read_file(db);
    r = lab("replay --db " + db + " --word-level 1 --verify");
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("action 1: unknown action 'fly'") != std::string::npos);
    CHECK(read_file(db) == before);

    r = lab("replay --db " + db + " --word-level 999 --verify");
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("no word level with id 999") != std::string::npos);

    {
        Store s = Store::open(db);
        s.db().exec("PRAGMA user_version = 99");
    }
    before = read_file(db);
    r = lab("replay --db " + db + " --word-level 2 --verify");
    CHECK(r.exit_code == 1);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
    CHECK(read_file(db) == before);
    fs::remove_all(dir);
}

TEST_CASE("words analyze-study: clear errors without word sessions; expected signs on a study") {
    const fs::path dir = fresh_dir("analyze");
    const std::string empty = (dir / "empty.db").string();
    { Store s = Store::open(empty); }
    ProcessResult r = lab("words analyze-study --db " + empty + " --json");
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("holds no word sessions") != std::string::npos);
    r = lab("words analyze-study --db " + (dir / "missing.db").string());
    CHECK(r.exit_code == 1);

    const std::string db = (dir / "s.db").string();
    // --no-verify: the same recordings, without replaying each (the first test case checks
    // that replay; here it would be most of the test's time).
    r = lab("simulate-study --mode words --players 24 --seed 5 --no-verify --db " + db);
    REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    r = lab("words analyze-study --db " + db + " --json");
    REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    const auto j = nlohmann::json::parse(r.out);
    const auto& sel = j.at("selection_model");
    REQUIRE_MESSAGE(!sel.contains("error"), r.out);
    const double r2 = sel.at("r2").get<double>();
    CHECK(r2 >= 0.0);
    CHECK(r2 <= 1.0);
    // The simulated model spots words faster the longer their run of adjacent letters.
    bool found = false;
    for (const auto& c : sel.at("coefficients"))
        if (c.at("name") == "max_sequence") {
            found = true;
            CHECK(c.at("estimate").get<double>() > 0.0);
            CHECK(c.at("se").get<double>() > 0.0);
        }
    CHECK(found);
    const auto& sc = j.at("score_model");
    if (!sc.contains("error")) {
        CHECK(sc.at("r2").get<double>() >= 0.0);
        CHECK(sc.at("r2").get<double>() <= 1.0);
    }
    CHECK(j.at("levels").size() >= 1);
    CHECK(j.at("levels")[0].at("level") == 1);
    CHECK(j.at("levels")[0].at("plays") == 24);

    // The report draws the word figures for a words-only database.
    const std::string out = (dir / "report").string();
    r = lab("report --db " + db + " --out " + out);
    REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    const std::string html = read_file(out + "/index.html");
    CHECK(html.find("w_players") != std::string::npos);
    CHECK(html.find("Intended vs observed") != std::string::npos);

    // By condition (docs/studies.md "Analysis by condition"): the sessions split between the two conditions
    // of the committed example protocol, as a protocol run records them.
    const std::string protocol = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/studies/pack_vs_seeds.json";
    {
        Store s = Store::open(db);
        Statement up(s.db(),
                     "UPDATE sessions SET protocol_hash = ?, "
                     "condition = CASE session_id % 3 WHEN 0 THEN 'linear' ELSE 'starter' END");
        up.bind(1, read_protocol(protocol).hash).run();
    }
    r = lab("words analyze-study --db " + db + " --protocol " + protocol + " --condition linear --json");
    REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    CHECK(nlohmann::json::parse(r.out).at("levels")[0].at("plays") == 8);  // sessions 3, 6, ..., 24
    r = lab("words analyze-study --db " + db + " --protocol " + protocol + " --by-condition --json");
    REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    const nlohmann::json by_condition = nlohmann::json::parse(r.out);
    std::map<std::string, int> plays;
    for (const auto& c : by_condition.at("conditions"))
        plays[c.at("condition").get<std::string>()] = c.at("levels")[0].at("plays").get<int>();
    CHECK(plays == std::map<std::string, int>{{"linear", 8}, {"starter", 16}});
    fs::remove_all(dir);
}

}  // namespace test_words_study_cli
