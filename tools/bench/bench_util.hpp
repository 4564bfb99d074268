#pragma once
// Helpers shared by the benchmarks: a monotonic clock and robust summaries.
// Benchmarks print figures; tests never assert them.

#include <algorithm>
#include <chrono>
#include <vector>

namespace sawtooth::bench {

/// Seconds from a monotonic clock (benchmarks only; never in simulated code).
inline double now_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// Median of a sample (copy sorted); 0 for an empty sample.
inline double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// The q-quantile (0..1) by nearest rank; 0 for an empty sample.
inline double quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const auto idx = static_cast<std::size_t>(
        std::min<double>(static_cast<double>(v.size() - 1), q * static_cast<double>(v.size())));
    return v[idx];
}

}  // namespace sawtooth::bench
