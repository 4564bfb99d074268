// Level similarity (gen/similarity): identity, mirroring, symmetry, a hand-made pair with a
// known shared share, shift invariance, and the similarity filter's reproducibility and effect.
#include "gen/error.hpp"
#include "gen/generator.hpp"
#include "gen/similarity.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_similarity {

using namespace sawtooth;

namespace {

Level generated(std::uint64_t seed, Layout layout = Layout::Maze) {
    GenParams p;
    p.seed = seed;
    p.layout = layout;
    if (layout == Layout::Linear) p.rooms_h = 2;
    const GeneratedLevel g = generate_level(p);
    REQUIRE(g.ok);
    return g.level;
}

/// A boxed level w x h with a floor row and side walls; start bottom-left, exit bottom-right.
Level box(int w, int h) {
    Level l;
    l.width = w;
    l.height = h;
    l.cells.assign(static_cast<std::size_t>(w * h), Cell::Open);
    for (int x = 0; x < w; ++x) l.set(x, 0, Cell::Solid);
    for (int y = 0; y < h; ++y) l.set(0, y, Cell::Solid), l.set(w - 1, y, Cell::Solid);
    l.start = {1, 1};
    l.exit = {w - 2, 1};
    return l;
}

Level mirrored(const Level& l) {
    Level m = l;
    for (int y = 0; y < l.height; ++y)
        for (int x = 0; x < l.width; ++x) m.set(l.width - 1 - x, y, l.at(x, y));
    m.start = {l.width - 1 - l.start.x, l.start.y};
    m.exit = {l.width - 1 - l.exit.x, l.exit.y};
    m.traps.clear();  // the generated levels' traps are checked through their own test
    return m;
}

/// l moved by (dx, dy) inside a grid as large (cells moved out are dropped, new ones Open).
Level shifted(const Level& l, int dx, int dy) {
    Level s = l;
    s.cells.assign(s.cells.size(), Cell::Open);
    for (int y = 0; y < l.height; ++y)
        for (int x = 0; x < l.width; ++x)
            if (l.in_bounds(x - dx, y - dy)) s.set(x, y, l.at(x - dx, y - dy));
    s.start = {l.start.x + dx, l.start.y + dy};
    s.exit = {l.exit.x + dx, l.exit.y + dy};
    for (Trap& t : s.traps) t.cell = {t.cell.x + dx, t.cell.y + dy};
    return s;
}

double mean_pairwise(const std::vector<LevelFeatures>& f, const std::vector<std::size_t>& idx) {
    double sum = 0.0;
    int n = 0;
    for (std::size_t i = 0; i < idx.size(); ++i)
        for (std::size_t j = i + 1; j < idx.size(); ++j, ++n)
            sum += compare_levels(f[idx[i]], f[idx[j]]).two_way;
    return sum / n;
}

}  // namespace

TEST_CASE("a level is fully similar to itself, and not to a different one") {
    const LevelFeatures a(generated(3)), b(generated(4));
    const Comparison self = compare_levels(a, a);
    CHECK(self.a_to_b == doctest::Approx(1.0));
    CHECK(self.two_way == doctest::Approx(1.0));
    CHECK_FALSE(self.alignment.mirrored);
    CHECK(self.alignment.dx == 0);
    CHECK(compare_levels(a, b).two_way < 0.9);
}

TEST_CASE("a level's mirror is similarity 1 under mirroring, and less without it") {
    Level l = generated(5);
    l.traps.clear();
    const LevelFeatures a(l), m(mirrored(l));
    const Comparison c = compare_levels(a, m);
    CHECK(c.two_way == doctest::Approx(1.0));
    CHECK(c.alignment.mirrored);
    SimilaritySettings no_mirror;
    no_mirror.allow_mirror = false;
    CHECK(compare_levels(a, m, no_mirror).two_way < 0.9);
}

TEST_CASE("two-way similarity is symmetric; one-way directions swap") {
    for (std::uint64_t s = 10; s < 14; ++s) {
        const LevelFeatures a(generated(s)), b(generated(s + 7, Layout::Maze));
        const Comparison ab = compare_levels(a, b), ba = compare_levels(b, a);
        CHECK(ab.two_way == doctest::Approx(ba.two_way));
        CHECK(ab.a_to_b == doctest::Approx(ba.b_to_a));
        CHECK(ab.two_way >= 0.0);
        CHECK(ab.two_way <= 1.0);
    }
}

TEST_CASE("a hand-made pair shares a known fraction") {
    // A: a 12-wide box: ledges x = 1..10 on row 1 (10 items), path x = 1..10 (10 items).
    // B: the same box with a wall at x = 6..10 on row 1, start (1,1), exit (5,1):
    // ledges x = 1..5 and path 1..5 (10 items), all of which A has.
    const Level a = box(12, 4);
    Level b = box(12, 4);
    for (int x = 6; x <= 10; ++x) b.set(x, 1, Cell::Solid);
    b.exit = {5, 1};
    SimilaritySettings exact;
    exact.max_shift = 0;
    exact.allow_mirror = false;
    const LevelFeatures fa(a), fb(b);
    REQUIRE(fa.item_count() == 20);
    REQUIRE(fb.item_count() == 10 + 5);  // ledges x 1..5, path 1..5, and row 2 over the wall (6..10)
    const Comparison c = compare_levels(fa, fb, exact);
    CHECK(c.shared == 10);
    CHECK(c.a_to_b == doctest::Approx(10.0 / 20.0));
    CHECK(c.b_to_a == doctest::Approx(10.0 / 15.0));
    CHECK(c.two_way == doctest::Approx(20.0 / 35.0));
    const std::vector<double> map = similarity_map(fa, fb, c.alignment);
    CHECK(map[1 * 12 + 3] == doctest::Approx(1.0));   // shared ledge and path
    CHECK(map[1 * 12 + 8] == doctest::Approx(0.0));   // A's ledge, B's wall
    CHECK(map[3 * 12 + 3] == doctest::Approx(-1.0));  // no item in A
}

TEST_CASE("similarity is invariant under a shift within max_shift") {
    const Level l = generated(8);
    const Level s = shifted(l, 1, 0);
    const LevelFeatures a(l), b(s);
    const Comparison c = compare_levels(a, b);
    CHECK(c.alignment.dx == -1);  // B moved back onto A
    CHECK(c.alignment.dy == 0);
    SimilaritySettings fixed;
    fixed.max_shift = 0;
    CHECK(compare_levels(a, b, fixed).two_way < c.two_way);
    // Items lost to the edge are at most the rightmost column's.
    CHECK(c.a_to_b > 0.95);
}

TEST_CASE("the similarity filter is reproducible by seed and returns distinct levels") {
    std::vector<LevelFeatures> f;
    for (std::uint64_t s = 1; s <= 60; ++s) f.emplace_back(generated(s));
    SimilarityFilterSettings settings;
    settings.seed = 42;
    const SimilarityFilterResult r1 = filter_by_similarity(f, 7, settings);
    const SimilarityFilterResult r2 = filter_by_similarity(f, 7, settings);
    CHECK(r1.kept == r2.kept);
    CHECK(r1.kept.size() == 7);
    CHECK(std::set<std::size_t>(r1.kept.begin(), r1.kept.end()).size() == 7);
    CHECK(r1.comparisons > 0);
    settings.seed = 43;
    CHECK(filter_by_similarity(f, 7, settings).kept != r1.kept);
    CHECK_THROWS_AS(filter_by_similarity(f, 61, settings), sawtooth::Error);
}

TEST_CASE("the filter lowers the set's mean similarity below a random pick of the same size") {
    std::vector<LevelFeatures> f;
    for (std::uint64_t s = 100; s < 180; ++s) f.emplace_back(generated(s));
    SimilarityFilterSettings settings;
    settings.seed = 7;
    const SimilarityFilterResult r = filter_by_similarity(f, 10, settings);
    // The random picks: 10 consecutive seeds, 8 disjoint draws; the filter beats their mean.
    double random_mean = 0.0;
    for (std::size_t start = 0; start < 80; start += 10) {
        std::vector<std::size_t> pick;
        for (std::size_t k = start; k < start + 10; ++k) pick.push_back(k);
        random_mean += mean_pairwise(f, pick) / 8.0;
    }
    CHECK(mean_pairwise(f, r.kept) < random_mean);
}

TEST_CASE("filter_comparison_count foretells the comparisons, which on_comparisons reports as they go") {
    std::vector<LevelFeatures> f;
    for (std::uint64_t s = 1; s <= 47; ++s) f.emplace_back(generated(s));
    for (std::size_t target : {1u, 5u, 12u, 46u, 47u}) {
        SimilarityFilterSettings settings;
        settings.group_size = 6;
        settings.splits_per_pass = 3;
        std::size_t reported = 0, calls = 0;
        settings.on_comparisons = [&](std::size_t n) { reported += n, ++calls; };
        const SimilarityFilterResult r = filter_by_similarity(f, target, settings);
        INFO("target ", target);
        CHECK(filter_comparison_count(f.size(), target, settings) == r.comparisons);
        CHECK(reported == r.comparisons);
        CHECK((calls > 0) == (target < f.size()));
    }
}

}  // namespace test_similarity
