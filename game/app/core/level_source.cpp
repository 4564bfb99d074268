#include "game/app/core/level_source.hpp"

#include "telemetry/store/level_file.hpp"

#include <charconv>

namespace sawtooth::app {

std::string read_level_file(const std::string& path, Level& out) {
    try {
        out = telemetry::read_level_file(path);
    } catch (const telemetry::LevelFileError& e) {
        return e.what();
    }
    return {};
}

std::string generate_for_play(const GenParams& params, Level& out) {
    if (const std::string p = params_problem(params); !p.empty()) return p;
    GeneratedLevel g = generate_level(params);
    if (!g.ok) return "seed " + std::to_string(params.seed) + " did not generate: " + g.error;
    if (const std::string p = level_problem(g.level); !p.empty())
        return "seed " + std::to_string(params.seed) + " generated an invalid level: " + p;
    out = std::move(g.level);
    return {};
}

bool parse_size(const std::string& text, int& w, int& h) {
    const auto x = text.find_first_of("xX");
    if (x == std::string::npos) return false;
    const char* b = text.data();
    const char* e = b + text.size();
    auto r1 = std::from_chars(b, b + x, w);
    auto r2 = std::from_chars(b + x + 1, e, h);
    return r1.ec == std::errc() && r1.ptr == b + x && r2.ec == std::errc() && r2.ptr == e && w > 0 && h > 0;
}

}  // namespace sawtooth::app
