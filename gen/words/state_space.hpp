#pragma once
// Exhaustive state-space analysis of a challenge (Skiddy post-mortem, seed 003): every
// elimination state reachable from the full string under the rule that play stops the
// moment the remaining letters form a word. A state is the set of kept positions (a bit
// mask), so 2^n potential states for n letters. Answers which words a player can actually
// end on (in AFART, FAR cannot be reached: every path passes FART or AFAR first).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gen/words/dictionary.hpp"
#include "gen/words/scan.hpp"

namespace sawtooth::words {

/// What one state (mask of kept positions) is after the analysis.
enum class StateKind : std::uint8_t {
    Unreached = 0,  ///< no click sequence from the full string gets here
    Open,           ///< reachable, not a word, some word still reachable from it
    Word,           ///< reachable and its letters form a word: play ends here
    DeadEnd,        ///< reachable, not a word, and no word reachable from it (reset needed)
};

/// Reachability of one word found in the challenge.
struct WordReach {
    int id = -1;
    std::string word;
    bool reachable = false;
    int min_clicks = -1;           ///< n - length when reachable (every path has that length), else -1
    std::uint32_t reach_mask = 0;  ///< a reachable embedding (the most visible one), 0 if none
    int embeddings = 0;            ///< ways the word is embedded
    int reachable_embeddings = 0;  ///< of those, how many are reachable states
    WordFeatures features;         ///< of reach_mask if reachable, else of the most visible embedding
};

/// The whole analysis of one challenge.
struct StateSpace {
    std::string letters;                 ///< lower-case
    bool start_is_word = false;          ///< the full string is a word (not a valid challenge)
    std::uint64_t potential_states = 0;  ///< 2^n: every subset of positions
    std::uint64_t reachable_states = 0;  ///< states some click sequence reaches (incl. the start)
    std::uint64_t word_states = 0;       ///< reachable states that end play with a word
    std::uint64_t dead_end_states = 0;   ///< reachable, not a word, no word reachable any more
    std::vector<WordReach> words;        ///< every word of the scan, same order as the scan
    std::vector<StateKind> kind;         ///< per state mask, size 2^n

    /// Number of reachable / unreachable words.
    int reachable_words() const;
    int unreachable_words() const;
    /// The entry for a word, or nullptr if the word is not in the challenge at all.
    const WordReach* find(std::string_view word) const;
};

/// Full analysis (2^n states, n <= kMaxChallengeLength). Precondition: valid letters.
StateSpace analyze_state_space(const Dictionary& dict, std::string_view letters);
/// Same, reusing a scan of the same letters.
StateSpace analyze_state_space(const WordScan& scan);

/// Fast check used by the generator: can play end on `target` (a word mask of `scan`)?
/// Searches only the states between the target and the full string (2^(n - |target|)).
bool is_mask_reachable(const WordScan& scan, std::uint32_t target);
/// True if any embedding of `word` is reachable.
bool is_word_reachable(const WordScan& scan, const FoundWord& word);

}  // namespace sawtooth::words
