#pragma once
// Player settings kept between runs: master volume, extra movement keys, fullscreen and
// whether the rating questions follow each level.
// Stored as JSON at $XDG_CONFIG_HOME/sawtooth/settings.json (or ~/.config/sawtooth/).
// A missing file means defaults; a corrupt one means defaults plus a one-line warning,
// never a crash. Unknown keys are ignored so older builds read newer files.

#include "engine/input_devices.hpp"

#include <string>

namespace sawtooth::app {

/// Everything the settings screen changes.
struct Settings {
    double volume = 0.8;       ///< master volume 0..1
    bool fullscreen = false;   ///< start in fullscreen
    engine::KeyBindings keys;  ///< extra movement keys (SDL scancodes; 0 = defaults only)
    bool rate_levels = true;   ///< ask for a rating after each recorded level (docs/game.md)
    friend bool operator==(const Settings&, const Settings&) = default;
};

/// `$<xdg_env>/sawtooth/<file>`, else `$HOME/<home_fallback>/sawtooth/<file>` (the XDG base
/// directory rules); "" when neither variable is set.
std::string xdg_path(const char* xdg_env, const char* home_fallback, const std::string& file);

/// Default settings file path ("" when neither XDG_CONFIG_HOME nor HOME is set).
std::string default_settings_path();

/// Reads `path`. Missing file: defaults, no warning. Unreadable or corrupt: defaults and
/// `warning` set to a one-line reason.
Settings load_settings(const std::string& path, std::string& warning);

/// Reads a whole file into `out`; false when it cannot be opened or read.
bool read_file(const std::string& path, std::string& out);

/// Writes `text` to `path` through a sibling temporary file and a rename (a crash never
/// leaves a half-written file), creating the folder; returns "" or a one-line error.
std::string write_file_atomically(const std::string& path, const std::string& text);

/// Writes `s` to `path`, creating the folder; returns "" or a one-line error.
std::string save_settings(const std::string& path, const Settings& s);

}  // namespace sawtooth::app
