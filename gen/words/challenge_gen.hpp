#pragma once
// Elimination challenge generator: the paper's FI-2Pop genetic algorithm (Khalifa et al.,
// §III-A). One run makes one challenge: 2-3 source words from a frequency band are mixed
// preserving each word's letter order, shortened greedily, then the feasible population
// evolves on fitness eq. 3 while the infeasible one evolves towards constraint eq. 2.
// Designer constraints on the reachable words (reachable_rules.hpp) are enforced here,
// with retries. Also the 2X bonus letter rule. Does not know about levels (level_table.hpp) or play.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gen/rng.hpp"
#include "gen/words/dictionary.hpp"
#include "gen/words/reachable_rules.hpp"

namespace sawtooth::words {

struct WordScan;

/// How eq. 3 treats short words seen whole in the challenge (see docs/elimination.md).
enum class FitnessRule : std::uint8_t {
    Equation3,     ///< the printed formula: f = (1.1 - |e|/|Short|)(1.1 - |v|/|Long|) / 1.21
    ShortVisible,  ///< the prose: reward short words seen whole, f = (0.1 + |e|/|Short|)(1.1 - |v|/|Long|)
                   ///< / 1.21
};

/// Generation parameters of one challenge (the paper's five level parameters minus num2X).
struct GenParams {
    double band_lo = 0.0;                   ///< corpusFreq band: lowest rank percentile (0 = most frequent)
    double band_hi = 10.0;                  ///< corpusFreq band: highest rank percentile (exclusive)
    std::vector<int> source_lengths{4, 4};  ///< sourceWords: length of each of the 2-3 source words
    int target_length = 6;                  ///< targetLength of constraint eq. 2
    bool exact_length = false;              ///< also require |challenge| == target_length
    int max_seq = 3;                        ///< maxSeq: long/short split of eq. 3
    FitnessRule fitness = FitnessRule::ShortVisible;  ///< eq. 3 as the prose reads it (docs/elimination.md)
};

/// FI-2Pop settings. Defaults keep a challenge in the low milliseconds.
struct GaSettings {
    int population = 24;          ///< size of each of the two populations
    int generations = 40;         ///< at most this many generations per run
    int stall_generations = 10;   ///< stop after this many generations without a better feasible
    int tournament = 3;           ///< tournament selection size
    double crossover_rate = 0.8;  ///< chance two parents recombine (uniform crossover)
    double word_mutation = 0.2;   ///< per source-word gene: chance to draw a new word
    double mix_mutation = 0.1;    ///< per mixing gene: chance to draw a new value
    int restarts = 4;             ///< extra runs (fresh populations) when a run finds nothing feasible
};

/// One generated challenge.
struct Challenge {
    std::string letters;                    ///< lower-case; upper-case it for display
    std::vector<std::string> source_words;  ///< the words it was mixed from
    std::vector<int> source_ids;            ///< their dictionary ids
    int two_x = -1;                         ///< position of the 2X letter, -1 if none
    double fitness = 0.0;                   ///< eq. 3
    int word_count = 0;                     ///< recognised words it holds (subsequences)
    int reachable_words = 0;                ///< of those, how many play can end on
    ReachableWordCounts reach;              ///< what the designer constraints look at
};

/// Counters of one generate() call (for the bench and `words gen --json`).
struct GenStats {
    int evaluations = 0;  ///< chromosomes decoded and scored (cache hits included)
    int scans = 0;        ///< word scans run (cache misses)
    int generations = 0;  ///< generations run over all restarts
    int restarts = 0;     ///< restarts needed
    int attempts = 0;     ///< FI-2Pop runs (more than one only under designer constraints)
    int accepted = 0;     ///< challenges returned
    /// Per designer constraint (ReachRule order): candidates that broke it (scanned GA
    /// candidates under RuleEnforcement::Feasibility, finished challenges under Filter).
    std::array<int, kReachRuleCount> broken{};
};

/// Generates challenges for one parameter set. Holds the candidate lists of the band.
class ChallengeGenerator {
public:
    /// Throws sawtooth::Error (one line) when the parameters are impossible: 2-3 source
    /// words, lengths in [kMinWordLength, kMaxChallengeLength], a band with no word of a length,
    /// a target outside [kMinWordLength + 1, kMaxChallengeLength], a source length not below the
    /// target, or an exact length above the source letters; also for designer constraints
    /// no challenge can meet (check_rules).
    ChallengeGenerator(const Dictionary& dict, GenParams params, GaSettings settings = {},
                       ReachableWordRules rules = {});

    /// One FI-2Pop run (plus restarts). Source ids in `excluded` are never used (variety in a
    /// level). Returns nullopt when no feasible challenge turned up. With designer
    /// constraints on, up to rules.max_attempts runs (drawing on the same `rng`) until one
    /// gives a challenge that meets them; nullopt when none did. With them off, exactly the
    /// one run of before: the same challenges, byte for byte.
    std::optional<Challenge> generate(Rng& rng, const std::vector<int>& excluded = {},
                                      GenStats* stats = nullptr) const;

    /// The parameters in use.
    const GenParams& params() const { return m_params; }
    /// Candidate source-word ids for slot i (band, length, not profane), rank order. Under
    /// per-length bands: within the length's band too, and only words whose inner words all
    /// lie in their bands (at least two: the fewest breaks fill up).
    const std::vector<int>& candidates(std::size_t slot) const { return m_candidates[slot]; }

private:
    class Search;  // the state of one generate() call (challenge_gen.cpp)
    RankBand source_band(int length) const;
    std::vector<int> source_candidates(int length) const;
    std::vector<std::vector<int>> screen_pairs() const;

    const Dictionary* m_dict;
    GenParams m_params;
    GaSettings m_settings;
    ReachableWordRules m_rules;
    std::vector<std::vector<int>> m_candidates;
    std::vector<std::vector<int>> m_pairs;  ///< screened source-word pairs (candidate indices), or none
};

/// Challenge `index` of a numbered run (what `words gen` prints): generated from
/// mix_seed(seed, index) avoiding the source ids in `used`, and when that fails again
/// from the same sub-seed allowing them (a band too narrow for variety still gives a
/// challenge). nullopt when neither run found one; `stats` counts both.
std::optional<Challenge> generate_numbered(const ChallengeGenerator& gen, std::uint64_t seed, int index,
                                           const std::vector<int>& used, GenStats& stats);

/// Constraint eq. 2: 1 if |w| <= tl, else 1 - ln(|w| - tl + 1).
double length_constraint(int length, int target_length);

/// Fitness eq. 3 of a challenge given its scan, under `rule`.
double challenge_fitness(const WordScan& scan, int max_seq, FitnessRule rule);

/// Relative frequency of a lower-case letter in English text (percent; for the 2X rule).
double english_letter_frequency(char c);

/// 2X rule (paper §III-A): picks `num2x` of the challenges at random; in each, takes the
/// least frequent letter of every source word and marks one of them, chosen at random.
/// The position is that letter in the source word's most visible *reachable* embedding
/// when `dict` is given (so playing that word really keeps the bonus), else in its
/// leftmost embedding. Clears two_x elsewhere.
void assign_two_x(std::vector<Challenge>& challenges, int num2x, Rng& rng, const Dictionary* dict = nullptr);

}  // namespace sawtooth::words
