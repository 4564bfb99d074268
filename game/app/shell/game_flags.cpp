// The game's command-line flags (README "Playing"): main.cpp parses argv with them,
// the web entry (web_main.cpp) the page's URL parameters.
#include "game/app/shell/app.hpp"

#include <CLI/CLI.hpp>

namespace sawtooth::app {

namespace {

// The Elimination flags (README "Playing"), in --help after --screen.
void add_words_flags(CLI::App& cli, AppOptions& o) {
    cli.add_option("--words-mode", o.words_mode, "--screen words-level: levels, infinite or daily")
        ->check(CLI::IsMember({"levels", "infinite", "daily"}));
    cli.add_option("--words-level", o.words_level, "--screen words-level: level number (levels: 1..30)")
        ->check(CLI::Range(1, 100000));
    cli.add_option("--words-actions", o.words_actions,
                   "--screen words-level: play this action log (`<tick> c <index>` lines) instead of input");
    cli.add_option("--date", o.date, "Elimination Daily level of this UTC date YYYY-MM-DD (default: today)");
    cli.add_option("--words-file", o.words_file,
                   "play this word-level file (the challenge builder's; `sawtooth-words-level 1` + one "
                   "challenge a line)");
    cli.add_option("--words-builder", o.words_builder_file,
                   "open the Elimination challenge builder on FILE (default "
                   "$XDG_DATA_HOME/sawtooth/words_level.txt)")
        ->expected(0, 1);
    cli.add_option("--words-short-band", o.words_short_band,
                   "challenge builder: flag reachable 3-4 letter words outside rank percentiles LO..HI");
    cli.add_option("--words-long-band", o.words_long_band,
                   "challenge builder: flag reachable 5-6 letter words outside rank percentiles LO..HI");
    cli.add_option("--words-progress", o.words_progress,
                   "Elimination progress file (default: $XDG_DATA_HOME/sawtooth/words_progress.json)");
}

}  // namespace

// Every flag of `sawtooth`, written into `o` (README "Playing").
void add_game_flags(CLI::App& cli, AppOptions& o) {
    cli.add_flag("--headless", o.headless, "run without a display (SDL offscreen driver)");
    cli.add_option("--frames", o.frames,
                   "number of frames (= ticks) to run, then quit (headless, or a window for screenshots)")
        ->check(CLI::Range(1, 100000000));
    cli.add_option("--screenshot", o.screenshot, "write a PNG of the last frame to this path");
    cli.add_option("--level", o.level_file, "play a level text file (assets/levels/*.txt)");
    cli.add_option("--edit", o.edit_file,
                   "open a level text file in the level editor (a new level when it does not exist; "
                   "with --seed: the generated level of that seed)");
    cli.add_option("--pack", o.pack_file, "play the levels of a level pack (assets/packs/*.json) in order");
    cli.add_flag("--thesis-session", o.study,
                 "start the thesis session at once: two tutorials, then ten levels, rated (with --pack: the "
                 "pack's levels instead of drawn ones)");
    cli.add_flag("--study", o.study, "deprecated: use --thesis-session")->group("");  // hidden from --help
    cli.add_option(
        "--protocol", o.protocol_file,
        "run the designed study of this protocol file (assets/studies/*.json): consent, participant "
        "id, its conditions, questionnaires and breaks; recorded with the protocol's hash");
#ifndef __EMSCRIPTEN__  // the browser's page uploads by itself (docs/web.md)
    cli.add_option("--upload", o.upload_url,
                   "with --protocol: send each session to sawtooth-server at this URL (http://HOST:PORT "
                   "or https://HOST) as it is recorded, under the study labelled as the protocol file's "
                   "stem; the end screen waits for the server's acknowledgement");
    cli.add_option("--upload-token-file", o.upload_token_file,
                   "with --upload: file holding the study's upload token");
#endif
    cli.add_option("--seed", o.seed, "play the generated level of this seed (0..2^64-1)");
    cli.add_option("--layout", o.layout, "generated level layout")->check(CLI::IsMember({"maze", "linear"}));
    cli.add_option("--rooms", o.rooms, "generated level: rooms as WxH");
    cli.add_option("--room-size", o.room_size, "generated level: cells per room as WxH");
    cli.add_option("--level-index", o.level_index, "trap timing schedule index (1..10)")
        ->check(CLI::Range(1, 10));
    cli.add_option("--bench-frames", o.bench_frames, "measure update+render CPU time over N frames")
        ->check(CLI::Range(1, 1000000));
    cli.add_flag("--json", o.json, "print benchmark results as JSON");
    cli.add_flag("--fullscreen", o.fullscreen, "start in fullscreen (F11 toggles)");
    cli.add_option("--width", o.width, "window width")->check(CLI::Range(320, 7680));
    cli.add_option("--height", o.height, "window height")->check(CLI::Range(200, 4320));
    cli.add_option(
        "--assets", o.asset_dir,
        "assets directory (default: ../share/sawtooth next to the program when installed, else the "
        "source tree's assets/)");
    cli.add_option("--screen", o.screen,
                   "first screen: title, level, results (demo data), rating (demo, stores nothing), words "
                   "(Elimination menu), words-level or words-builder")
        ->check(CLI::IsMember(kFirstScreens));
    add_words_flags(cli, o);
    cli.add_option("--menu-keys", o.menu_keys,
                   "scripted input FRAME:CONTROL,... (left right up down confirm back pause skip), "
                   "FRAME:type=LETTERS, FRAME:click=XxY (logical pixels of the 1280x720 view), "
                   "FRAME:key=NAME (SDL key name: a press and release pushed as SDL events)");
    cli.add_flag("--print-screen", o.print_screen, "print the top screen's name when the run ends (tests)");
    cli.add_option("--view", o.view, "pin the level camera on cell X,Y (for screenshots)");
    cli.add_option("--session-seed", o.session_seed, "study session seed (default: random)");
    cli.add_option("--settings", o.settings_file,
                   "settings file (default: $XDG_CONFIG_HOME/sawtooth/settings.json)");
    cli.add_option("--model", o.model_file,
                   "challenge model for the F1 difficulty overlay (sawtooth-lab model fit; default "
                   "$XDG_CONFIG_HOME/sawtooth/model.json)");
    cli.add_flag("--debug-overlay", o.debug_overlay,
                 "start levels with the F1 debug view and difficulty overlay open");
    add_recording_flags(cli, o.recording);
}

}  // namespace sawtooth::app
