#pragma once
// The simulated Elimination study (`sawtooth-lab simulate-study --mode words`, design in
// docs/elimination.md §11): players (game/words/simulated_player.hpp) play the Levels mode
// from level 1 upwards, each continuing after a level with a probability that rises with the
// words found, recorded through the store calls the game uses
// (telemetry/recording/words_recording.hpp); then each recorded level can be replay-verified
// with its challenges regenerated. Players are simulated through the caller's ForEach and
// recorded in player order, so a seed gives the same database content whatever the thread
// count. Does not: open files, print, or time anything.

#include "gen/words/dictionary.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/store/store.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sawtooth::flows {

/// What to run.
struct WordsStudyRequest {
    int players = 53;        ///< >= 1
    int levels = 30;         ///< the Levels mode's first `levels` levels, 1..words::kLevelCount
    std::uint64_t seed = 1;  ///< same seed, same players and plays
    analysis::ForEach for_each = analysis::serial_for_each;  ///< spreads the players' simulation
    std::function<void()> on_levels_generated;               ///< called once the levels exist
};

/// What was recorded.
struct WordsStudyRecorded {
    std::vector<std::int64_t> word_level_ids;  ///< in recording order
    long long actions = 0;
    long long words = 0;
    long long challenges = 0;            ///< challenges played (found ones and the one that timed out)
    std::vector<int> players_per_level;  ///< index L-1: players who played level L
};

/// Generates the levels, simulates the players and records them into `store` (a session
/// "words-levels" per player, each a new participant). `dict_hash` is what recordings store
/// (telemetry::dictionary_text_hash of the list). Throws what the store throws.
WordsStudyRecorded run_words_study(telemetry::Store& store, const words::Dictionary& dict,
                                   std::uint64_t dict_hash, const WordsStudyRequest& request);

/// Why word level `id` does not replay exactly with regenerated challenges ("" when it does).
std::string word_replay_problem(telemetry::Store& store, const words::Dictionary& dict,
                                std::uint64_t dict_hash, std::int64_t id);

/// Replay-verifies `ids` of the database at `db_path` on `workers` read-only stores spread by
/// `for_each` (one job per worker); `on_level` (thread-safe) runs after each level. Returns
/// the problem of each id, in order ("" for exact ones).
std::vector<std::string> verify_word_levels(const std::string& db_path, const std::vector<std::int64_t>& ids,
                                            const words::Dictionary& dict, std::uint64_t dict_hash,
                                            int workers, const analysis::ForEach& for_each,
                                            const std::function<void()>& on_level = {});

}  // namespace sawtooth::flows
