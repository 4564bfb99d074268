#pragma once
// Ordinary least squares with several predictors and an intercept (the rating formula of
// docs/curation.md "Rating formula", 002's "Generate a Formula"): coefficients, their standard errors, t and
// two-tailed p (Student's t, Boost.Math), R² and adjusted R². Solved with Eigen's
// column-pivoting QR. Does not: choose predictors, read files, or weight observations.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>
#include "gen/error.hpp"

namespace sawtooth::analysis {

/// A regression that cannot be fitted; what() is one line.
class RegressionError : public Error {
public:
    using Error::Error;
};

/// One coefficient of the fit.
struct RegressionTerm {
    std::string name;  ///< "(intercept)" or the predictor's name
    double coefficient = 0.0;
    double standard_error = 0.0;
    double t = 0.0;
    double p = 1.0;  ///< two-tailed
};

/// y = b0 + sum_k b_k x_k.
struct MultipleRegression {
    std::vector<RegressionTerm> terms;  ///< intercept first, then the predictors in order
    std::size_t observations = 0;
    int residual_dof = 0;  ///< observations - predictors - 1
    double r2 = 0.0;
    double adjusted_r2 = 0.0;
    double residual_sd = 0.0;  ///< sqrt(RSS / residual_dof)
};

/// Fits `y` on the columns of `x` (one row per observation, one value per predictor named in
/// `names`) plus an intercept. Throws RegressionError when there are fewer than
/// predictors + 2 observations (no residual degree of freedom) or the predictors are
/// collinear (a constant predictor included).
MultipleRegression fit_ols(const std::vector<std::vector<double>>& x, const std::vector<double>& y,
                           const std::vector<std::string>& names);

}  // namespace sawtooth::analysis
