// Deaths by position with the rho's participant bootstrap (telemetry/analysis/position_trend.hpp,
// docs/difficulty.md "Playing a pack"): the means and rho are those of the data; a clear
// rise gives an interval near +1 that holds rho; noise around a flat pack gives a wide one
// holding 0; the seed repeats it; an undefined rho has no interval.
#include "gen/rng.hpp"
#include "telemetry/analysis/position_trend.hpp"
#include "telemetry/analysis/statistics.hpp"

#include <doctest/doctest.h>

#include <vector>

using namespace sawtooth;
using namespace sawtooth::analysis;

namespace {

/// deaths[k][i] for `players` players at 10 positions: slope·k plus noise of sd `noise`,
/// never below 0.
std::vector<std::vector<double>> study(int players, double slope, double noise, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<std::vector<double>> d(10);
    for (int i = 0; i < players; ++i)
        for (std::size_t k = 0; k < d.size(); ++k)
            d[k].push_back(std::max(0.0, 2.0 + slope * static_cast<double>(k) + noise * rng.normal()));
    return d;
}

}  // namespace

TEST_CASE("position trend: means, rho and an interval that says how sure rho is") {
    BootstrapSettings b;
    b.replicates = 400;
    const auto rising = study(40, 1.0, 2.0, 1);
    const PositionTrend r = position_trend(rising, b);
    CHECK(r.players == 40);
    REQUIRE(r.means.size() == 10);
    double sum = 0.0;
    for (const double d : rising[3]) sum += d;
    CHECK(r.means[3] == doctest::Approx(sum / 40.0));
    std::vector<double> x;
    for (int k = 1; k <= 10; ++k) x.push_back(k);
    REQUIRE(r.rho.has_value());
    CHECK(*r.rho == doctest::Approx(*spearman_rho(x, r.means)));
    CHECK(r.rho_interval.replicates == 400);
    CHECK(r.rho_interval.estimate == *r.rho);
    CHECK(r.rho_interval.lo <= *r.rho);
    CHECK(*r.rho <= r.rho_interval.hi);
    CHECK(r.rho_interval.lo > 0.8);

    const PositionTrend flat = position_trend(study(40, 0.0, 2.0, 2), b);
    REQUIRE(flat.rho.has_value());
    CHECK(flat.rho_interval.lo < 0.0);
    CHECK(flat.rho_interval.hi > 0.0);
    CHECK(flat.rho_interval.hi - flat.rho_interval.lo > 0.5);

    // rho of ten positions takes few values near +1, so the seed is checked on the flat case.
    const auto flat_study = study(40, 0.0, 2.0, 2);
    const PositionTrend again = position_trend(flat_study, b);
    CHECK(again.rho_interval.lo == flat.rho_interval.lo);
    CHECK(again.rho_interval.hi == flat.rho_interval.hi);
    b.seed = 2;
    const PositionTrend other = position_trend(flat_study, b);
    CHECK((other.rho_interval.lo != flat.rho_interval.lo || other.rho_interval.hi != flat.rho_interval.hi));
}

TEST_CASE("position trend: no interval without a rho or without replicates") {
    const std::vector<std::vector<double>> equal(5, std::vector<double>(8, 3.0));
    const PositionTrend t = position_trend(equal, BootstrapSettings{});
    CHECK(!t.rho.has_value());
    CHECK(t.rho_interval.replicates == 0);
    BootstrapSettings none;
    none.replicates = 0;
    const PositionTrend u = position_trend(study(10, 1.0, 1.0, 3), none);
    CHECK(u.rho.has_value());
    CHECK(u.rho_interval.replicates == 0);
}
