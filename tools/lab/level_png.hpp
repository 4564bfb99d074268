#pragma once
// A generated level drawn as a PNG (`sawtooth-lab gen --png`, like thesis Fig. 5.12): cells
// (darker on the path), faint room borders, decorations, traps, the level graph's edges and
// nodes by type, the routes (the first thickest), the start and the chequered exit.

#include "gen/generator.hpp"

#include <string>

namespace sawtooth::lab {

/// Draws `g` at `scale` pixels per cell into `path`; throws LabError when it cannot be written.
void write_level_png(const GeneratedLevel& g, const std::string& path, int scale);

}  // namespace sawtooth::lab
