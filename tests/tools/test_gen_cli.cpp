// `sawtooth-lab gen` and `gen-enumerate` from the outside (docs/generator.md "Command line"): the
// ascii output is a level the game's parser loads, json carries the same level, --png
// writes a PNG of the right size, and bad sizes, seeds or flags give one line and a
// non-zero exit.
#include "gen/generator.hpp"
#include "gen/level.hpp"

#include <doctest/doctest.h>

#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_gen_cli {

using namespace sawtooth;

namespace {

using test::ProcessResult;

/// `sawtooth-lab` with `args` split at spaces; `out` holds stdout and stderr together.
ProcessResult lab(const std::string& args) {
    test::ProcessSettings merged;
    merged.stderr_into_out = true;
    return test::run_process(std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab", test::split_args(args), merged);
}

/// `sawtooth-lab` with `args` split at spaces; `out` is stdout only.
ProcessResult lab_stdout(const std::string& args) {
    return test::run_process(std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab", test::split_args(args));
}

int lines(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

std::uint32_t be32(const std::string& s, std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(s[at + i]);
    return v;
}

std::string temp_path(const char* name) {
    static const std::filesystem::path dir = sawtooth::test::scratch_dir("sawtooth_gen_cli_test");
    const auto p = dir / name;
    std::filesystem::remove(p);
    return p.string();
}

std::string meta(const Level& l, const std::string& key) {
    for (const auto& [k, v] : l.meta)
        if (k == key) return v;
    return "(no meta " + key + ")";
}

}  // namespace

TEST_CASE("gen --format ascii: a level the game's parser loads, the same bytes per seed") {
    const ProcessResult a = lab_stdout("gen --seed 42");
    REQUIRE(a.exit_code == 0);
    const Level level = parse_level_text(a.out);  // what game/app uses for assets/levels/
    CHECK(level_problem(level) == "");
    CHECK(level.width == 4 * 11);
    CHECK(level.height == 3 * 7);
    CHECK(meta(level, "seed") == "42");
    CHECK(meta(level, "generator") == "sawtooth-gen " + std::to_string(kGeneratorVersion));
    CHECK(!level.traps.empty());
    // The library and the command agree byte for byte; another seed is another level.
    GenParams p;
    p.seed = 42;
    CHECK(a.out == to_level_text(generate_level(p).level));
    CHECK(lab_stdout("gen --seed 42").out == a.out);
    CHECK(lab_stdout("gen --seed 43").out != a.out);
}

TEST_CASE("gen: linear layout and other room sizes") {
    const ProcessResult r =
        lab_stdout("gen --seed 7 --layout linear --rooms 3x2 --room-size 7x6 --level-index 5");
    REQUIRE(r.exit_code == 0);
    const Level level = parse_level_text(r.out);
    CHECK(level_problem(level) == "");
    CHECK(level.width == 21);
    CHECK(level.height == 12);
    CHECK(level.exit.x >= 21 - 7);  // study layout: the exit is in the rightmost column of rooms
    CHECK(meta(level, "layout") == "linear");
}

TEST_CASE("gen --format json carries the ascii level, graph and routes") {
    const ProcessResult j = lab_stdout("gen --seed 5 --format json");
    REQUIRE(j.exit_code == 0);
    const auto doc = nlohmann::json::parse(j.out);
    CHECK(doc["generator_version"] == kGeneratorVersion);
    CHECK(doc["text"].get<std::string>() == lab_stdout("gen --seed 5").out);
    const Level level = parse_level_text(doc["text"].get<std::string>());
    CHECK(doc["hash"].get<std::uint64_t>() == level_hash(level));
    CHECK(doc["graph"]["nodes"].size() > 10);
    CHECK(!doc["routes"].empty());
    CHECK(doc["routes"][0]["nodes"].front() == doc["graph"]["start_node"]);
    CHECK(doc["routes"][0]["nodes"].back() == doc["graph"]["exit_node"]);
}

TEST_CASE("gen --png writes a PNG of the level's size") {
    const std::string png = temp_path("level.png");
    const ProcessResult r = lab_stdout("gen --seed 42 --png " + png + " --scale 8");
    REQUIRE(r.exit_code == 0);
    const std::string bytes = test::read_file(png);
    REQUIRE(bytes.size() > 33);
    CHECK(bytes.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
    CHECK(bytes.substr(12, 4) == "IHDR");
    CHECK(be32(bytes, 16) == 44u * 8u);  // 4x3 rooms of 11x7 cells, 8 pixels a cell
    CHECK(be32(bytes, 20) == 21u * 8u);
    CHECK(parse_level_text(r.out).width == 44);  // the level is still printed
}

TEST_CASE("gen: bad sizes, seeds and flags give one line and a non-zero exit") {
    const char* bad[][2] = {
        {"gen --seed abc", "--seed"},
        {"gen --seed -1", "--seed"},
        {"gen --seed 18446744073709551616", "--seed"},
        {"gen", "--seed"},
        {"gen --seed 1 --rooms 0x3", "rooms"},
        {"gen --seed 1 --rooms 4by3", "--rooms"},
        {"gen --seed 1 --rooms 17x1", "rooms"},
        {"gen --seed 1 --room-size 3x3", "room size"},
        {"gen --seed 1 --room-size 11x", "--room-size"},
        {"gen --seed 1 --layout spiral", "--layout"},
        {"gen --seed 1 --format xml", "--format"},
        {"gen --seed 1 --bogus", "--bogus"},
        {"gen --bogus", "unknown option '--bogus'"},  // named before the missing --seed
        {"bogus --seed 1", "unknown command 'bogus'"},
        {"gen --seed 1 --level-index 0", "level"},
        {"gen --seed 1 --alpha 2", "alpha"},
        {"gen --seed 1 --png /nonexistent-dir/x/level.png", "PNG"},
        {"gen-enumerate --sizes 5x", "--sizes"},
        {"gen-enumerate --sizes 3x3", "3x3"},
    };
    for (const auto& [args, needle] : bad) {
        const ProcessResult r = lab(args);
        CAPTURE(args);
        CAPTURE(r.out);
        CHECK(r.exit_code != 0);
        CHECK(lines(r.out) == 1);
        CHECK(r.out.find(needle) != std::string::npos);
    }
}

TEST_CASE("gen-enumerate: every exit configuration of a small room size solved") {
    const ProcessResult r = lab_stdout("gen-enumerate --sizes 4x4,6x6 --attempts 5");
    REQUIRE(r.exit_code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    CHECK(doc["all_solved"] == true);
    REQUIRE(doc["sizes"].size() == 2);
    CHECK(doc["sizes"][0]["configs"] == 8);
    CHECK(doc["sizes"][1]["configs"] > 100);
    CHECK(doc["solved"] == doc["configs"]);
}

}  // namespace test_gen_cli
