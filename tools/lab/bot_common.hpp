#pragma once
// Shared by the bot commands (verify-levels, study, catalog --prove): worker counts, the
// study's level parameters, level indices, level files named on the command line, and the
// expert's proof of one level (both ways).
// (Their arguments are parsed by tools/lab/cli_args.hpp.)

#include "gen/generator.hpp"

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

/// Study level shape: mirrors game/app's StudyConfig defaults (linear 4x2 rooms of 11x7,
/// alpha 0.25), which tools cannot include (game/app uses SDL). Keep them in step.
inline constexpr int kStudyRoomsW = 4;
inline constexpr int kStudyRoomsH = 2;
inline constexpr int kStudyRoomW = 11;
inline constexpr int kStudyRoomH = 7;
inline constexpr double kStudyAlpha = 0.25;

/// Parameters of a study-shaped linear level with this generator seed and level index.
GenParams study_params_for_seed(std::uint64_t seed, int level_index);
/// Parameters of study level k (1-based) of a session, exactly as game/app's
/// study_level_params derives them from the session seed.
GenParams study_level_params(std::uint64_t session_seed, int k);

/// The level indices a `--level-index` text names: N (1..10), or "all" = 1..10.
std::vector<int> parse_level_indices(const std::string& text);

/// The expert finishes a study level in ~20 s of game time; a play ten times longer than
/// the slowest seen is a stuck bot, not a slow one.
inline constexpr int kProofMaxTicks = 20000;

/// What the expert bot did on one level, start -> exit and exit -> start.
struct LevelProof {
    bool generated = false;
    bool forward = false;
    bool backward = false;
    std::uint64_t forward_ticks = 0;
    std::uint64_t backward_ticks = 0;
    int deaths = 0;
    std::string note;        ///< where a failing play ended
    std::string level_text;  ///< the level, when a play failed
    double seconds = 0.0;    ///< filled by callers that time it
};

/// The expert plays `level` (generated from `seed`) both ways, each up to `max_ticks`.
LevelProof prove_generated(const Level& level, std::uint64_t seed, int max_ticks);
/// Generates the level of `params` and proves it (a failed generation is not proven).
LevelProof prove_level(const GenParams& params, int max_ticks);

}  // namespace sawtooth::lab
