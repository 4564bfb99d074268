// OLS with several predictors (telemetry/analysis/multiple_regression): a one-predictor
// fit against figures worked by hand and against the verification's simple regression,
// an exact two-predictor plane, and the refusals (too few observations, collinearity).
#include "telemetry/analysis/multiple_regression.hpp"
#include "telemetry/analysis/statistics.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using namespace sawtooth::analysis;

TEST_CASE("one predictor: the textbook figures, equal to the simple regression's") {
    // y on x = 1..5: slope 0.6, intercept 2.2, RSS 2.4, Sxx 10 -> se 0.2828, t 2.121, R² 0.6.
    const std::vector<std::vector<double>> x = {{1}, {2}, {3}, {4}, {5}};
    const std::vector<double> y = {2, 4, 5, 4, 5};
    const MultipleRegression r = fit_ols(x, y, {"x"});
    REQUIRE(r.terms.size() == 2);
    CHECK(r.terms[0].name == "(intercept)");
    CHECK(r.terms[0].coefficient == doctest::Approx(2.2));
    CHECK(r.terms[1].coefficient == doctest::Approx(0.6));
    CHECK(r.terms[1].standard_error == doctest::Approx(std::sqrt(0.08)));
    CHECK(r.terms[1].t == doctest::Approx(0.6 / std::sqrt(0.08)));
    CHECK(r.r2 == doctest::Approx(0.6));
    CHECK(r.adjusted_r2 == doctest::Approx(1 - 0.4 * 4 / 3));
    CHECK(r.residual_dof == 3);
    const Regression simple = regress({1, 2, 3, 4, 5}, y);
    CHECK(r.terms[1].p == doctest::Approx(simple.p_value));
    CHECK(r.terms[1].standard_error == doctest::Approx(simple.se_slope));
    CHECK(r.terms[1].p > 0.1);
    CHECK(r.terms[1].p < 0.15);
}

TEST_CASE("two predictors: an exact plane is recovered with R² 1") {
    std::vector<std::vector<double>> x;
    std::vector<double> y;
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 3; ++b) {
            x.push_back({static_cast<double>(a), static_cast<double>(b * b)});
            y.push_back(1.0 + 2.0 * a - 3.0 * b * b);
        }
    const MultipleRegression r = fit_ols(x, y, {"a", "b2"});
    CHECK(r.terms[0].coefficient == doctest::Approx(1.0));
    CHECK(r.terms[1].coefficient == doctest::Approx(2.0));
    CHECK(r.terms[2].coefficient == doctest::Approx(-3.0));
    CHECK(r.r2 == doctest::Approx(1.0));
    CHECK(r.observations == 12);
}

TEST_CASE("refused: fewer observations than predictors + 2, collinear predictors") {
    CHECK_THROWS_AS(fit_ols({{1, 2}, {2, 1}, {3, 5}}, {1, 2, 3}, {"a", "b"}), RegressionError);
    CHECK_NOTHROW(fit_ols({{1, 2}, {2, 1}, {3, 5}, {4, 4}}, {1, 2, 3, 5}, {"a", "b"}));
    CHECK_THROWS_AS(fit_ols({{1, 2}, {2, 4}, {3, 6}, {4, 8}, {5, 10}}, {1, 2, 3, 5, 4}, {"a", "twice_a"}),
                    RegressionError);
    CHECK_THROWS_AS(fit_ols({{7}, {7}, {7}, {7}}, {1, 2, 3, 4}, {"constant"}), RegressionError);
}
