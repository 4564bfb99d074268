// run(): checks the command line, loads the first level and the game's data, opens the
// window, builds the first screens and hands them to the main loop (main_loop.hpp).
// Each step returns an exit code when the run must stop, after printing one line.
#include "game/app/shell/app.hpp"
#include "gen/error.hpp"
#include "gen/number_text.hpp"
#include "gen/printable.hpp"

#include "engine/audio.hpp"
#include "engine/input_devices.hpp"
#include "engine/platform.hpp"
#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/core/level_source.hpp"
#include "game/app/core/screen.hpp"
#include "game/app/core/scripted_input.hpp"
#include "game/app/core/session_uploads.hpp"
#include "game/app/core/settings.hpp"
#include "game/app/editor/editor_screen.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/screens/pack_screen.hpp"
#include "game/app/screens/platformer_screen.hpp"
#include "game/app/screens/rating_screen.hpp"
#include "game/app/screens/title_screen.hpp"
#include "game/app/shell/main_loop.hpp"
#ifndef __EMSCRIPTEN__
#include "game/app/shell/online_uploads.hpp"
#endif
#include "game/app/study/protocol_run.hpp"
#include "game/app/study/study_session.hpp"
#include "game/app/widgets/difficulty_overlay.hpp"
#include "game/app/widgets/sound_bank.hpp"
#include "game/app/words/words_builder_screen.hpp"
#include "game/app/words/words_context.hpp"
#include "game/app/words/words_level_screen.hpp"
#include "game/app/words/words_menu_screen.hpp"
#include "game/flows/protocol_plan.hpp"
#include "gen/level.hpp"
#include "gen/words/level_table.hpp"
#include "telemetry/recording/word_list_file.hpp"
#include "telemetry/store/asset_dir.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

namespace sawtooth::app {

void print_error(const std::string& message) {
    std::fprintf(stderr, "sawtooth: %s\n", one_line(message).c_str());
}

namespace {

constexpr int kDefaultHeadlessFrames = 60;

// What the command line asks the game to start with, checked before anything opens.
struct StartPlan {
    std::string assets;                           ///< the assets directory
    std::vector<ScriptedPress> scripted;          ///< --menu-keys
    std::string first;                            ///< first screen (one of kFirstScreens)
    std::string today;                            ///< the Elimination Daily date
    WordsRun word_run;                            ///< --screen words-level: its level and script
    std::string builder_file;                     ///< --words-builder: the file it edits
    std::vector<words::Challenge> builder_level;  ///< --words-builder: the file's challenges
    Level level;                                  ///< --screen level: the level of --seed / --level
                                                  ///< (--screen editor: the level to edit)
    std::string edit_file;                        ///< --screen editor: where the editor saves
    LevelInfo level_info;
    std::optional<telemetry::Pack> pack;               ///< --pack, read and checked
    std::optional<telemetry::StudyProtocol> protocol;  ///< --protocol, read and checked
    words::DraftAnalysisSettings builder_analysis;     ///< --words-short-band, --words-long-band
};

// "a, b or c".
std::string one_of(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return out;
}

// The level and script of `--screen words-level`; "" on success, else the one-line
// problem (starting with "--" when a flag is wrong).
std::string prepare_words_run(const AppOptions& o, const std::string& today, WordsRun& run) {
    const words::Mode mode = words::parse_mode(o.words_mode);
    if (!o.words_file.empty()) {
        if (const std::string err = load_words_level_file(o.words_file, run.custom); !err.empty()) return err;
        run.level = words::custom_mode_level();
        run.custom_name = std::filesystem::path(o.words_file).filename().string();
    } else if (mode == words::Mode::Levels) {
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
    } catch (const Error& e) {
        return o.words_actions + ": " + e.what();
    }
    if (run.script.empty()) return o.words_actions + ": no actions";
    return {};
}

// The builder's rank bands (--words-short-band, --words-long-band): 2 when malformed.
std::optional<int> read_builder_bands(const AppOptions& o, StartPlan& plan) {
    try {
        if (!o.words_short_band.empty())
            plan.builder_analysis.short_band =
                words::parse_rank_band(o.words_short_band, "--words-short-band");
        if (!o.words_long_band.empty())
            plan.builder_analysis.long_band = words::parse_rank_band(o.words_long_band, "--words-long-band");
    } catch (const Error& e) {
        print_error(e.what());
        return 2;
    }
    return std::nullopt;
}

// The builder's file of --words-builder [FILE], loaded when it exists (1 when malformed).
std::optional<int> prepare_words_builder(const AppOptions& o, StartPlan& plan) {
    plan.builder_file = o.words_builder_file.empty() ? default_words_level_path() : o.words_builder_file;
    if (!std::filesystem::exists(plan.builder_file)) return std::nullopt;
    if (const std::string err = load_words_level_file(plan.builder_file, plan.builder_level); !err.empty()) {
        print_error(err);
        return 1;
    }
    return std::nullopt;
}

// --protocol: read and checked (every pack and seed level generated), playable by the game,
// and recorded (it needs the store for its balanced assignment and its session rows).
std::optional<int> read_start_protocol(const AppOptions& o, StartPlan& plan) {
    const RecordingOptions& r = o.recording;
    if (o.study || !o.pack_file.empty() || !r.participant.empty() || r.no_record || o.bench_frames > 0 ||
        (o.headless && r.db.empty())) {
        print_error(
            "--protocol runs its own study, asks for the participant id and records it: not with "
            "--thesis-session, "
            "--pack, --participant, --no-record or --bench-frames, and headless only with --db");
        return 2;
    }
    if (o.upload_url.empty() != o.upload_token_file.empty()) {
        print_error("--upload and --upload-token-file (the study's upload token) go together");
        return 2;
    }
    plan.protocol = telemetry::read_protocol(o.protocol_file);
    if (!o.online_protocol_hash.empty()) plan.protocol->hash = o.online_protocol_hash;
    if (const std::string& c = o.online_assignment.condition;
        !c.empty() && !plan.protocol->find_condition(c)) {
        print_error(o.protocol_file + ": the assigned condition '" + c + "' is not one of the protocol's");
        return 2;
    }
    if (const std::string err = flows::prepare_protocol(*plan.protocol); !err.empty()) {
        print_error(err);
        return 1;
    }
    return std::nullopt;
}

// The flags that need no file but the word game's: --menu-keys, the first screen, --date
// and --screen words-level. An exit code (2 for a bad flag, 1 for a bad file) when wrong.
std::optional<int> plan_start(const AppOptions& o, StartPlan& plan) {
    plan.assets = o.asset_dir.empty() ? telemetry::find_asset_dir(SAWTOOTH_ASSET_DIR) : o.asset_dir;
    if (const std::string err = parse_menu_keys(o.menu_keys, plan.scripted); !err.empty()) {
        print_error(err);
        return 2;
    }
    // First screen: a level when one is named (or benchmarked), else the title menu.
    plan.first = o.screen;
    if (plan.first.empty() && o.words_builder) plan.first = "words-builder";
    if (plan.first.empty() && !o.words_file.empty()) plan.first = "words-level";
    if (plan.first.empty() && !o.edit_file.empty()) plan.first = "editor";
    if (plan.first.empty())
        plan.first = (o.seed || !o.level_file.empty() || o.bench_frames > 0) ? "level" : "title";
    if (std::find(kFirstScreens.begin(), kFirstScreens.end(), plan.first) == kFirstScreens.end()) {
        print_error("--screen must be " + one_of(kFirstScreens) + ", got '" + plan.first + "'");
        return 2;
    }
    if (!o.pack_file.empty()) {
        plan.pack = telemetry::read_pack(o.pack_file);
        // The study's levels are generated (their parameters are what it records).
        for (const telemetry::PackLevel& l : plan.pack->levels)
            if (o.study && l.hand_made()) {
                print_error(o.pack_file + ": hand-made level '" + l.name +
                            "': a study plays generated levels only (use the pack without --thesis-session)");
                return 1;
            }
    }
    if ((!o.upload_url.empty() || !o.upload_token_file.empty()) && o.protocol_file.empty()) {
        print_error("--upload sends the sessions of a --protocol run: give --protocol");
        return 2;
    }
    if (!o.protocol_file.empty()) {
        if (const std::optional<int> rc = read_start_protocol(o, plan)) return rc;
    }
    if (const std::optional<int> rc = read_builder_bands(o, plan)) return rc;
    plan.today = o.date.empty() ? utc_today() : o.date;
    if (!words::is_valid_utc_date(plan.today)) {
        print_error("--date must be a real date written YYYY-MM-DD, got '" + o.date + "'");
        return 2;
    }
    if (plan.first == "words-builder") return prepare_words_builder(o, plan);
    if (plan.first != "words-level") return std::nullopt;
    const std::string err = prepare_words_run(o, plan.today, plan.word_run);
    if (err.empty()) return std::nullopt;
    print_error(err);
    return err.rfind("--", 0) == 0 ? 2 : 1;  // a bad flag is 2, a bad file 1
}

// The generated level of --seed with --layout, --rooms, --room-size and --level-index.
std::optional<int> generate_start_level(const AppOptions& o, StartPlan& plan) {
    GenParams p;
    p.seed = *o.seed;
    p.layout = parse_layout(o.layout).value_or(Layout::Maze);
    p.level_index = o.level_index;
    if (!o.rooms.empty() && !parse_size(o.rooms, p.rooms_w, p.rooms_h)) {
        print_error("--rooms must look like 4x3, got '" + o.rooms + "'");
        return 2;
    }
    if (!o.room_size.empty() && !parse_size(o.room_size, p.room_w, p.room_h)) {
        print_error("--room-size must look like 11x7, got '" + o.room_size + "'");
        return 2;
    }
    if (const std::string err = params_problem(p); !err.empty()) {
        print_error(err);
        return 2;
    }
    if (const std::string err = generate_for_play(p, plan.level); !err.empty()) {
        print_error(err);
        return 1;
    }
    plan.level_info.params = p;
    plan.level_info.label = "Seed " + std::to_string(p.seed);
    return std::nullopt;
}

// The level of a first "editor" screen: generated from --seed, else read from --edit's
// file (default: default_editor_file()), or a new level when that file does not exist.
std::optional<int> load_editor_level(const AppOptions& o, StartPlan& plan) {
    plan.edit_file = o.edit_file.empty() ? default_editor_file() : o.edit_file;
    if (o.seed) return generate_start_level(o, plan);
    if (const std::string err = open_editor_level(plan.edit_file, plan.level); !err.empty()) {
        print_error(err);
        return 1;
    }
    return std::nullopt;
}

// The level of a first "level" screen: generated from --seed, else read from --level
// (default assets/levels/test.txt); or the editor's level.
std::optional<int> load_start_level(const AppOptions& o, StartPlan& plan) {
    plan.level_info.mode = LevelMode::Single;
    if (plan.first == "editor") return load_editor_level(o, plan);
    if (plan.first != "level") return std::nullopt;
    if (o.seed) return generate_start_level(o, plan);
    const std::string path = o.level_file.empty() ? plan.assets + "/levels/test.txt" : o.level_file;
    if (const std::string err = read_level_file(path, plan.level); !err.empty()) {
        print_error(err);
        return 1;
    }
    plan.level_info.file = path;
    plan.level_info.label = plan.level.meta_value("name", "Free play");
    return std::nullopt;
}

// What the game loads before its window opens.
struct GameData {
    std::string settings_path;
    Settings settings;
    OverlayModel overlay_model;          ///< the F1 overlay's challenge model
    std::unique_ptr<WordsLoader> words;  ///< Elimination's word list and progress, loaded lazily
    WordsContext* words_now = nullptr;   ///< loaded at once when the first screen is Elimination's
};

std::optional<int> load_game_data(const AppOptions& o, const StartPlan& plan, GameData& data) {
    // Settings: a corrupt file warns and falls back to defaults, it never stops the game.
    data.settings_path = o.settings_file.empty() ? default_settings_path() : o.settings_file;
    std::string settings_warning;
    data.settings = load_settings(data.settings_path, settings_warning);
    if (!settings_warning.empty())
        std::fprintf(stderr, "sawtooth: warning: %s\n", one_line(settings_warning).c_str());

    // The F1 overlay's model: a broken --model file is bad input; a missing default is not.
    std::string model_error;
    data.overlay_model = load_overlay_model(o.model_file.empty() ? default_model_path() : o.model_file,
                                            !o.model_file.empty(), model_error);
    if (!model_error.empty()) {
        print_error(model_error);
        return 1;
    }
    if (!data.overlay_model.warning.empty())
        std::fprintf(stderr, "sawtooth: warning: %s\n", one_line(data.overlay_model.warning).c_str());

    // The word list loads on first use; screens that start in Elimination need it now.
    data.words = std::make_unique<WordsLoader>(
        telemetry::dictionary_asset_path(plan.assets),
        o.words_progress.empty() ? default_words_progress_path() : o.words_progress, plan.today,
        plan.builder_analysis);
    if (plan.first != "words" && plan.first != "words-level" && plan.first != "words-builder")
        return std::nullopt;
    std::string err;
    data.words_now = data.words->get(err);
    if (data.words_now) return std::nullopt;
    print_error(err);
    return 1;
}

// The window and its text renderer.
struct Window {
    std::unique_ptr<engine::Platform> platform;
    std::unique_ptr<engine::TextRenderer> text;
};

std::optional<int> open_window(const AppOptions& o, const Settings& settings, const std::string& assets,
                               Window& window) {
    engine::PlatformConfig pc;
    pc.headless = o.headless;
    pc.fullscreen = o.fullscreen || (settings.fullscreen && !o.headless);
    pc.width = o.width;
    pc.height = o.height;
    try {
        window.platform = std::make_unique<engine::Platform>(pc);
        window.text = std::make_unique<engine::TextRenderer>(window.platform->renderer(),
                                                             engine::find_font_file(assets));
    } catch (const engine::PlatformError& e) {
        print_error(e.message);
        return 1;
    } catch (const std::exception& e) {
        print_error(e.what());
        return 1;
    }
    return std::nullopt;
}

std::unique_ptr<engine::Audio> open_audio(const AppOptions& o, const Settings& settings) {
    engine::AudioConfig ac;
    ac.enabled = !o.headless && o.bench_frames == 0;  // headless and benchmarks stay silent
    ac.volume = settings.volume;
    auto audio = std::make_unique<engine::Audio>(ac);
    // No sound card: one line, and the game plays on silently.
    if (ac.enabled && !audio->has_device())
        std::fprintf(stderr, "sawtooth: sound is off (%s)\n", audio->status().c_str());
    return audio;
}

// What the screens run on, and the Services that point at it, at the loaded data, the
// window and the recorder. Built after the window opens (InputDevices opens game
// controllers through SDL) and destroyed before it, screens first.
struct GameHost {
    GameHost(const AppOptions& o, const std::string& assets, GameData& data, Window& window,
             const RecordingSetup& recording)
        : audio(open_audio(o, data.settings)), sounds(audio.get()) {
        devices.set_bindings(data.settings.keys);
        services.platform = window.platform.get();
        services.text = window.text.get();
        services.screens = &screens;
        services.asset_dir = assets;
        services.headless = o.headless;
        services.audio = audio.get();
        services.sounds = &sounds;
        services.ui = &ui;
        services.devices = &devices;
        services.settings = &data.settings;
        services.settings_path = data.settings_path;
        services.overlay_model = &data.overlay_model;
        services.debug_overlay = o.debug_overlay;
        services.recorder = recording.recorder.get();
        services.words = data.words.get();
        if (recording.recorder)
            services.on_level_start = [rec = recording.recorder.get()](PlatformerScreen& s,
                                                                       const LevelInfo& info) {
                rec->on_level_start(s, info);
            };
    }

    engine::InputDevices devices;
    std::unique_ptr<engine::Audio> audio;
    SoundBank sounds;
    engine::UiInput ui;
    ScreenStack screens;
    Services services;
    bool quit = false;  ///< set when the level of --seed / --level ends (windowed play)
};

// The level of --seed / --level, its camera pinned on --view's cell; 2 when --view is
// malformed. `level_screen` is set to it (benchmarks drive it).
std::optional<int> push_level_screen(const AppOptions& o, const StartPlan& plan, GameHost& host,
                                     PlatformerScreen*& level_screen) {
    int vx = 0, vy = 0;
    if (!o.view.empty()) {
        const std::size_t comma = o.view.find(',');
        const std::optional<int> x = read_number<int>(std::string_view(o.view).substr(0, comma));
        const std::optional<int> y = comma == std::string::npos
                                         ? std::nullopt
                                         : read_number<int>(std::string_view(o.view).substr(comma + 1));
        if (x) vx = *x;
        if (y) vy = *y;
        if (!x || !y || vx < 0 || vy < 0) {
            print_error("--view must look like X,Y (cell), got '" + o.view + "'");
            return 2;
        }
    }
    auto screen = std::make_unique<PlatformerScreen>(host.services, plan.level,
                                                     PlatformerOptions{plan.level_info.label, false},
                                                     [&host, quit = !o.headless](const LevelResult&) {
                                                         host.quit = quit;  // outlives `o` on the web
                                                     });
    if (!o.view.empty()) screen->pin_camera(vx * kCellSize + 1.0, vy * kCellSize + 1.0);
    if (host.services.on_level_start) host.services.on_level_start(*screen, plan.level_info);
    level_screen = screen.get();
    host.screens.push(std::move(screen));
    host.screens.apply();
    return std::nullopt;
}

// The title menu, and above it Elimination's menu, a word level or the demo results as
// --screen asks; 1 when the word level cannot start.
std::optional<int> push_menu_screens(const AppOptions& o, StartPlan& plan, WordsContext* words,
                                     GameHost& host) {
    host.screens.push(std::make_unique<TitleScreen>(host.services, o.session_seed));
    if (plan.protocol) {
        start_protocol_run(host.services, std::move(*plan.protocol),
                           {o.session_seed.value_or(random_seed()), o.participant_memory,
                            o.online_participant, o.online_assignment});
    } else if (o.study) {
        StudyConfig config;
        if (plan.pack) {
            for (const telemetry::PackLevel& l : plan.pack->levels) config.pack_levels.push_back(l.params);
            config.pack_name = plan.pack->name;
        }
        auto session = std::make_shared<StudySession>(host.services, o.session_seed.value_or(random_seed()),
                                                      std::move(config));
        session->start();
    } else if (plan.pack) {
        auto pack = std::make_unique<PackScreen>(host.services, std::move(*plan.pack), o.pack_file);
        PackScreen* first = pack.get();
        host.screens.push(std::move(pack));
        first->play_next();
    }
    if (plan.first == "editor")
        host.screens.push(
            std::make_unique<EditorScreen>(host.services, std::move(plan.level), plan.edit_file));
    if (plan.first == "words" || plan.first == "words-level" || plan.first == "words-builder")
        host.screens.push(std::make_unique<WordsMenuScreen>(host.services, *words, o.session_seed));
    if (plan.first == "words-builder")
        host.screens.push(std::make_unique<WordsBuilderScreen>(host.services, *words, plan.builder_file,
                                                               std::move(plan.builder_level)));
    if (plan.first == "words-level") {
        host.screens.apply();
        std::string err;
        if (!start_words_level(host.services, *words, std::move(plan.word_run), err)) {
            print_error(err);
            return 1;
        }
    }
    if (plan.first == "results")
        host.screens.push(
            std::make_unique<ResultsScreen>(host.services, demo_results(), "Session seed 1234 (demo data)"));
    if (plan.first == "rating") {
        // Nothing to rate: the demo stores no answer and goes back to the title.
        Services demo = host.services;
        demo.recorder = nullptr;
        host.screens.push(std::make_unique<RatingScreen>(demo,
                                                         RatingTarget{{}, {}, "Demo level (not recorded)"},
                                                         [s = host.services.screens] { s->pop(); }));
    }
    host.screens.apply();
    return std::nullopt;
}

std::optional<int> push_first_screens(const AppOptions& o, StartPlan& plan, const GameData& data,
                                      const RecordingSetup& recording, GameHost& host,
                                      PlatformerScreen*& level_screen) {
    if (recording.replay) {
        host.screens.push(make_replay_screen(host.services, recording.replay, o.recording.replay_speed));
        host.screens.apply();
        return std::nullopt;
    }
    if (plan.first == "level") return push_level_screen(o, plan, host, level_screen);
    return push_menu_screens(o, plan, data.words_now, host);
}

MainLoopOptions loop_options(const AppOptions& o, StartPlan& plan, PlatformerScreen* level_screen) {
    MainLoopOptions l;
    l.benchmark = o.bench_frames > 0;
    // Headless, benchmark and screenshot runs advance exactly one tick per frame and stop
    // after lockstep_frames: reproducible output. A window asked for --frames or --screenshot
    // (e.g. under xvfb-run) runs the same way instead of ignoring them until closed.
    const bool lockstep = o.headless || l.benchmark || o.frames > 0 || !o.screenshot.empty();
    l.pacing = lockstep ? engine::Pacing::Lockstep : engine::Pacing::RealTime;
    l.lockstep_frames = l.benchmark ? o.bench_frames : (o.frames > 0 ? o.frames : kDefaultHeadlessFrames);
    // A headless run without a screenshot shows nobody anything: it only ticks (tests
    // that play thousands of ticks). Benchmarks and screenshot runs draw every frame.
    l.draw = !(o.headless && !l.benchmark && o.screenshot.empty());
    l.screenshot = o.screenshot;
    l.scripted = std::move(plan.scripted);
    l.benchmark_level = level_screen;
    return l;
}

// Everything a run holds while the main loop runs, in the order it is built (and
// destroyed in reverse: screens first, the recorder last). One object, so the web build
// can keep it alive after run() returns (start_browser_loop).
struct RunState {
    RecordingSetup recording;                 ///< first, so it outlives every screen
    std::unique_ptr<SessionUploads> uploads;  ///< --upload: reads the recorder's database
    StartPlan plan;
    GameData data;
    Window window;
    std::unique_ptr<GameHost> host;
};

#ifndef __EMSCRIPTEN__
// --upload at the end of a run: the screens go (a level cut short is recorded as quit), the
// session ends as the recorder's end would end it, and what changed goes up while the game
// waits a few seconds (what does not is sent by the next start).
void finish_run_uploads(RunState& state) {
    if (!state.uploads) return;
    state.host.reset();
    state.recording.recorder->end_session(telemetry::SessionEnd::Closed);
    state.uploads->changed();
    finish_uploads(*state.uploads);
}
#endif

}  // namespace

int run(const AppOptions& o) {
    // Recording (docs/telemetry.md): --script runs headless here; --replay and the store
    // are checked before any window opens.
    auto state = std::make_shared<RunState>();
    RecordingSetup& recording = state->recording;
    StartPlan& plan = state->plan;
    if (const std::optional<int> rc = plan_start(o, plan)) return *rc;
    // A --script run is headless and checks its own input (prepare_recording runs it). Every
    // other run checks all its input (the level's flags and file, the screenshot path, the
    // settings, model and word files) before the store is opened, so bad input never creates
    // or touches a database; --replay then loads its recording.
    const bool scripted = !o.recording.script.empty();
    if (scripted) return prepare_recording(o, recording).value_or(0);
    if (!o.screenshot.empty() && !engine::path_writable(o.screenshot)) {
        print_error("cannot write screenshot to '" + o.screenshot + "'");
        return 1;
    }
    if (const std::optional<int> rc = load_start_level(o, plan)) return *rc;
    GameData& data = state->data;
    if (const std::optional<int> rc = load_game_data(o, plan, data)) return *rc;
#ifndef __EMSCRIPTEN__
    const std::string upload_token = read_upload_token(o);  // before the store is touched
#endif
    if (const std::optional<int> rc = prepare_recording(o, recording)) return *rc;
#ifndef __EMSCRIPTEN__
    if (!upload_token.empty())
        state->uploads =
            start_uploads(o, upload_token, recording.recorder->store().path(), plan.protocol->hash);
#endif
    if (const std::optional<int> rc = open_window(o, data.settings, plan.assets, state->window)) return *rc;

    state->host = std::make_unique<GameHost>(o, plan.assets, data, state->window, recording);
    GameHost& host = *state->host;
    host.services.uploads = state->uploads.get();
    PlatformerScreen* level_screen = nullptr;
    if (const std::optional<int> rc = push_first_screens(o, plan, data, recording, host, level_screen))
        return *rc;
#ifdef __EMSCRIPTEN__
    start_browser_loop(host.services, loop_options(o, plan, level_screen), host.quit, state);
    return 0;
#else
    const MainLoopResult result =
        run_main_loop(host.services, loop_options(o, plan, level_screen), host.quit);
    if (result.exit_code != 0) {
        finish_run_uploads(*state);
        return result.exit_code;
    }

    if (o.print_screen) {
        const Screen* top = host.screens.top();
        std::printf("screen: %s\n", top ? top->name().c_str() : "none");
        if (const std::string report = top ? top->final_report() : ""; !report.empty())
            std::printf("%s\n", report.c_str());
    }
    if (o.bench_frames > 0)
        print_benchmark_report(result.frames, o.json, o.headless,
                               host.services.platform->renderer_description());
    finish_run_uploads(*state);
    return 0;
#endif
}

}  // namespace sawtooth::app
