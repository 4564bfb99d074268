#pragma once
// Stored fallback seeds (thesis 3.2.2): for every edge-exit configuration of the default
// 11x7 room, the first fallback attempt seed (see fallback_attempt_seed) whose single
// attempt of Algorithm 1 solves it within the iteration limit. Generated data:
// regenerate with `sawtooth-lab gen-fallbacks --out gen/fallback_seeds.cpp`.

#include <cstdint>

namespace sawtooth {

/// Number of entries (exit_config_count(11, 7)), or 0 before the table is generated.
extern const int kFallbackSeedCount;
/// Seed per configuration code; 0xFFFF = configuration not allowed (no exits or conflict).
extern const std::uint16_t kFallbackSeeds[];

}  // namespace sawtooth
