#include "telemetry/curation/level_similarity_scan.hpp"

#include <optional>

namespace sawtooth::telemetry {

SeedFeatures seed_range_features(const GenParams& shape, std::uint64_t first, std::uint64_t last,
                                 const analysis::ForEach& for_each, const std::function<void()>& on_level) {
    const std::size_t n = last - first + 1;
    std::vector<std::optional<LevelFeatures>> slots(n);
    for_each(n, [&](std::size_t i) {
        GenParams p = shape;
        p.seed = first + i;
        const GeneratedLevel g = generate_level(p);
        if (g.ok) slots[i].emplace(g.level);
        if (on_level) on_level();
    });
    SeedFeatures out;
    for (std::size_t i = 0; i < n; ++i)
        if (slots[i]) {
            out.features.push_back(std::move(*slots[i]));
            out.seeds.push_back(first + i);
        }
    return out;
}

std::vector<double> pair_similarities(const std::vector<LevelFeatures>& f,
                                      const std::vector<std::size_t>& idx, const SimilaritySettings& settings,
                                      const analysis::ForEach& for_each,
                                      const std::function<void(std::size_t pairs)>& on_pairs) {
    const std::size_t n = idx.size();
    std::vector<std::size_t> row_start(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) row_start[i + 1] = row_start[i] + (n - 1 - i);
    std::vector<double> out(row_start[n]);
    for_each(n, [&](std::size_t i) {
        for (std::size_t j = i + 1; j < n; ++j)
            out[row_start[i] + j - i - 1] = compare_levels(f[idx[i]], f[idx[j]], settings).two_way;
        if (on_pairs) on_pairs(n - 1 - i);
    });
    return out;
}

}  // namespace sawtooth::telemetry
