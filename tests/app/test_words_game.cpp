// The Elimination screens end to end (docs/elimination.md §10b): the built `sawtooth` plays a real
// generated Levels-mode level headless from an action log made by the simulated word
// player, records it into a real SQLite store, saves progress; the recording then replays
// to identical results through telemetry's verifier. Also: leaving mid-level, the title
// menu entry, and bad input (flags, action logs, a missing word list, a damaged progress
// file). Checks files, rows and exit codes, never timings.
#include <doctest/doctest.h>

#include "../support/dictionary_hash.hpp"
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "../support/words_fixture.hpp"
#include "game/words/modes.hpp"
#include "game/words/simulated_player.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "telemetry/store/store.hpp"

#include <nlohmann/json.hpp>

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

fs::path fresh_dir(const std::string& name) {
    return sawtooth::test::scratch_dir("sawtooth_words_game_" + name);
}

// Level 1 of the Levels mode played by a simulated player: the reference result.
w::LevelPlay reference_play(double skill, std::uint64_t seed) {
    const w::ModeLevel level = w::levels_mode_level(1);
    w::GeneratedLevel g = w::generate_mode_level(w::test::english(), level);
    sawtooth::Rng rng(seed);
    return w::simulate_level(w::test::english(), g.challenges, w::PlayerProfile{skill}, rng);
}

}  // namespace

TEST_CASE("a Levels-mode level played in the game is recorded, saved and replays exactly") {
    const fs::path dir = fresh_dir("full");
    const w::LevelPlay ref = reference_play(0.9, 11);
    REQUIRE(ref.status() != w::LevelStatus::Playing);
    REQUIRE(ref.words_found() >= 3);  // a real game, not an instant timeout
    write_file(dir / "actions.txt", w::format_action_log(ref.log()));
    const std::uint32_t last_tick = ref.log().back().tick;

    // The level ends at last_tick, the rating screen follows a second later (answered
    // with typed digits), then the results.
    const std::string rate = std::to_string(last_tick + 80) + ":type=8," + std::to_string(last_tick + 82) +
                             ":type=2," + std::to_string(last_tick + 84) + ":confirm";
    const ProcessResult r =
        headless_game(dir, {"--screen", "words-level", "--words-level", "1", "--words-actions",
                            (dir / "actions.txt").string(), "--db", (dir / "s.db").string(),
                            "--words-progress", (dir / "progress.json").string(), "--menu-keys", rate,
                            "--frames", std::to_string(last_tick + 120), "--print-screen"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: words-results") != std::string::npos);  // the level ended, rated

    tel::Store store = tel::Store::open_read_only((dir / "s.db").string());
    const tel::WordRecording rec = tel::load_word_recording(store, 1);
    CHECK(rec.mode == "levels");
    CHECK(rec.level_number == 1);
    REQUIRE(rec.status.has_value());
    CHECK(*rec.status == tel::word_level_end(ref.status()));
    CHECK(rec.total_score == ref.total_score());
    CHECK(rec.words_found == ref.words_found());
    CHECK(rec.actions.size() == ref.log().size());
    CHECK(rec.challenges.size() == ref.results().size());
    CHECK(rec.result_hash == ref.result_hash());
    CHECK(store.db().query_int("SELECT count(*) FROM ratings WHERE word_level_id = 1 AND enjoyment = 8 AND "
                               "difficulty = 2 AND skipped = 0") == 1);

    const tel::WordReplayReport rep =
        tel::verify_word_replay(w::test::english(), sawtooth::test::dictionary_asset_hash(), rec);
    INFO(rep.mismatch.value_or(""));
    CHECK_FALSE(rep.mismatch.has_value());
    CHECK(rep.regenerated);
    CHECK(rep.actions_checked == static_cast<int>(ref.log().size()));

    // Progress: level 2 unlocked, the best score kept; a worse second try keeps the best.
    nlohmann::json p = nlohmann::json::parse(sawtooth::test::read_file((dir / "progress.json").string()));
    CHECK(p["unlocked"] == 2);
    CHECK(p["levels"]["1"] == ref.total_score());
    write_file(dir / "one.txt", "100 r\n");
    const ProcessResult again =
        headless_game(dir, {"--screen", "words-level", "--words-actions", (dir / "one.txt").string(), "--db",
                            (dir / "s.db").string(), "--words-progress", (dir / "progress.json").string(),
                            "--frames", "2000"});
    REQUIRE(again.exit_code == 0);
    p = nlohmann::json::parse(sawtooth::test::read_file((dir / "progress.json").string()));
    CHECK(p["levels"]["1"] == ref.total_score());
}

TEST_CASE("leaving a word level mid-challenge is stored as quit with the open challenge, and replays") {
    const fs::path dir = fresh_dir("quit");
    const w::LevelPlay ref = reference_play(0.9, 5);
    // Cut the run after the first solved challenge's clicks plus a few more actions.
    const std::uint32_t cut = ref.results().at(1).start_tick + 5;
    std::vector<w::Action> head;
    for (const w::Action& a : ref.log())
        if (a.tick <= cut) head.push_back(a);
    write_file(dir / "actions.txt", w::format_action_log(ref.log()));
    const ProcessResult r =
        headless_game(dir, {"--screen", "words-level", "--words-actions", (dir / "actions.txt").string(),
                            "--db", (dir / "s.db").string(), "--words-progress", (dir / "p.json").string(),
                            "--frames", std::to_string(cut)});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    tel::Store store = tel::Store::open_read_only((dir / "s.db").string());
    const tel::WordRecording rec = tel::load_word_recording(store, 1);
    REQUIRE(rec.status.has_value());
    CHECK(*rec.status == tel::WordLevelEnd::Quit);
    CHECK(rec.actions.size() == head.size());
    REQUIRE(rec.open.has_value());
    CHECK(rec.open->number == static_cast<int>(rec.challenges.size()) + 1);
    const tel::WordReplayReport rep =
        tel::verify_word_replay(w::test::english(), sawtooth::test::dictionary_asset_hash(), rec);
    INFO(rep.mismatch.value_or(""));
    CHECK_FALSE(rep.mismatch.has_value());
    CHECK_FALSE(fs::exists(dir / "p.json"));  // an unfinished level changes no progress
}

TEST_CASE("keyboard / gamepad play: cursor, Enter removes, Backspace resets, all recorded") {
    const fs::path dir = fresh_dir("keys");
    // Enter removes the letter under the cursor (slot 0 = original position 0); Right moves
    // the cursor to the next remaining letter (original position 2); Backspace resets.
    const ProcessResult r = headless_game(dir, {"--screen", "words-level", "--db", (dir / "s.db").string(),
                                                "--words-progress", (dir / "p.json").string(), "--menu-keys",
                                                "5:confirm,8:right,10:confirm,14:back", "--frames", "20"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    tel::Store store = tel::Store::open_read_only((dir / "s.db").string());
    const tel::WordRecording rec = tel::load_word_recording(store, 1);
    REQUIRE(rec.actions.size() == 3);
    CHECK(rec.actions[0].action == w::ActionKind::Click);
    CHECK(rec.actions[0].letter_index == 0);
    CHECK(rec.actions[0].tick == 6);  // --menu-keys frames count from 0, the level's ticks from 1
    CHECK(rec.actions[1].action == w::ActionKind::Click);
    CHECK(rec.actions[1].letter_index == 2);
    CHECK(rec.actions[2].action == w::ActionKind::Reset);
    CHECK(rec.actions[2].result == "restored");
    const tel::WordReplayReport rep =
        tel::verify_word_replay(w::test::english(), sawtooth::test::dictionary_asset_hash(), rec);
    CHECK_FALSE(rep.mismatch.has_value());
}

TEST_CASE("typed letters and mouse clicks reach the rules through the screen's input path") {
    const fs::path dir = fresh_dir("mouse");
    const w::GeneratedLevel g = w::generate_mode_level(w::test::english(), w::levels_mode_level(1));
    const std::string letters = g.challenges.at(0).letters;
    REQUIRE(letters.size() == 6);  // level 1's target length; the click below assumes it
    // Expected: typing the first letter removes it; with 5 letters left the middle tile
    // (slot 2) is centred on the 1280-wide view at x = 640, the tile row's middle at y = 293;
    // the Reset button spans y 420..470 around x = 640.
    w::LevelPlay expect(w::test::english(), g.challenges);
    expect.type(letters[0], 6);
    const int middle = expect.current().remaining_indices().at(2);
    const ProcessResult r = headless_game(
        dir, {"--screen", "words-level", "--db", (dir / "s.db").string(), "--words-progress",
              (dir / "p.json").string(), "--menu-keys",
              std::string("5:type=") + letters[0] + ",8:click=640x293,11:click=640x445", "--frames", "16"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    tel::Store store = tel::Store::open_read_only((dir / "s.db").string());
    const tel::WordRecording rec = tel::load_word_recording(store, 1);
    REQUIRE(rec.actions.size() == 3);
    CHECK(rec.actions[0].action == w::ActionKind::Type);
    CHECK(rec.actions[0].letter == std::string(1, letters[0]));
    CHECK(rec.actions[0].result == "removed");
    CHECK(rec.actions[1].action == w::ActionKind::Click);
    CHECK(rec.actions[1].letter_index == middle);
    CHECK(rec.actions[2].action == w::ActionKind::Reset);
    const tel::WordReplayReport rep =
        tel::verify_word_replay(w::test::english(), sawtooth::test::dictionary_asset_hash(), rec);
    CHECK_FALSE(rep.mismatch.has_value());
}

TEST_CASE("the title menu opens Elimination, and its modes start their levels") {
    const fs::path dir = fresh_dir("menu");
    // Title: Study, Free play, Elimination (headers are skipped by the cursor).
    ProcessResult r =
        headless_game(dir, {"--menu-keys", "2:down,4:down,6:confirm", "--frames", "12", "--print-screen"});
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("screen: words-menu") != std::string::npos);
    // Elimination menu: the cursor starts on "Play level 1".
    r = headless_game(dir,
                      {"--screen", "words", "--menu-keys", "2:confirm", "--frames", "8", "--print-screen"});
    CHECK(r.out.find("screen: words-level") != std::string::npos);
    for (const char* mode : {"infinite", "daily"}) {
        r = headless_game(dir, {"--screen", "words-level", "--words-mode", mode, "--date", "2026-11-23",
                                "--frames", "3", "--print-screen", "--session-seed", "9"});
        INFO(mode << ": " << r.err);
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("screen: words-level") != std::string::npos);
    }
}

TEST_CASE("bad Elimination input: one line, non-zero exit, nothing lost") {
    const fs::path dir = fresh_dir("bad");
    auto one_line = [](const ProcessResult& r) { return sawtooth::test::line_count(r.err) == 1; };

    write_file(dir / "bad.txt", "10 c 0\n20 x 3\n");
    ProcessResult r =
        headless_game(dir, {"--screen", "words-level", "--words-actions", (dir / "bad.txt").string()});
    CHECK(r.exit_code == 1);
    CHECK(one_line(r));
    CHECK(r.err.find("line 2") != std::string::npos);

    r = headless_game(dir, {"--screen", "words-level", "--words-actions", (dir / "missing.txt").string()});
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("cannot read action log") != std::string::npos);

    r = headless_game(dir, {"--screen", "words-level", "--words-level", "31"});
    CHECK(r.exit_code == 2);
    CHECK(one_line(r));
    r = headless_game(dir, {"--screen", "words", "--date", "2026-02-30"});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--date") != std::string::npos);
    r = headless_game(dir, {"--words-mode", "weekly"});
    CHECK(r.exit_code == 2);
    write_file(dir / "index.txt", "10 c 99\n");  // refused when read, never recorded
    r = headless_game(dir, {"--screen", "words-level", "--words-actions", (dir / "index.txt").string(),
                            "--db", (dir / "never.db").string()});
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("line 1") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "never.db"));

    // A missing word list names the file.
    fs::create_directories(dir / "assets");
    r = headless_game(dir, {"--screen", "words", "--assets", (dir / "assets").string()});
    CHECK(r.exit_code == 1);
    CHECK(one_line(r));
    CHECK(r.err.find("dictionary.tsv") != std::string::npos);

    // A damaged progress file: a warning, play goes on, the file is kept aside.
    write_file(dir / "progress.json", "{\"version\": 1, \"unlocked\": ");
    r = headless_game(
        dir, {"--screen", "words", "--words-progress", (dir / "progress.json").string(), "--frames", "2"});
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("damaged") != std::string::npos);
    CHECK(fs::exists(dir / "progress.json.bad"));
    // A progress file from a newer build is read-only: never overwritten.
    const std::string newer = "{\"version\": 99, \"unlocked\": 30}";
    write_file(dir / "newer.json", newer);
    write_file(dir / "one.txt", "100 r\n");
    r = headless_game(dir, {"--screen", "words-level", "--words-actions", (dir / "one.txt").string(),
                            "--words-progress", (dir / "newer.json").string(), "--frames", "2000"});
    CHECK(r.exit_code == 0);
    CHECK(sawtooth::test::read_file((dir / "newer.json").string()) == newer);
}
