// The level editor through the real binary (docs/game.md "Level editor"): scripted key taps
// (--menu-keys F:key=NAME, the same SDL events a keyboard makes) build a small level and
// save it, and the saved file matches the golden file tests/data/editor_built_level.txt; an
// edit that walls off the exit is reported unplayable by the background check and undo
// makes it playable again; the editor keeps ticking while a long check runs; F5 test-plays
// and F5 returns to the editor where it was. --print-screen's report waits for the check.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using sawtooth::test::ProcessResult;

namespace {

const fs::path kDir = sawtooth::test::scratch_dir("sawtooth_test_editor_game");

// A flat room, start on the left, exit on the right.
const char* kRoom =
    "sawtooth-level 1\n"
    "grid 12 5\n"
    "############\n"
    "#..........#\n"
    "#..........#\n"
    "#S........E#\n"
    "############\n";

// The editor headless on `file` with scripted `keys`; `more` replaces --no-record when given.
ProcessResult edit(const fs::path& file, const std::string& keys, int frames,
                   std::vector<std::string> more = {"--no-record"}) {
    sawtooth::test::ProcessSettings settings;
    settings.env = {"XDG_DATA_HOME=" + kDir.string(), "XDG_CONFIG_HOME=" + kDir.string()};
    std::vector<std::string> args{"--headless",  "--print-screen", "--edit",
                                  file.string(), "--frames",       std::to_string(frames)};
    if (!keys.empty()) args.insert(args.end(), {"--menu-keys", keys});
    args.insert(args.end(), more.begin(), more.end());
    return sawtooth::test::run_process(std::string(SAWTOOTH_BIN_DIR) + "/sawtooth", args, settings);
}

// "2:key=A,4:key=B,...": one tap every second frame from frame 2.
int frames_for(const std::vector<std::string>& keys) { return static_cast<int>(4 + 2 * keys.size()); }

fs::path write_room(const std::string& name) {
    const fs::path f = kDir / name;
    std::ofstream(f, std::ios::binary) << kRoom;
    return f;
}

}  // namespace

TEST_CASE("keys build a small level in a new file; the saved file matches the golden file") {
    const fs::path file = kDir / "built.txt";
    const std::vector<std::string> keys{
        "Right", "Right", "Right", "W",     "Space", "Up",    "Space",  // walls at (4, 1), (4, 2)
        "Right", "Right", "Right", "Down",  "A",     "Space",           // saw at (7..9, 1)
        "M",     "Right", "Right", "Right", "Space",                    // mine at (10, 1)
        "Z",     "Y",     "F2"};                                        // undo, redo, save
    const ProcessResult r = edit(file, sawtooth::test::key_taps(keys), frames_for(keys));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("screen: editor") != std::string::npos);
    CHECK(r.out.find("editor: 32x14, 4 undo steps, cursor (10, 1)") != std::string::npos);
    REQUIRE(fs::exists(file));
    CHECK(sawtooth::test::read_file(file) ==
          sawtooth::test::read_file(fs::path(SAWTOOTH_SOURCE_DIR) / "tests/data/editor_built_level.txt"));
}

TEST_CASE("mouse: a click on the palette picks a tool, a click on a cell uses it") {
    const fs::path file = write_room("mouse.txt");
    // The 12x5 room fits the view at 51.7 px a metre, centred: cell (6, 2) is at (692, 360).
    // Palette slot 5 (Saw) spans x 528..648 at the bottom; the saw goes at the cursor.
    const ProcessResult r = edit(file,
                                 "2:click=692x360,4:click=588x659,6:key=Left,8:key=Left,10:key=Left,12:key="
                                 "Down,14:key=Space,16:key=F2",
                                 20);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(sawtooth::test::read_file(file) ==
          "sawtooth-level 1\n"
          "grid 12 5\n"
          "############\n"
          "#..........#\n"
          "#.....#....#\n"
          "#S.sss....E#\n"
          "############\n"
          "trap saw 3 1 120 0\n");
}

TEST_CASE("walling off the exit is reported unplayable; undo makes the level playable again") {
    const fs::path file = write_room("walled.txt");
    std::vector<std::string> keys{"Right", "Right", "Right", "Right", "Right", "Space",
                                  "Up",    "Space", "Up",    "Space"};  // a wall at x = 6, floor to ceiling
    ProcessResult r = edit(file, sawtooth::test::key_taps(keys), frames_for(keys));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("check: unplayable (") != std::string::npos);
    CHECK(sawtooth::test::read_file(file) == kRoom);  // never saved

    keys.insert(keys.end(), {"Z", "Z", "Z"});
    r = edit(file, sawtooth::test::key_taps(keys), frames_for(keys));
    CHECK(r.out.find("editor: 12x5, 0 undo steps") != std::string::npos);
    CHECK(r.out.find("check: playable") != std::string::npos);
}

TEST_CASE("a trap off every route is a warning, not an error") {
    const fs::path file = write_room("warn.txt");
    const std::vector<std::string> keys{"M",     "Up",    "Up",   "Right",
                                        "Right", "Right", "Space"};  // mine at (4, 3)
    const ProcessResult r = edit(file, sawtooth::test::key_taps(keys), frames_for(keys));
    INFO(r.err);
    CHECK(r.out.find("check: playable") != std::string::npos);
    CHECK(r.out.find("warning: mine at (4, 3) is on no route from start to exit") != std::string::npos);
}

TEST_CASE("edit generated level 7: the editor ticks on while its check runs") {
    const ProcessResult r = edit(kDir / "seed7.txt", "", 30, {"--no-record", "--seed", "7"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    // The check of a generated maze level takes far longer than 30 headless ticks; the
    // editor ran ticks meanwhile (never waited), and the report waited for the verdict.
    const auto at = r.out.find(" ticks while checking");
    REQUIRE(at != std::string::npos);
    const auto from = r.out.rfind(", ", at) + 2;
    CHECK(std::stoi(r.out.substr(from, at - from)) >= 1);
    CHECK(r.out.find("check: playable") != std::string::npos);
    CHECK(!fs::exists(kDir / "seed7.txt"));  // nothing saved without F2
}

TEST_CASE("F5 test-plays the level, recorded like free play, and F5 comes back to the editor where it was") {
    const fs::path file = write_room("play.txt");
    ProcessResult r = edit(file, "2:key=Right,4:key=Right,6:key=F5", 12);
    CHECK(r.out.find("screen: level") != std::string::npos);
    const fs::path db = kDir / "play.db";
    r = edit(file, "2:key=Right,4:key=Right,6:key=F5,10:key=F5", 14, {"--db", db.string()});
    INFO(r.err);
    CHECK(r.out.find("screen: editor") != std::string::npos);
    CHECK(r.out.find("cursor (3, 1)") != std::string::npos);
    sawtooth::telemetry::Store store = sawtooth::telemetry::Store::open_read_only(db.string());
    sawtooth::telemetry::Statement st(store.db(),
                                      "SELECT s.mode, l.kind, l.level_text FROM levels l "
                                      "JOIN sessions s ON s.session_id = l.session_id");
    REQUIRE(st.step());
    CHECK(st.text(0) == "free");
    CHECK(st.text(1) == "file");
    CHECK(st.text(2) == kRoom);
    CHECK(!st.step());  // one test play, one recorded level
    const ProcessResult replay =
        sawtooth::test::run_process(std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab",
                                    {"replay", "--db", db.string(), "--level", "1", "--verify"});
    INFO(replay.err);
    CHECK(replay.exit_code == 0);
}

TEST_CASE("--edit with a malformed file names its line and column and opens nothing") {
    const fs::path file = kDir / "broken.txt";
    std::ofstream(file, std::ios::binary) << "sawtooth-level 1\ngrid 4 3\n####\n#SXE\n####\n";
    const ProcessResult r = edit(file, "", 5);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("broken.txt: line 4, column 3: unknown cell character 'X'") != std::string::npos);
    CHECK(r.out.empty());
}
