#pragma once
// Adaptive play with synthetic players (`sawtooth-lab adaptive-sim`, docs/difficulty.md
// "Adaptive play"): players of each skill group (GOOD, AVERAGE, BAD; the study's players,
// synthetic_players.hpp) play K levels chosen one after the other by the adaptive chooser
// (telemetry/analysis/adaptive.hpp): choose, play (the study's level runner), cut the play's
// event rows into traces, update the player's skill estimate, choose again. Results do not
// depend on how `for_each` spreads the players. Does not: record, print, or read files.

#include "game/bot/skill.hpp"
#include "telemetry/analysis/adaptive.hpp"
#include "telemetry/analysis/bootstrap.hpp"
#include "telemetry/analysis/curve_candidates.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace sawtooth::flows {

/// The skill groups, in the order results list them.
inline constexpr std::array<bot::SkillGroup, 3> kAdaptiveSimGroups = {
    bot::SkillGroup::Good, bot::SkillGroup::Average, bot::SkillGroup::Bad};

/// What to run.
struct AdaptiveSimRequest {
    analysis::AdaptiveSettings adaptive;  ///< candidates, target, gain; `count` levels per player
    int players = 10;                     ///< per skill group, >= 1
    std::uint64_t seed = 1;               ///< same seed, same players and plays
    analysis::ForEach for_each = analysis::serial_for_each;  ///< spreads the players
};

/// One level of one player's run.
struct AdaptivePlayedLevel {
    double predicted = 0.0;   ///< predicted success for the player when chosen
    double difficulty = 0.0;  ///< the level model's difficulty (theta 0) of the chosen level
    bool success = false;     ///< completed without a death
    bool completed = false;
    int deaths = 0;
};

/// One player's run.
struct AdaptivePlayerRun {
    std::vector<AdaptivePlayedLevel> levels;
    double final_theta = 0.0;  ///< the skill estimate's mean after the last level
};

/// The players' runs per group (kAdaptiveSimGroups order) and how many candidates there were.
struct AdaptiveSimResult {
    std::size_t candidates = 0;
    std::array<std::vector<AdaptivePlayerRun>, kAdaptiveSimGroups.size()> groups;
};

/// Builds the candidates of `request.adaptive` and runs every player. Throws what
/// analysis::make_candidates throws (the caller puts its context in front).
AdaptiveSimResult run_adaptive_sim(const AdaptiveSimRequest& request,
                                   const std::shared_ptr<const analysis::ChallengeModel>& model);

/// Means over the levels [first, last) of every run.
struct AdaptiveBlock {
    int first = 0;
    int last = 0;
    std::size_t plays = 0;
    double success = 0.0;
    double completed = 0.0;
    double deaths = 0.0;
    double predicted_success = 0.0;
    double difficulty = 0.0;
};
AdaptiveBlock adaptive_block(const std::vector<AdaptivePlayerRun>& runs, int first, int last);

/// Mean and sample standard deviation (0 below two runs) of the runs' final theta.
struct ThetaSpread {
    double mean = 0.0;
    double sd = 0.0;
};
ThetaSpread final_theta_spread(const std::vector<AdaptivePlayerRun>& runs);

/// Player bootstrap intervals of a group's figures (telemetry/analysis/bootstrap.hpp: whole
/// players resampled, their levels together): observed success per block of `block`
/// levels and over all `levels`, and the mean final theta.
struct AdaptiveIntervals {
    std::vector<analysis::Interval> block_success;
    analysis::Interval success;
    analysis::Interval final_theta;
};
/// Throws ModelError for bad settings or no runs.
AdaptiveIntervals adaptive_intervals(const std::vector<AdaptivePlayerRun>& runs, int levels, int block,
                                     const analysis::BootstrapSettings& settings);

}  // namespace sawtooth::flows
