#include "gen/words/scan.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include "gen/error.hpp"

namespace sawtooth::words {

namespace {

// Sort key of one embedding: word length descending, then the word alphabetically, then the
// mask ascending; one sort of these puts the hits in WordScan::words order.
constexpr int kMaskBits = 16;
constexpr int kLengthShift = 59;
static_assert(kMaxChallengeLength <= kMaskBits, "masks must fit the sort key");

std::uint64_t hit_key(int length, int alphabetical_rank, std::uint32_t mask) {
    return (static_cast<std::uint64_t>(kMaxChallengeLength - length) << kLengthShift) |
           (static_cast<std::uint64_t>(alphabetical_rank) << kMaskBits) | mask;
}
int key_length(std::uint64_t key) { return kMaxChallengeLength - static_cast<int>(key >> kLengthShift); }
std::uint64_t key_word(std::uint64_t key) { return key >> kMaskBits; }
int key_rank(std::uint64_t key) {
    return static_cast<int>((key & ((std::uint64_t{1} << kLengthShift) - 1)) >> kMaskBits);
}
std::uint32_t key_mask(std::uint64_t key) { return static_cast<std::uint32_t>(key & 0xFFFFu); }

// The challenge as the search reads it.
struct Challenge {
    int size = 0;
    int letter[kMaxChallengeLength] = {};                      ///< 0..25 per position
    std::uint32_t letters_from[kMaxChallengeLength + 1] = {};  ///< bit c: letter c at position >= i
};

// Depth-first over (trie node, next position): each step keeps one later letter, so every
// visited path is a prefix of some word and also a subsequence of the challenge. A child is
// entered only if some word below it can still be completed from the letters after it.
class Search {
public:
    Search(const Dictionary& dict, const Challenge& c, std::vector<std::uint64_t>& keys)
        : m_dict(dict), m_trie(&dict.node(0)), m_c(c), m_keys(keys) {}

    void run(std::int32_t node, int start, std::uint32_t mask, int depth) {
        const TrieNode& here = m_trie[node];
        for (int i = start; i < m_c.size; ++i) {
            const std::int32_t next = here.child[m_c.letter[i]];
            if (next < 0) continue;
            const TrieNode& n = m_trie[next];
            const std::uint32_t m = mask | (1u << i);
            if (n.word >= 0) m_keys.push_back(hit_key(depth + 1, m_dict.alphabetical_rank(n.word), m));
            const bool completable =
                n.fewest_more <= m_c.size - (i + 1) && (n.letters_needed & ~m_c.letters_from[i + 1]) == 0;
            if (completable) run(next, i + 1, m, depth + 1);
        }
    }

private:
    const Dictionary& m_dict;
    const TrieNode* m_trie;
    const Challenge& m_c;
    std::vector<std::uint64_t>& m_keys;
};

bool more_visible(const WordFeatures& a, const WordFeatures& b) {
    if (a.max_sequence != b.max_sequence) return a.max_sequence > b.max_sequence;
    if (a.split_distance != b.split_distance) return a.split_distance < b.split_distance;
    return a.first_occurrence < b.first_occurrence;
}

// std::popcount is a libgcc call at the baseline x86-64 target; this compiles inline.
int count_bits(std::uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return static_cast<int>((x * 0x01010101u) >> 24);
}

// embedding_features for a mask with `length` bits set (at least one).
WordFeatures features_of(std::uint32_t mask, int length) {
    WordFeatures f;
    f.length = length;
    f.first_occurrence = std::countr_zero(mask);
    const int last = 31 - std::countl_zero(mask);
    f.split_distance = (last - f.first_occurrence + 1) - length;
    // Each step shortens every run of set bits by one: the steps count the longest run.
    for (std::uint32_t m = mask; m != 0; m &= m >> 1) ++f.max_sequence;
    return f;
}

// One FoundWord from its keys (same word, masks ascending).
FoundWord found_word(const Dictionary& dict, const std::uint64_t* first, const std::uint64_t* last,
                     std::vector<std::uint8_t>& word_mask) {
    FoundWord w;
    w.id = dict.id_at_alphabetical_rank(key_rank(*first));
    w.word = dict.entry(w.id).word;
    const int length = key_length(*first);
    w.masks.resize(static_cast<std::size_t>(last - first));
    for (std::size_t k = 0; first + k != last; ++k) {
        const std::uint32_t m = key_mask(first[k]);
        w.masks[k] = m;
        word_mask[m] = 1;
        const WordFeatures f = features_of(m, length);
        if (k == 0 || more_visible(f, w.features)) {
            w.features = f;
            w.best_mask = m;
        }
    }
    return w;
}

}  // namespace

WordFeatures embedding_features(std::uint32_t mask) {
    if (mask == 0) return WordFeatures{};
    return features_of(mask, count_bits(mask));
}

std::string kept_letters(std::string_view letters, std::uint32_t mask) {
    std::string out;
    for (std::size_t i = 0; i < letters.size(); ++i)
        if (mask >> i & 1u) out.push_back(letters[i]);
    return out;
}

bool is_subsequence(std::string_view word, std::string_view s) {
    std::size_t j = 0;
    for (std::size_t i = 0; i < s.size() && j < word.size(); ++i)
        if (s[i] == word[j]) ++j;
    return j == word.size();
}

std::uint32_t leftmost_embedding(std::string_view word, std::string_view s) {
    std::uint32_t mask = 0;
    std::size_t j = 0;
    for (std::size_t i = 0; i < s.size() && j < word.size(); ++i)
        if (s[i] == word[j]) {
            mask |= 1u << i;
            ++j;
        }
    return j == word.size() ? mask : 0;
}

const FoundWord* WordScan::find(std::string_view word) const {
    for (const FoundWord& w : words)
        if (w.word == word) return &w;
    return nullptr;
}

WordScan scan_words(const Dictionary& dict, std::string_view letters) {
    // The 2^n word table and 16-bit masks need the length cap: refuse rather than overflow.
    if (!is_valid_letters(letters))
        throw Error("challenge must be 1-" + std::to_string(kMaxChallengeLength) + " letters a-z");
    WordScan scan;
    scan.letters = to_lower(letters);
    scan.word_mask.assign(std::size_t{1} << scan.letters.size(), 0);
    Challenge c;
    c.size = static_cast<int>(scan.letters.size());
    for (int i = c.size - 1; i >= 0; --i) {
        c.letter[i] = scan.letters[static_cast<std::size_t>(i)] - 'a';
        c.letters_from[i] = c.letters_from[i + 1] | (1u << c.letter[i]);
    }
    // Reused per thread: a scan allocates only what it returns.
    thread_local std::vector<std::uint64_t> keys;
    keys.clear();
    if (dict.size() > 0) Search(dict, c, keys).run(0, 0, 0, 0);
    std::sort(keys.begin(), keys.end());
    std::size_t words = 0;
    for (std::size_t i = 0; i < keys.size(); ++i)
        words += i == 0 || key_word(keys[i]) != key_word(keys[i - 1]);
    scan.words.reserve(words);
    for (std::size_t i = 0; i < keys.size();) {
        std::size_t j = i + 1;
        while (j < keys.size() && key_word(keys[j]) == key_word(keys[i])) ++j;
        scan.words.push_back(found_word(dict, keys.data() + i, keys.data() + j, scan.word_mask));
        i = j;
    }
    return scan;
}

}  // namespace sawtooth::words
