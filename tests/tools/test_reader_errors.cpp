// Defects in the lab tool's readers (docs/reliability.md), each as a user meets it: --json flags that
// were bound to freed memory, a model file whose histogram axes overflow int, a damaged
// platformer level row that was verified as the word level of the same number, JSON type
// errors reported in the library's words, input bytes echoed raw. Every refusal: one line
// on stderr, no raw control byte, the file and place named, exit 1, stored data untouched.
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/hash.hpp"
#include "telemetry/analysis/challenge_model.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_reader_errors {

using namespace sawtooth;
using sawtooth::test::line_count;
using sawtooth::test::read_file;
using sawtooth::test::run_process;
using sawtooth::test::split_args;
namespace fs = std::filesystem;

namespace {

const std::string kGame = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth";
const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";
const std::string kGolden = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden/";

fs::path dir() { return sawtooth::test::scratch_dir("sawtooth_reader_errors"); }

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

bool has_control_byte(const std::string& s) {
    for (const char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if ((b < 0x20 && b != '\n') || b == 0x7F) return true;
    }
    return false;
}

// A refusal as the rules want it: exit 1, one printable line holding every needle, `file`
// byte-identical afterwards.
void check_refusal(const std::vector<std::string>& args, const std::vector<std::string>& needles,
                   const fs::path& file) {
    const std::uint64_t before = fnv1a64(read_file(file));
    const auto r = run_process(kLab, args);
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 1);
    CHECK(line_count(r.err) == 1);
    CHECK_FALSE(has_control_byte(r.err));
    CHECK(r.err.find("json.exception") == std::string::npos);
    for (const std::string& n : needles) CHECK(r.err.find(n) != std::string::npos);
    CHECK(fnv1a64(read_file(file)) == before);
}

nlohmann::json reference_model_json() { return analysis::model_to_json(analysis::thesis_reference_model()); }

}  // namespace

TEST_CASE("bench gen --json and bench words --json print JSON (the flag's storage outlives the parse)") {
    // Before the fix --json wrote into a shared_ptr<bool> freed when registration returned:
    // AddressSanitizer reports heap-use-after-free on this very command line.
    const auto gen = run_process(kLab, split_args("bench gen --json --seeds 1..2 --runs 1"));
    INFO(gen.err);
    REQUIRE(gen.exit_code == 0);
    CHECK(nlohmann::json::parse(gen.out).contains("seeds"));
    const auto words = run_process(kLab, split_args("bench words --json --runs 1"));
    INFO(words.err);
    REQUIRE(words.exit_code == 0);
    CHECK(nlohmann::json::parse(words.out).contains("challenge_ms"));
}

TEST_CASE("a model whose histogram axes multiply past int is refused before anything is sized by it") {
    // 65536 * 65536 * 1 wrapped to 0 in int and passed the old size check: SIGSEGV.
    nlohmann::json j = reference_model_json();
    j["histogram"]["t_timing"][0] = 65536;
    j["histogram"]["j"][0] = 65536;
    j["histogram"]["t_cycle"][0] = 1;
    const fs::path model = dir() / "huge_axes.json";
    write(model, j.dump());
    check_refusal({"difficulty", "--seed", "1", "--model", model.string()},
                  {"huge_axes.json", "at /histogram/t_timing/0", "1..1000"}, model);

    // Axes each within limits but too many bins together.
    j["histogram"]["t_timing"][0] = 1000;
    j["histogram"]["j"][0] = 1000;
    write(model, j.dump());
    check_refusal({"difficulty", "--seed", "1", "--model", model.string()}, {"at /histogram:", "bins"},
                  model);
}

TEST_CASE("model files: a wrong type is named by its JSON pointer in our own words") {
    nlohmann::json j = reference_model_json();
    j["linear_error"] = "small";
    const fs::path model = dir() / "typed.json";
    write(model, j.dump());
    check_refusal({"difficulty", "--seed", "1", "--model", model.string()},
                  {"typed.json", "at /linear_error: expected a number, got a string"}, model);

    j = reference_model_json();
    j["version"] = "1";  // used to throw the library's type_error.302 out of j.value()
    write(model, j.dump());
    check_refusal({"difficulty", "--seed", "1", "--model", model.string()}, {"typed.json", "at /version"},
                  model);

    j = reference_model_json();
    j["histogram"]["bins"] = nlohmann::json::array({{{"timing_bin", 0},
                                                     {"jump_bin", 0},
                                                     {"cycle_bin", 0},
                                                     {"traces", 3},
                                                     {"successes", 4},  // more than its traces
                                                     {"mean_t_timing", 0.1},
                                                     {"mean_j", 0.0},
                                                     {"mean_t_cycle", 1.3}}});
    write(model, j.dump());
    check_refusal({"difficulty", "--seed", "1", "--model", model.string()},
                  {"at /histogram/bins/0/successes"}, model);

    write(model, "{\"format\": \"sawtooth-challenge-model\",\n\x1b[2J");
    check_refusal({"difficulty", "--seed", "1", "--model", model.string()}, {"typed.json", "not JSON"},
                  model);
}

TEST_CASE("replay --level N --verify on a damaged platformer row fails as that level, not word level N") {
    const fs::path db = dir() / "both.db";
    // Word level 1 and platformer level 1 in one database.
    REQUIRE(run_process(kLab, {"simulate-study", "--mode", "words", "--players", "1", "--db", db.string()})
                .exit_code == 0);
    const auto rec = run_process(kGame, {"--headless", "--level", kGolden + "golden_level.txt", "--script",
                                         kGolden + "golden_run.script", "--db", db.string()});
    INFO(rec.err);
    REQUIRE(rec.exit_code == 0);
    sqlite3* h = nullptr;
    REQUIRE(sqlite3_open(db.string().c_str(), &h) == SQLITE_OK);
    const int rc = sqlite3_exec(
        h, "UPDATE levels SET outcome = 'done' || char(10) || char(27) || '[31m' WHERE level_id = 1", nullptr,
        nullptr, nullptr);
    sqlite3_close(h);
    REQUIRE(rc == SQLITE_OK);
    // Before the fix: "word level 1 (...): ... match" and exit 0.
    check_refusal({"replay", "--db", db.string(), "--level", "1", "--verify"},
                  {"level 1", "bad outcome 'done\\n\\x1B[31m'"}, db);
}

TEST_CASE("word lists: a damaged line is named and its bytes are shown escaped") {
    const fs::path list = dir() / "words.tsv";
    write(list, "cat\t12\nsea\t9\x1b]0;title\x07\n");
    check_refusal({"words", "analyze", "cats", "--words", list.string()},
                  {"words.tsv", "line 2", "\\x1B]0;title\\x07"}, list);
}

TEST_CASE("a damaged database: SQLite's two-line check verdict becomes one line") {
    const fs::path db = dir() / "damaged.db";
    const auto rec = run_process(kGame, {"--headless", "--level", kGolden + "golden_level.txt", "--script",
                                         kGolden + "golden_run.script", "--db", db.string()});
    INFO(rec.err);
    REQUIRE(rec.exit_code == 0);
    // A b-tree page header that cannot be: quick_check answers "*** in database main ***\nPage 2: …".
    std::string bytes = read_file(db);
    const std::size_t page =
        (static_cast<unsigned char>(bytes[16]) << 8) | static_cast<unsigned char>(bytes[17]);
    REQUIRE(bytes.size() > 2 * page);
    bytes.replace(page + 1, 4, "\xff\xff\xff\x7f");
    write(db, bytes);
    check_refusal({"replay", "--db", db.string(), "--level", "1"}, {"is damaged", "***\\nPage 2"}, db);
}

}  // namespace test_reader_errors
