#pragma once
// Intervals by resampling (docs/difficulty.md "Intervals"): percentile intervals of a set of
// replicate values, and the participant-level (cluster) bootstrap, which resamples whole
// participants with replacement so that the levels and traces of one person stay together
// (they are not independent draws). Deterministic: replicate r draws from
// mix_seed(settings.seed, r), so the result does not depend on threads or order.

#include <cstdint>
#include <functional>
#include <vector>

namespace sawtooth::analysis {

/// How a bootstrap runs, with the reasons for the defaults.
struct BootstrapSettings {
    /// 1000 replicates: the 5th/95th percentiles of 1000 values move by about 0.01 of the
    /// interval width between seeds, well below the figures' own spread.
    int replicates = 1000;
    /// 90 % two-sided (5th to 95th percentile): the level the docs quote everywhere, and the one
    /// the power analysis uses, so the intervals of both pages read alike.
    double level = 0.90;
    /// Same seed, same intervals (reruns of a figure in the docs give the same digits).
    std::uint64_t seed = 1;
};

/// A figure with its interval: the estimate on all data (or the median of replicates) and
/// the percentile interval [lo, hi].
struct Interval {
    double estimate = 0.0;
    double lo = 0.0, hi = 0.0;
    int replicates = 0;  ///< replicate values the interval was taken from (undefined ones excluded)
    bool contains(double v) const { return lo <= v && v <= hi; }
    bool excludes_zero() const { return replicates > 0 && (lo > 0.0 || hi < 0.0); }
};

/// The median and the central `level` percentile interval of `values` (non-finite values
/// dropped; quantiles as difficulty_curve.hpp's `quantile`), estimate = median; all 0 with
/// replicates = 0 when no value is finite.
Interval percentile_interval(const std::vector<double>& values, double level);

/// One bootstrap statistic vector per resample of `clusters` participants (indices drawn
/// with replacement, as many as there are); a statistic that cannot be computed on a
/// resample returns an empty vector and the replicate is dropped. Result: per component of
/// the statistic, its value on all clusters as the estimate and the percentile interval of
/// the replicates. `threads` workers (results do not depend on it). Throws ModelError when
/// the statistic fails on the full data or settings are out of range.
std::vector<Interval> cluster_bootstrap(
    std::size_t clusters,
    const std::function<std::vector<double>(const std::vector<std::size_t>&)>& statistic,
    const BootstrapSettings& settings, int threads = 1);

/// Throws ModelError naming the bad setting (replicates < 1 or > 1e6, level outside (0, 1)).
void check_bootstrap_settings(const BootstrapSettings& settings);

}  // namespace sawtooth::analysis
