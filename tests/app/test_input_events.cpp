// No lost key presses (docs/reliability.md), end to end: the built `sawtooth` runs headless
// (SDL's offscreen driver) and `--menu-keys F:key=NAME` pushes a key-down and its key-up
// with SDL_PushEvent before frame F reads its events, so the key is up again before any
// tick runs, as with a quick tap during one frame. The press must still act exactly
// once: the title menu's cursor moves, a jump reaches one tick's InputFrame (recorded
// and replayed exactly), a typed letter is taken in Elimination. Checks screens, rows
// and exit codes, never timings.
#include "telemetry/recording/replay.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include "../support/lab_cli.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "../support/words_fixture.hpp"
#include "game/words/modes.hpp"

#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace tel = sawtooth::telemetry;
namespace w = sawtooth::words;
using sawtooth::test::ProcessResult;

namespace {

using sawtooth::test::headless_game;

fs::path fresh_dir(const std::string& name) { return sawtooth::test::scratch_dir("sawtooth_input_" + name); }

// The screen a title-menu run ends on after `keys`.
std::string final_screen(const std::string& name, const std::string& keys, int frames) {
    const ProcessResult r = headless_game(fresh_dir(name), {"--no-record", "--print-screen", "--frames",
                                                            std::to_string(frames), "--menu-keys", keys});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const auto at = r.out.find("screen: ");
    REQUIRE(at != std::string::npos);
    return r.out.substr(at + 8, r.out.find('\n', at) - at - 8);
}

}  // namespace

TEST_CASE("title menu: Down tapped within one frame moves the cursor once per tap") {
    // Rows from the default (Study session): Free play, Elimination, Settings, Quit.
    CHECK(final_screen("menu1", "2:key=Down,6:key=Return", 10) == "free-play");
    CHECK(final_screen("menu2", "2:key=Down,4:key=Down,6:key=Return", 10) == "words-menu");
    // Three taps inside one frame: three moves, shown to three ticks apart.
    CHECK(final_screen("menu3", "2:key=Down,2:key=Down,2:key=Down,10:key=Return", 14) == "settings");
}

TEST_CASE("a jump tapped within one frame reaches one tick's InputFrame, is recorded and replays") {
    const fs::path dir = fresh_dir("jump");
    const std::string level = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/levels/tutorial1.txt";
    constexpr int kTapFrame = 40;  // standing on the ground by then
    const ProcessResult r =
        headless_game(dir, {"--level", level, "--db", (dir / "s.db").string(), "--frames", "80",
                            "--menu-keys", std::to_string(kTapFrame) + ":key=Space"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    tel::Store store = tel::Store::open_read_only((dir / "s.db").string());
    const tel::LoadedRecording rec =
        tel::load_recording(store, store.db().query_int("SELECT max(level_id) FROM levels"));
    REQUIRE(rec.inputs.size() > kTapFrame + 1);
    std::vector<std::size_t> up_ticks;
    for (std::size_t t = 0; t < rec.inputs.size(); ++t)
        if (rec.inputs[t].bits & sawtooth::kInputUp) up_ticks.push_back(t);
    CHECK(up_ticks == std::vector<std::size_t>{kTapFrame});  // exactly one tick, the frame's own
    bool jumped = false;
    for (const tel::EventRow& e : rec.events) jumped = jumped || e.kind == tel::EventKind::Jump;
    CHECK(jumped);
    const tel::ReplayReport rep = tel::verify_replay(rec);
    CHECK_MESSAGE(!rep.desync, (rep.desync ? rep.desync->what : ""));
}

TEST_CASE("Elimination: a letter key tapped within one frame removes the letter, once") {
    const fs::path dir = fresh_dir("letter");
    const w::GeneratedLevel g = w::generate_mode_level(w::test::english(), w::levels_mode_level(1));
    const char letter = g.challenges.at(0).letters.at(0);
    const std::string key(1, static_cast<char>(std::toupper(static_cast<unsigned char>(letter))));
    const ProcessResult r = headless_game(
        dir, {"--screen", "words-level", "--db", (dir / "s.db").string(), "--words-progress",
              (dir / "p.json").string(), "--menu-keys", "5:key=" + key + ",8:key=Return", "--frames", "12"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    tel::Store store = tel::Store::open_read_only((dir / "s.db").string());
    const tel::WordRecording rec = tel::load_word_recording(store, 1);
    REQUIRE(rec.actions.size() == 2);
    CHECK(rec.actions[0].action == w::ActionKind::Type);
    CHECK(rec.actions[0].letter == std::string(1, letter));
    CHECK(rec.actions[0].result == "removed");
    CHECK(rec.actions[0].tick == 6);  // --menu-keys frames count from 0, the level's ticks from 1
    CHECK(rec.actions[1].action == w::ActionKind::Click);  // Enter, through the same key path
}
