// Simulated word players (docs/elimination.md §8): monotone spotting model, deterministic
// action lists that replay exactly, skill matters.
#include <doctest/doctest.h>

#include "../support/words_fixture.hpp"
#include "game/words/modes.hpp"
#include "game/words/simulated_player.hpp"

using namespace sawtooth;
using namespace sawtooth::words;
using sawtooth::words::test::english;

TEST_CASE("spotting rate rises with maxSequence, length, skill and 2X; falls with split") {
    const PlayerModel m;
    const PlayerProfile mid{0.5}, expert{1.0};
    const double base = spot_rate(m, mid, 4, 2, 1, false);
    CHECK(spot_rate(m, mid, 4, 3, 1, false) > base);
    CHECK(spot_rate(m, mid, 5, 2, 1, false) > base);
    CHECK(spot_rate(m, mid, 4, 2, 2, false) < base);
    CHECK(spot_rate(m, mid, 4, 2, 1, true) > base);
    CHECK(spot_rate(m, expert, 4, 2, 1, false) > base);
}

TEST_CASE("bot levels are deterministic, replay exactly, and skill pays") {
    const Dictionary& d = english();
    int words_novice = 0, words_expert = 0, resets = 0, timeouts = 0;
    for (int level : {1, 3, 6, 12, 20}) {
        const GeneratedLevel g = generate_mode_level(d, levels_mode_level(level));
        for (std::uint64_t player = 0; player < 4; ++player) {
            for (double skill : {0.1, 0.9}) {
                Rng r1(mix_seed(player, static_cast<std::uint64_t>(level))), r2 = r1;
                const LevelPlay a = simulate_level(d, g.challenges, PlayerProfile{skill}, r1);
                const LevelPlay b = simulate_level(d, g.challenges, PlayerProfile{skill}, r2);
                CHECK(a.status() != LevelStatus::Playing);
                CHECK(a.log() == b.log());
                CHECK(a.result_hash() == b.result_hash());
                const LevelPlay replay =
                    replay_level(d, g.challenges, parse_action_log(format_action_log(a.log())));
                CHECK(replay.result_hash() == a.result_hash());
                (skill < 0.5 ? words_novice : words_expert) += a.words_found();
                for (const auto& r : a.results()) {
                    resets += r.resets;
                    timeouts += r.status == ChallengeStatus::TimedOut ? 1 : 0;
                    if (r.status == ChallengeStatus::Solved) CHECK(d.contains(r.word));
                }
            }
        }
    }
    CHECK(words_expert > words_novice);
    CHECK(resets > 0);    // slips happen and are undone
    CHECK(timeouts > 0);  // and some levels end on the clock
    MESSAGE("words found: novice " << words_novice << ", expert " << words_expert << "; resets " << resets
                                   << ", timeouts " << timeouts);
}
