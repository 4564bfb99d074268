#pragma once
// The game's main loop: each displayed frame reads input (devices, then --menu-keys),
// runs the ticks engine::FramePacer hands out on the top screen, and draws the stack.
// Lockstep runs (headless, benchmarks, screenshots) stop after a fixed number of frames.
// It knows nothing of the command line: app.cpp turns the options into MainLoopOptions
// and prints what the run reports.

#include "engine/fixed_step.hpp"
#include "game/app/core/scripted_input.hpp"

#include <memory>
#include <string>
#include <vector>

namespace sawtooth::app {

struct Services;
class PlatformerScreen;

/// How one run of the loop goes.
struct MainLoopOptions {
    engine::Pacing pacing = engine::Pacing::RealTime;
    int lockstep_frames = 0;              ///< a lockstep run stops after this many frames
    bool draw = true;                     ///< false: tick only (nobody sees the frames)
    std::string screenshot;               ///< PNG of the last lockstep frame ("" = none)
    std::vector<ScriptedPress> scripted;  ///< --menu-keys
    bool benchmark = false;               ///< time each drawn frame's update + render
    /// Benchmarks: while this screen is on top it plays a fixed input pattern instead of
    /// the controls, so every run does the same work. May be null.
    PlatformerScreen* benchmark_level = nullptr;
};

/// One drawn frame's update + render time (benchmarks).
struct FrameTime {
    double cpu_ms = 0.0;   ///< the main thread's CPU time
    double wall_ms = 0.0;  ///< elapsed real time
    bool busy = false;     ///< the top screen had background work running (Screen::background_busy)
};

/// What a finished run reports.
struct MainLoopResult {
    int exit_code = 0;              ///< 1 when the screenshot could not be written (already printed)
    std::vector<FrameTime> frames;  ///< benchmarks: each drawn frame
};

/// Runs until the window closes, `quit` is set (a screen finished the game), the screen
/// stack empties or the last lockstep frame is done. `services` points at everything the
/// loop drives: platform, input devices, menu input, screens and settings.
MainLoopResult run_main_loop(const Services& services, const MainLoopOptions& options, bool& quit);

#ifdef __EMSCRIPTEN__
/// The web build's loop (docs/web.md "The game loop"): the browser calls one frame of the
/// same loop per display refresh (requestAnimationFrame), and the pacer turns the elapsed
/// time into 60 Hz ticks as natively. Returns at once; `keep` (what `services` points at)
/// lives until the run ends, then the page's `Module.sawtoothEnded(exit code)` is called.
void start_browser_loop(const Services& services, MainLoopOptions options, bool& quit,
                        std::shared_ptr<void> keep);
#endif

/// Prints the benchmark figures on stdout (one JSON object when `json`): median and 99th
/// percentile CPU time of all frames, then median and maximum CPU and wall time of all
/// frames and of the frames drawn while background work ran.
void print_benchmark_report(const std::vector<FrameTime>& frames, bool json, bool headless,
                            const std::string& renderer);

}  // namespace sawtooth::app
