#pragma once
// Similarity of two platformer levels on their cells, the similarity map, and 002's
// similarity filtering (iterative halving over random groups); the
// definitions are argued in docs/curation.md "Similarity".
//
// A level's features are (layer, cell) items: the cells of its start->exit path (every
// Open cell on some shortest 4-connected walk, a proxy for where the player goes), its
// ledges (Open cells with a Solid cell below: where one can stand) and its traps (one
// layer per trap kind, so a saw only matches a saw). sim(A->B) is the share of A's items
// that B has in the same layer and cell, under the best of the transformations that make
// two levels look the same: horizontal mirroring of B and shifts of B by up to
// max_shift cells each way. The two-way similarity is the Dice coefficient under the best
// transformation: (items of A covered + items of B covered) / (items of A + items of B),
// the count-weighted mean of both directions, symmetric by construction.
// Units: every similarity, map value, average, highest and uniqueness is a share in
// [0, 1]. Does not: look at decoration, trap timing or the level graph; compare rotated
// or vertically flipped levels (gravity makes those different levels); use threads or
// clocks (callers parallelise over pairs: comparisons are independent and const).

#include "gen/level.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace sawtooth {

/// Feature layers of a level, in a fixed order.
enum class SimilarityLayer : std::uint8_t { Path, Ledge, Saw, WallSpike, Squeeze, Mine };
inline constexpr int kSimilarityLayers = 6;

/// A level's features as per-row bitsets, precomputed once per level so a comparison
/// is AND + popcount over words (and a mirrored copy, so mirroring costs nothing).
class LevelFeatures {
public:
    explicit LevelFeatures(const Level& level);
    int width() const { return m_width; }
    int height() const { return m_height; }
    int words_per_row() const { return m_words; }
    std::size_t item_count() const { return m_items; }
    /// Row y of a layer: m_words words, bit x of the row is cell x (mirrored: cell width-1-x).
    const std::uint64_t* row(int layer, int y, bool mirrored) const;
    bool has(int layer, int x, int y) const;

private:
    int m_width = 0;
    int m_height = 0;
    int m_words = 0;
    std::size_t m_items = 0;
    std::vector<std::uint64_t> m_bits;  ///< [mirrored][layer][y][word]
};

/// How two levels are aligned before counting shared items.
struct SimilaritySettings {
    int max_shift = 2;  ///< cells B may move each way, in x and in y
    bool allow_mirror = true;
};

/// One transformation of B: mirror, then move by (dx, dy).
struct Alignment {
    bool mirrored = false;
    int dx = 0;
    int dy = 0;
};

/// The result of comparing A with B under their best alignment.
struct Comparison {
    Alignment alignment;
    std::size_t shared = 0;  ///< items of A that B covers (= items of B that A covers)
    double a_to_b = 0.0;     ///< one-way sim(A->B): shared / items of A
    double b_to_a = 0.0;     ///< one-way sim(B->A): shared / items of B
    double two_way = 0.0;    ///< 2 * shared / (items of A + items of B)
};

/// Which similarity the best alignment maximises and scores use.
enum class SimilarityDirection : std::uint8_t { OneWay, TwoWay };

/// Compares A with B: the alignment that maximises the shared items (ties: no mirror,
/// then smallest |dx| + |dy|, then lowest dy, dx). Two empty levels are similarity 1.
Comparison compare_levels(const LevelFeatures& a, const LevelFeatures& b,
                          const SimilaritySettings& settings = {});

/// Per cell of A (row-major from the bottom row, A's size): the share of A's items at the
/// cell that B covers under `alignment`; -1 where A has no item.
std::vector<double> similarity_map(const LevelFeatures& a, const LevelFeatures& b,
                                   const Alignment& alignment);

/// Weights of 002's combined score: A·average + B·highest − C·uniqueness (lower = keep).
struct FilterScoreWeights {
    double average = 1.0;
    double highest = 0.5;
    double uniqueness = 0.5;
};

/// Settings of filter_by_similarity.
struct SimilarityFilterSettings {
    std::uint64_t seed = 1;
    std::size_t group_size = 10;  ///< levels per random comparison group
    int splits_per_pass = 2;      ///< random splits per pass; a level's pass score is their mean
    double recency = 0.5;         ///< an earlier pass weighs this much of the next one
    double keep_share = 0.5;      ///< share of levels kept per pass (halving)
    SimilarityDirection direction = SimilarityDirection::TwoWay;
    FilterScoreWeights weights;
    SimilaritySettings similarity;
    /// Called after each comparison group with the level pairs it compared (progress lines;
    /// filter_comparison_count gives the total). Empty: not called.
    std::function<void(std::size_t comparisons)> on_comparisons;
};

/// A level's figures against one comparison group.
struct GroupScore {
    double average = 0.0;     ///< mean similarity to the others of the group
    double highest = 0.0;     ///< highest similarity to one other of the group
    double uniqueness = 0.0;  ///< share of its items no other level of the group covers
};

/// Figures of one halving pass (for 002's chart).
struct FilterPass {
    std::size_t levels_in = 0;
    std::size_t levels_kept = 0;
    double mean_average_in = 0.0;    ///< mean of the pass's average similarity, all levels
    double mean_average_kept = 0.0;  ///< the same over the levels kept
    std::vector<std::size_t> kept;   ///< indices into the candidates, ascending
};

/// The result of filter_by_similarity.
struct SimilarityFilterResult {
    std::vector<std::size_t> kept;  ///< indices into the candidates, ascending
    std::vector<FilterPass> passes;
    std::size_t comparisons = 0;  ///< level pairs compared
};

/// Scores each level of `group` (indices into `features`) against the others.
std::vector<GroupScore> score_group(const std::vector<LevelFeatures>& features,
                                    const std::vector<std::size_t>& group,
                                    const SimilarityFilterSettings& settings);

/// 002's similarity filtering: halves the candidates pass by pass (keep_share) until
/// target_count remain; each pass splits the survivors into random groups of group_size
/// splits_per_pass times, scores every level in its groups, and ranks by the recency-
/// weighted mean of its combined scores over all passes so far. Reproducible by seed.
/// Requires target_count <= candidates.size() (else throws sawtooth::Error).
SimilarityFilterResult filter_by_similarity(const std::vector<Level>& candidates, std::size_t target_count,
                                            const SimilarityFilterSettings& settings = {});
/// The level pairs filter_by_similarity compares for these sizes and settings (the total
/// its on_comparisons calls add up to), without comparing any.
std::size_t filter_comparison_count(std::size_t candidates, std::size_t target_count,
                                    const SimilarityFilterSettings& settings = {});
/// The same over precomputed features.
SimilarityFilterResult filter_by_similarity(const std::vector<LevelFeatures>& candidates,
                                            std::size_t target_count,
                                            const SimilarityFilterSettings& settings = {});

}  // namespace sawtooth
