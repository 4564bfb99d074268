#include "telemetry/analysis/multiple_regression.hpp"

#include "telemetry/analysis/statistics.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>

namespace sawtooth::analysis {

namespace {

Eigen::MatrixXd design_matrix(const std::vector<std::vector<double>>& x, std::size_t k) {
    Eigen::MatrixXd a(static_cast<Eigen::Index>(x.size()), static_cast<Eigen::Index>(k + 1));
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i].size() != k)
            throw RegressionError("observation " + std::to_string(i + 1) + " has " +
                                  std::to_string(x[i].size()) + " values, expected " + std::to_string(k));
        a(static_cast<Eigen::Index>(i), 0) = 1.0;
        for (std::size_t j = 0; j < k; ++j)
            a(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j + 1)) = x[i][j];
    }
    return a;
}

}  // namespace

MultipleRegression fit_ols(const std::vector<std::vector<double>>& x, const std::vector<double>& y,
                           const std::vector<std::string>& names) {
    const std::size_t n = y.size(), k = names.size();
    if (x.size() != n) throw RegressionError("predictor rows and observations differ in number");
    if (n < k + 2)
        throw RegressionError(std::to_string(n) + " observations for " + std::to_string(k) +
                              " predictors: at least predictors + 2 = " + std::to_string(k + 2) +
                              " are needed");
    const Eigen::MatrixXd a = design_matrix(x, k);
    const Eigen::VectorXd b = Eigen::Map<const Eigen::VectorXd>(y.data(), static_cast<Eigen::Index>(n));
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(a);
    if (qr.rank() < static_cast<Eigen::Index>(k + 1))
        throw RegressionError(
            "the predictors are collinear on these observations (one is constant or a "
            "combination of others): drop one");
    const Eigen::VectorXd beta = qr.solve(b);
    const Eigen::VectorXd residual = b - a * beta;
    MultipleRegression r;
    r.observations = n;
    r.residual_dof = static_cast<int>(n - k - 1);
    const double rss = residual.squaredNorm();
    const double tss = (b.array() - b.mean()).square().sum();
    r.r2 = tss > 0 ? 1.0 - rss / tss : 0.0;
    r.adjusted_r2 = 1.0 - (1.0 - r.r2) * static_cast<double>(n - 1) / r.residual_dof;
    const double sigma2 = rss / r.residual_dof;
    r.residual_sd = std::sqrt(sigma2);
    const Eigen::MatrixXd cov = sigma2 * (a.transpose() * a).inverse();
    for (std::size_t j = 0; j <= k; ++j) {
        RegressionTerm t;
        t.name = j == 0 ? "(intercept)" : names[j - 1];
        const auto jj = static_cast<Eigen::Index>(j);
        t.coefficient = beta(jj);
        t.standard_error = std::sqrt(std::max(0.0, cov(jj, jj)));
        t.t = t.standard_error > 0 ? t.coefficient / t.standard_error
                                   : (t.coefficient == 0 ? 0.0 : std::copysign(INFINITY, t.coefficient));
        t.p = two_tailed_p(t.t, r.residual_dof);
        r.terms.push_back(t);
    }
    return r;
}

}  // namespace sawtooth::analysis
