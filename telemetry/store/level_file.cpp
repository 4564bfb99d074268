#include "telemetry/store/level_file.hpp"

#include "gen/printable.hpp"
#include "telemetry/store/export.hpp"
#include "telemetry/store/store.hpp"

#include <fstream>
#include <sstream>

namespace sawtooth::telemetry {

Level read_level_file(const std::string& path) {
    const std::string name = printable(path);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LevelFileError("cannot read level file '" + name + "'");
    std::stringstream ss;
    ss << in.rdbuf();
    Level level;
    try {
        level = parse_level_text(ss.str());
    } catch (const LevelFormatError& e) {
        throw LevelFileError(name + ": " + e.what());
    }
    if (const std::string p = level_problem(level); !p.empty()) throw LevelFileError(name + ": " + p);
    return level;
}

void write_level_file(const std::string& path, const Level& level) {
    if (const std::string p = level_problem(level); !p.empty())
        throw LevelFileError(printable(path) + ": not written, the level is invalid: " + p);
    try {
        write_file_atomically(path, to_level_text(level));
    } catch (const StoreError& e) {
        throw LevelFileError(e.what());
    }
}

}  // namespace sawtooth::telemetry
