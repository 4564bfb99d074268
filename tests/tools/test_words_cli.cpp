// `sawtooth-lab words ...` and `bench words` from the outside: outputs, determinism and
// one-line errors with non-zero exits (docs/elimination.md §9).
#include <doctest/doctest.h>

#include "../support/run_process.hpp"
#include "../support/words_fixture.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "gen/words/dictionary.hpp"
#include "gen/words/state_space.hpp"

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_words_cli {

namespace {

using sawtooth::test::ProcessResult;

/// `sawtooth-lab` with `args` split at spaces; `out` holds stdout and stderr together.
ProcessResult lab(const std::string& args) {
    sawtooth::test::ProcessSettings merged;
    merged.stderr_into_out = true;
    return sawtooth::test::run_process(std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab",
                                       sawtooth::test::split_args(args), merged);
}

int lines(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

}  // namespace

TEST_CASE("words analyze: AFART text and JSON") {
    const ProcessResult t = lab("words analyze AFART");
    REQUIRE(t.exit_code == 0);
    CHECK(t.out.find("1 unreachable") != std::string::npos);
    const ProcessResult j = lab("words analyze afart --json");
    REQUIRE(j.exit_code == 0);
    const auto doc = nlohmann::json::parse(j.out);
    CHECK(doc["letters"] == "AFART");
    CHECK(doc["potential_states"] == 32);
    CHECK(doc["reachable_states"] == 31);
    bool far_seen = false;
    for (const auto& w : doc["words"])
        if (w["word"] == "far") {
            far_seen = true;
            CHECK(w["reachable"] == false);
        }
    CHECK(far_seen);
}

TEST_CASE("words gen: one challenge a line, deterministic per seed") {
    const ProcessResult a = lab("words gen --seed 42 --count 6");
    const ProcessResult b = lab("words gen --seed 42 --count 6");
    const ProcessResult c = lab("words gen --seed 43 --count 6");
    REQUIRE(a.exit_code == 0);
    CHECK(lines(a.out) == 6);
    CHECK(a.out == b.out);
    CHECK(a.out != c.out);
    const std::string first = a.out.substr(0, a.out.find(' '));
    for (char ch : first) CHECK((ch >= 'A' && ch <= 'Z'));
    CHECK(a.out.find("2x:") != std::string::npos);

    const ProcessResult e = lab("words gen --seed 1 --count 3 --length 8 --band 0..20 --max-seq 3 --json");
    REQUIRE(e.exit_code == 0);
    const auto doc = nlohmann::json::parse(e.out);
    REQUIRE(doc["challenges"].size() == 3);
    for (const auto& ch : doc["challenges"]) CHECK(ch["letters"].get<std::string>().size() == 8);
}

namespace {

// Reachable-word counts of LETTERS from a fresh analysis in the test (not the command's).
nlohmann::json reach_counts(const std::string& letters, double common_rank) {
    namespace w = sawtooth::words;
    const w::Dictionary& d = w::test::english();
    const w::StateSpace ss = w::analyze_state_space(d, w::to_lower(letters));
    int reachable = 0, common = 0, short_words = 0, long_words = 0, longest = 0;
    for (const w::WordReach& r : ss.words) {
        if (!r.reachable) continue;
        const int len = static_cast<int>(r.word.size());
        ++reachable;
        common += d.rank_percentile(d.find(r.word)) < common_rank;
        short_words += len <= 4;
        long_words += len == 5 || len == 6;
        longest = std::max(longest, len);
    }
    return {{"reachable", reachable},
            {"common", common},
            {"short_words", short_words},
            {"long_words", long_words},
            {"longest", longest}};
}

}  // namespace

TEST_CASE("words gen designer constraints: every printed challenge meets them, counts reported") {
    struct Case {
        const char* args;
        bool (*holds)(const nlohmann::json& counts);
    };
    const Case cases[] = {
        {"--min-common 8", [](const nlohmann::json& c) { return c["common"].get<int>() >= 8; }},
        {"--all-common", [](const nlohmann::json& c) { return c["common"] == c["reachable"]; }},
        {"--min-common 3 --common-rank 2",
         [](const nlohmann::json& c) { return c["common"].get<int>() >= 3; }},
        {"--short-and-long",
         [](const nlohmann::json& c) {
             return c["short_words"].get<int>() > 0 && c["long_words"].get<int>() > 0;
         }},
        {"--length 8 --max-word-length 5",
         [](const nlohmann::json& c) { return c["longest"].get<int>() <= 5; }},
        {"--length 8 --max-word-length 5 --enforce filter",
         [](const nlohmann::json& c) { return c["longest"].get<int>() <= 5; }},
    };
    for (const Case& k : cases) {
        const ProcessResult r = lab(std::string("words gen --seed 5 --count 8 --json ") + k.args);
        INFO(k.args << " -> " << r.out.substr(0, 300));
        REQUIRE(r.exit_code == 0);
        const auto doc = nlohmann::json::parse(r.out);
        REQUIRE(doc["challenges"].size() == 8);
        const double common_rank = doc["rules"]["common_rank"].get<double>();
        for (const auto& ch : doc["challenges"]) {
            const nlohmann::json mine = reach_counts(ch["letters"].get<std::string>(), common_rank);
            INFO(ch["letters"].get<std::string>());
            CHECK(k.holds(mine));
            for (const auto& [key, value] : mine.items()) CHECK(ch["reach"][key] == value);
        }
        CHECK(doc["stats"]["accepted"] == 8);
        CHECK(doc["stats"]["attempts"].get<int>() >= 8);
    }
    // --rank-band: every reachable word's rank in LO..HI, reported as the words outside it.
    const ProcessResult b = lab("words gen --seed 5 --count 8 --json --rank-band 0..25");
    REQUIRE(b.exit_code == 0);
    const nlohmann::json banded = nlohmann::json::parse(b.out);  // outlives the loop over its member
    for (const auto& ch : banded["challenges"]) {
        const nlohmann::json mine = reach_counts(ch["letters"].get<std::string>(), 25.0);
        CHECK(mine["common"] == mine["reachable"]);  // "common" at a 25 cut = inside 0..25
        CHECK(ch["reach"]["outside_band"] == 0);
    }
}

TEST_CASE("words gen per-length bands: every printed challenge counted with none outside its band") {
    const ProcessResult r =
        lab("words gen --seed 2 --count 6 --json --length 8 --short-band 40..60 --long-band 60..80");
    REQUIRE(r.exit_code == 0);
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    CHECK(doc["rules"]["short_band"] == nlohmann::json{40.0, 60.0});
    CHECK(doc["rules"]["long_band"] == nlohmann::json{60.0, 80.0});
    REQUIRE(doc["challenges"].size() == 6);
    for (const auto& ch : doc["challenges"]) {
        CHECK(ch["letters"].get<std::string>().size() == 8);
        CHECK(ch["reach"]["short_outside_band"] == 0);
        CHECK(ch["reach"]["long_outside_band"] == 0);
        CHECK(ch["reach"]["long_words"].get<int>() >= 2);  // the two 5-letter source words
    }
}

TEST_CASE("words gen designer constraints: --stats, --help, and one-line refusals") {
    const ProcessResult s = lab("words gen --count 3 --min-common 4 --stats");
    REQUIRE(s.exit_code == 0);
    CHECK(lines(s.out) == 4);  // three challenges and the stats line (stderr)
    CHECK(s.out.find("ms per accepted challenge") != std::string::npos);
    const ProcessResult h = lab("words gen --help");
    for (const char* opt :
         {"--min-common", "--common-rank", "--all-common", "--rank-band", "--short-and-long",
          "--max-word-length", "--enforce", "--max-attempts", "--stats", "--short-band", "--long-band"})
        CHECK(h.out.find(opt) != std::string::npos);
    struct Refusal {
        const char* args;
        const char* names;
    };
    for (const Refusal& k :
         {Refusal{"--short-and-long --max-word-length 4", "--short-and-long"},
          Refusal{"--max-word-length 3", "--max-word-length 3"},
          Refusal{"--all-common --rank-band 0..20", "--all-common"}, Refusal{"--rank-band 50..60", "50..60"},
          Refusal{"--rank-band 20..10", "--rank-band"}, Refusal{"--common-rank 0", "--common-rank"},
          Refusal{"--enforce magic --min-common 1", "--enforce"},
          Refusal{"--min-common 40 --max-attempts 3", "--min-common 40 within 3 attempts"},
          Refusal{"--length 8 --max-word-length 5 --max-attempts 0", "--max-attempts"},
          Refusal{"--short-band 60..40", "--short-band"}, Refusal{"--long-band 60..", "--long-band"},
          Refusal{"--long-band 60..101", "--long-band"},
          Refusal{"--all-common --short-band 40..60", "--short-band 40..60"},
          Refusal{"--band 0..10 --long-band 60..80 --length 8", "--long-band 60..80"}}) {
        const ProcessResult r = lab(std::string("words gen --count 2 ") + k.args);
        INFO(k.args << " -> " << r.out);
        CHECK(r.exit_code == 1);
        CHECK(lines(r.out) == 1);
        CHECK(r.out.rfind("sawtooth-lab: ", 0) == 0);
        CHECK(r.out.find(k.names) != std::string::npos);
    }
}

TEST_CASE("words levels: 30-level sawtooth table") {
    const ProcessResult r = lab("words levels --params-only");
    REQUIRE(r.exit_code == 0);
    CHECK(lines(r.out) == 30);
    const ProcessResult one = lab("words levels --level 6 --json");
    REQUIRE(one.exit_code == 0);
    const auto doc = nlohmann::json::parse(one.out);
    CHECK(doc["levels"][0]["challenges"].size() == 10);
}

TEST_CASE("bad input: one line on stderr, non-zero exit") {
    for (const char* args :
         {"words analyze AB1", "words analyze ABCDEFGHIJKLMNOPQ", "words gen --band 0..0.1 --length 16",
          "words gen --band nine", "words gen --sources 4", "words gen --count 0", "words gen --max-seq 0",
          "words gen --words /nonexistent/list.tsv", "words levels --level 31",
          "words simulate --mode daily --date 2026-02-30", "words simulate --levels 1-2",
          "words simulate --skill 0.8..0.2", "words levels --seed 0x10"}) {
        const ProcessResult r = lab(args);
        INFO(args << " -> " << r.out);
        CHECK(r.exit_code == 1);
        CHECK(lines(r.out) == 1);
        CHECK(r.out.rfind("sawtooth-lab: ", 0) == 0);
    }
    CHECK(lab("words analyze").exit_code == 2);  // CLI11 parse error
}

TEST_CASE("bench words prints the three figures") {
    const ProcessResult r = lab("bench words --json --runs 1");
    REQUIRE(r.exit_code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    for (const char* k : {"challenge_ms", "level_ms", "enumerate_us"}) {
        REQUIRE(doc.contains(k));
        CHECK(doc[k].get<double>() > 0.0);  // measured, not asserted against a budget
    }
}

TEST_CASE("words simulate: simulated players on a level") {
    const ProcessResult r = lab("words simulate --levels 1..2 --players 3 --json");
    REQUIRE(r.exit_code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    REQUIRE(doc["levels"].size() == 2);
    CHECK(doc["levels"][0]["mean_words"].get<double>() >= 0.0);
}

}  // namespace test_words_cli
