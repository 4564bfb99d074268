#pragma once
// A playtest panel (docs/difficulty.md "Playtested picks"): synthetic players of one skill
// group, drawn as the simulated study draws its participants (synthetic_players.hpp) but from
// seeds no study uses, each plays every given level once; the result is each level's mean
// deaths over the panel. The plays are independent: `for_each` may run them on many threads
// (and show progress); results do not depend on how. Does not: choose (curve_pick.hpp,
// telemetry/analysis/playtest_choice.hpp) or record the plays.

#include "game/bot/skill.hpp"
#include "gen/level.hpp"
#include "telemetry/analysis/curve_candidates.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace sawtooth::flows {

struct PlaytestPanel {
    int players = 0;  ///< >= 1
    bot::SkillGroup group = bot::SkillGroup::Average;
    std::uint64_t seed = 1;  ///< same seed, same panel and same plays
};

/// The group a panel may be drawn from (good, average or bad) that `name` names.
std::optional<bot::SkillGroup> panel_group_named(std::string_view name);

/// What the panel did on one level.
struct PlaytestResult {
    double mean_deaths = 0.0;
    int completed = 0;  ///< players who reached the exit
    int skipped = 0;    ///< players whose patience ran out
};

/// Every level played once by every panel player (player p's noise for level k is the
/// study's play_stage(level, skill, seed_p, k)), the plays spread by `for_each`.
std::vector<PlaytestResult> playtest_levels(const std::vector<const Level*>& levels,
                                            const PlaytestPanel& panel,
                                            const analysis::ForEach& for_each = analysis::serial_for_each);

}  // namespace sawtooth::flows
