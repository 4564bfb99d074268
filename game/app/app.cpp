#include "game/app/app.hpp"

#include "engine/controls.hpp"
#include "engine/fixed_step.hpp"
#include "engine/input_devices.hpp"
#include "engine/platform.hpp"
#include "engine/text.hpp"
#include "game/app/platformer_screen.hpp"
#include "game/app/screen.hpp"
#include "gen/level.hpp"

#include <SDL2/SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <vector>

namespace sawtooth::app {

namespace {

constexpr int kDefaultHeadlessFrames = 60;

void fail(const std::string& message) { std::fprintf(stderr, "sawtooth: %s\n", message.c_str()); }

double thread_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// Reads and parses a level file; "" on success, else the one-line problem.
std::string load_level_file(const std::string& path, Level& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot read level file '" + path + "'";
    std::stringstream ss;
    ss << in.rdbuf();
    try {
        out = parse_level_text(ss.str());
    } catch (const LevelFormatError& e) {
        return path + ": " + e.what();
    }
    if (const std::string p = validate_level(out); !p.empty()) return path + ": " + p;
    return {};
}

// A deterministic input pattern for benchmarks: run right, hop now and then.
InputFrame bench_input(int frame) {
    InputFrame f{kInputRight};
    if (frame % 90 < 20) f.bits |= kInputUp;
    if ((frame / 240) % 2 == 1) f.bits = static_cast<std::uint8_t>((f.bits & ~kInputRight) | kInputLeft);
    return f;
}

}  // namespace

int run(const AppOptions& o) {
    const std::string assets = o.asset_dir.empty() ? std::string(SAWTOOTH_ASSET_DIR) : o.asset_dir;
    if (!o.screenshot.empty() && !engine::path_writable(o.screenshot)) {
        fail("cannot write screenshot to '" + o.screenshot + "'");
        return 1;
    }
    if (o.seed) {
        fail("--seed needs the level generator, which this build does not have yet");
        return 1;
    }
    Level level;
    const std::string level_path = o.level_file.empty() ? assets + "/levels/test.txt" : o.level_file;
    if (const std::string err = load_level_file(level_path, level); !err.empty()) {
        fail(err);
        return 1;
    }

    engine::PlatformConfig pc;
    pc.headless = o.headless;
    pc.fullscreen = o.fullscreen;
    pc.width = o.width;
    pc.height = o.height;
    std::unique_ptr<engine::Platform> platform;
    std::unique_ptr<engine::TextRenderer> text;
    try {
        platform = std::make_unique<engine::Platform>(pc);
        text = std::make_unique<engine::TextRenderer>(platform->renderer(), engine::find_font_file(assets));
    } catch (const engine::PlatformError& e) {
        fail(e.message);
        return 1;
    } catch (const std::exception& e) {
        fail(e.what());
        return 1;
    }

    engine::InputDevices devices;
    ScreenStack screens;
    Services services{platform.get(), text.get(), &screens, assets, o.headless};
    bool quit = false;
    const std::string title = level.meta_value("name", "Free play");
    PlatformerScreen* level_screen = nullptr;
    {
        auto screen = std::make_unique<PlatformerScreen>(services, level, PlatformerOptions{title, false},
                                                         [&](const LevelResult&) { quit = !o.headless; });
        level_screen = screen.get();
        screens.push(std::move(screen));
        screens.apply();
    }

    const bool benchmark = o.bench_frames > 0;
    const int fixed_frames = benchmark ? o.bench_frames : (o.frames > 0 ? o.frames : kDefaultHeadlessFrames);
    // Headless and benchmark runs advance exactly one tick per frame: reproducible output.
    const bool one_tick_per_frame = o.headless || benchmark;
    engine::FixedStep clock;
    engine::Controls controls;
    std::vector<double> frame_ms;
    double last = platform->now_seconds();
    int frame = 0;
    while (!quit) {
        SDL_Event e;
        while (platform->poll(e)) {
            if (e.type == SDL_QUIT) quit = true;
            devices.handle_event(e);
        }
        devices.update(controls, platform->imgui_wants_keyboard());
        if (controls.pressed(engine::Control::Fullscreen)) platform->toggle_fullscreen();

        const double now = platform->now_seconds();
        const double dt = now - last;
        last = now;
        const double cpu0 = thread_cpu_ms();
        const int ticks = one_tick_per_frame ? 1 : clock.advance(dt);
        for (int i = 0; i < ticks && !quit; ++i) {
            Screen* top = screens.top();
            if (!top) {
                quit = true;
                break;
            }
            if (benchmark && top == level_screen)
                level_screen->step(bench_input(frame));
            else
                top->tick(controls);
            controls.begin_frame();  // an edge is consumed by exactly one tick
            screens.apply();
        }
        if (screens.empty()) break;

        SDL_Renderer* r = platform->renderer();
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderClear(r);
        platform->begin_imgui();
        screens.render(r, one_tick_per_frame ? 0.0 : clock.alpha(), one_tick_per_frame ? 1.0 / 60 : dt);
        if (Screen* top = screens.top()) top->debug_ui();
        platform->render_imgui();
        if (benchmark) frame_ms.push_back(thread_cpu_ms() - cpu0);
        ++frame;
        const bool last_frame = (o.headless || benchmark) && frame >= fixed_frames;
        if (last_frame && !o.screenshot.empty()) {
            if (const std::string err = platform->screenshot(o.screenshot); !err.empty()) {
                fail(err);
                return 1;
            }
        }
        platform->present();
        if (last_frame) break;
    }

    if (benchmark) {
        std::sort(frame_ms.begin(), frame_ms.end());
        const double median = frame_ms.empty() ? 0.0 : frame_ms[frame_ms.size() / 2];
        const double p99 =
            frame_ms.empty() ? 0.0 : frame_ms[std::min(frame_ms.size() - 1, frame_ms.size() * 99 / 100)];
        if (o.json)
            std::printf(
                "{\"median_frame_ms\": %.4f, \"p99_frame_ms\": %.4f, \"frames\": %zu, \"headless\": %s}\n",
                median, p99, frame_ms.size(), o.headless ? "true" : "false");
        else
            std::printf("median frame %.3f ms (p99 %.3f ms) over %zu frames (update + render CPU time)\n",
                        median, p99, frame_ms.size());
    }
    return 0;
}

}  // namespace sawtooth::app
