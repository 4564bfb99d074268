// The rating screen through the game's real input path (--menu-keys feeds the same latched
// Controls, typed text and mouse clicks a player's devices do): free play and the study
// session end a recorded level, the screen asks, and the answer, the skip or nothing at
// all (setting off, not recording, tutorials) is what lands in the ratings table.
#include "../support/lab_cli.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace fs = std::filesystem;
namespace tel = sawtooth::telemetry;
using sawtooth::test::ProcessResult;

namespace {

// Title (Study session selected) -> Free play -> down to Play (a random seed) -> the level;
// frame 30 Esc pauses, Down Down selects "Back to setup", Enter at 36 leaves the level:
// the rating screen takes input from frame 38 on.
const std::string kFreePlayThenLeave =
    "2:down,4:confirm,6:down,8:down,10:down,12:down,14:down,16:confirm,30:pause,32:down,34:down,"
    "36:confirm";

struct Run {
    ProcessResult result;
    fs::path db;
};

// The game headless, recording into `<dir>/s.db`, config in `dir` (optionally a settings file).
Run play(const std::string& name, const std::string& keys, int frames, const std::string& settings = {}) {
    const fs::path dir = sawtooth::test::scratch_dir("sawtooth_rating_game_" + name);
    if (!settings.empty()) {
        fs::create_directories(dir / "sawtooth");
        std::ofstream(dir / "sawtooth" / "settings.json") << settings;
    }
    sawtooth::test::ProcessSettings ps;
    ps.env = {"XDG_DATA_HOME=" + dir.string(), "XDG_CONFIG_HOME=" + dir.string()};
    Run run;
    run.db = dir / "s.db";
    run.result = sawtooth::test::run_process(
        sawtooth::test::game_binary(),
        {"--headless", "--db", run.db.string(), "--session-seed", "42", "--menu-keys", keys, "--frames",
         std::to_string(frames), "--print-screen"},
        ps);
    return run;
}

struct Row {
    std::int64_t level_id = 0;
    std::string session_mode;
    std::int64_t seq = 0;
    std::optional<std::int64_t> enjoyment, difficulty;
    bool skipped = false;
    std::int64_t ticks = 0;
};

std::vector<Row> ratings(const fs::path& db) {
    tel::Store store = tel::Store::open_read_only(db.string());
    tel::Statement st(
        store.db(),
        "SELECT r.level_id, s.mode, l.seq, r.enjoyment, r.difficulty, r.skipped, r.answer_ticks "
        "FROM ratings r JOIN sessions s ON s.session_id = r.session_id JOIN levels l ON "
        "l.level_id = r.level_id ORDER BY r.rating_id");
    std::vector<Row> out;
    while (st.step()) {
        Row r;
        r.level_id = st.int64(0);
        r.session_mode = st.text(1);
        r.seq = st.int64(2);
        if (!st.is_null(3)) r.enjoyment = st.int64(3);
        if (!st.is_null(4)) r.difficulty = st.int64(4);
        r.skipped = st.int64(5) != 0;
        r.ticks = st.int64(6);
        out.push_back(r);
    }
    return out;
}

}  // namespace

TEST_CASE("free play: typed digits and Enter rate the level just left") {
    // SDL key events (key down, its text, key up), as a keyboard sends them.
    const Run run = play("digits", kFreePlayThenLeave + ",40:key=7,42:key=3,44:key=Return", 48);
    INFO(run.result.err);
    REQUIRE(run.result.exit_code == 0);
    CHECK(run.result.out.find("screen: free-play") != std::string::npos);
    const auto rows = ratings(run.db);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].session_mode == "free");
    CHECK(rows[0].enjoyment == 7);
    CHECK(rows[0].difficulty == 3);
    CHECK(!rows[0].skipped);
    // Shown on the tick after the level ended (frame 37), answered on frame 44.
    CHECK(rows[0].ticks == 8);
}

TEST_CASE("free play: the screen stays until answered, and mouse clicks answer it") {
    const Run waiting = play("waiting", kFreePlayThenLeave, 60);
    REQUIRE(waiting.result.exit_code == 0);
    CHECK(waiting.result.out.find("screen: rating") != std::string::npos);
    CHECK(ratings(waiting.db).empty());

    // Box "10" of the first scale, box "2" of the second, then Submit (RatingLayout).
    const Run run =
        play("mouse", kFreePlayThenLeave + ",40:click=946x279,43:click=504x439,46:click=520x557", 50);
    INFO(run.result.err);
    REQUIRE(run.result.exit_code == 0);
    CHECK(run.result.out.find("screen: free-play") != std::string::npos);
    const auto rows = ratings(run.db);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].enjoyment == 10);
    CHECK(rows[0].difficulty == 2);
}

TEST_CASE("free play: Esc skips, and a skipped rating is stored as skipped") {
    const Run run = play("skip", kFreePlayThenLeave + ",40:type=5,42:pause", 46);
    REQUIRE(run.result.exit_code == 0);
    CHECK(run.result.out.find("screen: free-play") != std::string::npos);
    const auto rows = ratings(run.db);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].skipped);
    CHECK(!rows[0].enjoyment);
    CHECK(!rows[0].difficulty);
}

TEST_CASE("the setting switches the screen off: no question, no row") {
    const Run run = play("off", kFreePlayThenLeave, 42, R"({"version": 1, "rate_levels": false})");
    REQUIRE(run.result.exit_code == 0);
    CHECK(run.result.out.find("screen: free-play") != std::string::npos);
    CHECK(ratings(run.db).empty());
    tel::Store store = tel::Store::open_read_only(run.db.string());
    CHECK(store.db().query_int("SELECT count(*) FROM levels") == 1);  // the level was recorded
}

TEST_CASE("study session: tutorials are not rated, level 1 is, with arrows and Enter (d-pad and A)") {
    // Card -> Start -> skip, twice for the tutorials, then level 1 skipped and rated:
    // Right Right Enter (enjoyment 7), Left Enter (difficulty 3), Enter on Submit.
    const std::string keys =
        "2:confirm,4:confirm,6:skip,8:confirm,10:skip,12:confirm,14:skip,"
        "18:right,20:right,22:confirm,24:left,26:confirm,28:confirm";
    const Run run = play("study", keys, 32);
    INFO(run.result.err);
    REQUIRE(run.result.exit_code == 0);
    CHECK(run.result.out.find("screen: card 4") != std::string::npos);
    const auto rows = ratings(run.db);
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].session_mode == "study");
    CHECK(rows[0].seq == 3);  // tutorial 1, tutorial 2, level 1
    CHECK(rows[0].enjoyment == 7);
    CHECK(rows[0].difficulty == 3);
}

TEST_CASE("Settings > Rate levels toggles the setting and saves it") {
    // Title: Down x3 = Settings; Down Down = Rate levels; Enter toggles (saved at once).
    const Run run = play("settings", "2:down,4:down,6:down,8:confirm,10:down,12:down,14:confirm", 18);
    REQUIRE(run.result.exit_code == 0);
    const fs::path file = run.db.parent_path() / "sawtooth" / "settings.json";
    REQUIRE(fs::exists(file));
    std::ifstream in(file);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.find("\"rate_levels\": false") != std::string::npos);
}
