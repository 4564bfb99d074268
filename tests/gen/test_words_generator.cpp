// FI-2Pop challenge generator, 2X rule and the Levels table (docs/elimination.md §4-5).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "../support/words_fixture.hpp"
#include "gen/error.hpp"
#include "gen/words/challenge_gen.hpp"
#include "gen/words/level_table.hpp"
#include "gen/words/scan.hpp"
#include "gen/words/state_space.hpp"

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_words_generator {

using namespace sawtooth;
using namespace sawtooth::words;
using sawtooth::words::test::english;
using sawtooth::words::test::tiny;

namespace {
// Every hard rule of a generated challenge, checked independently of the generator.
void check_challenge(const Dictionary& d, const Challenge& c, const words::GenParams& p) {
    INFO(c.letters);
    CHECK(static_cast<int>(c.letters.size()) <= p.target_length);
    if (p.exact_length) CHECK(static_cast<int>(c.letters.size()) == p.target_length);
    CHECK_FALSE(d.contains(c.letters));
    REQUIRE(c.source_words.size() == p.source_lengths.size());
    const StateSpace ss = analyze_state_space(d, c.letters);
    std::set<std::string> distinct;
    for (std::size_t i = 0; i < c.source_words.size(); ++i) {
        const std::string& w = c.source_words[i];
        distinct.insert(w);
        const int id = d.find(w);
        REQUIRE(id >= 0);
        CHECK(static_cast<int>(w.size()) == p.source_lengths[i]);
        CHECK_FALSE(d.entry(id).profane);
        CHECK(d.rank_percentile(id) >= p.band_lo);
        CHECK(d.rank_percentile(id) < p.band_hi);
        CHECK(is_subsequence(w, c.letters));
        const WordReach* r = ss.find(w);
        REQUIRE(r);
        CHECK(r->reachable);
    }
    CHECK(distinct.size() == c.source_words.size());
    CHECK(c.fitness >= 0.0);
    CHECK(c.fitness <= 1.0);
}
}  // namespace

TEST_CASE("constraint eq. 2 and fitness eq. 3 values") {
    CHECK(length_constraint(6, 6) == 1.0);
    CHECK(length_constraint(4, 6) == 1.0);
    CHECK(length_constraint(8, 6) == doctest::Approx(1.0 - std::log(3.0)));

    // HATDEL with maxSeq 3: Short = {hat, had, ate}, Long = {hate}. Seen whole: "hat" only.
    const WordScan s = scan_words(english(), "hatdel");
    CHECK(challenge_fitness(s, 3, FitnessRule::Equation3) ==
          doctest::Approx((1.1 - 1.0 / 3) * (1.1 - 0.0) / 1.21));
    CHECK(challenge_fitness(s, 3, FitnessRule::ShortVisible) ==
          doctest::Approx((0.1 + 1.0 / 3) * 1.1 / 1.21));
    // maxSeq 2: every word is long; one of four seen whole; empty Short contributes 0.
    CHECK(challenge_fitness(s, 2, FitnessRule::Equation3) == doctest::Approx(1.1 * (1.1 - 0.25) / 1.21));
}

TEST_CASE("generated challenges obey every hard rule, over many seeds and parameter sets") {
    const Dictionary& d = english();
    std::vector<words::GenParams> sets;
    sets.push_back(words::GenParams{});
    for (int level : {1, 4, 5, 15, 30}) sets.push_back(levels_mode_params(level).gen);
    words::GenParams exact;
    exact.source_lengths = {5, 5};
    exact.target_length = 8;
    exact.exact_length = true;
    sets.push_back(exact);
    for (const words::GenParams& p : sets) {
        const ChallengeGenerator gen(d, p);
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            Rng rng(seed);
            const auto c = gen.generate(rng);
            REQUIRE(c);
            check_challenge(d, *c, p);
        }
    }
}

TEST_CASE("generation is deterministic and excluded words are avoided") {
    const Dictionary& d = english();
    const ChallengeGenerator gen(d, levels_mode_params(3).gen);
    Rng a(99), b(99);
    const auto ca = gen.generate(a), cb = gen.generate(b);
    REQUIRE(ca);
    REQUIRE(cb);
    CHECK(ca->letters == cb->letters);
    CHECK(ca->source_words == cb->source_words);
    Rng c(99);
    const auto cc = gen.generate(c, ca->source_ids);
    REQUIRE(cc);
    for (int id : cc->source_ids)
        CHECK(std::find(ca->source_ids.begin(), ca->source_ids.end(), id) == ca->source_ids.end());
}

TEST_CASE("FI-2Pop beats its own random start on fitness") {
    // With a tight GA budget (no evolution) vs the default, the default is never worse.
    const Dictionary& d = english();
    const words::GenParams p = levels_mode_params(2).gen;
    GaSettings none;
    none.generations = 1;
    none.stall_generations = 1;
    double evolved = 0.0, random_start = 0.0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        Rng r1(seed), r2(seed);
        evolved += ChallengeGenerator(d, p).generate(r1)->fitness;
        random_start += ChallengeGenerator(d, p, none).generate(r2)->fitness;
    }
    CHECK(evolved >= random_start);
}

TEST_CASE("impossible parameters are rejected with one-line messages") {
    const Dictionary& d = english();
    words::GenParams p;
    p.band_lo = 99.9;
    p.band_hi = 100;
    p.source_lengths = {14, 14};
    p.target_length = 16;
    CHECK_THROWS_AS(ChallengeGenerator(d, p), sawtooth::Error);
    try {
        ChallengeGenerator g(d, p);
    } catch (const sawtooth::Error& e) {
        CHECK(std::string(e.what()).find("no 14-letter source words") != std::string::npos);
        CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
    words::GenParams one;
    one.source_lengths = {4};
    CHECK_THROWS_AS(ChallengeGenerator(d, one), sawtooth::Error);
    words::GenParams too_long;
    too_long.source_lengths = {4, 6};
    too_long.target_length = 6;
    CHECK_THROWS_AS(ChallengeGenerator(d, too_long), sawtooth::Error);
    words::GenParams band;
    band.band_lo = 20;
    band.band_hi = 10;
    CHECK_THROWS_AS(ChallengeGenerator(d, band), sawtooth::Error);
    words::GenParams exact;
    exact.source_lengths = {3, 3};
    exact.target_length = 7;
    exact.exact_length = true;
    CHECK_THROWS_AS(ChallengeGenerator(d, exact), sawtooth::Error);
}

TEST_CASE("2X rule: num2X challenges, on the least frequent letter of a source word") {
    const Dictionary& d = english();
    const words::GeneratedLevel lv = generate_level(d, levels_mode_params(1), 5);
    REQUIRE(lv.challenges.size() == static_cast<std::size_t>(kChallengesPerLevel));
    int with = 0;
    for (const Challenge& c : lv.challenges) {
        if (c.two_x < 0) continue;
        ++with;
        REQUIRE(c.two_x < static_cast<int>(c.letters.size()));
        const char x = c.letters[static_cast<std::size_t>(c.two_x)];
        bool ok = false;
        for (const std::string& w : c.source_words) {
            char least = w[0];
            for (char ch : w)
                if (english_letter_frequency(ch) < english_letter_frequency(least)) least = ch;
            ok = ok || least == x;
        }
        CHECK_MESSAGE(ok, c.letters);
        // Some reachable source word keeps the 2X letter: the bonus can really be earned.
        const StateSpace ss = analyze_state_space(d, c.letters);
        bool earnable = false;
        for (const std::string& w : c.source_words) {
            const WordReach* r = ss.find(w);
            earnable = earnable || (r && r->reachable && (r->reach_mask >> c.two_x & 1u));
        }
        CHECK_MESSAGE(earnable, c.letters);
    }
    CHECK(with == levels_mode_params(1).num2x);
    // Hand case: source "quit" -> least frequent is q, at its leftmost position.
    std::vector<Challenge> one(1);
    one[0].letters = "aquitx";
    one[0].source_words = {"quit"};
    Rng rng(1);
    assign_two_x(one, 1, rng);
    CHECK(one[0].two_x == 1);
}

TEST_CASE("Levels table: sawtooth of 30 levels, parameters monotone in difficulty") {
    for (int l = 1; l <= kLevelCount; ++l) {
        const double dl = levels_mode_difficulty(l);
        if (l % kLevelsPerTooth != 1 && l > 1)
            CHECK(dl > levels_mode_difficulty(l - 1));  // rises inside a tooth
        if (l % kLevelsPerTooth == 1 && l > 1) {
            CHECK(dl < levels_mode_difficulty(l - 1));                // drops at the 6th, 11th, ...
            CHECK(dl > levels_mode_difficulty(l - kLevelsPerTooth));  // each tooth starts higher
        }
    }
    CHECK_THROWS_AS(levels_mode_params(0), sawtooth::Error);
    CHECK_THROWS_AS(levels_mode_params(31), sawtooth::Error);
    LevelParams prev = params_for_difficulty(0);
    for (double x = 0.25; x <= kMaxDifficulty; x += 0.25) {
        const LevelParams p = params_for_difficulty(x);
        int sum = 0, prev_sum = 0;
        for (int len : p.gen.source_lengths) sum += len;
        for (int len : prev.gen.source_lengths) prev_sum += len;
        CHECK(p.gen.band_lo >= prev.gen.band_lo);
        CHECK(p.gen.band_hi >= prev.gen.band_hi);
        CHECK(sum >= prev_sum);
        CHECK(p.gen.max_seq <= prev.gen.max_seq);
        CHECK(p.num2x <= prev.num2x);
        prev = p;
    }
}

TEST_CASE("levels generate deterministically with distinct source words") {
    const Dictionary& d = english();
    for (int level : {1, 17, 30}) {
        const words::GeneratedLevel a = generate_level(d, levels_mode_params(level), 1234);
        const words::GeneratedLevel b = generate_level(d, levels_mode_params(level), 1234);
        REQUIRE(a.challenges.size() == 10);
        std::set<std::string> sources;
        std::size_t total = 0;
        for (std::size_t i = 0; i < a.challenges.size(); ++i) {
            CHECK(a.challenges[i].letters == b.challenges[i].letters);
            CHECK(a.challenges[i].two_x == b.challenges[i].two_x);
            check_challenge(d, a.challenges[i], a.params.gen);
            for (const auto& w : a.challenges[i].source_words) sources.insert(w);
            total += a.challenges[i].source_words.size();
        }
        CHECK(sources.size() == total);
    }
    // A themed word list works the same way.
    const Dictionary theme =
        tiny("lion tiger bear wolf fox seal orca puma lynx hare mole newt crab swan ibis");
    words::GenParams p;
    p.band_lo = 0;
    p.band_hi = 100;
    p.source_lengths = {4, 4};
    p.target_length = 7;
    const ChallengeGenerator gen(theme, p);
    Rng rng(3);
    const auto c = gen.generate(rng);
    REQUIRE(c);
    check_challenge(theme, *c, p);
}

}  // namespace test_words_generator
