#pragma once
// Word engine: every recognised word that is a subsequence of a challenge, found by a
// trie-guided depth-first search over the challenge positions (never by enumerating the
// 2^n subsets), with the paper's per-word features. Does not apply the rule that play
// stops at the first word formed: that is state_space.hpp.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gen/words/dictionary.hpp"

namespace sawtooth::words {

/// Features of one embedding of a word in a challenge (paper §IV-C). Positions are 0-based.
struct WordFeatures {
    int length = 0;            ///< letters in the word
    int max_sequence = 0;      ///< longest run of word letters at adjacent challenge positions
    int split_distance = 0;    ///< challenge letters between the word's first and last letter not in it
    int first_occurrence = 0;  ///< challenge position of the word's first letter
};

/// One word found in a challenge with all the ways it is embedded (bit i = position i kept).
struct FoundWord {
    int id = -1;                       ///< dictionary id
    std::string word;                  ///< lower-case
    std::vector<std::uint32_t> masks;  ///< every embedding, ascending
    std::uint32_t best_mask = 0;       ///< the most visible embedding (see features)
    WordFeatures features;             ///< of best_mask: max max_sequence, then min split, then leftmost
};

/// All words of one challenge.
struct WordScan {
    std::string letters;                  ///< lower-case challenge
    std::vector<FoundWord> words;         ///< sorted by length descending, then alphabetically
    std::vector<std::uint8_t> word_mask;  ///< size 2^n: 1 where the kept letters form a word

    /// True if the letters kept by `mask` form a recognised word.
    bool is_word(std::uint32_t mask) const { return word_mask[mask] != 0; }
    /// The found word with this spelling, or nullptr.
    const FoundWord* find(std::string_view word) const;
};

/// Finds every recognised word that is a subsequence of `letters` (case-insensitive).
/// Throws sawtooth::Error unless is_valid_letters(letters).
WordScan scan_words(const Dictionary& dict, std::string_view letters);

/// Features of the embedding `mask` (at least one bit set) in a challenge.
WordFeatures embedding_features(std::uint32_t mask);

/// The letters kept by `mask`, in order.
std::string kept_letters(std::string_view letters, std::uint32_t mask);

/// True if `word` is a subsequence of `s`.
bool is_subsequence(std::string_view word, std::string_view s);

/// Leftmost embedding of `word` in `s` as a mask, or 0 if it is not a subsequence.
std::uint32_t leftmost_embedding(std::string_view word, std::string_view s);

}  // namespace sawtooth::words
