// Hand-made level files on the command line (docs/game.md "Level editor"): `verify-levels --level`
// proves them both ways with the expert bot (exit 1 when one is not playable),
// `difficulty --level` prices them, `pack add` gathers them into a level pack. Bad input
// (a malformed file, a level already in the pack, a damaged pack) is one line naming the
// file and the problem, a non-zero exit, and the pack file byte-for-byte as before.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "telemetry/curation/pack.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_level_files_cli {

using namespace sawtooth;

namespace {

const test::ScratchFiles file("sawtooth_test_level_files_cli");

// A flat room: start on the left, exit on the right.
const char* kOpenRoom =
    "sawtooth-level 1\n"
    "grid 12 5\n"
    "############\n"
    "#..........#\n"
    "#..........#\n"
    "#S........E#\n"
    "############\n";

// The same room with a wall to the ceiling between start and exit.
const char* kWalledRoom =
    "sawtooth-level 1\n"
    "grid 12 5\n"
    "############\n"
    "#.....#....#\n"
    "#.....#....#\n"
    "#S....#...E#\n"
    "############\n";

std::string write(const std::string& name, const std::string& text) {
    std::ofstream(file(name), std::ios::binary) << text;
    return file(name);
}

int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

}  // namespace

TEST_CASE("verify-levels --level proves a playable file and reports an unplayable one") {
    const std::string open = write("open.txt", kOpenRoom);
    const std::string walled = write("walled.txt", kWalledRoom);
    const test::ProcessResult ok = test::lab("verify-levels --level " + open);
    INFO(ok.err);
    CHECK(ok.exit_code == 0);
    CHECK(ok.out.find("open.txt: proven both ways") != std::string::npos);

    const test::ProcessResult bad = test::lab("verify-levels --json --level " + open + " " + walled);
    CHECK(bad.exit_code == 1);
    CHECK(bad.err.find("1 of 2 levels not proven both ways") != std::string::npos);
    const nlohmann::json j = nlohmann::json::parse(bad.out);
    CHECK(j["failed"] == 1);
    CHECK(j["levels"][0]["proven_start_to_exit"] == true);
    CHECK(j["levels"][1]["proven_start_to_exit"] == false);
    CHECK(j["levels"][1]["note"].get<std::string>().find("start->exit") != std::string::npos);
}

TEST_CASE("verify-levels --level refuses a malformed file by line and column, and --seeds with it") {
    const std::string broken = write("broken.txt", "sawtooth-level 1\ngrid 4 3\n####\n#SXE\n####\n");
    const test::ProcessResult r = test::lab("verify-levels --level " + broken);
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("broken.txt: line 4, column 3: unknown cell character 'X'") != std::string::npos);
    CHECK(lines(r.err) == 1);
    CHECK(r.out.empty());
    CHECK(test::lab("verify-levels --level " + broken + " --seeds 1..2").exit_code != 0);
    const test::ProcessResult missing = test::lab("verify-levels --level " + file("none.txt"));
    CHECK(missing.err.find("cannot read level file") != std::string::npos);
}

TEST_CASE("difficulty --level prices a file; an unreachable exit and no level are errors") {
    const std::string open = write("open.txt", kOpenRoom);
    const test::ProcessResult r = test::lab("difficulty --json --level " + open);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["reachable"] == true);
    CHECK(j["difficulty"].get<double>() == doctest::Approx(0.0));  // no trap: nothing to fail
    CHECK(j["level"] == open);
    CHECK(!j.contains("seed"));

    const test::ProcessResult walled = test::lab("difficulty --level " + write("walled.txt", kWalledRoom));
    CHECK(walled.exit_code == 1);
    CHECK(walled.err.find("walled.txt: the exit cannot be reached") != std::string::npos);
    CHECK(test::lab("difficulty").err.find("give --seed or --level") != std::string::npos);
    CHECK(test::lab("difficulty --seed 3 --level " + open).exit_code != 0);
}

TEST_CASE("difficulty --level on a generated level's text gives what difficulty --seed gives") {
    const test::ProcessResult text = test::lab("gen --seed 7 --layout linear --rooms 4x2 --level-index 5");
    REQUIRE(text.exit_code == 0);
    const std::string file = write("seed7.txt", text.out);
    const test::ProcessResult by_seed = test::lab("difficulty --json --seed 7");
    const test::ProcessResult by_file = test::lab("difficulty --json --level " + file);
    INFO(by_file.err);
    REQUIRE(by_seed.exit_code == 0);
    REQUIRE(by_file.exit_code == 0);
    const nlohmann::json a = nlohmann::json::parse(by_seed.out), b = nlohmann::json::parse(by_file.out);
    CHECK(a["difficulty"].get<double>() > 0.0);
    CHECK(b["difficulty"] == a["difficulty"]);
    CHECK(b["easiest_path"] == a["easiest_path"]);
    CHECK(b["path_challenges"] == a["path_challenges"]);
}

TEST_CASE("pack add creates a pack, appends to it, and refuses bad input without touching it") {
    const std::string open = write("open.txt", kOpenRoom);
    const std::string walled = write("walled.txt", kWalledRoom);
    const std::string pack = file("mine.json");
    test::ProcessResult r = test::lab("pack add --pack " + pack + " --level " + open);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    r = test::lab("pack add --pack " + pack + " --level " + walled);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("2 levels (1 added)") != std::string::npos);
    const telemetry::Pack p = telemetry::read_pack(pack);
    CHECK(p.name == "mine");
    REQUIRE(p.levels.size() == 2);
    CHECK(p.levels[0].name == "open.txt");
    CHECK(telemetry::pack_level(p.levels[1], "test") == parse_level_text(kWalledRoom));

    const std::string before = test::read_file(pack);
    auto refused = [&](const std::string& words, const std::string& problem) {
        const test::ProcessResult bad = test::lab(words);
        INFO(words);
        INFO(bad.err);
        CHECK(bad.exit_code != 0);
        CHECK(bad.err.find(problem) != std::string::npos);
        CHECK(lines(bad.err) == 1);
        CHECK(test::read_file(pack) == before);
    };
    refused("pack add --pack " + pack + " --level " + open, "open.txt: the same level is already level 1");
    refused("pack add --pack " + pack + " --level " + write("b.txt", "sawtooth-level 1\ngrid 2 3\n"),
            "b.txt: line 2, column 6: width 2 out of range");
    refused("pack add --pack " + pack + " --name other --level " + write("c.txt", kOpenRoom), "--name");
    const std::string text = test::read_file(pack);
    const std::string future =
        write("future.json", text.substr(0, text.find("\"format_version\": 2")) + "\"format_version\": 9" +
                                 text.substr(text.find("\"format_version\": 2") + 19));
    const test::ProcessResult f = test::lab("pack add --pack " + future + " --level " + open);
    CHECK(f.exit_code != 0);
    CHECK(f.err.find("pack format version 9 is newer") != std::string::npos);
    CHECK(test::lab("pack add --pack " + pack).exit_code != 0);  // --level is required
}

TEST_CASE("the game refuses a study over a pack with hand-made levels") {
    const std::string pack = file("study.json");
    REQUIRE(test::lab("pack add --pack " + pack + " --level " + write("o.txt", kOpenRoom)).exit_code == 0);
    const test::ProcessResult r =
        test::run_process(test::game_binary(), {"--thesis-session", "--pack", pack, "--db", file("s.db")});
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("hand-made level 'o.txt': a study plays generated levels only") != std::string::npos);
}

}  // namespace test_level_files_cli
