#pragma once
// A playtest panel for `pick-difficulty --playtest` (docs/difficulty.md §11, "Playtest"): synthetic
// players of one skill group, drawn as the study draws its participants (study_players.hpp)
// but from seeds no study uses, each plays every given level once; the result is each
// level's mean deaths over the panel. Plays run on all cores with a progress line; results do
// not depend on the thread count. Does not: choose (telemetry/analysis/playtest_choice.hpp) or
// record the plays.

#include "game/bot/skill.hpp"
#include "gen/level.hpp"

#include <cstdint>
#include <vector>

namespace sawtooth::lab {

struct PlaytestPanel {
    int players = 0;  ///< >= 1
    bot::SkillGroup group = bot::SkillGroup::Average;
    std::uint64_t seed = 1;  ///< same seed, same panel and same plays
};

/// What the panel did on one level.
struct PlaytestResult {
    double mean_deaths = 0.0;
    int completed = 0;  ///< players who reached the exit
    int skipped = 0;    ///< players whose patience ran out
};

/// Every level played once by every panel player (player p's noise for level k is the
/// study's play_stage(level, skill, seed_p, k)).
std::vector<PlaytestResult> playtest_levels(const std::vector<const Level*>& levels,
                                            const PlaytestPanel& panel, int threads);

}  // namespace sawtooth::lab
