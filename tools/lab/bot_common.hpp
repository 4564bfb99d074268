#pragma once
// Shared by the bot commands (verify-levels, simulate-study, catalog, pick-difficulty):
// worker counts and a parallel loop with a progress line for the flows' ForEach, level
// indices, and level files named on the command line. (Their arguments are parsed by
// tools/lab/cli_args.hpp; the playability proof is game/bot/proven_level.hpp.)

#include "gen/level.hpp"
#include "telemetry/analysis/curve_candidates.hpp"

#include <string>
#include <vector>

namespace sawtooth::lab {

/// The level text files named by --level, all read and validated before anything runs;
/// throws LabError naming the file, line and column of the first problem.
std::vector<Level> read_level_files(const std::vector<std::string>& paths);

/// Threads to use: `requested` if > 0, else every core (at least 1).
int worker_count(int requested);

/// Runs a library's independent jobs (analysis::ForEach) on `threads` workers (0: every
/// core) with a progress line named `label`.
analysis::ForEach parallel_with_progress(const char* label, int threads);

/// The level indices a `--level-index` text names: N (1..10), or "all" = 1..10.
std::vector<int> parse_level_indices(const std::string& text);

}  // namespace sawtooth::lab
