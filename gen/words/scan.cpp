#include "gen/words/scan.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace sawtooth::words {

namespace {

struct Hit {
    int id;
    std::uint32_t mask;
};

// Depth-first over (trie node, next position): each step keeps one later letter, so every
// visited path is a prefix of some word and also a subsequence of the challenge.
void dfs(const Dictionary& dict, const std::string& s, std::int32_t node, std::size_t start,
         std::uint32_t mask, std::vector<Hit>& hits) {
    for (std::size_t i = start; i < s.size(); ++i) {
        const std::int32_t next = dict.node(node).child[s[i] - 'a'];
        if (next < 0) continue;
        const std::uint32_t m = mask | (1u << i);
        if (dict.node(next).word >= 0) hits.push_back({dict.node(next).word, m});
        dfs(dict, s, next, i + 1, m, hits);
    }
}

bool more_visible(const WordFeatures& a, const WordFeatures& b) {
    if (a.max_sequence != b.max_sequence) return a.max_sequence > b.max_sequence;
    if (a.split_distance != b.split_distance) return a.split_distance < b.split_distance;
    return a.first_occurrence < b.first_occurrence;
}

}  // namespace

WordFeatures embedding_features(std::uint32_t mask) {
    WordFeatures f;
    f.length = std::popcount(mask);
    if (mask == 0) return f;
    f.first_occurrence = std::countr_zero(mask);
    const int last = 31 - std::countl_zero(mask);
    f.split_distance = (last - f.first_occurrence + 1) - f.length;
    int run = 0;
    for (int i = f.first_occurrence; i <= last; ++i) {
        run = (mask >> i & 1u) ? run + 1 : 0;
        f.max_sequence = std::max(f.max_sequence, run);
    }
    return f;
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
    // The 2^n word table and 32-bit masks need the length cap: refuse rather than overflow.
    if (!is_valid_letters(letters))
        throw std::invalid_argument("challenge must be 1-" + std::to_string(kMaxChallengeLength) +
                                    " letters a-z");
    WordScan scan;
    scan.letters = to_lower(letters);
    scan.word_mask.assign(std::size_t{1} << scan.letters.size(), 0);
    std::vector<Hit> hits;
    if (dict.size() > 0) dfs(dict, scan.letters, 0, 0, 0, hits);
    std::sort(hits.begin(), hits.end(),
              [](const Hit& a, const Hit& b) { return a.id != b.id ? a.id < b.id : a.mask < b.mask; });
    for (std::size_t i = 0; i < hits.size();) {
        FoundWord w;
        w.id = hits[i].id;
        w.word = dict.entry(w.id).word;
        for (; i < hits.size() && hits[i].id == w.id; ++i) {
            w.masks.push_back(hits[i].mask);
            scan.word_mask[hits[i].mask] = 1;
        }
        w.best_mask = w.masks.front();
        w.features = embedding_features(w.best_mask);
        for (std::uint32_t m : w.masks) {
            const WordFeatures f = embedding_features(m);
            if (more_visible(f, w.features)) {
                w.features = f;
                w.best_mask = m;
            }
        }
        scan.words.push_back(std::move(w));
    }
    std::sort(scan.words.begin(), scan.words.end(), [](const FoundWord& a, const FoundWord& b) {
        if (a.word.size() != b.word.size()) return a.word.size() > b.word.size();
        return a.word < b.word;
    });
    return scan;
}

}  // namespace sawtooth::words
