#include "gen/words/challenge_similarity.hpp"

#include <algorithm>
#include <stdexcept>
#include "gen/error.hpp"

#include "gen/printable.hpp"
#include "gen/words/state_space.hpp"

namespace sawtooth::words {

namespace {

ChallengeFeatures features_of_letters(const Dictionary& dict, std::string_view letters) {
    if (!is_valid_letters(letters))
        throw Error("letters must be 1.." + std::to_string(kMaxChallengeLength) + " letters a-z, got '" +
                    printable(letters) + "'");
    ChallengeFeatures f;
    f.letters = to_lower(letters);
    const StateSpace ss = analyze_state_space(dict, f.letters);
    for (const WordReach& w : ss.words)
        if (w.reachable) f.reachable.push_back(w.id);
    std::sort(f.reachable.begin(), f.reachable.end());
    return f;
}

int count_common(const std::vector<int>& a, const std::vector<int>& b) {
    int n = 0;
    auto i = a.begin(), j = b.begin();
    while (i != a.end() && j != b.end()) {
        if (*i < *j)
            ++i;
        else if (*j < *i)
            ++j;
        else
            ++n, ++i, ++j;
    }
    return n;
}

double share(int part, std::size_t whole) { return whole == 0 ? 0.0 : part / static_cast<double>(whole); }

double dice(int shared, std::size_t a, std::size_t b) {
    return a + b == 0 ? 0.0 : 2.0 * shared / static_cast<double>(a + b);
}

}  // namespace

ChallengeFeatures challenge_features(const Dictionary& dict, std::string_view letters) {
    return features_of_letters(dict, letters);
}

ChallengeFeatures challenge_features(const Dictionary& dict, const Challenge& challenge) {
    ChallengeFeatures f = features_of_letters(dict, challenge.letters);
    f.sources = challenge.source_ids;
    std::sort(f.sources.begin(), f.sources.end());
    return f;
}

int longest_common_subsequence(std::string_view a, std::string_view b) {
    std::vector<int> row(b.size() + 1, 0);  // one DP row: lengths for a[0..i) x b[0..j)
    for (char ca : a) {
        int diagonal = 0;
        for (std::size_t j = 0; j < b.size(); ++j) {
            const int up = row[j + 1];
            row[j + 1] = ca == b[j] ? diagonal + 1 : std::max(up, row[j]);
            diagonal = up;
        }
    }
    return row[b.size()];
}

ChallengeComparison compare_challenges(const ChallengeFeatures& a, const ChallengeFeatures& b) {
    ChallengeComparison c;
    c.common_letters = longest_common_subsequence(a.letters, b.letters);
    c.common_words = count_common(a.reachable, b.reachable);
    c.letters_a_to_b = share(c.common_letters, a.letters.size());
    c.letters_b_to_a = share(c.common_letters, b.letters.size());
    c.letters_two_way = dice(c.common_letters, a.letters.size(), b.letters.size());
    c.words_a_to_b = share(c.common_words, a.reachable.size());
    c.words_b_to_a = share(c.common_words, b.reachable.size());
    c.words_two_way = dice(c.common_words, a.reachable.size(), b.reachable.size());
    c.a_to_b = std::max(c.letters_a_to_b, c.words_a_to_b);
    c.b_to_a = std::max(c.letters_b_to_a, c.words_b_to_a);
    c.two_way = std::max(c.letters_two_way, c.words_two_way);
    return c;
}

DuplicateCheck find_near_duplicate(const ChallengeFeatures& candidate,
                                   const std::vector<ChallengeFeatures>& earlier, double threshold) {
    for (std::size_t i = 0; i < earlier.size(); ++i) {
        const ChallengeFeatures& e = earlier[i];
        if (e.letters == candidate.letters) return {DuplicateKind::SameLetters, i, 1.0};
        if (!e.sources.empty() && e.sources == candidate.sources) return {DuplicateKind::SameSources, i, 1.0};
        const double s = compare_challenges(candidate, e).two_way;
        if (s > threshold) return {DuplicateKind::Similar, i, s};
    }
    return {};
}

}  // namespace sawtooth::words
