#pragma once
// Designer constraints on the words a challenge lets play end on (its *reachable* words,
// state_space.hpp): how many common words, every word common or in a rank band, a short
// and a long word, no word too long. Word Portal (seed 001) rejected boards holding too
// few words of a common-word list; these rules carry that over. This file counts and
// judges one analysed challenge; the generator (challenge_gen.hpp) decides when to apply
// it. Does not generate, and does not know about levels or modes.

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "gen/words/dictionary.hpp"
#include "gen/words/state_space.hpp"

namespace sawtooth::words {

/// "Common" by default: rank percentile below 10, the ~4,900 most frequent of the
/// dictionary's 48,691 ranked words (001 used the 5,000 most common English words).
inline constexpr double kDefaultCommonRankPercentile = 10.0;
/// A short reachable word has 3-4 letters, a long one 5-6.
inline constexpr int kShortWordMax = 4;
inline constexpr int kLongWordMin = 5;
inline constexpr int kLongWordMax = 6;

/// How the generator enforces the rules (docs/elimination.md §4, docs/curation.md).
enum class RuleEnforcement : std::uint8_t {
    Feasibility,  ///< broken rules make a GA candidate infeasible (graded), then a final check
    Filter,       ///< the GA runs unchanged; a finished challenge that breaks them is retried
};

/// Rank percentiles [lo, hi) of the frequency list (0 = most frequent).
struct RankBand {
    double lo = 0.0;
    double hi = 100.0;
};

/// The constraints. Default-constructed: all off, and generation is unchanged.
struct ReachableWordRules {
    int min_common = 0;                                 ///< at least this many reachable common words
    double common_rank = kDefaultCommonRankPercentile;  ///< common = rank percentile below this
    std::optional<RankBand> every_word_band;            ///< every reachable word's rank in the band
    bool short_and_long = false;                        ///< a 3-4 and a 5-6 letter reachable word
    int max_word_length = 0;                            ///< no reachable word longer (0 = off)
    RuleEnforcement enforcement = RuleEnforcement::Feasibility;
    int max_attempts = 50;  ///< generator runs per challenge before giving up (when any rule is on)

    /// True when any constraint is on.
    bool any() const;
};

/// Which constraint a challenge breaks.
enum class ReachRule : std::uint8_t { MinCommon, EveryWordBand, ShortAndLong, MaxWordLength };
inline constexpr int kReachRuleCount = 4;

/// What the rules look at, for one challenge.
struct ReachableWordCounts {
    int reachable = 0;     ///< reachable words (state_space.hpp)
    int common = 0;        ///< of those, rank percentile below common_rank
    int outside_band = 0;  ///< of those, outside every_word_band (0 when the band is off)
    int short_words = 0;   ///< of those, 3-4 letters
    int long_words = 0;    ///< of those, 5-6 letters
    int longest = 0;       ///< letters of the longest reachable word (0 if none)
};

/// Counts the reachable words of an analysed challenge under `rules`' definitions.
ReachableWordCounts count_reachable_words(const Dictionary& dict, const StateSpace& ss,
                                          const ReachableWordRules& rules);

/// Per constraint (ReachRule order), how far the counts are from meeting it: 0 = met (or
/// off), up to 1 = as far as it gets. The generator's graded infeasibility.
std::array<double, kReachRuleCount> rule_shortfalls(const ReachableWordCounts& counts,
                                                    const ReachableWordRules& rules);

/// Name of a constraint as ReachableWordRules spells its field ("min_common").
const char* reach_rule_name(ReachRule rule);

/// Throws sawtooth::Error (one line) for rules no challenge can meet: a common cut or
/// band outside 0..100, a negative count, short-and-long with a maximum below 5, a maximum
/// below kMinWordLength or below the longest source word (source words are always
/// reachable), or an every-word band disjoint from the source band [source_lo, source_hi).
void check_rules(const ReachableWordRules& rules, int longest_source, double source_lo, double source_hi);

}  // namespace sawtooth::words
