// The playability proof (game/bot/proof.hpp): the expert's two plays of a level, the same
// plays bot::play_level makes; a proof cancelled through its callback ends within one tick
// with PlayEnd::Cancelled (no exception), and the second direction is then not played.
#include "game/bot/proof.hpp"
#include "gen/study_plan.hpp"

#include <doctest/doctest.h>

using namespace sawtooth;
using namespace sawtooth::bot;

namespace {

Level study_level(int k) {
    StudyLevel drawn = draw_study_level(7, k);
    REQUIRE(drawn.ok);
    return drawn.level;
}

}  // namespace

TEST_CASE("a proof is the expert's play both ways, within the tick limit") {
    const Level level = study_level(3);
    const LevelProof proof = prove_level(level);
    CHECK(proof.playable());
    CHECK_FALSE(proof.cancelled());
    CHECK(proof.failure().empty());
    BotSettings capped;
    capped.max_ticks = kProofMaxTicks;
    const PlayResult forward = play_level(level, expert_skill(), 0, capped);
    const PlayResult backward = play_level(reversed_level(level), expert_skill(), 0, capped);
    CHECK(proof.forward.ticks == forward.ticks);
    CHECK(proof.backward.ticks == backward.ticks);
    CHECK(proof.forward.deaths + proof.backward.deaths == forward.deaths + backward.deaths);
    CHECK(proof.forward.path.empty());  // no path unless asked for
}

TEST_CASE("a proof keeps the path it is asked for, and where the play ended") {
    ProofSettings settings;
    settings.path_every_ticks = 4;
    const LevelProof proof = prove_level(study_level(2), settings);
    REQUIRE(proof.forward.reached());
    CHECK(proof.forward.path.size() == proof.forward.ticks / 4 + 1);
}

TEST_CASE("a proof with too few ticks fails both ways and says where") {
    ProofSettings settings;
    settings.max_ticks = 30;
    const LevelProof proof = prove_level(study_level(1), settings);
    CHECK_FALSE(proof.playable());
    CHECK(proof.forward.end == PlayEnd::OutOfTime);
    CHECK(proof.backward.end == PlayEnd::OutOfTime);
    CHECK(proof.failure().find("start->exit out_of_time: tick limit at") == 0);
    CHECK(proof.failure().find("; exit->start out_of_time: tick limit at") != std::string::npos);
}

TEST_CASE("a cancelled proof ends within one tick by its result, not an exception") {
    int asked = 0;
    ProofSettings settings;
    settings.cancelled = [&asked] { return ++asked >= 25; };
    const LevelProof proof = prove_level(study_level(4), settings);
    CHECK(proof.cancelled());
    CHECK_FALSE(proof.playable());
    CHECK(proof.forward.end == PlayEnd::Cancelled);
    CHECK(proof.forward.ticks == 25);  // the tick on which the callback said stop is the last
    CHECK(asked == 25);                // never asked again: the play ended there
    CHECK(proof.backward.end == PlayEnd::Cancelled);
    CHECK(proof.backward.ticks == 0);  // not played
    CHECK(std::string(play_end_name(PlayEnd::Cancelled)) == "cancelled");
}
