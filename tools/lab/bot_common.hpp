#pragma once
// Shared by the bot commands (verify-levels, study, catalog --prove): worker counts and a
// parallel loop with a progress line for the flows' ForEach, level
// indices, level files named on the command line, and the playability proof of one level
// (game/bot/proof.hpp) with what the commands report about it.
// (Their arguments are parsed by tools/lab/cli_args.hpp.)

#include "game/bot/proof.hpp"
#include "gen/generator.hpp"
#include "telemetry/analysis/curve_candidates.hpp"

#include <cstdint>
#include <string>
#include <utility>
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

/// A level's playability proof (game/bot/proof.hpp) as the bot commands report it.
struct ProvenLevel {
    bool generated = false;
    bot::LevelProof proof;
    std::string note;        ///< why it failed: generation, or where a failing play ended
    std::string level_text;  ///< the level, when a play failed
    double seconds = 0.0;    ///< filled by callers that time it
};

/// The expert plays `level` (generated from `seed`) both ways, each up to `max_ticks`.
ProvenLevel prove_generated(const Level& level, std::uint64_t seed, int max_ticks);
/// Generates the level of `params` and proves it (a failed generation is not proven).
ProvenLevel prove_params(const GenParams& params, int max_ticks);

}  // namespace sawtooth::lab
