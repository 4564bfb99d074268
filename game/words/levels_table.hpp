#pragma once
// The Levels-mode table (`sawtooth-lab words levels`): each level's parameters and, with a
// dictionary, its challenges, made as the game makes them (modes.hpp, docs/elimination.md).

#include <cstdint>
#include <optional>
#include <vector>

#include "game/words/modes.hpp"

namespace sawtooth::words {

/// Which rows of the table, from which seed, under which fitness rule.
struct LevelsTableSettings {
    std::uint64_t seed = kLevelsModeSeed;
    FitnessRule fitness = FitnessRule::ShortVisible;
    int only_level = 0;  ///< 1..kLevelCount: that level alone; 0: every level
};

/// One level of the table.
struct LevelsTableRow {
    ModeLevel level;                          ///< its parameters (fitness as asked)
    std::optional<GeneratedLevel> generated;  ///< its challenges, when a dictionary was given
};

/// The rows in level order. With `dict` each level is generated avoiding near-duplicates of
/// the levels before it (a lone level generates them first: generate_mode_level); without,
/// parameters only. An only_level outside 1..kLevelCount gives no rows.
std::vector<LevelsTableRow> levels_table(const Dictionary* dict, const LevelsTableSettings& settings);

}  // namespace sawtooth::words
