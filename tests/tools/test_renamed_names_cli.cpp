// Renamed commands and options (docs/studies.md "Renamed commands and options"), run as
// binaries: each old name does what its new name does and prints exactly one line more on
// stderr, "<program>: <old> is deprecated; use <new>"; the new names print no such line.
// And the one way to fail (docs/architecture.md "Errors"): an error made deep in a library
// reaches each program's main as one line "<program>: <message>" with exit code 1.
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"

#include <filesystem>
#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_renamed_names_cli {

using namespace sawtooth;
using sawtooth::test::lab;
using sawtooth::test::line_count;
namespace fs = std::filesystem;

namespace {

const test::ScratchFiles file("sawtooth_test_renamed_names");
const std::string kExample = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/studies/pack_vs_seeds.json";

std::string deprecation(const std::string& program, const std::string& old_name,
                        const std::string& new_name) {
    return program + ": " + old_name + " is deprecated; use " + new_name + "\n";
}

/// The old spelling's run against the new one's: same exit code and stdout, and stderr the
/// new one's with the deprecation line in front.
void check_alias(const test::ProcessResult& renamed, const test::ProcessResult& old,
                 const std::string& line) {
    INFO("new stderr: ", renamed.err, "old stderr: ", old.err);
    CHECK(old.exit_code == renamed.exit_code);
    CHECK(old.out == renamed.out);
    CHECK(old.err == line + renamed.err);
    CHECK(renamed.err.find("deprecated") == std::string::npos);
}

/// `simulate-study --json` without the figures that depend on the machine (times, rates).
nlohmann::json study_figures(const std::string& out) {
    nlohmann::json j = nlohmann::json::parse(out);
    for (const char* timed : {"simulate_and_record_seconds", "seconds", "participants_per_minute",
                              "speedup_vs_real_time", "db", "replay_seconds", "levels_per_second"})
        j.erase(timed);
    return j;
}

}  // namespace

TEST_CASE("sawtooth-lab study is simulate-study: the same recordings, one deprecation line") {
    const std::string args = " --players 1 --levels 1 --seed 5 --threads 1 --json --db ";
    const test::ProcessResult renamed = lab("simulate-study" + args + file("new.db"));
    const test::ProcessResult old = lab("study" + args + file("old.db"));
    INFO(renamed.err, old.err);
    REQUIRE(renamed.exit_code == 0);
    REQUIRE(old.exit_code == 0);
    CHECK(study_figures(old.out) == study_figures(renamed.out));
    CHECK(old.err == deprecation("sawtooth-lab", "study", "simulate-study") + renamed.err);
    // Refusals too: the same line and exit code, the alias's deprecation line first.
    const test::ProcessResult bad_new = lab("simulate-study --players 1");
    const test::ProcessResult bad_old = lab("study --players 1");
    CHECK(bad_new.exit_code == 2);
    check_alias(bad_new, bad_old, deprecation("sawtooth-lab", "study", "simulate-study"));
    // --help lists the new name only.
    const test::ProcessResult help = lab("--help");
    CHECK(help.out.find("simulate-study") != std::string::npos);
    CHECK(help.out.find("\n  study ") == std::string::npos);
}

TEST_CASE("--study FILE is --protocol FILE: study-status, replay and the analysis commands") {
    const std::string db = file("empty.db");
    telemetry::Store::open(db);  // a session database with no session yet
    check_alias(lab("study-status --db " + db + " --protocol " + kExample),
                lab("study-status --db " + db + " --study " + kExample),
                deprecation("sawtooth-lab", "--study", "--protocol"));
    const test::ProcessResult status = lab("study-status --db " + db + " --protocol " + kExample);
    CHECK(status.exit_code == 0);
    CHECK(status.out.find("balance (balanced assignment)") != std::string::npos);
    // Required with either spelling: missing, it is a command-line error (exit 2).
    const test::ProcessResult missing = lab("study-status --db " + db);
    CHECK(missing.exit_code == 2);
    CHECK(missing.err == "sawtooth-lab: --protocol is required\n");

    const test::ProcessResult replay = lab("replay --db " + db + " --session 1 --protocol " + kExample);
    CHECK(replay.exit_code == 1);
    CHECK(replay.err == "sawtooth-lab: --protocol FILE is checked by --verify: add --verify\n");
    check_alias(replay, lab("replay --db " + db + " --session 1 --study " + kExample),
                deprecation("sawtooth-lab", "--study", "--protocol"));
    check_alias(lab("model verify --db " + db + " --protocol " + kExample + " --condition nope"),
                lab("model verify --db " + db + " --study " + kExample + " --condition nope"),
                deprecation("sawtooth-lab", "--study", "--protocol"));
}

TEST_CASE("push and pull --study NAME is --label NAME") {
    // An empty label is refused before any connection is made.
    const std::string db = file("push.db");
    telemetry::Store::open(db);
    const auto push = [&](const std::string& option) {
        return test::run_process(test::lab_binary(), {"push", "--db", db, "--to",
                                                      "postgresql://nobody:x@127.0.0.1:1/none", option, ""});
    };
    const test::ProcessResult renamed = push("--label");
    CHECK(renamed.exit_code == 1);
    CHECK(renamed.err == "sawtooth-lab: --label must name the study\n");
    check_alias(renamed, push("--study"), deprecation("sawtooth-lab", "--study", "--label"));
    const test::ProcessResult missing =
        lab("push --db " + db + " --to postgresql://nobody:x@127.0.0.1:1/none");
    CHECK(missing.exit_code == 2);
    CHECK(missing.err == "sawtooth-lab: --label is required\n");
    const test::ProcessResult pull = lab("pull --from postgresql://nobody:x@127.0.0.1:1/none --db " + db);
    CHECK(pull.exit_code == 2);
    CHECK(pull.err == "sawtooth-lab: --label is required\n");
}

TEST_CASE("sawtooth --study is --thesis-session") {
    const std::vector<std::string> run = {"--menu-keys",    "2:confirm,4:skip", "--frames", "6",
                                          "--print-screen", "--session-seed",   "3",        "--no-record"};
    std::vector<std::string> renamed_args = run, old_args = run;
    renamed_args.insert(renamed_args.begin(), "--thesis-session");
    old_args.insert(old_args.begin(), "--study");
    const test::ProcessResult renamed = test::headless_game(file.dir() / "home_new", renamed_args);
    const test::ProcessResult old = test::headless_game(file.dir() / "home_old", old_args);
    REQUIRE(renamed.exit_code == 0);
    CHECK(renamed.out.find("screen: ") != std::string::npos);
    check_alias(renamed, old, deprecation("sawtooth", "--study", "--thesis-session"));
}

TEST_CASE("an error made in a library is one line from each main, exit code 1") {
    // The store's own error (no lab wrapper on the way): "sawtooth-lab: <message>".
    const std::string absent = file("absent.db");
    const test::ProcessResult lab_run = lab("replay --db " + absent + " --level 1");
    CHECK(lab_run.exit_code == 1);
    CHECK(line_count(lab_run.err) == 1);
    CHECK(lab_run.err.rfind("sawtooth-lab: ", 0) == 0);
    CHECK(lab_run.err.find("absent.db") != std::string::npos);
    CHECK(lab_run.err.find("error: ") == std::string::npos);  // that prefix marks a bug, not bad input
    CHECK_FALSE(fs::exists(absent));
    // A pack the game cannot read: the pack reader's error, caught once in the game's main.
    const std::string pack = file("broken_pack.json");
    test::write_file(pack, "{\"format\": \"sawtooth-level-pack\", \"format_version\": 1, \"nmae\": 1}");
    const test::ProcessResult game =
        test::headless_game(file.dir() / "home_game", {"--pack", pack, "--frames", "2"});
    CHECK(game.exit_code == 1);
    CHECK(line_count(game.err) == 1);
    CHECK(game.err.rfind("sawtooth: " + pack + ": ", 0) == 0);
}

}  // namespace test_renamed_names_cli
