// Golden determinism scenario for the word mode: Levels-mode level 1 and one simulated
// player on it must give these exact challenges and this result hash on every machine and
// build. If a deliberate change to the generator, the dictionary asset or the rules moves
// them, bump kWordGenVersion and update the constants (the failure prints the new values).
#include <doctest/doctest.h>

#include <cstdio>

#include "../support/words_fixture.hpp"
#include "game/words/modes.hpp"
#include "game/words/simulated_player.hpp"

using namespace sawtooth;
using namespace sawtooth::words;
using sawtooth::words::test::english;

namespace {
constexpr const char* kLevel1[kChallengesPerLevel] = {
    "wasame", "realee", "hotony", "rushyh", "itsink", "cityou", "dietoo", "tillaw", "metell", "allack",
};
constexpr int kLevel1TwoX[kChallengesPerLevel] = {0, -1, 5, -1, 5, -1, -1, -1, 4, 1};
constexpr std::uint64_t kBotHash = 0x3d4204a4d0e597c9ull;
}  // namespace

TEST_CASE("Levels-mode level 1 and a simulated player are bit-identical to the golden run") {
    const GeneratedLevel g = generate_mode_level(english(), levels_mode_level(1));
    REQUIRE(g.challenges.size() == static_cast<std::size_t>(kChallengesPerLevel));
    bool same = true;
    for (int i = 0; i < kChallengesPerLevel; ++i) {
        const Challenge& c = g.challenges[static_cast<std::size_t>(i)];
        same = same && c.letters == kLevel1[i] && c.two_x == kLevel1TwoX[i];
    }
    Rng rng(20261122);
    const LevelPlay play = simulate_level(english(), g.challenges, PlayerProfile{0.5}, rng);
    if (!same || play.result_hash() != kBotHash) {
        for (const Challenge& c : g.challenges)
            std::printf("    \"%s\" two_x %d\n", c.letters.c_str(), c.two_x);
        std::printf("bot hash 0x%016llxull, words %d, score %d\n",
                    static_cast<unsigned long long>(play.result_hash()), play.words_found(),
                    play.total_score());
    }
    CHECK(same);
    CHECK(play.result_hash() == kBotHash);
}
