// Golden screenshots: the built `sawtooth` draws a few fixed frames headless (a generated
// level while the frame benchmark plays it, the same level standing still, a linear level,
// the title menu, the Elimination menu and a level of it, the study results) and the
// pixels of each must hash to the value stored in tests/data/golden_screenshots.txt. Drawing
// speedups (batching, caches) must leave every pixel as it was; this test is what proves it.
// Headless uses SDL's software renderer, so the pixels do not depend on a GL driver; they
// do depend on the SDL, SDL_ttf and FreeType builds and on assets/ (fonts), so a Debian
// upgrade of those may legitimately need
//     cmake --build build --target update-golden
// (tests/support/golden.hpp). A window whose only OpenGL is a software rasteriser draws
// with the same software renderer (engine/platform.hpp), so its frames must hash to the
// same goldens; a window on a GPU's OpenGL is not compared.
#include <doctest/doctest.h>

#include "../support/golden.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"

#include <stb_image.h>  // implementation linked from Debian's libstb

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using sawtooth::test::ProcessResult;
using sawtooth::test::ProcessSettings;
using sawtooth::test::read_file;
using sawtooth::test::split_args;

namespace {

const std::string kGoldenPath = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden_screenshots.txt";

/// One fixed frame: a name for the golden file and the flags that draw it.
struct Scene {
    const char* name;
    const char* flags;
};

// Every scene is lockstep (one tick per frame, fixed time step), so the same flags give
// the same pixels run after run. The F1 debug overlay is left out: it prints the model
// file's path, which holds this test's scratch folder. The Elimination menu shows the Daily
// level's date, so that scene fixes it with --date (the golden was drawn on that date).
constexpr Scene kScenes[] = {
    {"level_bench_seed42_f90", "--headless --no-record --seed 42 --bench-frames 90"},
    {"level_seed42_f120", "--headless --no-record --seed 42 --frames 120"},
    {"level_seed42_view", "--headless --no-record --seed 42 --view 9,5 --frames 20"},
    {"level_linear_seed3_f60", "--headless --no-record --seed 3 --layout linear --frames 60"},
    {"title", "--headless --frames 5"},
    {"words_menu", "--headless --screen words --date 2026-11-25 --frames 5"},
    {"words_level3", "--headless --screen words-level --words-mode levels --words-level 3 --frames 30"},
    {"results", "--headless --screen results --frames 5"},
};

// FNV-1a 64 over the size and the RGBA bytes: any changed pixel changes the hash.
std::uint64_t pixel_hash(int w, int h, const unsigned char* rgba) {
    std::uint64_t hash = 14695981039346656037ull;
    auto add = [&](unsigned char byte) {
        hash ^= byte;
        hash *= 1099511628211ull;
    };
    for (int v : {w, h})
        for (int shift = 0; shift < 32; shift += 8) add(static_cast<unsigned char>(v >> shift));
    const std::size_t bytes = static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4;
    for (std::size_t i = 0; i < bytes; ++i) add(rgba[i]);
    return hash;
}

/// What one screenshot run gave: the pixels' hash and what the game printed.
struct Shot {
    std::string hash;
    std::string out;
};

// Runs the game with `flags` plus --screenshot (and the environment entries `env`) and
// returns the hash of the PNG's pixels.
Shot screenshot(const std::string& name, const std::string& flags, const fs::path& home,
                const std::vector<std::string>& env = {}) {
    fs::create_directories(home);
    const fs::path png = home / (name + ".png");
    std::vector<std::string> args = split_args(flags);
    args.insert(args.end(), {"--screenshot", png.string()});
    ProcessSettings settings;
    settings.env = {"XDG_CONFIG_HOME=" + home.string(), "XDG_DATA_HOME=" + home.string()};
    settings.env.insert(settings.env.end(), env.begin(), env.end());
    settings.timeout_seconds = 300;
    const ProcessResult r =
        sawtooth::test::run_process(std::string(SAWTOOTH_BIN_DIR) + "/sawtooth", args, settings);
    REQUIRE_MESSAGE(r.exit_code == 0, name << ": " << r.err);
    int w = 0, h = 0, channels = 0;
    unsigned char* rgba = stbi_load(png.string().c_str(), &w, &h, &channels, 4);
    REQUIRE_MESSAGE(rgba != nullptr, name << ": cannot decode " << png);
    const std::uint64_t hash = pixel_hash(w, h, rgba);
    stbi_image_free(rgba);
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return {text, r.out};
}

std::string screenshot_hash(const Scene& scene, const fs::path& home) {
    return screenshot(scene.name, scene.flags, home).hash;
}

// The stored hash of the scene called `name`.
std::string golden_hash(const std::string& name) {
    std::istringstream golden(read_file(kGoldenPath));
    for (std::string scene, hash; golden >> scene >> hash;)
        if (scene == name) return hash;
    FAIL("no golden hash for " << name);
    return {};
}

}  // namespace

TEST_CASE("a scene drawn twice gives the same pixels (the golden hashes can be trusted)") {
    const fs::path home = sawtooth::test::scratch_dir("sawtooth_golden_shots_twice");
    const Scene& scene = kScenes[0];
    CHECK(screenshot_hash(scene, home / "a") == screenshot_hash(scene, home / "b"));
}

TEST_CASE("golden screenshots: every fixed frame has the stored pixel hash" * doctest::test_suite("golden")) {
    const fs::path home = sawtooth::test::scratch_dir("sawtooth_golden_shots");
    std::string actual;
    for (const Scene& scene : kScenes)
        actual += std::string(scene.name) + " " + screenshot_hash(scene, home) + "\n";
    sawtooth::test::rewrite_golden_if_requested(kGoldenPath, actual);
    std::istringstream golden(read_file(kGoldenPath)), now(actual);
    for (std::string want, got; std::getline(now, got);) {
        std::getline(golden, want);
        CHECK_MESSAGE(want == got, "golden '" << want << "' != drawn '" << got
                                              << "' (a drawing change altered pixels; see file header)");
    }
}

TEST_CASE("a window on a software-rasterised OpenGL draws the golden pixels") {
    // Not --headless: a real window on SDL's offscreen driver, whose OpenGL is that of the
    // machine (Mesa's llvmpipe without a GPU). The benchmark's JSON names the renderer.
    const fs::path home = sawtooth::test::scratch_dir("sawtooth_golden_shots_window");
    const std::vector<std::string> env = {"SDL_VIDEODRIVER=offscreen", "SDL_AUDIODRIVER=dummy"};
    const Shot level =
        screenshot("window_level", "--no-record --seed 42 --bench-frames 90 --json", home, env);
    const std::string renderer = nlohmann::json::parse(level.out).at("renderer").get<std::string>();
    MESSAGE("renderer: " << renderer);
    if (renderer.rfind("software (OpenGL here: ", 0) != 0) {
        CHECK(renderer.rfind("opengl", 0) == 0);  // a GPU's OpenGL: its pixels are its own
        return;
    }
    CHECK(level.hash == golden_hash("level_bench_seed42_f90"));
    CHECK(screenshot("window_title", "--no-record --frames 5", home, env).hash == golden_hash("title"));
}
