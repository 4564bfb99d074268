#pragma once
// The Elimination dictionary: recognised words with a corpus frequency and a profanity
// flag, plus a letter trie for subsequence search. Parses text handed over by the caller
// (gen never opens files); does not decide what a challenge is (see challenge_gen.hpp).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sawtooth::words {

/// Shortest string that counts as a word in play (paper §II-A).
inline constexpr int kMinWordLength = 3;
/// Longest challenge the engine, the analysis and the game accept (16-bit state masks).
inline constexpr int kMaxChallengeLength = 16;
/// Size of the SUBTLEX-US corpus in millions of words: count / this = per-million frequency.
inline constexpr double kSubtlexCorpusMillions = 51.0;
/// Letters of the alphabet the dictionary and the trie handle (a-z only).
inline constexpr int kAlphabet = 26;

/// One dictionary word. Words are lower-case a-z.
struct WordEntry {
    std::string word;
    std::uint64_t count = 0;  ///< occurrences in the frequency corpus (0 = not in it)
    bool profane = false;     ///< recognised in play, never a source word
};

/// One trie node; child[c] is a node index or -1, word is a word id or -1. The last two
/// fields let a subsequence search skip nodes below which no word can be completed.
struct TrieNode {
    std::int32_t child[kAlphabet];
    std::int32_t word = -1;
    std::uint32_t letters_needed = 0;  ///< bit c: every word strictly below has letter c after this node
    std::uint8_t fewest_more = 255;    ///< fewest letters to a word strictly below (255: none below)
};

/// Recognised words sorted by count (descending, then alphabetically), with ranks and a trie.
class Dictionary {
public:
    /// Parses `word<TAB>count[<TAB>profane]` lines ('#' starts a comment line). Words are
    /// lower-cased; lines whose word is not a-z only or shorter than kMinWordLength are
    /// skipped (counted in skipped()). Duplicate words sum their counts. Throws
    /// sawtooth::Error("line N: ...") on a malformed count or flag.
    static Dictionary parse_tsv(std::string_view text);
    /// Builds from entries directly (tests, themed lists); same filtering as parse_tsv.
    static Dictionary from_entries(std::vector<WordEntry> entries);

    /// Number of words.
    int size() const { return static_cast<int>(m_entries.size()); }
    /// Word by id (0 = most frequent).
    const WordEntry& entry(int id) const { return m_entries[static_cast<std::size_t>(id)]; }
    /// Id of a lower-case word, or -1.
    int find(std::string_view word) const;
    /// True if `word` (lower-case) is recognised.
    bool contains(std::string_view word) const { return find(word) >= 0; }
    /// Number of words with count > 0 (the "frequency list" that bands refer to).
    int ranked_size() const { return m_ranked; }
    /// Rank percentile of a word in [0, 100): 0 = most frequent; 100 for count == 0.
    double rank_percentile(int id) const;
    /// Frequency per million corpus words (meaningful for SUBTLEX counts).
    double per_million(int id) const { return static_cast<double>(entry(id).count) / kSubtlexCorpusMillions; }
    /// Lines skipped while parsing (non-letters, too short).
    int skipped() const { return m_skipped; }

    /// Ids of non-profane words with count > 0, rank percentile in [lo_pct, hi_pct) and
    /// exactly `length` letters, in rank order. These are the candidate source words.
    std::vector<int> band(double lo_pct, double hi_pct, int length) const;

    /// Trie node by index; node 0 is the root.
    const TrieNode& node(int index) const { return m_trie[static_cast<std::size_t>(index)]; }
    /// Position of a word in alphabetical order (0 = first); ids are in frequency order.
    int alphabetical_rank(int id) const { return m_alphabetical_rank[static_cast<std::size_t>(id)]; }
    /// The word id at an alphabetical position (inverse of alphabetical_rank).
    int id_at_alphabetical_rank(int rank) const { return m_alphabetical[static_cast<std::size_t>(rank)]; }

private:
    void build();
    void index_trie(std::int32_t node);

    std::vector<WordEntry> m_entries;
    std::vector<TrieNode> m_trie;
    std::vector<std::int32_t> m_alphabetical;       ///< word ids in alphabetical order
    std::vector<std::int32_t> m_alphabetical_rank;  ///< per word id: index into m_alphabetical
    int m_ranked = 0;
    int m_skipped = 0;
};

/// True if `s` is 1..kMaxChallengeLength letters a-z or A-Z (what a challenge may hold).
bool is_valid_letters(std::string_view s);
/// Lower-cases ASCII letters.
std::string to_lower(std::string_view s);
/// Upper-cases ASCII letters.
std::string to_upper(std::string_view s);

}  // namespace sawtooth::words
