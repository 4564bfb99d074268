// `sawtooth-lab words ...` and `bench words` from the outside: outputs, determinism and
// one-line errors with non-zero exits (issue 8 items 3, 4, 5, 10, 11).
#include <doctest/doctest.h>

#include "../support/run_process.hpp"

#include <nlohmann/json.hpp>
#include <string>

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
