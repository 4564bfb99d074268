#pragma once
// A panel of simulated players (simulated_player.hpp) on one mode level: the model's view of
// a level's difficulty, as `sawtooth-lab words simulate` prints it per level
// (docs/elimination.md). Player p of level L draws its skill uniformly in the panel's range
// from Rng(mix_seed(mix_seed(seed, L), p)), so a level's figures do not depend on which other
// levels run. Does not: record, print, or choose levels.

#include "game/words/modes.hpp"
#include "game/words/play.hpp"
#include "gen/words/dictionary.hpp"

#include <cstdint>
#include <vector>

namespace sawtooth::words {

/// Who plays.
struct LevelPanelSettings {
    int players = 20;        ///< >= 1
    std::uint64_t seed = 1;  ///< same seed, same players
    double skill_lo = 0.2;   ///< skills drawn uniformly in [skill_lo, skill_hi], within 0..1
    double skill_hi = 0.8;
    bool keep_plays = false;  ///< keep every player's play (its action log) in the result
};

/// One panel player.
struct PanelPlay {
    double skill = 0.0;
    int words = 0;
    int score = 0;
    std::vector<Action> actions;
};

/// The panel's means over its players.
struct LevelPanelResult {
    double mean_words = 0.0;
    double mean_normalized_score = 0.0;  ///< score / max_level_score
    double timeout_rate = 0.0;
    double seconds_per_word = 0.0;  ///< over solved challenges; 0 when none was solved
    std::vector<PanelPlay> plays;   ///< when keep_plays
};

/// A level's best score: every source word at its longest, doubled where the challenge has a 2X.
int max_level_score(const GeneratedLevel& level);

/// Generates `level` (generate_mode_level) and lets the panel play it; `level_number` salts
/// the players' seeds.
LevelPanelResult simulate_level_panel(const Dictionary& dict, const ModeLevel& level, int level_number,
                                      const LevelPanelSettings& settings);

}  // namespace sawtooth::words
