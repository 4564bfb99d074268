// No near-duplicates in the modes (docs/curation.md "No near-duplicates in Levels, Infinite and Daily"): no
// two challenges a player of a mode can meet in one run are more similar than kNearDuplicateThreshold, share
// their letters or their source words. Levels: all 300 challenges of levels 1..30. Infinite: each run's
// levels 1..10 (one block, game/words/modes.hpp), for runs that held near-duplicates with
// word generator version 2. Daily: each date's 10, for dates that held one with version 2.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "../support/words_fixture.hpp"
#include "game/words/modes.hpp"
#include "gen/words/challenge_similarity.hpp"

using namespace sawtooth::words;
using sawtooth::words::test::english;

namespace {

std::vector<Challenge> challenges_of(const std::vector<GeneratedLevel>& run) {
    std::vector<Challenge> out;
    for (const GeneratedLevel& g : run) out.insert(out.end(), g.challenges.begin(), g.challenges.end());
    return out;
}

/// Pairs of `cs` above the threshold, with the same letters or with the same source words.
int near_duplicate_pairs(const std::vector<Challenge>& cs) {
    std::vector<ChallengeFeatures> f;
    for (const Challenge& c : cs) f.push_back(challenge_features(english(), c));
    int n = 0;
    for (std::size_t i = 0; i < f.size(); ++i)
        for (std::size_t j = i + 1; j < f.size(); ++j) {
            const bool dup = f[i].letters == f[j].letters || f[i].sources == f[j].sources ||
                             compare_challenges(f[i], f[j]).two_way > kNearDuplicateThreshold;
            if (dup) MESSAGE(f[i].letters << " ~ " << f[j].letters);
            n += dup;
        }
    return n;
}

}  // namespace

TEST_CASE("Levels mode 1..30: no pair of its 300 challenges is a near-duplicate") {
    const std::vector<GeneratedLevel> run = generate_mode_run(english(), levels_mode_level(kLevelCount));
    REQUIRE(run.size() == static_cast<std::size_t>(kLevelCount));
    CHECK(near_duplicate_pairs(challenges_of(run)) == 0);  // version 2: TOEDISK ~ TUNOREDISK
}

TEST_CASE("the run's level k equals generate_mode_level of level k (one definition of a level)") {
    const std::vector<GeneratedLevel> run = generate_mode_run(english(), levels_mode_level(12));
    for (int k : {1, 5, 12}) {
        const GeneratedLevel g = generate_mode_level(english(), levels_mode_level(k));
        for (std::size_t i = 0; i < g.challenges.size(); ++i) {
            CHECK(g.challenges[i].letters == run[static_cast<std::size_t>(k - 1)].challenges[i].letters);
            CHECK(g.challenges[i].two_x == run[static_cast<std::size_t>(k - 1)].challenges[i].two_x);
        }
    }
}

TEST_CASE("Infinite runs: no near-duplicate within a run's first 10 levels") {
    for (std::uint64_t run_seed : {1u, 6u, 11u}) {  // 1, 2 and 3 such pairs with version 2
        INFO("run " << run_seed);
        const std::vector<GeneratedLevel> run =
            generate_mode_run(english(), infinite_mode_level(run_seed, kInfiniteChainLevels));
        CHECK(near_duplicate_pairs(challenges_of(run)) == 0);
    }
}

TEST_CASE("Daily levels: no near-duplicate within a date's level") {
    for (const char* date : {"2026-02-18", "2026-03-15", "2026-11-15", "2026-11-22"}) {
        INFO(date);
        CHECK(near_duplicate_pairs(generate_mode_level(english(), daily_mode_level(date)).challenges) == 0);
    }
}

TEST_CASE("an Infinite level avoids only the earlier levels of its block of 10") {
    CHECK(earlier_levels(infinite_mode_level(5, 1)).empty());
    CHECK(earlier_levels(infinite_mode_level(5, 10)).size() == 9);
    const std::vector<ModeLevel> e = earlier_levels(infinite_mode_level(5, 13));
    REQUIRE(e.size() == 2);
    CHECK(e[0].level == 11);
    CHECK(e[0].seed == infinite_mode_level(5, 11).seed);
    CHECK(earlier_levels(levels_mode_level(30)).size() == 29);
    CHECK(earlier_levels(daily_mode_level("2026-11-22")).empty());
}

TEST_CASE("the game's run cache gives generate_mode_level's levels, each run's level made once") {
    ModeRunCache cache;
    const auto same = [&](const ModeLevel& m) {
        const std::vector<Challenge>& cached = cache.level(english(), m).challenges;
        const std::vector<Challenge> fresh = generate_mode_level(english(), m).challenges;
        REQUIRE(cached.size() == fresh.size());
        for (std::size_t i = 0; i < fresh.size(); ++i) {
            CHECK(cached[i].letters == fresh[i].letters);
            CHECK(cached[i].two_x == fresh[i].two_x);
        }
    };
    same(levels_mode_level(4));  // levels 1..4 made
    CHECK(cache.generated() == 4);
    same(levels_mode_level(2));  // already there
    same(levels_mode_level(6));  // 5 and 6 added
    CHECK(cache.generated() == 6);
    same(infinite_mode_level(7, 13));  // block 11..20 of run 7: 11, 12, 13
    CHECK(cache.generated() == 9);
    same(daily_mode_level("2026-11-25"));
    CHECK(cache.generated() == 10);
}
