// Defects in the game's readers (docs/reliability.md "Readers and their errors"), as a player meets them: a
// damaged default model.json crashed start-up, a wrong-typed field in words_progress.json made the
// Elimination menu unavailable, a settings field of the wrong type was dropped silently,
// a level file's control bytes reached the terminal, and the same malformed level exited 1
// with --level but 2 with --level ... --script.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "telemetry/analysis/challenge_model.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using sawtooth::test::line_count;
using sawtooth::test::ProcessResult;
using sawtooth::test::run_process;
namespace fs = std::filesystem;

namespace {

const std::string kLevel = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/levels/test.txt";

fs::path home(const std::string& name) {
    const fs::path d = sawtooth::test::scratch_dir("sawtooth_app_reader_errors_" + name);
    fs::create_directories(d / "sawtooth");
    return d;
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

bool has_control_byte(const std::string& s) {
    for (const char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if ((b < 0x20 && b != '\n') || b == 0x7F) return true;
    }
    return false;
}

// The game with its config and data homes in `dir`, headless, a few frames.
ProcessResult game(const fs::path& dir, std::vector<std::string> args) {
    sawtooth::test::ProcessSettings settings;
    settings.timeout_seconds = 120;
    return sawtooth::test::headless_game(dir, std::move(args), settings);
}

}  // namespace

TEST_CASE("a damaged default model.json warns in one line and the game starts without it") {
    const fs::path d = home("model");
    nlohmann::json j = sawtooth::analysis::model_to_json(sawtooth::analysis::thesis_reference_model());
    j["histogram"]["t_timing"][0] = 65536;  // 65536 * 65536 * 1 wrapped int: SIGSEGV before the fix
    j["histogram"]["j"][0] = 65536;
    j["histogram"]["t_cycle"][0] = 1;
    write(d / "sawtooth" / "model.json", j.dump());
    const auto r = game(d, {"--no-record", "--frames", "3", "--level", kLevel});
    INFO("stderr: " << r.err);
    CHECK(r.end_signal == 0);
    CHECK(r.exit_code == 0);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find("warning: model not loaded") != std::string::npos);
    CHECK(r.err.find("at /histogram/t_timing/0") != std::string::npos);
}

TEST_CASE("a wrong-typed field in words_progress.json: kept aside as .bad, play starts fresh") {
    const fs::path d = home("progress");
    const fs::path progress = d / "sawtooth" / "words_progress.json";
    const std::string damaged = R"({"version": 1, "unlocked": 3, "infinite": {"best_level": "seven"}})";
    write(progress, damaged);
    // Before the fix the library's type_error escaped the reader: "Elimination is unavailable".
    const auto r = game(d, {"--no-record", "--screen", "words", "--frames", "3"});
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 0);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find("at /infinite/best_level: expected an integer, got a string") != std::string::npos);
    CHECK(r.err.find("json.exception") == std::string::npos);
    CHECK_FALSE(fs::exists(progress));
    REQUIRE(fs::exists(progress.string() + ".bad"));
    CHECK(sawtooth::test::read_file(progress.string() + ".bad") == damaged);  // the player's bytes kept
}

TEST_CASE("a wrong-typed settings field is named and keeps its default; the others still load") {
    const fs::path d = home("settings");
    const fs::path settings = d / "sawtooth" / "settings.json";
    const std::string text = R"({"version": 1, "volume": "loud", "fullscreen": false})";
    write(settings, text);
    const auto r = game(d, {"--no-record", "--frames", "3", "--level", kLevel});
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 0);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find("at /volume: expected a number, got a string") != std::string::npos);
    CHECK(sawtooth::test::read_file(settings) == text);
}

TEST_CASE("a malformed level: escaped bytes in one line, exit 1 with --level and with --script") {
    const fs::path d = home("level");
    const fs::path level = d / "bad.txt";
    write(level, "sawtooth-level 1\ngrid 3 3\n###\n#S\x1b\n#E#\n");
    const fs::path script = d / "walk.script";
    write(script, "30 right\n");
    const fs::path db = d / "s.db";
    const auto play = game(d, {"--no-record", "--frames", "3", "--level", level.string()});
    // Before the fix the scripted run exited 2, as for a bad flag.
    const auto scripted = run_process(
        sawtooth::test::game_binary(),
        {"--headless", "--level", level.string(), "--script", script.string(), "--db", db.string()});
    for (const ProcessResult* r : {&play, &scripted}) {
        INFO("stderr: " << r->err);
        CHECK(r->exit_code == 1);
        CHECK(line_count(r->err) == 1);
        CHECK_FALSE(has_control_byte(r->err));
        CHECK(r->err.find("line 4, column 3") != std::string::npos);
        CHECK(r->err.find("'\\x1B'") != std::string::npos);
    }
    CHECK_FALSE(fs::exists(db));
}

TEST_CASE("a malformed input script: its bytes escaped, exit 1 like any malformed file") {
    const fs::path d = home("script");
    const fs::path script = d / "bad.script";
    write(script, "30 right\n12 jump\x1b[2J\n");
    const auto r = run_process(
        sawtooth::test::game_binary(),
        {"--headless", "--level", kLevel, "--script", script.string(), "--db", (d / "s.db").string()});
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 1);
    CHECK(line_count(r.err) == 1);
    CHECK_FALSE(has_control_byte(r.err));
    CHECK(r.err.find("line 2") != std::string::npos);
    CHECK(r.err.find("\\x1B[2J") != std::string::npos);
}
