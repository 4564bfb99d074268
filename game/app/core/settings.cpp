#include "game/app/core/settings.hpp"

#include "gen/printable.hpp"
#include "telemetry/store/json_reader.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace sawtooth::app {

namespace {

constexpr int kSettingsVersion = 1;
constexpr int kMaxScancode = 512;  // SDL_NUM_SCANCODES: anything above is not a key

int read_key(const nlohmann::json& keys, const char* name) {
    const auto it = keys.find(name);
    if (it == keys.end() || !it->is_number_integer()) return 0;
    const int v = it->get<int>();
    return v > 0 && v < kMaxScancode ? v : 0;
}

}  // namespace

std::string xdg_path(const char* xdg_env, const char* home_fallback, const std::string& file) {
    namespace fs = std::filesystem;
    if (const char* xdg = std::getenv(xdg_env); xdg && *xdg)
        return (fs::path(xdg) / "sawtooth" / file).string();
    if (const char* home = std::getenv("HOME"); home && *home)
        return (fs::path(home) / home_fallback / "sawtooth" / file).string();
    return {};
}

std::string default_settings_path() { return xdg_path("XDG_CONFIG_HOME", ".config", "settings.json"); }

namespace {

// Runs one field's reader; a damaged field keeps its default and is named in the warning.
template <class Read>
void read_setting(const telemetry::JsonField& root, const char* key, std::string& problems, Read read) {
    if (!root.has(key)) return;
    try {
        read(root.at(key));
    } catch (const telemetry::JsonFieldError& e) {
        problems += (problems.empty() ? "" : "; ") + std::string(e.what());
    }
}

}  // namespace

Settings load_settings(const std::string& path, std::string& warning) {
    warning.clear();
    Settings s;
    if (path.empty() || !std::filesystem::exists(path)) return s;
    const std::string name = printable(path);
    std::string text;
    if (!read_file(path, text)) {
        warning = "cannot read settings file '" + name + "', using defaults";
        return s;
    }
    nlohmann::json j;
    try {
        j = telemetry::parse_json_text(text);
    } catch (const telemetry::JsonFieldError& e) {
        warning = "settings file '" + name + "': " + e.what() + ", using defaults";
        return s;
    }
    if (!j.is_object()) {
        warning = "settings file '" + name + "' is not a JSON object, using defaults";
        return s;
    }
    // Each field on its own: one bad value keeps its default, the rest still load.
    const telemetry::JsonField root(j);
    std::string problems;
    read_setting(root, "volume", problems,
                 [&](const telemetry::JsonField& f) { s.volume = std::clamp(f.number(), 0.0, 1.0); });
    read_setting(root, "fullscreen", problems,
                 [&](const telemetry::JsonField& f) { s.fullscreen = f.boolean(); });
    read_setting(root, "rate_levels", problems,
                 [&](const telemetry::JsonField& f) { s.rate_levels = f.boolean(); });
    read_setting(root, "keys", problems, [&](const telemetry::JsonField& f) {
        f.expect_object();
        s.keys.left = read_key(f.value(), "left");
        s.keys.right = read_key(f.value(), "right");
        s.keys.up = read_key(f.value(), "jump");
        s.keys.down = read_key(f.value(), "down");
    });
    if (!problems.empty())
        warning = "settings file '" + name + "': " + problems + " (those settings keep their defaults)";
    return s;
}

bool read_file(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::stringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return !in.bad();
}

std::string write_file_atomically(const std::string& path, const std::string& text) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::path(path).has_parent_path()) fs::create_directories(fs::path(path).parent_path(), ec);
    if (ec) return "cannot create folder for '" + path + "': " + ec.message();
    // Write a sibling file and rename: a crash mid-write never leaves a half file.
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) return "cannot write '" + path + "'";
        out << text;
        if (!out) return "cannot write '" + path + "'";
    }
    fs::rename(tmp, path, ec);
    if (ec) return "cannot write '" + path + "': " + ec.message();
    return {};
}

std::string save_settings(const std::string& path, const Settings& s) {
    if (path.empty()) return "no settings path (set HOME or XDG_CONFIG_HOME)";
    nlohmann::json j;
    j["version"] = kSettingsVersion;
    j["volume"] = s.volume;
    j["fullscreen"] = s.fullscreen;
    j["rate_levels"] = s.rate_levels;
    j["keys"] = {{"left", s.keys.left}, {"right", s.keys.right}, {"jump", s.keys.up}, {"down", s.keys.down}};
    return write_file_atomically(path, j.dump(2) + "\n");
}

}  // namespace sawtooth::app
