#pragma once
// Elimination level parameters and level generation. The Levels mode has 30 levels of 10
// challenges whose parameters follow the paper's sawtooth: difficulty rises over 5 levels
// and drops at the 6th, each tooth starting a little higher than the last (§III-B).
// Infinite mode uses the same mapping from a difficulty value without the drops. Which
// seed and which level a mode plays is game/words/modes.hpp.

#include <cstdint>
#include <string>
#include <vector>

#include "gen/words/challenge_gen.hpp"
#include "gen/words/challenge_similarity.hpp"
#include "gen/words/dictionary.hpp"

namespace sawtooth::words {

/// Levels in the Levels mode.
inline constexpr int kLevelCount = 30;
/// Challenges per level (paper §II-B).
inline constexpr int kChallengesPerLevel = 10;
/// Levels per sawtooth tooth: difficulty rises over these, drops at the next.
inline constexpr int kLevelsPerTooth = 5;
/// Difficulty added per level inside a tooth.
inline constexpr double kStepRise = 1.0;
/// Difficulty added to each tooth's first level over the previous tooth's first level.
inline constexpr double kToothRise = 0.75;
/// Highest difficulty value (level 30); Infinite mode saturates here.
inline constexpr double kMaxDifficulty =
    (kLevelsPerTooth - 1) * kStepRise + (kLevelCount / kLevelsPerTooth - 1) * kToothRise;
/// Generator version: bump when a change alters generated challenges for equal seeds.
/// 2: default fitness ShortVisible; 3: near-duplicate challenges rejected (challenge_similarity.hpp).
inline constexpr int kWordGenVersion = 3;

/// Everything needed to generate one level.
struct LevelParams {
    int level = 1;            ///< 1-based level number in its mode
    double difficulty = 0.0;  ///< intended difficulty in [0, kMaxDifficulty]
    GenParams gen;            ///< band, source lengths, target length, maxSeq
    int num2x = 0;            ///< challenges of the level with a 2X letter
};

/// Parameters for a difficulty value (monotone: higher = harder on every parameter).
LevelParams params_for_difficulty(double difficulty);
/// Intended difficulty of Levels-mode level 1..30 (the sawtooth).
double levels_mode_difficulty(int level);
/// Parameters of Levels-mode level 1..30. Throws sawtooth::Error otherwise.
LevelParams levels_mode_params(int level);
/// Parameters of Infinite-mode level k >= 1: rises by kStepRise / 2 per level, no drops.
LevelParams infinite_mode_params(int level);

/// A generated level.
struct GeneratedLevel {
    LevelParams params;
    std::uint64_t seed = 0;
    std::vector<Challenge> challenges;  ///< kChallengesPerLevel, 2X already assigned
    GenStats stats;                     ///< summed over the challenges
    int near_duplicates = 0;            ///< candidates rejected as near-duplicates
};

/// Challenges a level must not nearly repeat: those of the earlier levels of its mode
/// (game/words/modes.hpp decides which), as features.
struct ChallengeHistory {
    std::vector<ChallengeFeatures> challenges;
    /// Appends a generated level's challenges.
    void add(const Dictionary& dict, const GeneratedLevel& level);
};

/// Generates the level's challenges deterministically from `seed`: challenge i from
/// mix_seed(seed, i) (retried with further sub-seeds if a run finds nothing feasible or
/// a near-duplicate of an earlier challenge of the level or of `history`), source words
/// never repeated inside the level, then the 2X rule. Throws sawtooth::Error for
/// impossible parameters and when generation fails.
GeneratedLevel generate_level(const Dictionary& dict, const LevelParams& params, std::uint64_t seed,
                              const GaSettings& settings = {}, const ChallengeHistory& history = {});

/// One-line description of a parameter set, e.g. "band 0-6 src 3,4 tl 6 maxSeq 4 2X 5".
std::string describe(const LevelParams& p);

}  // namespace sawtooth::words
