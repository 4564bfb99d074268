#pragma once
// Similarity over many levels (`sawtooth-lab curate diversity | filter`, docs/curation.md
// "Similarity"): the features of every level of a seed range in one shape, and the two-way
// similarity of every pair of a set of them. Work is spread by the caller's ForEach.
// Does not: define similarity (gen/similarity.hpp), filter or pick levels.

#include "gen/generator.hpp"
#include "gen/similarity.hpp"
#include "telemetry/analysis/curve_candidates.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace sawtooth::telemetry {

/// The levels of a seed range that generate, with their features.
struct SeedFeatures {
    std::vector<LevelFeatures> features;
    std::vector<std::uint64_t> seeds;  ///< the seed of each
};

/// Generates `shape` at every seed first..last (one job per seed, through `for_each`);
/// `on_level` (thread-safe) runs after each. Seeds that do not generate are left out.
SeedFeatures seed_range_features(const GenParams& shape, std::uint64_t first, std::uint64_t last,
                                 const analysis::ForEach& for_each,
                                 const std::function<void()>& on_level = {});

/// Two-way similarity of every pair of `f[idx[..]]` (upper triangle, row by row), one job per
/// row through `for_each`; `on_pairs` (thread-safe) gets each row's pair count.
std::vector<double> pair_similarities(const std::vector<LevelFeatures>& f,
                                      const std::vector<std::size_t>& idx, const SimilaritySettings& settings,
                                      const analysis::ForEach& for_each,
                                      const std::function<void(std::size_t pairs)>& on_pairs = {});

}  // namespace sawtooth::telemetry
