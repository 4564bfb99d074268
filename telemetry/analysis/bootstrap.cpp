#include "telemetry/analysis/bootstrap.hpp"

#include "gen/rng.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/analysis/difficulty_curve.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>
#include <string>
#include <thread>

namespace sawtooth::analysis {

Interval percentile_interval(const std::vector<double>& values, double level) {
    std::vector<double> finite;
    for (const double v : values)
        if (std::isfinite(v)) finite.push_back(v);
    Interval out;
    out.replicates = static_cast<int>(finite.size());
    if (finite.empty()) return out;
    const double tail = (1.0 - level) / 2.0;
    out.estimate = quantile(finite, 0.5);
    out.lo = quantile(finite, tail);
    out.hi = quantile(finite, 1.0 - tail);
    return out;
}

void check_bootstrap_settings(const BootstrapSettings& settings) {
    if (settings.replicates < 1 || settings.replicates > 1000000)
        throw ModelError("bootstrap replicates must be in 1..1000000, not " +
                         std::to_string(settings.replicates));
    if (!(settings.level > 0.0 && settings.level < 1.0))
        throw ModelError("interval level must be between 0 and 1 (0.9 = 90 %), not " +
                         std::to_string(settings.level));
}

std::vector<Interval> cluster_bootstrap(
    std::size_t clusters,
    const std::function<std::vector<double>(const std::vector<std::size_t>&)>& statistic,
    const BootstrapSettings& settings, int threads) {
    check_bootstrap_settings(settings);
    if (clusters == 0) throw ModelError("bootstrap of no participants");
    std::vector<std::size_t> all(clusters);
    std::iota(all.begin(), all.end(), std::size_t{0});
    const std::vector<double> full = statistic(all);
    if (full.empty()) throw ModelError("the statistic cannot be computed on the full data");
    const auto reps = static_cast<std::size_t>(settings.replicates);
    std::vector<std::vector<double>> values(reps);
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t r = next++; r < reps; r = next++) {
            Rng rng(mix_seed(settings.seed, r + 1));
            std::vector<std::size_t> pick(clusters);
            for (std::size_t& p : pick)
                p = static_cast<std::size_t>(rng.uniform_int(0, static_cast<std::int64_t>(clusters) - 1));
            values[r] = statistic(pick);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    std::vector<Interval> out;
    for (std::size_t c = 0; c < full.size(); ++c) {
        std::vector<double> component;
        for (const std::vector<double>& v : values)
            if (v.size() == full.size()) component.push_back(v[c]);
        Interval iv = percentile_interval(component, settings.level);
        iv.estimate = full[c];
        out.push_back(iv);
    }
    return out;
}

}  // namespace sawtooth::analysis
