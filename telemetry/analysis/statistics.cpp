#include "telemetry/analysis/statistics.hpp"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace sawtooth::analysis {

double two_tailed_p(double t, double dof) {
    if (std::isnan(t) || !(dof > 0)) return 1.0;
    if (std::isinf(t)) return 0.0;
    const boost::math::students_t dist(dof);
    return std::clamp(2.0 * boost::math::cdf(boost::math::complement(dist, std::abs(t))), 0.0, 1.0);
}

double normal_quantile(double q) { return boost::math::quantile(boost::math::normal(), q); }

Regression regress(const std::vector<double>& x, const std::vector<double>& y) {
    Regression r;
    r.n = std::min(x.size(), y.size());
    if (r.n < 3) return r;
    const double n = static_cast<double>(r.n);
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < r.n; ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= n;
    my /= n;
    double sxx = 0, sxy = 0, syy = 0;
    for (std::size_t i = 0; i < r.n; ++i) {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (!(sxx > 0)) return r;
    r.slope = sxy / sxx;
    r.intercept = my - r.slope * mx;
    double ss_res = 0;
    for (std::size_t i = 0; i < r.n; ++i) {
        const double e = y[i] - (r.intercept + r.slope * x[i]);
        ss_res += e * e;
    }
    const double s_res = std::sqrt(ss_res / (n - 2));
    r.se_slope = s_res / std::sqrt(sxx);
    r.r2 = syy > 0 ? 1.0 - ss_res / syy : 0.0;
    if (r.se_slope > 0)
        r.t_score = r.slope / r.se_slope;
    else
        r.t_score = r.slope == 0 ? 0.0 : std::copysign(std::numeric_limits<double>::infinity(), r.slope);
    r.p_value = two_tailed_p(r.t_score, n - 2);
    r.valid = true;
    return r;
}

DeathHistogram death_histogram(const std::vector<double>& difficulty, const std::vector<double>& deaths,
                               int bins) {
    DeathHistogram h;
    h.levels.assign(static_cast<std::size_t>(std::max(1, bins)), 0);
    h.mean_deaths.assign(h.levels.size(), 0.0);
    for (std::size_t i = 0; i < std::min(difficulty.size(), deaths.size()); ++i) {
        const int b = std::clamp(static_cast<int>(std::floor(difficulty[i] * bins)), 0, bins - 1);
        ++h.levels[static_cast<std::size_t>(b)];
        h.mean_deaths[static_cast<std::size_t>(b)] += deaths[i];
    }
    for (std::size_t b = 0; b < h.levels.size(); ++b)
        if (h.levels[b] > 0) h.mean_deaths[b] /= h.levels[b];
    return h;
}

double histogram_accuracy(const DeathHistogram& t, const DeathHistogram& v, int min_levels) {
    double err = 0, total = 0;
    for (std::size_t b = 0; b < std::min(t.levels.size(), v.levels.size()); ++b) {
        if (t.levels[b] < min_levels || v.levels[b] < min_levels) continue;
        err += v.levels[b] * std::abs(v.mean_deaths[b] - t.mean_deaths[b]);
        total += v.levels[b] * v.mean_deaths[b];
    }
    if (!(total > 0)) return -1.0;
    return std::clamp(1.0 - err / total, 0.0, 1.0);
}

namespace {

/// Ranks 1..n of `v`, ties sharing their mean rank.
std::vector<double> mean_ranks(const std::vector<double>& v) {
    std::vector<std::size_t> order(v.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> rank(v.size());
    for (std::size_t r = 0; r < order.size();) {
        std::size_t end = r + 1;
        while (end < order.size() && v[order[end]] == v[order[r]]) ++end;
        const double mean = 0.5 * static_cast<double>(r + end - 1) + 1.0;
        for (std::size_t k = r; k < end; ++k) rank[order[k]] = mean;
        r = end;
    }
    return rank;
}

}  // namespace

std::optional<double> spearman_rho(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size() || x.size() < 2) return std::nullopt;
    const std::vector<double> rx = mean_ranks(x), ry = mean_ranks(y);
    const double mean = 0.5 * static_cast<double>(x.size() + 1);  // of either rank vector
    double sxy = 0.0, sxx = 0.0, syy = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (rx[i] - mean) * (ry[i] - mean);
        sxx += (rx[i] - mean) * (rx[i] - mean);
        syy += (ry[i] - mean) * (ry[i] - mean);
    }
    if (sxx == 0.0 || syy == 0.0) return std::nullopt;
    return sxy / std::sqrt(sxx * syy);
}

}  // namespace sawtooth::analysis
