// Difficulty-targeted choice (telemetry/analysis/difficulty_curve): the curves on values
// counted by hand, the curve file's refusals, and the picker's properties over random
// candidate sets — distinct groups, errors within the tolerance, non-decreasing picks for a
// rising curve, determinism — checked against a brute-force search over every choice of
// small instances (the least max error, and the least sum among choices within the
// tolerance), so a greedy or a wrong assignment fails here. Also Spearman's rho
// (telemetry/analysis/statistics), used for deaths by position.
#include "../support/curve_candidates.hpp"
#include "gen/rng.hpp"
#include "telemetry/analysis/difficulty_curve.hpp"
#include "telemetry/analysis/statistics.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <set>
#include <vector>

using namespace sawtooth;
using namespace sawtooth::analysis;

namespace {

std::vector<CurveCandidate> random_candidates(Rng& rng, int n, int groups) {
    return test::random_curve_candidates(rng, {n, groups, 7919, 0.0});
}

/// Every choice of distinct-group candidates, one per target: the least max |error|, and the
/// least sum of |error| among choices whose max is within `tolerance` (inf when none).
struct Brute {
    double best_max = std::numeric_limits<double>::infinity();
    double best_sum = std::numeric_limits<double>::infinity();
};

Brute brute_force(const std::vector<CurveCandidate>& c, const std::vector<double>& t, double tolerance) {
    Brute b;
    std::vector<std::size_t> pick;
    std::function<void(std::size_t)> go = [&](std::size_t i) {
        if (i == t.size()) {
            double mx = 0.0, sum = 0.0;
            for (std::size_t k = 0; k < t.size(); ++k) {
                const double e = std::abs(c[pick[k]].difficulty - t[k]);
                mx = std::max(mx, e);
                sum += e;
            }
            b.best_max = std::min(b.best_max, mx);
            if (mx <= tolerance) b.best_sum = std::min(b.best_sum, sum);
            return;
        }
        for (std::size_t j = 0; j < c.size(); ++j) {
            bool clash = false;
            for (const std::size_t q : pick) clash = clash || c[q].group == c[j].group;
            if (clash) continue;
            pick.push_back(j);
            go(i + 1);
            pick.pop_back();
        }
    };
    go(0);
    return b;
}

std::set<std::uint64_t> groups_of(const std::vector<CurveCandidate>& c,
                                  const std::vector<std::size_t>& chosen) {
    std::set<std::uint64_t> g;
    for (const std::size_t k : chosen) g.insert(c[k].group);
    return g;
}

}  // namespace

TEST_CASE("quantile interpolates between order statistics (type 7)") {
    const std::vector<double> v = {0.4, 0.1, 0.3, 0.2, 0.5};
    CHECK(quantile(v, 0.0) == doctest::Approx(0.1));
    CHECK(quantile(v, 0.5) == doctest::Approx(0.3));
    CHECK(quantile(v, 1.0) == doctest::Approx(0.5));
    CHECK(quantile(v, 0.1) == doctest::Approx(0.14));  // h = 0.4: 0.1 + 0.4 * 0.1
    CHECK(quantile({0.2, 0.6}, 0.5) == doctest::Approx(0.4));
    CHECK_THROWS_AS(quantile({}, 0.5), CurveError);
}

TEST_CASE("rising curves run evenly between two quantiles; flat curves sit at the median") {
    std::vector<double> d;
    for (int i = 0; i <= 100; ++i) d.push_back(i / 100.0);  // quantile q is q itself
    const RisingCurveSettings even{0.1, 0.9, CurveSpacing::Difficulty};
    const std::vector<double> r = rising_curve(d, 5, even);
    REQUIRE(r.size() == 5);
    const std::vector<double> want = {0.1, 0.3, 0.5, 0.7, 0.9};
    for (std::size_t k = 0; k < 5; ++k) CHECK(r[k] == doctest::Approx(want[k]));
    const std::vector<double> wide = rising_curve(d, 3, {0.0, 1.0, CurveSpacing::Difficulty});
    CHECK(wide == std::vector<double>{0.0, 0.5, 1.0});
    const std::vector<double> one = rising_curve(d, 1, even);
    REQUIRE(one.size() == 1);
    CHECK(one[0] == doctest::Approx(0.5));  // the midpoint of 0.1 and 0.9
    const std::vector<double> f = flat_curve({0.9, 0.1, 0.3}, 4);
    CHECK(f == std::vector<double>(4, 0.3));
    CHECK_THROWS_AS(rising_curve(d, 0), CurveError);
    CHECK_THROWS_AS(rising_curve(d, 3, {0.6, 0.4}), CurveError);
    CHECK_THROWS_AS(rising_curve(d, 3, {-0.1, 0.5}), CurveError);
    CHECK_THROWS_AS(flat_curve(d, -1), CurveError);
}

TEST_CASE(
    "the default rising curve is spaced evenly in hazard -ln(1 - d) between the 5 % and 95 % quantiles") {
    std::vector<double> d;
    for (int i = 0; i <= 100; ++i) d.push_back(i / 100.0);
    const std::vector<double> r = rising_curve(d, 4);
    REQUIRE(r.size() == 4);
    CHECK(r.front() == doctest::Approx(0.05));
    CHECK(r.back() == doctest::Approx(0.95));
    const double step = difficulty_hazard(r[1]) - difficulty_hazard(r[0]);
    CHECK(step == doctest::Approx((std::log(0.95) - std::log(0.05)) / 3.0));  // h(0.95) - h(0.05) in 3 steps
    for (std::size_t k = 1; k < r.size(); ++k)
        CHECK(difficulty_hazard(r[k]) - difficulty_hazard(r[k - 1]) == doctest::Approx(step));
    CHECK(r[1] - r[0] > r[3] - r[2]);  // so the steps in δ shrink toward the hard end
    CHECK(hazard_difficulty(difficulty_hazard(0.3)) == doctest::Approx(0.3));
    CHECK(std::isfinite(difficulty_hazard(1.0)));  // an unreachable exit has a finite hazard
    const std::vector<double> one = rising_curve({0.5, 0.75}, 1, {0.0, 1.0});
    REQUIRE(one.size() == 1);
    CHECK(one[0] == doctest::Approx(1.0 - std::sqrt(0.5 * 0.25)));  // the hazard midpoint
}

TEST_CASE("a curve file is a list of numbers in [0, 1], bare or under \"targets\"") {
    using nlohmann::json;
    CHECK(curve_targets_from_json(json::parse("[0.1, 0.5, 1]")) == std::vector<double>{0.1, 0.5, 1.0});
    CHECK(curve_targets_from_json(json::parse(R"({"targets": [0, 0.25]})")) ==
          std::vector<double>{0.0, 0.25});
    const auto message = [](const char* text) {
        try {
            curve_targets_from_json(json::parse(text));
        } catch (const CurveError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(message("[0.1, 1.5]") == "/1: 1.5 is outside [0, 1]");
    CHECK(message(R"({"targets": [0.2, "hard"]})") == "/targets/1: \"hard\" is not a number");
    CHECK(message("[true]") == "/0: true is not a number");
    CHECK(message("[-0.01]") == "/0: -0.01 is outside [0, 1]");
    CHECK(message("[]") == "the curve is empty");
    CHECK(message(R"({"targets": []})") == "/targets is empty");
    CHECK(message(R"({"target": [0.5]})").find("expected a list") != std::string::npos);
    CHECK(message("0.5") == "the curve is not a list of difficulties in [0, 1]");
}

TEST_CASE("pick_for_curve: distinct groups, within tolerance, optimal as a brute force, deterministic") {
    Rng rng(17);
    int met = 0, refused = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const int n_targets = static_cast<int>(rng.uniform_int(1, 4));
        const int n_cands = static_cast<int>(rng.uniform_int(n_targets + 1, 8));
        const auto c = random_candidates(rng, n_cands, static_cast<int>(rng.uniform_int(n_targets, n_cands)));
        std::set<std::uint64_t> all_groups;
        for (const auto& x : c) all_groups.insert(x.group);
        if (all_groups.size() < static_cast<std::size_t>(n_targets)) continue;
        std::vector<double> t;
        for (int k = 0; k < n_targets; ++k) t.push_back(rng.uniform01());
        const double tolerance = rng.uniform(0.02, 0.4);
        const CurvePick p = pick_for_curve(c, t, {tolerance});
        const Brute b = brute_force(c, t, tolerance);
        CAPTURE(trial);
        CHECK(p.best_max_error == doctest::Approx(b.best_max));
        CHECK(p.met == (b.best_max <= tolerance));
        if (!p.met) {
            ++refused;
            CHECK(p.chosen.empty());
            continue;
        }
        ++met;
        REQUIRE(p.chosen.size() == t.size());
        CHECK(groups_of(c, p.chosen).size() == t.size());  // distinct levels, one per group
        double sum = 0.0, mx = 0.0;
        for (std::size_t k = 0; k < t.size(); ++k) {
            const double e = c[p.chosen[k]].difficulty - t[k];
            CHECK(p.errors[k] == doctest::Approx(e));
            sum += std::abs(e);
            mx = std::max(mx, std::abs(e));
        }
        CHECK(mx <= tolerance);
        CHECK(p.max_error == doctest::Approx(mx));
        CHECK(p.mean_error == doctest::Approx(sum / static_cast<double>(t.size())));
        CHECK(sum == doctest::Approx(b.best_sum));  // the least sum within the tolerance
        const CurvePick again = pick_for_curve(c, t, {tolerance});
        CHECK(again.chosen == p.chosen);
    }
    CHECK(met > 50);  // both outcomes were exercised
    CHECK(refused > 20);
}

TEST_CASE("a rising curve gets non-decreasing picks when the candidates allow it") {
    Rng rng(3);
    for (int trial = 0; trial < 50; ++trial) {
        const auto c = random_candidates(rng, 400, 150);
        std::vector<double> d;
        for (const auto& x : c) d.push_back(x.difficulty);
        const std::vector<double> t = rising_curve(d, 10);
        const CurvePick p = pick_for_curve(c, t, {0.05});
        REQUIRE(p.met);
        for (std::size_t k = 1; k < p.chosen.size(); ++k)
            CHECK(c[p.chosen[k - 1]].difficulty <= c[p.chosen[k]].difficulty);
        CHECK(p.max_error <= 0.05);
        CHECK(groups_of(c, p.chosen).size() == 10);
    }
}

TEST_CASE("the assignment succeeds where a greedy nearest-pair-first choice fails") {
    // Nearest pair first: 0.42 <- 0.45 (0.03), leaving 0.50 <- 0.36 (0.14). The assignment:
    // 0.42 <- 0.36 (0.06), 0.50 <- 0.45 (0.05).
    const std::vector<CurveCandidate> c = {{0.45, 1}, {0.36, 2}};
    const CurvePick p = pick_for_curve(c, {0.42, 0.50}, {0.065});
    REQUIRE(p.met);
    CHECK(p.chosen == std::vector<std::size_t>{1, 0});
    CHECK(p.max_error == doctest::Approx(0.06));
    const CurvePick tight = pick_for_curve(c, {0.42, 0.50}, {0.05});
    CHECK_FALSE(tight.met);
    CHECK(tight.best_max_error == doctest::Approx(0.06));
}

TEST_CASE("two candidates of one group are never chosen together") {
    // Both group-1 levels fit their targets exactly; only one of them may be used.
    const std::vector<CurveCandidate> c = {{0.42, 1}, {0.50, 1}, {0.30, 2}};
    const CurvePick p = pick_for_curve(c, {0.42, 0.50}, {0.13});
    REQUIRE(p.met);
    CHECK(p.chosen == std::vector<std::size_t>{2, 1});
    CHECK(p.max_error == doctest::Approx(0.12));
    CHECK_FALSE(pick_for_curve(c, {0.42, 0.50}, {0.1}).met);
}

TEST_CASE("equal targets take their levels in candidate order, not by difficulty") {
    const std::vector<CurveCandidate> c = {{0.52, 1}, {0.47, 2}, {0.51, 3}, {0.49, 4}, {0.9, 5}};
    const CurvePick p = pick_for_curve(c, flat_curve({0.5}, 4), {0.05});
    REQUIRE(p.met);
    CHECK(p.chosen == std::vector<std::size_t>{0, 1, 2, 3});
}

TEST_CASE("pick_for_curve refuses fewer groups than positions and empty curves") {
    const std::vector<CurveCandidate> c = {{0.1, 1}, {0.2, 1}, {0.3, 2}};
    CHECK_THROWS_WITH_AS(pick_for_curve(c, {0.1, 0.2, 0.3}),
                         "3 positions but only 2 distinct candidate levels", CurveError);
    CHECK_THROWS_AS(pick_for_curve(c, {}), CurveError);
    CHECK_THROWS_AS(pick_for_curve({{std::nan(""), 1}}, {0.5}), CurveError);
}

TEST_CASE("spearman_rho: ranks, ties as mean ranks, undefined when constant") {
    const std::vector<double> pos = {1, 2, 3, 4, 5};
    CHECK(*spearman_rho(pos, {0.1, 0.5, 0.9, 2.0, 7.0}) == doctest::Approx(1.0));  // monotone, not linear
    CHECK(*spearman_rho(pos, {5, 4, 3, 2, 1}) == doctest::Approx(-1.0));
    // Ranks of y with the tie: 1, 2.5, 2.5, 4, 5 -> r = 0.974679...
    CHECK(*spearman_rho(pos, {1, 2, 2, 3, 4}) == doctest::Approx(0.9746794));
    // d = (0, 0, 1, -1, 0) without ties: rho = 1 - 6 * 2 / (5 * 24) = 0.9
    CHECK(*spearman_rho(pos, {10, 20, 40, 30, 50}) == doctest::Approx(0.9));
    CHECK_FALSE(spearman_rho(pos, {3, 3, 3, 3, 3}).has_value());
    CHECK_FALSE(spearman_rho({1}, {2}).has_value());
    CHECK_FALSE(spearman_rho({1, 2}, {1, 2, 3}).has_value());
}

TEST_CASE("pick_errors reports a given choice's errors against the tolerance") {
    const std::vector<CurveCandidate> cands = {{0.50, 1}, {0.70, 2}, {0.95, 3}};
    const CurvePick p = pick_errors(cands, {0.52, 0.90}, {0, 2}, {0.06});
    CHECK(p.chosen == std::vector<std::size_t>{0, 2});
    REQUIRE(p.errors.size() == 2);
    CHECK(p.errors[0] == doctest::Approx(-0.02));
    CHECK(p.errors[1] == doctest::Approx(0.05));
    CHECK(p.max_error == doctest::Approx(0.05));
    CHECK(p.mean_error == doctest::Approx(0.035));
    CHECK(p.met);
    CHECK_FALSE(pick_errors(cands, {0.52, 0.90}, {0, 1}, {0.06}).met);  // 0.70 is 0.20 off
}
