// Level similarity, similarity maps and 002's similarity filtering (see similarity.hpp).
#include "gen/similarity.hpp"

#include "gen/error.hpp"
#include "gen/rng.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <stdexcept>

namespace sawtooth {

namespace {

/// 4-connected BFS distances over Open cells from `from` (-1 where unreached).
std::vector<int> grid_distances(const Level& level, CellPos from) {
    const int w = level.width;
    std::vector<int> dist(static_cast<std::size_t>(w * level.height), -1);
    if (level.solid(from.x, from.y)) return dist;
    const auto at = [&](CellPos c) -> int& { return dist[static_cast<std::size_t>(c.y * w + c.x)]; };
    std::deque<CellPos> queue{from};
    at(from) = 0;
    constexpr int kDx[4] = {1, -1, 0, 0}, kDy[4] = {0, 0, 1, -1};
    while (!queue.empty()) {
        const CellPos c = queue.front();
        queue.pop_front();
        for (int k = 0; k < 4; ++k) {
            const CellPos n{c.x + kDx[k], c.y + kDy[k]};
            if (level.solid(n.x, n.y) || at(n) >= 0) continue;
            at(n) = at(c) + 1;
            queue.push_back(n);
        }
    }
    return dist;
}

/// Open cells on ANY shortest 4-connected walk from start to exit: a proxy for where the
/// player goes that, unlike one chosen walk, does not depend on a tie-break, so a mirrored
/// or moved level has the mirrored or moved path.
std::vector<CellPos> grid_path(const Level& level) {
    const std::vector<int> from_start = grid_distances(level, level.start);
    const std::vector<int> from_exit = grid_distances(level, level.exit);
    std::vector<CellPos> path;
    if (!level.in_bounds(level.exit.x, level.exit.y)) return path;
    const int total = from_start[static_cast<std::size_t>(level.exit.y * level.width + level.exit.x)];
    if (total < 0) return path;
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x) {
            const auto i = static_cast<std::size_t>(y * level.width + x);
            if (from_start[i] >= 0 && from_exit[i] >= 0 && from_start[i] + from_exit[i] == total)
                path.push_back({x, y});
        }
    return path;
}

int trap_layer(TrapType type) {
    switch (type) {
        case TrapType::Saw:
            return static_cast<int>(SimilarityLayer::Saw);
        case TrapType::WallSpike:
            return static_cast<int>(SimilarityLayer::WallSpike);
        case TrapType::Squeeze:
            return static_cast<int>(SimilarityLayer::Squeeze);
        case TrapType::Mine:
            return static_cast<int>(SimilarityLayer::Mine);
    }
    return static_cast<int>(SimilarityLayer::Mine);
}

/// 64 bits of `row` starting at bit `pos` (bits outside the row are 0).
std::uint64_t bits_at(const std::uint64_t* row, int words, int pos) {
    if (pos <= -64 || pos >= words * 64) return 0;
    if (pos < 0) return row[0] << (-pos);
    const int q = pos >> 6, r = pos & 63;
    const std::uint64_t lo = row[q] >> r;
    const std::uint64_t hi = (r != 0 && q + 1 < words) ? row[q + 1] << (64 - r) : 0;
    return lo | hi;
}

/// Items of A that B covers when B is mirrored (as asked) and moved by (dx, dy).
std::size_t shared_items(const LevelFeatures& a, const LevelFeatures& b, const Alignment& t) {
    std::size_t shared = 0;
    for (int layer = 0; layer < kSimilarityLayers; ++layer)
        for (int y = 0; y < a.height(); ++y) {
            const int yb = y - t.dy;
            if (yb < 0 || yb >= b.height()) continue;
            const std::uint64_t* ra = a.row(layer, y, false);
            const std::uint64_t* rb = b.row(layer, yb, t.mirrored);
            for (int w = 0; w < a.words_per_row(); ++w)
                shared += static_cast<std::size_t>(
                    std::popcount(ra[w] & bits_at(rb, b.words_per_row(), w * 64 - t.dx)));
        }
    return shared;
}

/// The alignments to try, in tie-break order (no mirror first, then small shifts).
std::vector<Alignment> alignments(const SimilaritySettings& s) {
    std::vector<Alignment> out;
    for (int m = 0; m < (s.allow_mirror ? 2 : 1); ++m)
        for (int dy = -s.max_shift; dy <= s.max_shift; ++dy)
            for (int dx = -s.max_shift; dx <= s.max_shift; ++dx) out.push_back({m == 1, dx, dy});
    std::stable_sort(out.begin(), out.end(), [](const Alignment& p, const Alignment& q) {
        if (p.mirrored != q.mirrored) return !p.mirrored;
        return std::abs(p.dx) + std::abs(p.dy) < std::abs(q.dx) + std::abs(q.dy);
    });
    return out;
}

/// B's cell x that lands on A's cell x under t.
int b_column(const LevelFeatures& b, const Alignment& t, int x) {
    const int xm = x - t.dx;
    return t.mirrored ? b.width() - 1 - xm : xm;
}

/// Marks (per A item, index (layer * h + y) * w + x) the items of A that B covers under t.
void mark_covered(const LevelFeatures& a, const LevelFeatures& b, const Alignment& t,
                  std::vector<char>& covered) {
    for (int layer = 0; layer < kSimilarityLayers; ++layer)
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x)
                if (a.has(layer, x, y) && b.has(layer, b_column(b, t, x), y - t.dy))
                    covered[static_cast<std::size_t>((layer * a.height() + y) * a.width() + x)] = 1;
}

/// The alignment of A onto B that undoes t (A seen from B).
Alignment inverse(const LevelFeatures& a, const LevelFeatures& b, const Alignment& t) {
    if (!t.mirrored) return {false, -t.dx, -t.dy};
    // B cell xb lands on A cell x = (wb - 1 - xb) + dx; so A cell x lands on B cell
    // xb = (wb - 1) - (x - dx): A mirrored (wa - 1 - x) then moved by wb - wa + dx.
    return {true, b.width() - a.width() + t.dx, -t.dy};
}

}  // namespace

LevelFeatures::LevelFeatures(const Level& level)
    : m_width(level.width), m_height(level.height), m_words((level.width + 63) / 64) {
    m_bits.assign(static_cast<std::size_t>(2 * kSimilarityLayers * m_height * m_words), 0);
    const auto set = [&](int layer, int x, int y) {
        if (!level.in_bounds(x, y)) return;
        for (int m = 0; m < 2; ++m) {
            const int bx = m == 0 ? x : m_width - 1 - x;
            std::uint64_t& word = m_bits[static_cast<std::size_t>(
                ((m * kSimilarityLayers + layer) * m_height + y) * m_words + bx / 64)];
            if (m == 0 && (word >> (bx % 64) & 1U) == 0) ++m_items;
            word |= std::uint64_t{1} << (bx % 64);
        }
    };
    for (const CellPos& c : grid_path(level)) set(static_cast<int>(SimilarityLayer::Path), c.x, c.y);
    for (int y = 0; y < m_height; ++y)
        for (int x = 0; x < m_width; ++x)
            if (!level.solid(x, y) && level.solid(x, y - 1))
                set(static_cast<int>(SimilarityLayer::Ledge), x, y);
    for (const Trap& trap : level.traps)
        for (const CellPos& c : trap_cells(trap)) set(trap_layer(trap.type), c.x, c.y);
}

const std::uint64_t* LevelFeatures::row(int layer, int y, bool mirrored) const {
    const int m = mirrored ? 1 : 0;
    return &m_bits[static_cast<std::size_t>(((m * kSimilarityLayers + layer) * m_height + y) * m_words)];
}

bool LevelFeatures::has(int layer, int x, int y) const {
    if (x < 0 || y < 0 || x >= m_width || y >= m_height) return false;
    return (row(layer, y, false)[x / 64] >> (x % 64) & 1U) != 0;
}

Comparison compare_levels(const LevelFeatures& a, const LevelFeatures& b,
                          const SimilaritySettings& settings) {
    Comparison best;
    bool first = true;
    for (const Alignment& t : alignments(settings)) {
        const std::size_t shared = shared_items(a, b, t);
        if (first || shared > best.shared) best = Comparison{t, shared};
        first = false;
    }
    const auto share = [](std::size_t part, std::size_t whole) {
        return whole == 0 ? 1.0 : static_cast<double>(part) / static_cast<double>(whole);
    };
    best.a_to_b = share(best.shared, a.item_count());
    best.b_to_a = share(best.shared, b.item_count());
    best.two_way = share(2 * best.shared, a.item_count() + b.item_count());
    return best;
}

std::vector<double> similarity_map(const LevelFeatures& a, const LevelFeatures& b,
                                   const Alignment& alignment) {
    std::vector<char> covered(static_cast<std::size_t>(kSimilarityLayers * a.height() * a.width()), 0);
    mark_covered(a, b, alignment, covered);
    std::vector<double> map(static_cast<std::size_t>(a.width() * a.height()), -1.0);
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            int items = 0, shared = 0;
            for (int layer = 0; layer < kSimilarityLayers; ++layer) {
                if (!a.has(layer, x, y)) continue;
                ++items;
                shared += covered[static_cast<std::size_t>((layer * a.height() + y) * a.width() + x)];
            }
            if (items > 0)
                map[static_cast<std::size_t>(y * a.width() + x)] = static_cast<double>(shared) / items;
        }
    return map;
}

std::vector<GroupScore> score_group(const std::vector<LevelFeatures>& features,
                                    const std::vector<std::size_t>& group,
                                    const SimilarityFilterSettings& settings) {
    const std::size_t n = group.size();
    std::vector<GroupScore> scores(n);
    std::vector<std::vector<char>> covered(n);
    for (std::size_t i = 0; i < n; ++i) {
        const LevelFeatures& f = features[group[i]];
        covered[i].assign(static_cast<std::size_t>(kSimilarityLayers * f.height() * f.width()), 0);
    }
    const bool two_way = settings.direction == SimilarityDirection::TwoWay;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            const LevelFeatures &a = features[group[i]], &b = features[group[j]];
            const Comparison c = compare_levels(a, b, settings.similarity);
            const double si = two_way ? c.two_way : c.a_to_b, sj = two_way ? c.two_way : c.b_to_a;
            scores[i].average += si;
            scores[j].average += sj;
            scores[i].highest = std::max(scores[i].highest, si);
            scores[j].highest = std::max(scores[j].highest, sj);
            mark_covered(a, b, c.alignment, covered[i]);
            mark_covered(b, a, inverse(a, b, c.alignment), covered[j]);
        }
    for (std::size_t i = 0; i < n; ++i) {
        if (n > 1) scores[i].average /= static_cast<double>(n - 1);
        const std::size_t items = features[group[i]].item_count();
        const auto shared = static_cast<std::size_t>(std::count(covered[i].begin(), covered[i].end(), 1));
        scores[i].uniqueness =
            items == 0 ? 0.0 : 1.0 - static_cast<double>(shared) / static_cast<double>(items);
    }
    return scores;
}

namespace {

/// Per candidate: the recency-weighted mean of its pass scores (num / den).
struct RunningScore {
    double num = 0.0;
    double den = 0.0;
    double value() const { return den > 0.0 ? num / den : 0.0; }
};

/// Groups a split of `alive` levels makes.
std::size_t split_groups(std::size_t alive, const SimilarityFilterSettings& s) {
    return std::max<std::size_t>(1, alive / std::max<std::size_t>(2, s.group_size));
}

/// Levels a pass keeps of `alive` (halving, never below the target, always one fewer).
std::size_t kept_after_pass(std::size_t alive, std::size_t target_count, const SimilarityFilterSettings& s) {
    const auto keep = std::max(
        target_count, static_cast<std::size_t>(std::ceil(static_cast<double>(alive) * s.keep_share)));
    return std::min(keep, alive - 1);
}

/// One split of `alive` into random groups (round robin after a shuffle, so every group
/// holds group_size to 2 * group_size - 1 levels); adds each level's scores.
void score_split(const std::vector<LevelFeatures>& features, std::vector<std::size_t> alive, Rng& rng,
                 const SimilarityFilterSettings& s, std::vector<double>& combined,
                 std::vector<double>& average, std::size_t& comparisons) {
    rng.shuffle(alive);
    const std::size_t groups = split_groups(alive.size(), s);
    for (std::size_t g = 0; g < groups; ++g) {
        std::vector<std::size_t> group;
        for (std::size_t k = g; k < alive.size(); k += groups) group.push_back(alive[k]);
        const std::vector<GroupScore> sc = score_group(features, group, s);
        const std::size_t pairs = group.size() * (group.size() - 1) / 2;
        comparisons += pairs;
        if (s.on_comparisons) s.on_comparisons(pairs);
        for (std::size_t i = 0; i < group.size(); ++i) {
            const FilterScoreWeights& w = s.weights;
            combined[group[i]] +=
                w.average * sc[i].average + w.highest * sc[i].highest - w.uniqueness * sc[i].uniqueness;
            average[group[i]] += sc[i].average;
        }
    }
}

double mean_over(const std::vector<double>& v, const std::vector<std::size_t>& idx) {
    double sum = 0.0;
    for (std::size_t i : idx) sum += v[i];
    return idx.empty() ? 0.0 : sum / static_cast<double>(idx.size());
}

}  // namespace

std::size_t filter_comparison_count(std::size_t candidates, std::size_t target_count,
                                    const SimilarityFilterSettings& settings) {
    std::size_t total = 0;
    const auto splits = static_cast<std::size_t>(std::max(1, settings.splits_per_pass));
    for (std::size_t alive = candidates; alive > target_count && alive > 1;
         alive = kept_after_pass(alive, target_count, settings)) {
        // Round robin: the first alive % groups groups hold one level more than the rest.
        const std::size_t groups = split_groups(alive, settings), small = alive / groups;
        const std::size_t big = alive % groups;
        total += splits * (big * (small + 1) * small / 2 + (groups - big) * small * (small - 1) / 2);
    }
    return total;
}

SimilarityFilterResult filter_by_similarity(const std::vector<LevelFeatures>& candidates,
                                            std::size_t target_count,
                                            const SimilarityFilterSettings& settings) {
    if (target_count > candidates.size())
        throw Error("similarity filter: " + std::to_string(target_count) + " levels wanted of " +
                    std::to_string(candidates.size()));
    SimilarityFilterResult result;
    std::vector<std::size_t> alive(candidates.size());
    for (std::size_t i = 0; i < alive.size(); ++i) alive[i] = i;
    std::vector<RunningScore> running(candidates.size());
    Rng rng(settings.seed);
    const int splits = std::max(1, settings.splits_per_pass);
    while (alive.size() > target_count && alive.size() > 1) {
        std::vector<double> combined(candidates.size(), 0.0), average(candidates.size(), 0.0);
        for (int s = 0; s < splits; ++s)
            score_split(candidates, alive, rng, settings, combined, average, result.comparisons);
        for (std::size_t i : alive) {
            running[i].num = running[i].num * settings.recency + combined[i] / splits;
            running[i].den = running[i].den * settings.recency + 1.0;
            average[i] /= splits;
        }
        FilterPass pass;
        pass.levels_in = alive.size();
        pass.levels_kept = kept_after_pass(alive.size(), target_count, settings);
        pass.mean_average_in = mean_over(average, alive);
        std::stable_sort(alive.begin(), alive.end(), [&](std::size_t p, std::size_t q) {
            return running[p].value() < running[q].value();
        });
        alive.resize(pass.levels_kept);
        std::sort(alive.begin(), alive.end());
        pass.mean_average_kept = mean_over(average, alive);
        pass.kept = alive;
        result.passes.push_back(pass);
    }
    if (target_count == 0) alive.clear();
    result.kept = alive;
    return result;
}

SimilarityFilterResult filter_by_similarity(const std::vector<Level>& candidates, std::size_t target_count,
                                            const SimilarityFilterSettings& settings) {
    std::vector<LevelFeatures> features;
    features.reserve(candidates.size());
    for (const Level& l : candidates) features.emplace_back(l);
    return filter_by_similarity(features, target_count, settings);
}

}  // namespace sawtooth
