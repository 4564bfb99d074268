#pragma once
// Command-line options of recording, scripted runs and replay (docs/telemetry.md):
// --db, --participant, --no-record, --script, --realtime, --progress, --replay,
// --replay-speed. Kept apart from app.hpp so the recording code owns its flags.

#include <cstdint>
#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace sawtooth::app {

/// Recording / replay options of `sawtooth`.
struct RecordingOptions {
    std::string db;                      ///< store path ("" = Store::default_path())
    std::string participant;             ///< record as this existing participant id
    bool no_record = false;              ///< play without recording
    std::string script;                  ///< headless scripted run: input script file
    bool realtime = false;               ///< scripted run paced at 60 ticks per second
    bool progress = false;               ///< scripted run prints "tick N" after every tick
    std::optional<std::int64_t> replay;  ///< show this recorded level id on screen
    double replay_speed = 1.0;           ///< initial replay speed, 0.25..16
};

/// Adds the recording flags to the game's command line.
void add_recording_flags(CLI::App& cli, RecordingOptions& options);

}  // namespace sawtooth::app
