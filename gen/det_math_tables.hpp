#pragma once
// Data tables of gen/det_math.cpp (defined in det_math_tables.cpp). Not an interface.

#include <cstdint>

namespace sawtooth::det::tables {

inline constexpr int kExpTableSize = 128;
inline constexpr int kLogTableSize = 128;
inline constexpr int kSincosTableSize = 440;

struct LogEntry {
    double invc;  ///< 1/c for the subinterval's centre c
    double logc;  ///< log(c)
};

extern const std::uint64_t exp_tab[2 * kExpTableSize];
extern const LogEntry log_tab[kLogTableSize];
extern const std::uint64_t sincos_tab[kSincosTableSize];

}  // namespace sawtooth::det::tables
