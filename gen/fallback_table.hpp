#pragma once
// Computing the fallback seed table of gen/fallback_seeds.cpp (`sawtooth-lab gen-fallbacks`,
// thesis 3.2.2): for every allowed exit configuration of the 11x7 room, the first fallback
// attempt seed below a bound whose single attempt of Algorithm 1 solves it, and the C++
// source that stores the table. Does not: write files (the caller writes the source).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sawtooth {

/// The table and what its search found.
struct FallbackTable {
    std::vector<int> seeds;  ///< per configuration code; 0xFFFF: not allowed, or no seed found
    int allowed = 0;         ///< configurations searched
    int unsolved = 0;        ///< of those, without a seed below the bound (never drawn: conflicts)
    int largest_seed = 0;
};

/// Searches seeds 0..max_seed-1 for every allowed configuration; `on_config` runs after each.
FallbackTable compute_fallback_table(int max_seed, const std::function<void()>& on_config = {});
/// Configurations compute_fallback_table searches (for a progress total).
std::size_t fallback_config_count();

/// The C++ source of gen/fallback_seeds.cpp holding `table`.
std::string fallback_table_source(const FallbackTable& table);

}  // namespace sawtooth
