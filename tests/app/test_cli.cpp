// Runs the built `sawtooth` executable headless as a player or a script would: bad flags,
// unwritable screenshots, the title menu flow driven by --menu-keys, settings round trips
// and a corrupt settings file. Checks exit codes, messages and files, never timings.
#include <doctest/doctest.h>

#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using sawtooth::test::ProcessResult;
using sawtooth::test::ProcessSettings;
using sawtooth::test::read_file;
using sawtooth::test::split_args;

namespace {

// A fresh, empty config and data home per test so no test sees a developer's real settings
// or records into their real database.
fs::path temp_dir(const std::string& name) {
    return sawtooth::test::scratch_dir("sawtooth_app_test_" + name);
}

// The built game with its config and data homes inside `home`.
ProcessResult run(const std::vector<std::string>& args, const fs::path& home, ProcessSettings settings = {}) {
    settings.env.push_back("XDG_CONFIG_HOME=" + home.string());
    settings.env.push_back("XDG_DATA_HOME=" + home.string());
    return sawtooth::test::run_process(std::string(SAWTOOTH_BIN_DIR) + "/sawtooth", args, settings);
}

// `words` split at spaces, then `more` as whole arguments (paths).
std::vector<std::string> flags(const std::string& words, const std::vector<std::string>& more = {}) {
    std::vector<std::string> all = split_args(words);
    all.insert(all.end(), more.begin(), more.end());
    return all;
}

int lines(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

// Title rows from the default selection (Study session): Free play, Elimination, Settings, Quit.
constexpr const char* kToSettings = "2:down,4:down,6:down,8:confirm";

}  // namespace

TEST_CASE("bad flags exit 2 with one line on stderr") {
    const fs::path home = temp_dir("flags");
    for (const char* args : {"--headless --bogus", "--headless --screen nowhere",
                             "--headless --menu-keys 5:jump", "--headless --seed 1 --rooms 4y3",
                             "--headless --seed 1 --rooms 99x99", "--headless --layout spiral"}) {
        CAPTURE(args);
        const ProcessResult r = run(flags(args), home);
        CHECK(r.exit_code == 2);
        CHECK(lines(r.err) == 1);
        CHECK(r.err.rfind("sawtooth: ", 0) == 0);
    }
}

TEST_CASE("bad input exits before the store is opened: no database file is created") {
    // The level's flags and file, the screenshot path and the model file used to be checked
    // after the store was opened, so each of these created the --db file before exiting.
    const fs::path home = temp_dir("nodb");
    for (const char* args : {"--headless --seed 1 --rooms bad", "--headless --seed 1 --room-size 1x1",
                             "--headless --level /nonexistent-dir/level.txt",
                             "--headless --frames 2 --screenshot /nonexistent-dir/x.png",
                             "--headless --model /nonexistent-dir/model.json"}) {
        CAPTURE(args);
        const fs::path db = home / "never.db";
        const ProcessResult r = run(flags(args, {"--db", db.string()}), home);
        CHECK(r.exit_code != 0);
        CHECK(lines(r.err) == 1);
        CHECK_FALSE(fs::exists(db));
    }
}

TEST_CASE("a screenshot to a path that cannot be written exits 1") {
    const fs::path home = temp_dir("shot");
    const ProcessResult r = run(flags("--headless --frames 2 --screenshot /nonexistent-dir/x.png"), home);
    CHECK(r.exit_code == 1);
    CHECK(lines(r.err) == 1);
    CHECK(r.err.find("/nonexistent-dir/x.png") != std::string::npos);
}

TEST_CASE("the title menu is the first screen and writes a screenshot") {
    const fs::path home = temp_dir("title");
    const fs::path png = home / "title.png";
    const ProcessResult r =
        run(flags("--headless --frames 5 --print-screen --screenshot", {png.string()}), home);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("screen: title") != std::string::npos);
    CHECK(fs::file_size(png) > 1000);
}

TEST_CASE("a window run with --frames and --screenshot stops after those frames (xvfb-run use)") {
    // Not --headless: a real window, on SDL's offscreen driver because tests have no
    // display. Both flags used to be ignored outside --headless, so the run waited for a
    // player to close the window; the timeout turns that into a failure instead of a hang.
    const fs::path home = temp_dir("window_shot");
    const fs::path png = home / "window.png";
    ProcessSettings window;
    window.env = {"SDL_VIDEODRIVER=offscreen", "SDL_AUDIODRIVER=dummy"};
    window.timeout_seconds = 120;
    const ProcessResult r = run(
        flags("--seed 7 --no-record --frames 10 --print-screen --screenshot", {png.string()}), home, window);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("screen: level") != std::string::npos);
    REQUIRE(fs::exists(png));
    CHECK(fs::file_size(png) > 1000);
}

TEST_CASE("without a sound card the game says sound is off in one line and plays on") {
    // SDL's ALSA driver on an empty ALSA configuration finds no device on any machine, as on
    // one without a sound card; ALSA then prints its own "ALSA lib ..." lines unless the
    // game keeps them off stderr.
    const fs::path home = temp_dir("no_sound");
    const fs::path alsa_conf = home / "empty_alsa.conf";
    std::ofstream(alsa_conf).flush();
    ProcessSettings window;
    window.env = {"SDL_VIDEODRIVER=offscreen", "SDL_AUDIODRIVER=alsa",
                  "ALSA_CONFIG_PATH=" + alsa_conf.string()};
    window.timeout_seconds = 120;
    const ProcessResult r = run(flags("--seed 7 --no-record --frames 10 --print-screen"), home, window);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("screen: level") != std::string::npos);
    CHECK(r.err.find("ALSA lib") == std::string::npos);
    CHECK(r.err.rfind("sawtooth: sound is off (", 0) == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

TEST_CASE("a generated level plays from --seed") {
    const fs::path home = temp_dir("seed");
    const ProcessResult r = run(flags("--headless --seed 7 --frames 10 --print-screen"), home);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("screen: level") != std::string::npos);
}

TEST_CASE("a study session skipped level by level reaches the results screen") {
    const fs::path home = temp_dir("study");
    // Study session -> card -> (Start, skip) x 12 -> results.
    std::string keys = "2:confirm";
    int f = 4;
    for (int i = 0; i < 12; ++i, f += 4)
        keys.append(",")
            .append(std::to_string(f))
            .append(":confirm,")
            .append(std::to_string(f + 2))
            .append(":skip");
    const ProcessResult r = run(flags("--headless --session-seed 42 --print-screen --frames " +
                                      std::to_string(f + 2) + " --menu-keys " + keys),
                                home);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("screen: results") != std::string::npos);
}

TEST_CASE("pause menu: Esc pauses a level and Esc resumes it") {
    const fs::path home = temp_dir("pause");
    const std::string level = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/levels/tutorial1.txt";
    ProcessResult r = run(
        {"--headless", "--level", level, "--frames", "6", "--print-screen", "--menu-keys", "3:pause"}, home);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("screen: pause") != std::string::npos);
    r = run(
        {"--headless", "--level", level, "--frames", "8", "--print-screen", "--menu-keys", "3:pause,6:pause"},
        home);
    CHECK(r.out.find("screen: level") != std::string::npos);
}

TEST_CASE("the Elimination entry opens its menu, Back returns, and Quit ends the game") {
    const fs::path home = temp_dir("elim");
    ProcessResult r =
        run(flags("--headless --frames 8 --print-screen --menu-keys 2:down,4:down,6:confirm"), home);
    CHECK(r.out.find("screen: words-menu") != std::string::npos);
    r = run(flags("--headless --frames 12 --print-screen --menu-keys 2:down,4:down,6:confirm,9:back"), home);
    CHECK(r.out.find("screen: title") != std::string::npos);
    r = run(flags("--headless --frames 40 --print-screen --menu-keys "
                  "2:down,4:down,6:down,8:down,10:down,12:confirm"),
            home);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("screen: none") != std::string::npos);
}

TEST_CASE("settings: a change in the settings screen is saved and read back") {
    const fs::path home = temp_dir("settings");
    const fs::path file = home / "sawtooth" / "settings.json";
    ProcessResult r = run(
        flags(std::string("--headless --frames 14 --print-screen --menu-keys ") + kToSettings + ",10:left"),
        home);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("screen: settings") != std::string::npos);
    REQUIRE(fs::exists(file));
    CHECK(nlohmann::json::parse(read_file(file))["volume"].get<double>() == doctest::Approx(0.7));
    // Second run starts from the saved 0.7 and lowers it again.
    r = run(flags(std::string("--headless --frames 14 --menu-keys ") + kToSettings + ",10:left"), home);
    CHECK(r.exit_code == 0);
    CHECK(nlohmann::json::parse(read_file(file))["volume"].get<double>() == doctest::Approx(0.6));
}

TEST_CASE("settings: custom keys and fullscreen load from the file and round-trip through the screen") {
    const fs::path home = temp_dir("settings_keys");
    fs::create_directories(home / "sawtooth");
    const fs::path file = home / "sawtooth" / "settings.json";
    // SDL scancodes I, J, K, L: none is a default key, and all four differ.
    const int left = 13, right = 15, jump = 12, down = 14;
    {
        nlohmann::json j;
        j["version"] = 1;
        j["volume"] = 0.5;
        j["fullscreen"] = true;
        j["keys"] = {{"left", left}, {"right", right}, {"jump", jump}, {"down", down}};
        std::ofstream(file) << j.dump(2);
    }
    auto check_keys = [&](const nlohmann::json& j) {
        CHECK(j["keys"]["left"].get<int>() == left);
        CHECK(j["keys"]["right"].get<int>() == right);
        CHECK(j["keys"]["jump"].get<int>() == jump);
        CHECK(j["keys"]["down"].get<int>() == down);
    };
    // Lower the volume: the screen saves every field from what the game holds in memory,
    // so keys and fullscreen in the rewritten file are what it loaded.
    ProcessResult r = run(
        flags(std::string("--headless --frames 14 --print-screen --menu-keys ") + kToSettings + ",10:left"),
        home);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(r.out.find("screen: settings") != std::string::npos);
    nlohmann::json j = nlohmann::json::parse(read_file(file));
    CHECK(j["volume"].get<double>() == doctest::Approx(0.4));  // loaded 0.5, one step down: it saved
    CHECK(j["fullscreen"].get<bool>() == true);
    check_keys(j);
    // Toggle fullscreen on the screen (second row): the loaded On becomes Off...
    const std::string toggle =
        std::string("--headless --frames 16 --menu-keys ") + kToSettings + ",10:down,12:confirm";
    r = run(flags(toggle), home);
    CHECK(r.exit_code == 0);
    j = nlohmann::json::parse(read_file(file));
    CHECK(j["fullscreen"].get<bool>() == false);
    CHECK(j["volume"].get<double>() == doctest::Approx(0.4));
    check_keys(j);
    // ...and the next run reads that Off back and turns it On again.
    r = run(flags(toggle), home);
    CHECK(r.exit_code == 0);
    j = nlohmann::json::parse(read_file(file));
    CHECK(j["fullscreen"].get<bool>() == true);
    check_keys(j);
}

TEST_CASE("a corrupt settings file warns once and falls back to defaults") {
    const fs::path home = temp_dir("corrupt");
    fs::create_directories(home / "sawtooth");
    const fs::path file = home / "sawtooth" / "settings.json";
    std::ofstream(file) << "{ \"volume\": 0.5, oops";
    ProcessResult r = run(flags("--headless --frames 3"), home);
    CHECK(r.exit_code == 0);
    CHECK(lines(r.err) == 1);
    CHECK(r.err.find("warning") != std::string::npos);
    CHECK(r.err.find("defaults") != std::string::npos);
    // Defaults (0.8) are what a change starts from, and the file is repaired by the save.
    r = run(flags(std::string("--headless --frames 14 --menu-keys ") + kToSettings + ",10:left"), home);
    CHECK(nlohmann::json::parse(read_file(file))["volume"].get<double>() == doctest::Approx(0.7));
    // Wrong types keep their defaults without a warning storm: one line names them all.
    std::ofstream(file) << R"({"volume": "loud", "fullscreen": 3, "keys": {"left": 99999}})";
    r = run(flags("--headless --frames 3"), home);
    CHECK(r.exit_code == 0);
    CHECK(lines(r.err) == 1);
    CHECK(r.err.find("at /volume") != std::string::npos);
    CHECK(r.err.find("at /fullscreen") != std::string::npos);
}

TEST_CASE("a scripted run refuses flags that would need a window instead of ignoring them") {
    const fs::path home = temp_dir("script_flags");
    std::ofstream(home / "walk.script") << "30 right\n";
    const ProcessResult r =
        run({"--headless", "--level", std::string(SAWTOOTH_SOURCE_DIR) + "/assets/levels/test.txt",
             "--script", (home / "walk.script").string(), "--db", (home / "s.db").string(), "--screenshot",
             (home / "x.png").string()},
            home);
    CHECK(r.exit_code == 2);
    CHECK(lines(r.err) == 1);
    CHECK(r.err.find("--replay") != std::string::npos);
    CHECK_FALSE(fs::exists(home / "x.png"));
    CHECK_FALSE(fs::exists(home / "s.db"));
}
