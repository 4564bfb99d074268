#pragma once
// Random candidate sets for the difficulty-curve tests (test_difficulty_curve,
// test_playtest_choice).

#include "gen/rng.hpp"
#include "telemetry/analysis/difficulty_curve.hpp"

#include <cstdint>
#include <vector>

namespace sawtooth::test {

/// What random_curve_candidates draws.
struct RandomCandidates {
    int count = 0;
    int groups = 1;                  ///< group ids drawn uniformly from 0 .. groups - 1 ...
    std::uint64_t group_stride = 1;  ///< ... times this (ids need not be small or dense)
    double lowest_difficulty = 0.0;  ///< difficulties uniform in [lowest, 1)
};

/// Per candidate, the difficulty is drawn before the group (so a seed gives the same sets).
inline std::vector<analysis::CurveCandidate> random_curve_candidates(Rng& rng, const RandomCandidates& s) {
    std::vector<analysis::CurveCandidate> out;
    for (int i = 0; i < s.count; ++i) {
        const double d = s.lowest_difficulty + (1.0 - s.lowest_difficulty) * rng.uniform01();
        const auto group = static_cast<std::uint64_t>(rng.uniform_int(0, s.groups - 1)) * s.group_stride;
        out.push_back({d, group});
    }
    return out;
}

}  // namespace sawtooth::test
