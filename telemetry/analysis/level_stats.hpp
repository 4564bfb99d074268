#pragma once
// Statistics of one generated level for the level catalogue (the
// counterpart of Connect-the-Dots' per-level statistics database): size, open space,
// the level graph, its routes, the traps by kind and sequence, and the shortest
// start -> exit path with its jumps, hangs and height changes. A pure function of the
// generated level: the catalogue stores these figures, the rating formula regresses on
// them. Does not: evaluate difficulty (telemetry/analysis/level_model) or play the level.

#include "gen/generator.hpp"

namespace sawtooth::analysis {

/// What the catalogue stores of a level's structure (column names in docs/curation.md).
struct LevelStats {
    int width = 0, height = 0;  ///< cells
    int rooms = 0;              ///< rooms_w * rooms_h
    int cells = 0;              ///< width * height
    int open_cells = 0;         ///< cells that are not solid
    double open_share = 0.0;    ///< open_cells / cells
    int graph_nodes = 0, graph_edges = 0;
    int routes = 0;      ///< Algorithm 2's routes: the start -> exit route plus the alternatives
    int alt_routes = 0;  ///< routes - 1
    /// The shortest start -> exit path over the graph's edge weights (thesis 3.3.1), the way
    /// through the level when traps are ignored; the same search as the challenge parameters.
    double path_length = 0.0;  ///< sum of its edge weights
    int path_steps = 0;        ///< its edges
    int path_jumps = 0;        ///< steps that are not a walk to a horizontal neighbour (thesis 4.4's j)
    int path_hangs = 0;        ///< hang nodes on it
    int path_climb = 0;        ///< cells gone up along it (sum of the rises)
    int path_descent = 0;      ///< cells gone down along it (sum of the drops)
    int path_trap_nodes = 0;   ///< its nodes in a trap's cells
    int traps = 0, saws = 0, spikes = 0, squeezes = 0, mines = 0;
    int trap_sequences = 0;
    int longest_sequence = 0;  ///< traps in the longest sequence
    friend bool operator==(const LevelStats&, const LevelStats&) = default;
};

/// The statistics of a generated level (`generated.ok` must hold).
LevelStats level_stats(const GenParams& params, const GeneratedLevel& generated);

}  // namespace sawtooth::analysis
