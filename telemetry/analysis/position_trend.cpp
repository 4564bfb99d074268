#include "telemetry/analysis/position_trend.hpp"

#include "telemetry/analysis/statistics.hpp"

#include <algorithm>

namespace sawtooth::analysis {

namespace {

/// Mean deaths per position over the players `pick` (indices, repeats allowed).
std::vector<double> position_means(const std::vector<std::vector<double>>& deaths,
                                   const std::vector<std::size_t>& pick) {
    std::vector<double> means;
    for (const std::vector<double>& at : deaths) {
        double sum = 0.0;
        std::size_t n = 0;
        for (const std::size_t i : pick)
            if (i < at.size()) {
                sum += at[i];
                ++n;
            }
        means.push_back(n == 0 ? 0.0 : sum / static_cast<double>(n));
    }
    return means;
}

std::vector<double> positions(std::size_t count) {
    std::vector<double> p;
    for (std::size_t k = 0; k < count; ++k) p.push_back(static_cast<double>(k + 1));
    return p;
}

}  // namespace

PositionTrend position_trend(const std::vector<std::vector<double>>& deaths,
                             const BootstrapSettings& bootstrap) {
    PositionTrend t;
    for (const std::vector<double>& at : deaths) t.players = std::max(t.players, at.size());
    // Each position's values in order: the mean as the study has always summed it.
    for (const std::vector<double>& at : deaths) {
        double sum = 0.0;
        for (const double d : at) sum += d;
        t.means.push_back(at.empty() ? 0.0 : sum / static_cast<double>(at.size()));
    }
    const std::vector<double> x = positions(deaths.size());
    t.rho = spearman_rho(x, t.means);
    if (!t.rho || bootstrap.replicates == 0) return t;
    const auto statistic = [&](const std::vector<std::size_t>& pick) -> std::vector<double> {
        const std::optional<double> rho = spearman_rho(x, position_means(deaths, pick));
        return rho ? std::vector<double>{*rho} : std::vector<double>{};
    };
    t.rho_interval = cluster_bootstrap(t.players, statistic, bootstrap).front();
    t.rho_interval.estimate = *t.rho;
    return t;
}

}  // namespace sawtooth::analysis
