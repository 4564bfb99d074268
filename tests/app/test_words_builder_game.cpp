// The Elimination challenge builder end to end (docs/elimination.md §12): the built `sawtooth`
// driven by scripted keys builds a level around GARDEN (typing, erasing, the 2X letter,
// adding, removing and undoing a challenge), saves it, and the saved file matches the
// golden file; the file then plays with --words-file, recorded into a real SQLite store,
// and the recording replay-verifies. Also "play it" from the builder, and bad files.
// Checks files, rows and exit codes, never timings.
#include <doctest/doctest.h>

#include "../support/dictionary_hash.hpp"
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "../support/words_fixture.hpp"
#include "game/words/level_file.hpp"
#include "game/words/play.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "telemetry/store/store.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace w = sawtooth::words;
namespace tel = sawtooth::telemetry;
using sawtooth::test::ProcessResult;

namespace {

using sawtooth::test::headless_game;
using sawtooth::test::write_file;

const std::string kGardenLevel = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/words_builder_garden.txt";

// Builds GUARDEN (2X on the G) and HATDEL: type GUARDENX, erase the X, move the 2X letter
// onto position 0, add a second challenge, type it, remove it, undo the removal, save (F2).
const std::string kBuildKeys =
    "3:type=GUARDENX,6:key=Backspace,9:key=Right,12:key=Return,15:type=HATDEL,18:key=Delete,21:key=F3,"
    "24:key=F2";

}  // namespace

TEST_CASE("scripted keys build a level around GARDEN; the saved file matches the golden file") {
    const fs::path dir = sawtooth::test::scratch_dir("sawtooth_words_builder_build");
    const fs::path file = dir / "garden.txt";
    const ProcessResult r = headless_game(dir, {"--words-builder", file.string(), "--menu-keys", kBuildKeys,
                                                "--frames", "30", "--print-screen", "--no-record"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: words-builder") != std::string::npos);
    REQUIRE(fs::exists(file));
    CHECK(sawtooth::test::read_file(file.string()) == sawtooth::test::read_file(kGardenLevel));
    CHECK_FALSE(fs::exists(file.string() + ".tmp"));  // written through a temporary file and a rename

    // Opened again, the builder edits the saved level with the mouse too: one more letter,
    // a click on the third tile moves the 2X letter there (eight 64-pixel tiles, 8 apart,
    // centred on x = 775: the third spans x 635..699, y 112..176), a click on Save.
    const ProcessResult again = headless_game(
        dir, {"--words-builder", file.string(), "--menu-keys",
              "3:key=Up,5:type=S,7:click=667x144,9:click=1018x656", "--frames", "12", "--no-record"});
    REQUIRE(again.exit_code == 0);
    const std::vector<w::Challenge> level =
        w::parse_word_level_file(sawtooth::test::read_file(file.string()));
    REQUIRE(level.size() == 2);
    CHECK(level[0].letters == "guardens");
    CHECK(level[0].two_x == 2);
    CHECK(level[1].letters == "hatdel");
}

TEST_CASE("the built level plays with --words-file, is recorded as custom and replay-verifies") {
    const fs::path dir = sawtooth::test::scratch_dir("sawtooth_words_builder_play");
    const std::vector<w::Challenge> level = w::parse_word_level_file(sawtooth::test::read_file(kGardenLevel));
    // GUARDEN: the U goes, GARDEN remains (2X kept: 12 points); HATDEL: D then L leave HATE.
    // The second challenge starts 30 ticks (the transition) after the first is solved.
    const std::string actions = "10 c 1\n60 c 3\n70 c 5\n";
    write_file(dir / "actions.txt", actions);
    w::LevelPlay ref(w::test::english(), level);
    for (const w::Action& a : w::parse_action_log(actions)) ref.apply(a);
    REQUIRE(ref.status() == w::LevelStatus::Complete);
    REQUIRE(ref.results().at(0).word == "garden");
    CHECK(ref.total_score() == 16);

    const ProcessResult r = headless_game(
        dir, {"--words-file", kGardenLevel, "--words-actions", (dir / "actions.txt").string(), "--db",
              (dir / "s.db").string(), "--words-progress", (dir / "p.json").string(), "--frames", "100"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    tel::Store store = tel::Store::open_read_only((dir / "s.db").string());
    const tel::WordRecording rec = tel::load_word_recording(store, 1);
    CHECK(rec.mode == "custom");
    REQUIRE(rec.custom_challenges.size() == 2);
    CHECK(rec.custom_challenges[0].letters == "guarden");
    REQUIRE(rec.status.has_value());
    CHECK(*rec.status == tel::WordLevelEnd::Complete);
    CHECK(rec.total_score == ref.total_score());
    CHECK(rec.result_hash == ref.result_hash());
    CHECK(store.db().query_int("SELECT count(*) FROM sessions WHERE mode = 'words-custom'") == 1);
    const tel::WordReplayReport rep =
        tel::verify_word_replay(w::test::english(), sawtooth::test::dictionary_asset_hash(), rec);
    INFO(rep.mismatch.value_or(""));
    CHECK_FALSE(rep.mismatch.has_value());
    CHECK(rep.warnings.empty());
    CHECK(rep.actions_checked == 3);
    CHECK_FALSE(fs::exists(dir / "p.json"));  // a custom level keeps no progress

    // A tampered file letter makes the replay fail on that challenge.
    tel::WordRecording bad = rec;
    bad.custom_challenges[1].letters = "hatdeb";
    const tel::WordReplayReport bad_rep =
        tel::verify_word_replay(w::test::english(), sawtooth::test::dictionary_asset_hash(), bad);
    REQUIRE(bad_rep.mismatch.has_value());
    CHECK(bad_rep.mismatch->find("challenge 2") != std::string::npos);
}

TEST_CASE("F5 in the builder plays the level being built, recorded") {
    const fs::path dir = sawtooth::test::scratch_dir("sawtooth_words_builder_f5");
    const ProcessResult r = headless_game(dir, {"--words-builder", (dir / "new.txt").string(), "--menu-keys",
                                                "3:type=GUARDEN,6:key=F5,10:type=U", "--db",
                                                (dir / "s.db").string(), "--frames", "14", "--print-screen"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: words-level") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "new.txt"));  // playing does not save
    tel::Store store = tel::Store::open_read_only((dir / "s.db").string());
    const tel::WordRecording rec = tel::load_word_recording(store, 1);
    CHECK(rec.mode == "custom");
    REQUIRE(rec.challenges.size() == 1);
    CHECK(rec.challenges[0].word == "garden");  // typing U solved it
    const tel::WordReplayReport rep =
        tel::verify_word_replay(w::test::english(), sawtooth::test::dictionary_asset_hash(), rec);
    CHECK_FALSE(rep.mismatch.has_value());
}

TEST_CASE("a malformed word-level file: one line naming the file, line and column, exit 1") {
    const fs::path dir = sawtooth::test::scratch_dir("sawtooth_words_builder_bad");
    write_file(dir / "bad.txt", "sawtooth-words-level 1\nGARD3N 2x:-\n");
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--words-file", (dir / "bad.txt").string()},
          std::vector<std::string>{"--words-builder", (dir / "bad.txt").string()}}) {
        const ProcessResult r = headless_game(dir, args);
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("bad.txt: line 2, column 5: '3' is not a letter a-z") != std::string::npos);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    const ProcessResult missing = headless_game(dir, {"--words-file", (dir / "none.txt").string()});
    CHECK(missing.exit_code == 1);
    CHECK(missing.err.find("cannot read word-level file") != std::string::npos);
}

TEST_CASE("Elimination menu -> Builder opens the builder on the default file") {
    const fs::path dir = sawtooth::test::scratch_dir("sawtooth_words_builder_menu");
    // The menu starts on "Play level 1"; Infinite, Daily, then Builder.
    const ProcessResult r = headless_game(
        dir, {"--screen", "words", "--menu-keys", "3:down,5:down,7:down,9:confirm,12:type=HAT,14:key=F2",
              "--frames", "16", "--print-screen", "--no-record"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: words-builder") != std::string::npos);
    const fs::path file = dir / "sawtooth" / "words_level.txt";  // $XDG_DATA_HOME/sawtooth/
    REQUIRE(fs::exists(file));
    CHECK(w::parse_word_level_file(sawtooth::test::read_file(file.string())).at(0).letters == "hat");
}
