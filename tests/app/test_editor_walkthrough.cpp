// The new-user walkthrough of docs/game.md "First level in the editor" through the real binaries, one step
// after another as the page tells it: open generated level 7 in the editor, wall off the exit (reported
// unplayable), undo, add a saw on the main route (the predicted difficulty changes), save,
// test-play it (recorded, replay-verifies), play the saved file with --level (recorded,
// replay-verifies, and verify-levels passes it); then build an Elimination challenge around
// GARDEN, save it and play it (recorded, replay-verifies). Keys are --menu-keys taps (the
// SDL events a keyboard makes); the editor's verdicts are read from --print-screen's report,
// which waits for the background check. Also: the editor draws frames while a long check
// runs (--bench-frames counts them). Asserts files, rows, reports and exit codes, never times.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/words_fixture.hpp"
#include "game/words/level_file.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace tel = sawtooth::telemetry;
using sawtooth::test::ProcessResult;

namespace {

const sawtooth::test::ScratchFiles file("sawtooth_test_editor_walkthrough");

// "2:key=A,4:key=B,...": one tap every second frame from frame 2.
std::vector<std::string> times(int n, const std::string& key) { return std::vector<std::string>(n, key); }

std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// Generated level 7: start (9, 12), exit (24, 16) on solid ground with open cells left,
// above and right of it. From the start the cursor walls those three off.
const std::vector<std::string> kWallOffExit =
    times(14, "Right") + times(4, "Up") +                        // (23, 16)
    std::vector<std::string>{"Space", "Up",   "Right", "Space",  // (24, 17)
                             "Right", "Down", "Space"};          // (25, 16)
// Then undo the three walls, move to (17, 10) on the main route and put a saw there.
const std::vector<std::string> kUndoAddSaw =
    times(3, "Z") + times(8, "Left") + times(6, "Down") + std::vector<std::string>{"A", "Space", "F2"};

// The editor headless on `level_file` with `keys`, the model, and `more`.
ProcessResult edit(const std::string& level_file, const std::vector<std::string>& keys,
                   std::vector<std::string> more) {
    std::vector<std::string> args{"--print-screen",
                                  "--edit",
                                  level_file,
                                  "--model",
                                  file("model.json"),
                                  "--frames",
                                  std::to_string(4 + 2 * keys.size())};
    if (!keys.empty()) args.insert(args.end(), {"--menu-keys", sawtooth::test::key_taps(keys)});
    args.insert(args.end(), more.begin(), more.end());
    return sawtooth::test::headless_game(file.dir(), args);
}

// "difficulty: 0.712" in an editor report.
double reported_difficulty(const std::string& out) {
    const auto at = out.find("\ndifficulty: ");
    REQUIRE(at != std::string::npos);
    return std::stod(out.substr(at + 13));
}

void require_verified(const std::string& db) {
    const ProcessResult r = sawtooth::test::lab("replay --db " + db + " --level 1 --verify");
    INFO(r.out, r.err);
    CHECK(r.exit_code == 0);
}

// The one recorded level of `db`: its session mode and its stored text.
std::pair<std::string, std::string> recorded_level(const std::string& db) {
    tel::Store store = tel::Store::open_read_only(db);
    tel::Statement st(
        store.db(),
        "SELECT s.mode, l.level_text FROM levels l JOIN sessions s ON s.session_id = l.session_id");
    REQUIRE(st.step());
    std::pair<std::string, std::string> row{st.text(0), st.text(1)};
    CHECK(!st.step());
    return row;
}

}  // namespace

TEST_CASE("generated level 7: wall off the exit, undo, add a saw, save, test-play, play with --level") {
    sawtooth::analysis::save_model(sawtooth::analysis::thesis_reference_model(), file("model.json"));
    const std::string level = file("level7.txt");

    ProcessResult r = edit(level, {}, {"--seed", "7", "--no-record"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("check: playable") != std::string::npos);
    const double generated = reported_difficulty(r.out);

    r = edit(level, kWallOffExit, {"--seed", "7", "--no-record"});
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("editor: 44x21, 3 undo steps, cursor (25, 16)") != std::string::npos);
    CHECK(r.out.find("check: unplayable (") != std::string::npos);
    CHECK(!fs::exists(level));  // nothing saved without F2

    r = edit(level, kWallOffExit + kUndoAddSaw, {"--seed", "7", "--no-record"});
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("editor: 44x21, 1 undo steps, cursor (17, 10)") != std::string::npos);
    CHECK(r.out.find("check: playable") != std::string::npos);
    const double with_saw = reported_difficulty(r.out);
    CHECK(with_saw > generated);  // a saw on the main route makes the level harder
    REQUIRE(fs::exists(level));
    const std::string saved = sawtooth::test::read_file(level);
    CHECK(saved.find("\ntrap saw 17 10 ") != std::string::npos);

    // Test play (F5) from the saved file, recorded like free play.
    const std::string test_db = file("test_play.db");
    r = edit(level, {"F5", "Right", "Right", "Right", "F5"}, {"--db", test_db});
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: editor") != std::string::npos);
    CHECK(recorded_level(test_db) == std::make_pair(std::string("free"), saved));
    require_verified(test_db);

    // The saved file plays with --level and passes verify-levels.
    const std::string play_db = file("play.db");
    r = sawtooth::test::headless_game(file.dir(), {"--level", level, "--db", play_db, "--frames", "120"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(recorded_level(play_db).second == saved);
    require_verified(play_db);
    const ProcessResult verified = sawtooth::test::lab("verify-levels --level " + level);
    INFO(verified.out, verified.err);
    CHECK(verified.exit_code == 0);
}

TEST_CASE("an Elimination challenge around GARDEN: built, saved, played, recorded, replay-verified") {
    const std::string words = file("garden.txt"), db = file("garden.db");
    ProcessResult r = sawtooth::test::headless_game(
        file.dir(), {"--words-builder", words, "--menu-keys", "3:type=GUARDEN,6:key=F2", "--frames", "10",
                     "--no-record"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const std::vector<sawtooth::words::Challenge> level =
        sawtooth::words::parse_word_level_file(sawtooth::test::read_file(words));
    REQUIRE(level.size() == 1);
    CHECK(level[0].letters == "guarden");

    // Typing U removes it: GARDEN remains and the level is complete.
    r = sawtooth::test::headless_game(file.dir(), {"--words-file", words, "--menu-keys", "5:type=U", "--db",
                                                   db, "--frames", "40", "--print-screen"});
    REQUIRE(r.exit_code == 0);
    tel::Store store = tel::Store::open_read_only(db);
    const tel::WordRecording rec = tel::load_word_recording(store, 1);
    CHECK(rec.mode == "custom");
    REQUIRE(rec.challenges.size() == 1);
    CHECK(rec.challenges[0].word == "garden");
    const std::uint64_t assets = tel::dictionary_text_hash(
        sawtooth::test::read_file(std::string(SAWTOOTH_SOURCE_DIR) + "/assets/words/dictionary.tsv"));
    const tel::WordReplayReport rep = tel::verify_word_replay(sawtooth::words::test::english(), assets, rec);
    INFO(rep.mismatch.value_or(""));
    CHECK_FALSE(rep.mismatch.has_value());
}

TEST_CASE("the editor keeps drawing frames while a long check runs") {
    // Headless benchmark frames are drawn (software renderer), one tick each; the check of
    // generated level 7 outlasts the first frames, and the report counts the frames drawn
    // while it ran.
    const ProcessResult r = sawtooth::test::headless_game(
        file.dir(), {"--edit", file("bench7.txt"), "--seed", "7", "--no-record", "--bench-frames", "30"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto at = r.out.find("while background work ran ");
    REQUIRE(at != std::string::npos);
    CHECK(std::stoi(r.out.substr(at + 26)) >= 2);
}
