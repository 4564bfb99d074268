#pragma once
// Where a level in play comes from: a level text file (tutorials, --level) or the
// generator (study levels, free play, --seed). Both return a one-line error instead of
// throwing, so menus can show it and the command line can print it.

#include "gen/generator.hpp"

#include <string>

namespace sawtooth::app {

/// Reads, parses and validates a level file; "" on success, else the one-line problem.
std::string read_level_file(const std::string& path, Level& out);

/// Generates the level of `params`; "" on success, else the one-line problem
/// (parameters rejected by params_problem, or generation failed).
std::string generate_for_play(const GenParams& params, Level& out);

/// Parses "WxH" (e.g. "4x3") into two positive ints; false when malformed.
bool parse_size(const std::string& text, int& w, int& h);

}  // namespace sawtooth::app
