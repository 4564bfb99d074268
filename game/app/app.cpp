#include "game/app/app.hpp"

#include "engine/audio.hpp"
#include "engine/controls.hpp"
#include "engine/fixed_step.hpp"
#include "engine/input_devices.hpp"
#include "engine/platform.hpp"
#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/difficulty_overlay.hpp"
#include "game/app/level_source.hpp"
#include "game/app/platformer_screen.hpp"
#include "game/app/recording.hpp"
#include "game/app/screen.hpp"
#include "game/app/settings.hpp"
#include "game/app/sound_bank.hpp"
#include "game/app/study_session.hpp"
#include "game/app/title_screen.hpp"
#include "game/app/words_context.hpp"
#include "game/app/words_level_screen.hpp"
#include "game/app/words_menu_screen.hpp"
#include "gen/level.hpp"
#include "gen/words/level_table.hpp"

#include <SDL2/SDL.h>
#include <imgui.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <ctime>
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
    std::string text;
    if (!read_file(path, text)) return "cannot read level file '" + path + "'";
    try {
        out = parse_level_text(text);
    } catch (const LevelFormatError& e) {
        return path + ": " + e.what();
    }
    if (const std::string p = validate_level(out); !p.empty()) return path + ": " + p;
    return {};
}

// A scripted input at frame `frame` (0-based): a control held during that frame, text
// typed, or a left click at logical pixel (x, y). They go through the same Controls and
// UiInput a person's keys and mouse fill, so tests reach the real input paths.
struct ScriptedPress {
    int frame = 0;
    std::optional<engine::Control> control;
    std::string typed;
    std::optional<std::pair<float, float>> click;
};

// Parses "FRAME:control,FRAME:type=TEXT,FRAME:click=XxY,..." (control = left right up down
// confirm back pause skip); "" on success, else the one-line problem.
std::string parse_menu_keys(const std::string& text, std::vector<ScriptedPress>& out) {
    static const std::pair<const char*, engine::Control> kNames[] = {
        {"left", engine::Control::Left},       {"right", engine::Control::Right},
        {"up", engine::Control::Up},           {"down", engine::Control::Down},
        {"confirm", engine::Control::Confirm}, {"back", engine::Control::Back},
        {"pause", engine::Control::Pause},     {"skip", engine::Control::Skip}};
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        const auto colon = item.find(':');
        ScriptedPress p;
        const char* b = item.data();
        if (colon == std::string::npos || std::from_chars(b, b + colon, p.frame).ptr != b + colon ||
            p.frame < 0)
            return "--menu-keys: expected FRAME:CONTROL, got '" + item + "'";
        const std::string name = item.substr(colon + 1);
        if (name.rfind("type=", 0) == 0 && name.size() > 5) {
            p.typed = name.substr(5);
        } else if (name.rfind("click=", 0) == 0) {
            float x = 0, y = 0;
            char tail = 0;
            if (std::sscanf(name.c_str() + 6, "%fx%f%c", &x, &y, &tail) != 2)
                return "--menu-keys: expected FRAME:click=XxY, got '" + item + "'";
            p.click = std::make_pair(x, y);
        } else {
            for (const auto& [n, c] : kNames)
                if (name == n) p.control = c;
            if (!p.control) return "--menu-keys: unknown control '" + name + "'";
        }
        out.push_back(p);
    }
    return {};
}

// The level and script of `--screen words-level`; "" on success, else the one-line
// problem (starting with "--" when a flag is wrong).
std::string prepare_word_run(const AppOptions& o, const std::string& today, WordsRun& run) {
    const words::Mode mode = words::parse_mode(o.words_mode);
    if (mode == words::Mode::Levels) {
        if (o.words_level < 1 || o.words_level > words::kLevelCount)
            return "--words-level must be 1.." + std::to_string(words::kLevelCount) + " in levels mode";
        run.level = words::levels_mode_level(o.words_level);
    } else if (mode == words::Mode::Infinite) {
        run.infinite_seed = o.session_seed.value_or(random_seed());
        run.level = words::infinite_mode_level(run.infinite_seed, o.words_level);
    } else {
        run.level = words::daily_mode_level(today);
    }
    if (o.words_actions.empty()) return {};
    std::string text;
    if (!read_file(o.words_actions, text)) return "cannot read action log '" + o.words_actions + "'";
    try {
        run.script = words::parse_action_log(text);
    } catch (const std::invalid_argument& e) {
        return o.words_actions + ": " + e.what();
    }
    if (run.script.empty()) return o.words_actions + ": no actions";
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
    // Recording (docs/telemetry.md): --script runs headless here; --replay and the store
    // are checked before any window opens. Declared first so it outlives every screen.
    RecordingSetup recording;
    std::vector<ScriptedPress> scripted;
    if (const std::string err = parse_menu_keys(o.menu_keys, scripted); !err.empty()) {
        fail(err);
        return 2;
    }
    // First screen: a level when one is named (or benchmarked), else the title menu.
    std::string first = o.screen;
    if (first.empty()) first = (o.seed || !o.level_file.empty() || o.bench_frames > 0) ? "level" : "title";
    if (first != "title" && first != "level" && first != "results" && first != "words" &&
        first != "words-level") {
        fail("--screen must be title, level, results, words or words-level, got '" + first + "'");
        return 2;
    }
    // Elimination: the Daily date, the first level of --screen words-level and its script.
    const std::string today = o.date.empty() ? utc_today() : o.date;
    if (!words::is_valid_utc_date(today)) {
        fail("--date must be a real date written YYYY-MM-DD, got '" + o.date + "'");
        return 2;
    }
    WordsRun word_run;
    if (first == "words-level") {
        const std::string err = prepare_word_run(o, today, word_run);
        if (!err.empty()) {
            fail(err);
            return err.rfind("--", 0) == 0 ? 2 : 1;  // a bad flag is 2, a bad file 1
        }
    }
    // Every flag and input file is checked before the store is opened: bad input never
    // creates or touches a database.
    // --script runs (and refuses window flags) inside; --replay loads its recording.
    if (const std::optional<int> rc = prepare_recording(o, recording)) return *rc;
    if (!o.screenshot.empty() && !engine::path_writable(o.screenshot)) {
        fail("cannot write screenshot to '" + o.screenshot + "'");
        return 1;
    }
    Level level;
    LevelInfo level_info;
    level_info.mode = "single";
    if (first == "level" && o.seed) {
        GenParams p;
        p.seed = *o.seed;
        p.layout = parse_layout(o.layout).value_or(Layout::Maze);
        p.level_index = o.level_index;
        if (!o.rooms.empty() && !parse_size(o.rooms, p.rooms_w, p.rooms_h)) {
            fail("--rooms must look like 4x3, got '" + o.rooms + "'");
            return 2;
        }
        if (!o.room_size.empty() && !parse_size(o.room_size, p.room_w, p.room_h)) {
            fail("--room-size must look like 11x7, got '" + o.room_size + "'");
            return 2;
        }
        if (const std::string err = validate_params(p); !err.empty()) {
            fail(err);
            return 2;
        }
        if (const std::string err = generate_for_play(p, level); !err.empty()) {
            fail(err);
            return 1;
        }
        level_info.params = p;
        level_info.label = "Seed " + std::to_string(p.seed);
    } else if (first == "level") {
        const std::string level_path = o.level_file.empty() ? assets + "/levels/test.txt" : o.level_file;
        if (const std::string err = load_level_file(level_path, level); !err.empty()) {
            fail(err);
            return 1;
        }
        level_info.file = level_path;
        level_info.label = level.meta_value("name", "Free play");
    }

    // Settings: a corrupt file warns and falls back to defaults, it never stops the game.
    const std::string settings_path = o.settings_file.empty() ? default_settings_path() : o.settings_file;
    std::string settings_warning;
    Settings settings = load_settings(settings_path, settings_warning);
    if (!settings_warning.empty()) std::fprintf(stderr, "sawtooth: warning: %s\n", settings_warning.c_str());

    // The F1 overlay's model: a broken --model file is bad input; a missing default is not.
    std::string model_error;
    const OverlayModel overlay_model = load_overlay_model(
        o.model_file.empty() ? default_model_path() : o.model_file, !o.model_file.empty(), model_error);
    if (!model_error.empty()) {
        fail(model_error);
        return 1;
    }

    // The word list loads on first use; screens that start in Elimination need it now.
    WordsLoader words_loader(dictionary_asset_path(assets),
                             o.words_progress.empty() ? default_words_progress_path() : o.words_progress,
                             today);
    WordsContext* words_ctx = nullptr;
    if (first == "words" || first == "words-level") {
        std::string err;
        words_ctx = words_loader.get(err);
        if (!words_ctx) {
            fail(err);
            return 1;
        }
    }

    engine::PlatformConfig pc;
    pc.headless = o.headless;
    pc.fullscreen = o.fullscreen || (settings.fullscreen && !o.headless);
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
    devices.set_bindings(settings.keys);
    engine::AudioConfig ac;
    ac.enabled = !o.headless && o.bench_frames == 0;  // headless and benchmarks stay silent
    ac.volume = settings.volume;
    auto audio = std::make_unique<engine::Audio>(ac);
    SoundBank sounds(audio.get());
    engine::UiInput ui;
    ScreenStack screens;
    Services services;
    services.platform = platform.get();
    services.text = text.get();
    services.screens = &screens;
    services.asset_dir = assets;
    services.headless = o.headless;
    services.audio = audio.get();
    services.sounds = &sounds;
    services.ui = &ui;
    services.devices = &devices;
    services.settings = &settings;
    services.settings_path = settings_path;
    services.overlay_model = &overlay_model;
    services.debug_overlay = o.debug_overlay;
    services.recorder = recording.recorder.get();
    services.words = &words_loader;
    if (recording.recorder)
        services.on_level_start = [rec = recording.recorder.get()](PlatformerScreen& s,
                                                                   const LevelInfo& info) {
            rec->on_level_start(s, info);
        };
    bool quit = false;
    const std::string title = level_info.label;
    PlatformerScreen* level_screen = nullptr;
    if (recording.replay) {
        screens.push(make_replay_screen(services, recording.replay, o.recording.replay_speed));
        screens.apply();
    } else if (first == "level") {
        auto screen = std::make_unique<PlatformerScreen>(services, level, PlatformerOptions{title, false},
                                                         [&](const LevelResult&) { quit = !o.headless; });
        level_screen = screen.get();
        if (!o.view.empty()) {
            int vx = 0, vy = 0;
            char tail = 0;
            if (std::sscanf(o.view.c_str(), "%d,%d%c", &vx, &vy, &tail) != 2 || vx < 0 || vy < 0) {
                fail("--view must look like X,Y (cell), got '" + o.view + "'");
                return 2;
            }
            screen->pin_camera(vx * kCellSize + 1.0, vy * kCellSize + 1.0);
        }
        if (services.on_level_start) services.on_level_start(*screen, level_info);
        screens.push(std::move(screen));
        screens.apply();
    } else {
        screens.push(std::make_unique<TitleScreen>(services, o.session_seed));
        if (first == "words" || first == "words-level")
            screens.push(std::make_unique<WordsMenuScreen>(services, *words_ctx, o.session_seed));
        if (first == "words-level") {
            screens.apply();
            std::string err;
            if (!start_words_level(services, *words_ctx, std::move(word_run), err)) {
                fail(err);
                return 1;
            }
        }
        if (first == "results")
            screens.push(
                std::make_unique<ResultsScreen>(services, demo_results(), "Session seed 1234 (demo data)"));
        screens.apply();
    }

    const bool benchmark = o.bench_frames > 0;
    const int fixed_frames = benchmark ? o.bench_frames : (o.frames > 0 ? o.frames : kDefaultHeadlessFrames);
    // Headless, benchmark and screenshot runs advance exactly one tick per frame and stop
    // after fixed_frames: reproducible output. A window asked for --frames or --screenshot
    // (e.g. under xvfb-run) runs the same way instead of ignoring them until closed.
    const bool fixed_run = o.headless || benchmark || o.frames > 0 || !o.screenshot.empty();
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
            if (!platform->imgui_wants_keyboard() && !platform->imgui_wants_mouse()) ui.feed(e);
        }
        devices.update(controls, platform->imgui_wants_keyboard());
        for (const ScriptedPress& p : scripted) {
            if (p.frame != frame) continue;
            if (p.control) controls.set(*p.control, true);
            ui.typed += p.typed;
            if (p.click) {
                ui.mouse_x = p.click->first;
                ui.mouse_y = p.click->second;
                ui.mouse_moved = ui.clicked = true;
            }
        }
        if (controls.pressed(engine::Control::Fullscreen)) {
            platform->toggle_fullscreen();
            settings.fullscreen = platform->fullscreen();
            if (!o.headless) save_settings(settings_path, settings);
        }

        const double now = platform->now_seconds();
        const double dt = now - last;
        last = now;
        const double cpu0 = thread_cpu_ms();
        const int ticks = fixed_run ? 1 : clock.advance(dt);
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
            ui.consume();            // so are clicks and typed text
            screens.apply();
        }
        if (screens.empty()) break;

        ++frame;
        const bool last_frame = fixed_run && frame >= fixed_frames;
        // A headless run without a screenshot shows nobody anything: it only ticks (tests
        // that play thousands of ticks). Benchmarks and screenshot runs draw every frame.
        if (o.headless && !benchmark && o.screenshot.empty()) {
            if (last_frame) break;
            continue;
        }
        SDL_Renderer* r = platform->renderer();
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderClear(r);
        platform->begin_imgui();
        screens.render(r, fixed_run ? 0.0 : clock.alpha(), fixed_run ? 1.0 / 60 : dt);
        if (Screen* top = screens.top()) top->debug_ui();
        platform->render_imgui();
        if (last_frame && !o.screenshot.empty()) {
            if (const std::string err = platform->screenshot(o.screenshot); !err.empty()) {
                fail(err);
                return 1;
            }
        }
        platform->present();  // SDL batches draw calls: present is where they run
        if (benchmark) frame_ms.push_back(thread_cpu_ms() - cpu0);
        if (last_frame) break;
    }

    if (o.print_screen) std::printf("screen: %s\n", screens.top() ? screens.top()->name().c_str() : "none");
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
