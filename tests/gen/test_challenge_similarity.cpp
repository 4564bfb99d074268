// Letter-sequence similarity of Elimination challenges and the near-duplicate check
// the properties docs/curation.md states, on the English word list.
#include <doctest/doctest.h>

#include "../support/words_fixture.hpp"
#include "gen/error.hpp"
#include "gen/words/challenge_similarity.hpp"

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_challenge_similarity {

using namespace sawtooth::words;
using sawtooth::words::test::english;

namespace {
ChallengeFeatures f(const char* letters) { return challenge_features(english(), letters); }
}  // namespace

TEST_CASE("longest common subsequence of letter strings") {
    CHECK(longest_common_subsequence("toedisk", "tunoredisk") == 7);
    CHECK(longest_common_subsequence("abc", "cba") == 1);
    CHECK(longest_common_subsequence("", "abc") == 0);
    CHECK(longest_common_subsequence("wasame", "realee") == 2);  // "ae"
}

TEST_CASE("a challenge is similarity 1 to itself, whatever case it is written in") {
    for (const char* s : {"wasame", "hotony", "tunoredisk", "xq"}) {
        const ChallengeComparison c = compare_challenges(f(s), challenge_features(english(), to_upper(s)));
        CHECK(c.letters_two_way == 1.0);
        CHECK(c.two_way == 1.0);
        CHECK(c.a_to_b == 1.0);
        CHECK(c.b_to_a == 1.0);
    }
}

TEST_CASE("two-way similarity is symmetric and one-way swaps, every value in [0, 1]") {
    const char* letters[] = {"wasame", "realee", "hotony", "toedisk", "tunoredisk", "cityou", "allack"};
    for (const char* a : letters)
        for (const char* b : letters) {
            const ChallengeComparison ab = compare_challenges(f(a), f(b));
            const ChallengeComparison ba = compare_challenges(f(b), f(a));
            CHECK(ab.two_way == ba.two_way);
            CHECK(ab.a_to_b == ba.b_to_a);
            for (double v : {ab.a_to_b, ab.b_to_a, ab.two_way, ab.letters_two_way, ab.words_two_way}) {
                CHECK(v >= 0.0);
                CHECK(v <= 1.0);
            }
            // two-way lies between the one-way scores (a weighted mean of each measure)
            CHECK(ab.letters_two_way >= std::min(ab.letters_a_to_b, ab.letters_b_to_a) - 1e-12);
            CHECK(ab.letters_two_way <= std::max(ab.letters_a_to_b, ab.letters_b_to_a) + 1e-12);
        }
}

TEST_CASE("a known pair: TOEDISK lies whole inside TUNOREDISK (Levels mode, word generator version 2)") {
    const ChallengeComparison c = compare_challenges(f("toedisk"), f("tunoredisk"));
    CHECK(c.common_letters == 7);
    CHECK(c.letters_a_to_b == 1.0);
    CHECK(c.letters_b_to_a == doctest::Approx(0.7));
    CHECK(c.letters_two_way == doctest::Approx(14.0 / 17.0));
    CHECK(c.two_way == doctest::Approx(14.0 / 17.0));  // the letters outweigh the words here
    CHECK(c.two_way > kNearDuplicateThreshold);
    // an unrelated pair of level 1 is far below
    CHECK(compare_challenges(f("wasame"), f("hotony")).two_way < 0.5);
}

TEST_CASE("word similarity: the share of reachable words both challenges hold") {
    const ChallengeFeatures a = f("wasame"), b = f("wasame");
    CHECK(compare_challenges(a, b).words_two_way == 1.0);
    ChallengeFeatures none = a;
    none.reachable.clear();
    CHECK(compare_challenges(none, none).words_two_way == 0.0);  // nothing shared to play
    CHECK(compare_challenges(none, none).two_way == 1.0);        // the letters still match
}

TEST_CASE("find_near_duplicate names the first earlier challenge repeated and why") {
    std::vector<ChallengeFeatures> earlier = {f("hotony"), f("tunoredisk")};
    CHECK(find_near_duplicate(f("wasame"), earlier).kind == DuplicateKind::None);
    const DuplicateCheck sim = find_near_duplicate(f("toedisk"), earlier);
    CHECK(sim.kind == DuplicateKind::Similar);
    CHECK(sim.earlier == 1);
    CHECK(sim.similarity == doctest::Approx(14.0 / 17.0));
    CHECK(find_near_duplicate(f("hotony"), earlier).kind == DuplicateKind::SameLetters);
    ChallengeFeatures same_sources = f("wasame");
    same_sources.sources = {3, 7};
    earlier.push_back(f("cityou"));
    earlier.back().sources = {3, 7};
    CHECK(find_near_duplicate(same_sources, earlier).kind == DuplicateKind::SameSources);
    // a threshold above the pair's similarity lets it through
    CHECK(find_near_duplicate(f("toedisk"), earlier, 0.9).kind == DuplicateKind::None);
}

TEST_CASE("letters that are not a challenge are refused with one line") {
    CHECK_THROWS_AS(challenge_features(english(), "abc1"), sawtooth::Error);
    CHECK_THROWS_AS(challenge_features(english(), ""), sawtooth::Error);
}

}  // namespace test_challenge_similarity
