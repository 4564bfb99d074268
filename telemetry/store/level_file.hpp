#pragma once
// Level text files on disk: reading one with the first problem named by file, line and
// column, and writing one atomically (a crash leaves the old file or the whole new one,
// never a half file). Shared by the game (--level, the editor), the lab commands
// (verify-levels --level, difficulty --level, pack add, study tutorials) and the tests.
// The format itself is gen/level.hpp's; this file only adds the disk.

#include "gen/error.hpp"
#include "gen/level.hpp"

#include <stdexcept>
#include <string>

namespace sawtooth::telemetry {

/// A level file that cannot be read or written; what() is one line starting with the file
/// name ("a.txt: line 4, column 3: unknown cell character 'X' ...").
class LevelFileError : public Error {
public:
    using Error::Error;
};

/// Reads, parses and validates (level_problem) the level file at `path`.
Level read_level_file(const std::string& path);

/// Writes `level` as level text to `path` through a temporary file renamed over it.
/// Refuses (nothing written) a level that breaks level_problem.
void write_level_file(const std::string& path, const Level& level);

}  // namespace sawtooth::telemetry
