#include "game/app/shell/main_loop.hpp"
#include "gen/printable.hpp"

#include "engine/controls.hpp"
#include "engine/draw.hpp"
#include "engine/input_devices.hpp"
#include "engine/platform.hpp"
#include "engine/ui_input.hpp"
#include "game/app/core/screen.hpp"
#include "game/app/core/settings.hpp"
#include "game/app/screens/platformer_screen.hpp"

#include <SDL2/SDL.h>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>

namespace sawtooth::app {

namespace {

double wall_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

double thread_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// A deterministic input pattern for benchmarks: run right, hop now and then.
InputFrame bench_input(int frame) {
    InputFrame f{kInputRight};
    if (frame % 90 < 20) f.bits |= kInputUp;
    if ((frame / 240) % 2 == 1) f.bits = static_cast<std::uint8_t>((f.bits & ~kInputRight) | kInputLeft);
    return f;
}

class MainLoop {
public:
    MainLoop(const Services& services, const MainLoopOptions& options, bool& quit)
        : m_services(services),
          m_platform(*services.platform),
          m_screens(*services.screens),
          m_ui(*services.ui),
          m_options(options),
          m_quit(quit),
          m_pacer(options.pacing) {}

    /// Runs frames until the run ends (the native loop).
    MainLoopResult run();
    /// One displayed frame; false when the run is over (the browser's loop calls it).
    bool frame();
    const MainLoopResult& result() const { return m_result; }

private:
    void read_input();
    void run_ticks(int ticks);
    std::string draw(const engine::FrameTicks& frame, bool last_frame);

    const Services& m_services;
    engine::Platform& m_platform;
    ScreenStack& m_screens;
    engine::UiInput& m_ui;
    const MainLoopOptions& m_options;
    bool& m_quit;
    bool busy() const {
        const Screen* top = m_screens.top();
        return top && top->background_busy();
    }
    engine::FramePacer m_pacer;
    engine::Controls m_controls;
    int m_frame = 0;                           ///< frames done so far
    double m_last = m_platform.now_seconds();  ///< when the previous frame began
    MainLoopResult m_result;
};

MainLoopResult MainLoop::run() {
    while (frame()) {
    }
    return m_result;
}

// One displayed frame: input, the ticks the pacer hands out, drawing. False when the run ends.
bool MainLoop::frame() {
    if (m_quit) return false;
    read_input();
    const double now = m_platform.now_seconds();
    const double frame_seconds = now - m_last;
    m_last = now;
    const double cpu0 = thread_cpu_ms(), wall0 = wall_ms();
    const bool busy_before = busy();
    const engine::FrameTicks frame = m_pacer.next_frame(frame_seconds);
    run_ticks(frame.ticks);
    if (m_screens.empty()) return false;

    ++m_frame;
    const bool last_frame =
        m_options.pacing == engine::Pacing::Lockstep && m_frame >= m_options.lockstep_frames;
    if (!m_options.draw) return !last_frame;
    if (const std::string err = draw(frame, last_frame); !err.empty()) {
        std::fprintf(stderr, "sawtooth: %s\n", one_line(err).c_str());
        m_result.exit_code = 1;
        return false;
    }
    if (m_options.benchmark)
        m_result.frames.push_back({thread_cpu_ms() - cpu0, wall_ms() - wall0, busy_before || busy()});
    return !last_frame;
}

// Window events, held controls and this frame's scripted presses; F11 toggles fullscreen.
// Every key and button event goes into the controls as it comes: their latch keeps a
// press released within this frame for the next tick, even if this frame runs none.
void MainLoop::read_input() {
    engine::InputDevices& devices = *m_services.devices;
    push_scripted_keys(m_options.scripted, m_frame);
    const Screen* top = m_screens.top();
    const engine::KeyboardUse use{m_platform.imgui_wants_keyboard(), top && top->takes_text()};
    SDL_Event e;
    while (m_platform.poll(e)) {
        if (e.type == SDL_QUIT) m_quit = true;
        devices.handle_event(e, m_controls, use);
        if (!m_platform.imgui_wants_keyboard() && !m_platform.imgui_wants_mouse()) m_ui.feed(e);
    }
    devices.update(m_controls, use);
    apply_scripted_presses(m_options.scripted, m_frame, m_controls, m_ui);
    if (m_controls.take_press(engine::Control::Fullscreen)) {
        m_platform.toggle_fullscreen();
        m_services.settings->fullscreen = m_platform.fullscreen();
        if (!m_services.headless) save_settings(m_services.settings_path, *m_services.settings);
    }
}

// Runs up to `ticks` fixed ticks on the top screen, applying its pushes and pops between them.
void MainLoop::run_ticks(int ticks) {
    for (int i = 0; i < ticks && !m_quit; ++i) {
        Screen* top = m_screens.top();
        if (!top) {
            m_quit = true;
            break;
        }
        if (m_options.benchmark && top == m_options.benchmark_level)
            m_options.benchmark_level->step(bench_input(m_frame));
        else
            top->tick(m_controls);
        m_controls.next_tick();  // a latched change reaches exactly one tick
        m_ui.consume();          // so are clicks and typed text
        m_screens.apply();
    }
}

// Draws the stack and the F1 overlay; "" on success, else why the screenshot failed.
std::string MainLoop::draw(const engine::FrameTicks& frame, bool last_frame) {
    SDL_Renderer* r = m_platform.renderer();
    engine::clear(r, engine::Color{0, 0, 0, 255});
    m_platform.begin_imgui();
    m_screens.render(r, frame.alpha, frame.render_seconds);
    if (Screen* top = m_screens.top()) top->debug_ui();
    m_platform.render_imgui();
    if (last_frame && !m_options.screenshot.empty())
        if (std::string err = m_platform.screenshot(m_options.screenshot); !err.empty()) return err;
    m_platform.present();  // SDL batches draw calls: present is where they run
    return {};
}

}  // namespace

MainLoopResult run_main_loop(const Services& services, const MainLoopOptions& options, bool& quit) {
    return MainLoop(services, options, quit).run();
}

#ifdef __EMSCRIPTEN__
namespace {

// What the browser's loop runs: the options, the loop and what its services point at.
struct BrowserLoop {
    MainLoopOptions options;
    std::shared_ptr<void> keep;
    std::unique_ptr<MainLoop> loop;
};
std::unique_ptr<BrowserLoop> g_browser_loop;

// One display frame; when the run is over the loop stops, the game is destroyed (the store
// closes) and the page is told.
void browser_frame() {
    if (g_browser_loop->loop->frame()) return;
    emscripten_cancel_main_loop();
    const int exit_code = g_browser_loop->loop->result().exit_code;
    g_browser_loop->loop.reset();
    g_browser_loop.reset();
    EM_ASM(
        {
            if (Module.sawtoothEnded) Module.sawtoothEnded($0);
        },
        exit_code);
}

}  // namespace

void start_browser_loop(const Services& services, MainLoopOptions options, bool& quit,
                        std::shared_ptr<void> keep) {
    g_browser_loop = std::make_unique<BrowserLoop>(BrowserLoop{std::move(options), std::move(keep), nullptr});
    g_browser_loop->loop = std::make_unique<MainLoop>(services, g_browser_loop->options, quit);
    emscripten_set_main_loop(browser_frame, 0, false);
}
#endif

namespace {

// Median and maximum of one figure over some frames.
struct Spread {
    std::size_t frames = 0;
    double median = 0.0, max = 0.0;
};

// Which frames a spread covers.
struct FrameFilter {
    bool busy_only = false;   ///< only frames drawn while background work ran
    bool skip_first = false;  ///< leave out the first frame (start-up: fonts, textures)
};

template <typename Pick>
Spread spread(const std::vector<FrameTime>& frames, FrameFilter filter, Pick pick) {
    std::vector<double> v;
    for (std::size_t i = filter.skip_first ? 1 : 0; i < frames.size(); ++i)
        if (!filter.busy_only || frames[i].busy) v.push_back(pick(frames[i]));
    std::sort(v.begin(), v.end());
    return v.empty() ? Spread{} : Spread{v.size(), v[v.size() / 2], v.back()};
}

// "cpu median 1.234 max 2.345 ms, wall median ... ms" over the frames `filter` keeps.
std::string spread_text(const std::vector<FrameTime>& frames, FrameFilter filter, bool json) {
    const Spread cpu = spread(frames, filter, [](const FrameTime& f) { return f.cpu_ms; });
    const Spread wall = spread(frames, filter, [](const FrameTime& f) { return f.wall_ms; });
    char buf[200];
    std::snprintf(
        buf, sizeof buf,
        json ? "{\"frames\": %zu, \"cpu_median_ms\": %.4f, \"cpu_max_ms\": %.4f, \"wall_median_ms\": "
               "%.4f, \"wall_max_ms\": %.4f}"
             : "%zu frames: CPU median %.3f max %.3f ms, wall median %.3f max %.3f ms",
        cpu.frames, cpu.median, cpu.max, wall.median, wall.max);
    return buf;
}

// `text` with the characters a JSON string cannot hold as they are replaced by spaces.
std::string json_safe(std::string text) {
    for (char& c : text)
        if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) c = ' ';
    return text;
}

}  // namespace

void print_benchmark_report(const std::vector<FrameTime>& frames, bool json, bool headless,
                            const std::string& renderer) {
    std::vector<double> frame_ms;
    for (const FrameTime& f : frames) frame_ms.push_back(f.cpu_ms);
    std::sort(frame_ms.begin(), frame_ms.end());
    const double median = frame_ms.empty() ? 0.0 : frame_ms[frame_ms.size() / 2];
    const double p99 =
        frame_ms.empty() ? 0.0 : frame_ms[std::min(frame_ms.size() - 1, frame_ms.size() * 99 / 100)];
    const FrameTime first = frames.empty() ? FrameTime{} : frames.front();
    const FrameFilter all{}, busy{true, false}, busy_after_first{true, true};
    if (json) {
        std::printf(
            "{\"median_frame_ms\": %.4f, \"p99_frame_ms\": %.4f, \"frames\": %zu, \"headless\": %s, "
            "\"renderer\": \"%s\", \"first_frame_cpu_ms\": %.4f, \"first_frame_wall_ms\": %.4f, \"all\": %s, "
            "\"while_busy\": %s, "
            "\"while_busy_after_first\": %s}\n",
            median, p99, frame_ms.size(), headless ? "true" : "false", json_safe(renderer).c_str(),
            first.cpu_ms, first.wall_ms, spread_text(frames, all, true).c_str(),
            spread_text(frames, busy, true).c_str(), spread_text(frames, busy_after_first, true).c_str());
        return;
    }
    std::printf("median frame %.3f ms (p99 %.3f ms) over %zu frames (update + render CPU time)\nall %s\n",
                median, p99, frame_ms.size(), spread_text(frames, all, false).c_str());
    std::printf("renderer: %s\n", renderer.c_str());
    std::printf(
        "first frame (start-up: fonts, textures, the renderer's first use) CPU %.3f ms, wall %.3f ms\n",
        first.cpu_ms, first.wall_ms);
    if (std::any_of(frames.begin(), frames.end(), [](const FrameTime& f) { return f.busy; })) {
        std::printf("while background work ran %s\n", spread_text(frames, busy, false).c_str());
        std::printf("  after the first frame %s\n", spread_text(frames, busy_after_first, false).c_str());
    }
}

}  // namespace sawtooth::app
