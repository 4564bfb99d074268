#pragma once
// Similarity of two Elimination challenges, the word-game counterpart of
// gen/similarity.hpp; the definition is argued in docs/curation.md "Elimination: catalogue
// and similarity". Two challenges are alike when a player sees nearly the same letters in
// nearly the same order (letter similarity: the longest common subsequence of the letter
// strings) or can end on nearly the same words (word similarity: the overlap of the sets of
// reachable words, state_space.hpp). The similarity is the larger of the two. One-way
// sim(A->B) divides by A's size; two-way is the Dice form 2·shared / (|A| + |B|),
// symmetric by construction, as the platformer's. The 2X letter is ignored: it is assigned
// after a level's challenges are chosen and changes a word's score, not which letters are
// shown or which words can be made.
// Units: every similarity is a share in [0, 1]. Does not: read files or clocks; know about
// levels or modes (level_table.hpp and game/words/modes.hpp use it to reject near-duplicates).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gen/words/challenge_gen.hpp"
#include "gen/words/dictionary.hpp"

namespace sawtooth::words {

/// Two-way similarity above which a challenge counts as a near-duplicate of another and
/// generation rejects it (measured and argued in docs/curation.md).
inline constexpr double kNearDuplicateThreshold = 0.75;

/// What the similarity of a challenge looks at, computed once per challenge.
struct ChallengeFeatures {
    std::string letters;         ///< lower-case
    std::vector<int> reachable;  ///< dictionary ids of the words play can end on, ascending
    std::vector<int> sources;    ///< source-word ids, ascending (empty for typed-in letters)
};

/// Features of letters alone (no source words). Throws sawtooth::Error unless
/// is_valid_letters(letters).
ChallengeFeatures challenge_features(const Dictionary& dict, std::string_view letters);
/// Features of a generated challenge (its source words included).
ChallengeFeatures challenge_features(const Dictionary& dict, const Challenge& challenge);

/// The two measures and their maximum, one-way both ways and two-way.
struct ChallengeComparison {
    int common_letters = 0;  ///< length of the longest common subsequence of the letters
    int common_words = 0;    ///< reachable words both have
    double letters_a_to_b = 0.0, letters_b_to_a = 0.0, letters_two_way = 0.0;
    double words_a_to_b = 0.0, words_b_to_a = 0.0, words_two_way = 0.0;
    double a_to_b = 0.0;   ///< max(letters_a_to_b, words_a_to_b)
    double b_to_a = 0.0;   ///< max(letters_b_to_a, words_b_to_a)
    double two_way = 0.0;  ///< max(letters_two_way, words_two_way): the similarity
};

/// Length of the longest common subsequence of two strings.
int longest_common_subsequence(std::string_view a, std::string_view b);

/// Compares A with B. Two empty word sets count as word similarity 0 (nothing shared to play).
ChallengeComparison compare_challenges(const ChallengeFeatures& a, const ChallengeFeatures& b);

/// Why a candidate is a near-duplicate of an earlier challenge (or None).
enum class DuplicateKind : std::uint8_t { None, SameLetters, SameSources, Similar };

/// The first earlier challenge the candidate nearly repeats: same letters, the same set of
/// source words, or two-way similarity above `threshold`. None when it repeats none.
struct DuplicateCheck {
    DuplicateKind kind = DuplicateKind::None;
    std::size_t earlier = 0;  ///< index into `earlier` when kind != None
    double similarity = 0.0;
};
DuplicateCheck find_near_duplicate(const ChallengeFeatures& candidate,
                                   const std::vector<ChallengeFeatures>& earlier,
                                   double threshold = kNearDuplicateThreshold);

}  // namespace sawtooth::words
