#pragma once
// Turns a Level's solid cells into closed outlines (in metres) for Box2D chain loops.
// Chains give smooth one-sided collision along a whole wall or floor, so the player never
// snags on the seams between cells, and a level of thousands of cells needs only a
// handful of fixtures. No Box2D types here so the tracing can be tested on its own.

#include "gen/level.hpp"

#include <vector>

namespace sawtooth {

/// A 2D point in metres.
struct Vec2d {
    double x = 0.0;
    double y = 0.0;
};

/// One closed outline; the open (walkable) side is to the RIGHT of each edge, which is
/// Box2D's chain normal convention. Consecutive collinear vertices are merged.
using Outline = std::vector<Vec2d>;

/// Outlines of every solid/open boundary of `level` (outside the grid counts as solid).
/// `cell_size` is metres per cell.
std::vector<Outline> trace_outlines(const Level& level, double cell_size);

}  // namespace sawtooth
