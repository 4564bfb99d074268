// The F1 difficulty overlay (docs/difficulty.md §9), driven as a user would: `sawtooth --headless
// --debug-overlay` draws the level graph over the level (the screenshot changes), a model
// adds the challenge edges (it changes again), and a broken --model file is refused with
// one line and a non-zero exit before any window opens.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "telemetry/analysis/challenge_model.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using sawtooth::test::read_file;

namespace {

struct TempHome {
    fs::path dir;
    TempHome() {
        dir = fs::temp_directory_path() / ("sawtooth_test_overlay_" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~TempHome() { fs::remove_all(dir); }
};

/// The game with its config home in `home`: no user model or settings leak into the run
/// (the default model path is under there).
sawtooth::test::ProcessResult game(const TempHome& home, const std::vector<std::string>& args) {
    sawtooth::test::ProcessSettings settings;
    settings.env = {"XDG_CONFIG_HOME=" + home.dir.string()};
    return sawtooth::test::run_process(sawtooth::test::game_binary(), args, settings);
}

/// Screenshot of frame 2 of a generated study-shaped level, with extra flags.
std::string shot(const TempHome& home, const std::string& name, std::vector<std::string> extra) {
    const std::string png = (home.dir / name).string();
    std::vector<std::string> args = {
        "--headless", "--seed",   "11", "--layout",    "linear", "--rooms", "4x2",          "--level-index",
        "5",          "--frames", "2",  "--no-record", "--view", "10,6",    "--screenshot", png};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = game(home, args);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    REQUIRE(fs::exists(png));
    return read_file(png);
}

}  // namespace

TEST_CASE("--debug-overlay draws the graph, and with a model the challenges too") {
    TempHome home;
    const std::string plain = shot(home, "plain.png", {});
    const std::string graph_only = shot(home, "graph.png", {"--debug-overlay"});
    CHECK(graph_only != plain);
    // Same run twice: the overlay is deterministic.
    CHECK(shot(home, "graph2.png", {"--debug-overlay"}) == graph_only);
    const fs::path model = home.dir / "model.json";
    std::ofstream(model)
        << sawtooth::analysis::model_to_json(sawtooth::analysis::thesis_reference_model()).dump();
    const std::string with_model = shot(home, "model.png", {"--debug-overlay", "--model", model.string()});
    CHECK(with_model != graph_only);
    // The default location ($XDG_CONFIG_HOME/sawtooth/model.json) is used without --model
    // (the frame is not byte-equal to with_model: the window prints the model's path).
    fs::create_directories(home.dir / "sawtooth");
    fs::copy_file(model, home.dir / "sawtooth" / "model.json");
    CHECK(shot(home, "default.png", {"--debug-overlay"}) != graph_only);
}

TEST_CASE("a broken --model file stops the game with one line") {
    TempHome home;
    const fs::path junk = home.dir / "junk.json";
    std::ofstream(junk) << "{not json";
    nlohmann::json newer = sawtooth::analysis::model_to_json(sawtooth::analysis::thesis_reference_model());
    newer["version"] = sawtooth::analysis::kModelFormatVersion + 1;
    const fs::path other = home.dir / "newer.json";
    std::ofstream(other) << newer.dump();
    for (const fs::path& bad : {junk, other, home.dir / "missing.json"}) {
        const auto r = game(home, {"--headless", "--seed", "11", "--frames", "2", "--no-record",
                                   "--debug-overlay", "--model", bad.string()});
        INFO("stderr: " << r.err);
        CHECK(r.exit_code == 1);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.find(bad.filename().string()) != std::string::npos);
    }
}
