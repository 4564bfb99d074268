#pragma once
// Shared by the bot commands (verify-levels, study): worker counts and the study's level
// parameters. (Their arguments are parsed by tools/lab/cli_args.hpp.)

#include "gen/generator.hpp"

#include <cstdint>
#include <string>
#include <utility>

namespace sawtooth::lab {

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

}  // namespace sawtooth::lab
