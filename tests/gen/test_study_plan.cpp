// The thesis study's level plan (gen/study_plan.hpp), the one copy the game's study session
// and `sawtooth-lab study` share: ten linear 4x2 levels of 11x7 rooms, level index k, each
// seed derived from the session seed and k, the same every time; every level generates.
#include "gen/rng.hpp"
#include "gen/study_plan.hpp"

#include <doctest/doctest.h>

#include <set>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_study_plan {

using namespace sawtooth;

TEST_CASE("study level k has the study's shape and level index k") {
    for (int k = 1; k <= kStudyLevels; ++k) {
        const GenParams p = study_level_params(42, k);
        CHECK(p.layout == Layout::Linear);
        CHECK(p.rooms_w == 4);
        CHECK(p.rooms_h == 2);
        CHECK(p.room_w == 11);
        CHECK(p.room_h == 7);
        CHECK(p.alpha == 0.25);
        CHECK(p.level_index == k);
        CHECK(params_problem(p).empty());
    }
}

TEST_CASE("a study level's seed is splitmix64(session seed xor splitmix64(k))") {
    for (const std::uint64_t session : {std::uint64_t{0}, std::uint64_t{1234}, ~std::uint64_t{0}})
        for (int k = 1; k <= kStudyLevels; ++k) {
            std::uint64_t kk = static_cast<std::uint64_t>(k);
            std::uint64_t mixed = session ^ splitmix64(kk);
            CHECK(study_level_params(session, k).seed == splitmix64(mixed));
        }
}

TEST_CASE("a session's ten levels have ten seeds, and another session other seeds") {
    std::set<std::uint64_t> a, b;
    for (int k = 1; k <= kStudyLevels; ++k) {
        a.insert(study_level_params(1, k).seed);
        b.insert(study_level_params(2, k).seed);
    }
    CHECK(a.size() == static_cast<std::size_t>(kStudyLevels));
    for (const std::uint64_t s : a) CHECK(b.count(s) == 0);
}

TEST_CASE("every level of a session generates, identically on a second draw") {
    for (const std::uint64_t session : {std::uint64_t{3}, std::uint64_t{99}})
        for (int k = 1; k <= kStudyLevels; ++k) {
            const StudyLevel first = draw_study_level(session, k);
            INFO("session " << session << " level " << k << ": " << first.error);
            REQUIRE(first.ok);
            CHECK(first.error.empty());
            CHECK(first.params.level_index == k);
            const StudyLevel second = draw_study_level(session, k);
            CHECK(second.params.seed == first.params.seed);
            CHECK(to_level_text(second.level) == to_level_text(first.level));
        }
}

TEST_CASE("a shape the generator refuses is reported, not drawn") {
    StudyLevelShape shape;
    shape.room_w = 1;
    const StudyLevel drawn = draw_study_level(1, 1, shape);
    CHECK_FALSE(drawn.ok);
    CHECK_FALSE(drawn.error.empty());
}

}  // namespace test_study_plan
