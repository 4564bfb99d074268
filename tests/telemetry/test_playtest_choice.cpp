// Playtested choice (telemetry/analysis/playtest_choice): shortlists checked against their
// definition on random candidate sets (disjoint groups, within the tolerance, round by round
// the nearest free group in hazard, found here by brute force); the deaths-by-hazard fit
// recovering known coefficients and refusing a flat or falling panel; and the choice keeping
// the level whose deaths fit the curve, so a deadly level of the right predicted hazard is
// passed over.
#include "../support/curve_candidates.hpp"
#include "gen/rng.hpp"
#include "telemetry/analysis/playtest_choice.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <set>
#include <vector>

using namespace sawtooth;
using namespace sawtooth::analysis;

namespace {

double hazard_distance(const CurveCandidate& c, double target) {
    return std::abs(difficulty_hazard(c.difficulty) - difficulty_hazard(target));
}

/// The distance of the nearest member of `group` within the tolerance (infinite if none).
double group_distance(const std::vector<CurveCandidate>& cands, std::uint64_t group, double target,
                      double tolerance) {
    double best = std::numeric_limits<double>::infinity();
    for (const CurveCandidate& c : cands)
        if (c.group == group && std::abs(c.difficulty - target) <= tolerance)
            best = std::min(best, hazard_distance(c, target));
    return best;
}

}  // namespace

TEST_CASE("shortlists: disjoint groups within the tolerance, each round the nearest free group") {
    Rng rng(17);
    for (int trial = 0; trial < 30; ++trial) {
        const auto cands = test::random_curve_candidates(rng, {200, 60, 1, 0.3});
        const std::vector<double> targets = {0.5, 0.7, 0.8, 0.9, 0.95};
        const double tolerance = 0.05;
        const int per = 1 + trial % 4;
        const Shortlists lists = curve_shortlists(cands, targets, per, tolerance);
        REQUIRE(lists.size() == targets.size());
        std::set<std::uint64_t> claimed;
        // Replay the rounds: entry r of position i must be the nearest group not claimed before it.
        for (int round = 0; round < per; ++round)
            for (std::size_t i = 0; i < targets.size(); ++i) {
                if (static_cast<int>(lists[i].size()) <= round) continue;
                const CurveCandidate& c = cands[lists[i][static_cast<std::size_t>(round)]];
                CHECK(std::abs(c.difficulty - targets[i]) <= tolerance);
                CHECK(claimed.insert(c.group).second);  // no group twice
                CHECK(hazard_distance(c, targets[i]) ==
                      group_distance(cands, c.group, targets[i], tolerance));
                for (std::uint64_t g = 0; g < 60; ++g)
                    if (!claimed.count(g))
                        CHECK(group_distance(cands, g, targets[i], tolerance) >=
                              hazard_distance(c, targets[i]));
            }
        for (const auto& l : lists) CHECK(!l.empty());
    }
}

TEST_CASE("shortlists refuse a position left without candidates, and a shortlist of none") {
    // Two groups near 0.5, none near 0.9: the second target has nothing within 0.05.
    const std::vector<CurveCandidate> cands = {{0.50, 1}, {0.51, 2}, {0.52, 2}};
    CHECK_THROWS_AS(curve_shortlists(cands, {0.5, 0.9}, 1, 0.05), CurveError);
    CHECK_THROWS_AS(curve_shortlists(cands, {0.5}, 0, 0.05), CurveError);
    // Flat targets share the groups: the first position takes the nearer, the second the other.
    const Shortlists flat = curve_shortlists(cands, {0.5, 0.5}, 2, 0.05);
    CHECK(flat[0] == std::vector<std::size_t>{0});
    CHECK(flat[1] == std::vector<std::size_t>{1});
}

TEST_CASE("the deaths-by-hazard fit recovers known coefficients and refuses a panel that does not rise") {
    std::vector<double> h, d;
    for (double x = 1.0; x <= 10.0; x += 0.5) {
        h.push_back(x);
        d.push_back(std::expm1(0.8 + 0.25 * x));
    }
    const DeathsByHazard fit = fit_deaths_by_hazard(h, d);
    CHECK(fit.intercept == doctest::Approx(0.8));
    CHECK(fit.slope == doctest::Approx(0.25));
    CHECK(fit.deaths(4.0) == doctest::Approx(std::expm1(1.8)));
    CHECK_THROWS_AS(fit_deaths_by_hazard({1.0, 2.0, 3.0}, {5.0, 3.0, 1.0}), CurveError);  // falling
    CHECK_THROWS_AS(fit_deaths_by_hazard({1.0, 2.0}, {2.0, 2.0}), CurveError);            // flat
    CHECK_THROWS_AS(fit_deaths_by_hazard({2.0, 2.0}, {1.0, 3.0}), CurveError);            // one hazard
    CHECK_THROWS_AS(fit_deaths_by_hazard({1.0}, {1.0}), CurveError);
}

TEST_CASE("each position keeps the shortlisted level whose deaths fit the curve") {
    // Three positions at hazards 1, 3, 5; two levels each, one of them deadly or harmless.
    std::vector<CurveCandidate> cands;
    std::vector<double> deaths;
    const double targets_h[] = {1.0, 3.0, 5.0};
    const double fitting[] = {1.0, 3.0, 7.0}, off[] = {6.0, 0.2, 30.0};
    Shortlists lists(3);
    for (std::size_t i = 0; i < 3; ++i) {
        cands.push_back({hazard_difficulty(targets_h[i]), 2 * i});
        deaths.push_back(off[i]);
        cands.push_back({hazard_difficulty(targets_h[i] + 0.01), 2 * i + 1});
        deaths.push_back(fitting[i]);
        lists[i] = {2 * i, 2 * i + 1};  // the off level first: nearer in predicted hazard
    }
    const std::vector<double> targets = {hazard_difficulty(1.0), hazard_difficulty(3.0),
                                         hazard_difficulty(5.0)};
    const PlaytestPick pick = pick_by_playtest(cands, targets, lists, deaths);
    CHECK(pick.chosen == std::vector<std::size_t>{1, 3, 5});
    REQUIRE(pick.expected_deaths.size() == 3);
    for (std::size_t i = 0; i < 3; ++i)
        CHECK(pick.expected_deaths[i] == doctest::Approx(pick.fit.deaths(targets_h[i])));
    CHECK(pick.expected_deaths[0] < pick.expected_deaths[1]);
    CHECK(pick.expected_deaths[1] < pick.expected_deaths[2]);
    // The fit is over all six levels: recomputed here.
    std::vector<double> h, d;
    for (std::size_t c = 0; c < cands.size(); ++c)
        h.push_back(difficulty_hazard(cands[c].difficulty)), d.push_back(deaths[c]);
    const DeathsByHazard all = fit_deaths_by_hazard(h, d);
    CHECK(pick.fit.slope == doctest::Approx(all.slope));
    CHECK(pick.fit.intercept == doctest::Approx(all.intercept));
}

TEST_CASE("a flat curve keeps the levels nearest the panel's typical deaths, with no slope to fit") {
    // Five levels at (nearly) one hazard: a fit of their slope would be noise, and could fall.
    const double h = 3.0;
    std::vector<CurveCandidate> cands;
    const std::vector<double> deaths = {9.0, 3.0, 2.0, 0.1, 3.5};
    for (std::size_t c = 0; c < deaths.size(); ++c) cands.push_back({hazard_difficulty(h + 0.001 * c), c});
    const std::vector<double> targets(2, hazard_difficulty(h));
    const Shortlists lists = {{0, 1, 2}, {3, 4}};
    const PlaytestPick pick = pick_by_playtest(cands, targets, lists, deaths);
    double mean_log = 0.0;
    for (const double d : deaths) mean_log += std::log1p(d) / 5.0;
    CHECK(pick.fit.slope == 0.0);
    CHECK(pick.fit.intercept == doctest::Approx(mean_log));  // ln(1 + d) mean = 1.27: 2.6 deaths
    CHECK(pick.chosen == std::vector<std::size_t>{1, 4});
    CHECK(pick.expected_deaths[0] == doctest::Approx(std::expm1(mean_log)));
}
