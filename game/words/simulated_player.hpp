#pragma once
// Simulated Elimination players: a documented, deterministic model of how a person finds
// a word in a challenge, producing stamped actions for LevelPlay so studies have data
// before humans play. Pure code: all randomness comes from the Rng handed in. Not a
// solver: it is meant to miss words and to pick visible ones, as people do (paper §IV-C).
//
// Model (docs/elimination.md has the derivation):
//  * every word of the challenge is "spotted" after an exponential search time with rate
//      r = kBaseRate * skillFactor * exp(kSeqWeight (maxSequence - 1) + kLenWeight (length - 3)
//                                        - kSplitWeight splitDistance - kCrowdWeight (n - 6))
//        * (kTwoXBoost if it keeps 2X),
//    times familiarity = clamp(log10(1 + count) / familiar_log10, min_familiarity, 1) (people
//    spot words they know), plus a reading delay; so the chance to spot a word within the time limit rises
//    with maxSequence and length, and falls with splitDistance;
//  * the player goes for the first word spotted, removing the other letters in a random
//    order, one click every kClickSeconds (log-normal jitter), faster with skill;
//  * with chance kSlipChance * (1 - skill) the first click is a wrong letter, noticed after
//    kNoticeSeconds and undone with a reset;
//  * if no word is spotted before the deadline the challenge (and the level) times out.
// An accidental word on the way (AFART -> FART) ends the challenge, as in the game.

#include <cstdint>
#include <vector>

#include "game/words/play.hpp"
#include "gen/rng.hpp"
#include "gen/words/dictionary.hpp"

namespace sawtooth::words {

/// One simulated person.
struct PlayerProfile {
    double skill = 0.5;  ///< 0 = novice, 1 = expert: faster spotting and clicking, fewer slips
};

/// Model constants (named so studies can vary them; defaults documented in docs/elimination.md).
struct PlayerModel {
    double base_rate = 0.06;        ///< spots per second for a 3-letter, fully split word at skill 0.5
    double seq_weight = 0.55;       ///< log-rate per extra letter of maxSequence
    double len_weight = 0.25;       ///< log-rate per letter beyond 3
    double split_weight = 0.15;     ///< log-rate lost per interspersed letter
    double crowd_weight = 0.3;      ///< log-rate lost per challenge letter beyond 6 (visual search cost)
    double two_x_boost = 1.4;       ///< rate factor of a word keeping the 2X letter
    double familiar_log10 = 3.7;    ///< log10(1 + count) of a fully familiar word (~100 per million)
    double min_familiarity = 0.03;  ///< familiarity of a word absent from the frequency list
    double read_seconds = 1.2;      ///< time to read the challenge before any spotting
    double click_seconds = 0.45;    ///< median time between clicks at skill 0.5
    double click_jitter = 0.3;      ///< sigma of the log-normal click time
    double slip_chance = 0.3;       ///< chance of a wrong first click at skill 0
    double notice_seconds = 0.8;    ///< time to notice a wrong click and reset
};

/// Plays the current challenge of `level` to its end (solved or timed out), applying the
/// actions to it. Precondition: level.status() == LevelStatus::Playing.
void simulate_challenge(const Dictionary& dict, LevelPlay& level, const PlayerProfile& player,
                        const PlayerModel& model, Rng& rng);

/// Plays a whole level from tick 0 and returns it (log() holds the action list).
LevelPlay simulate_level(const Dictionary& dict, std::vector<Challenge> challenges,
                         const PlayerProfile& player, Rng& rng, const PlayerModel& model = {},
                         LevelPlaySettings settings = {});

/// Spotting rate (1/s) of a word with these features for a player (exposed for tests/docs).
double spot_rate(const PlayerModel& model, const PlayerProfile& player, int length, int max_sequence,
                 int split_distance, bool keeps_two_x, double familiarity = 1.0, int challenge_length = 6);
/// Familiarity in [min_familiarity, 1] of a word with corpus `count`.
double familiarity(const PlayerModel& model, std::uint64_t count);

}  // namespace sawtooth::words
