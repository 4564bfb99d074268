// `sawtooth-lab curate similarity | diversity | filter`: docs/curation.md "Similarity" on the command line
// over gen/similarity and telemetry/curation/level_similarity_scan.hpp. `similarity A B` compares two levels
// (seeds or level files) and draws A's similarity map; `diversity --seeds A..B` prints the distribution of
// pairwise two-way similarities (the generator's diversity); `filter --seeds A..B --count N` runs 002's
// similarity filtering and prints its passes (002's chart as a table) with the comparisons
// and seconds it took. Does not: pick by a rating formula (`curate pick` does, and calls
// filter_by_similarity), or write anything but the PNG asked for.
#include "gen/generator.hpp"
#include "gen/similarity.hpp"
#include "telemetry/curation/level_similarity_scan.hpp"
#include "telemetry/store/level_file.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/png.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

/// The level shape options the three commands share (seed comes per level).
struct ShapeOptions {
    std::string layout = "maze";
    std::string rooms;  ///< default: 4x3 maze, 4x2 linear
    std::string room_size = "11x7";
    int level_index = 1;
    int max_shift = SimilaritySettings{}.max_shift;
    bool no_mirror = false;
    int threads = 0;
};

void add_shape_options(CLI::App* c, ShapeOptions& o) {
    c->add_option("--layout", o.layout, "maze (default) or linear")->capture_default_str();
    c->add_option("--rooms", o.rooms, "rooms across x up (default: 4x3 maze, 4x2 linear)");
    c->add_option("--room-size", o.room_size, "cells per room")->capture_default_str();
    c->add_option("--level-index", o.level_index, "position in a session (sets the trap cycles)")
        ->capture_default_str();
    c->add_option("--max-shift", o.max_shift, "cells a level may move each way to align")
        ->check(CLI::Range(0, 16))
        ->capture_default_str();
    c->add_flag("--no-mirror", o.no_mirror, "do not count a mirrored level as the same");
}

GenParams shape_params(const ShapeOptions& o, std::uint64_t seed) {
    LevelArgs a;
    a.seed = std::to_string(seed);
    a.layout = o.layout;
    const bool linear = o.rooms.empty() && parse_layout_arg(o.layout, "--layout") == Layout::Linear;
    a.rooms = o.rooms.empty() ? (linear ? "4x2" : "4x3") : o.rooms;
    a.room_size = o.room_size;
    a.level_index = o.level_index;
    return parse_level_args(a);
}

SimilaritySettings similarity_settings(const ShapeOptions& o) {
    SimilaritySettings s;
    s.max_shift = o.max_shift;
    s.allow_mirror = !o.no_mirror;
    return s;
}

Level generate_or_throw(const GenParams& p) {
    GeneratedLevel g = generate_level(p);
    if (!g.ok) throw LabError("seed " + std::to_string(p.seed) + " does not generate: " + g.error);
    return std::move(g.level);
}

/// A level named on the command line: an existing level file, else a seed.
Level level_argument(const std::string& text, const ShapeOptions& o) {
    if (std::filesystem::is_regular_file(text)) return telemetry::read_level_file(text);
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
        throw LabError("'" + text + "' is neither a level file nor a seed");
    return generate_or_throw(shape_params(o, parse_seed(text, "level")));
}

/// Runs a library's jobs on `threads` workers (0: every core), without a progress line.
analysis::ForEach workers(int threads) {
    return [n_threads = worker_count(threads)](std::size_t n, const std::function<void(std::size_t)>& body) {
        parallel_for(n, n_threads, body);
    };
}

/// The features of every level of the seed range that generates
/// (telemetry/curation/level_similarity_scan.hpp).
std::vector<LevelFeatures> seed_features(const std::string& seeds_text, const ShapeOptions& o,
                                         std::vector<std::uint64_t>& seeds) {
    const InclusiveRange<std::uint64_t> range = parse_seed_range(seeds_text, "--seeds");
    if (range.last - range.first >= 100000)
        throw LabError("--seeds " + seeds_text + ": at most 100000 levels");
    const GenParams shape = shape_params(o, range.first);  // checks the shape options before any work
    ProgressLine progress("generating levels", range.last - range.first + 1);
    telemetry::SeedFeatures f = telemetry::seed_range_features(
        shape, range.first, range.last, workers(o.threads), [&] { progress.advance(); });
    progress.finish();
    if (f.features.size() < 2) throw LabError("--seeds " + seeds_text + ": fewer than 2 levels generate");
    seeds = std::move(f.seeds);
    return std::move(f.features);
}

/// Two-way similarity of every pair of `idx`, with a progress line named `label`.
std::vector<double> pairwise(const std::vector<LevelFeatures>& f, const std::vector<std::size_t>& idx,
                             const SimilaritySettings& s, int threads, const std::string& label) {
    const std::size_t n = idx.size();
    ProgressLine progress(label, n < 2 ? 0 : n * (n - 1) / 2);
    std::vector<double> out = telemetry::pair_similarities(
        f, idx, s, workers(threads), [&](std::size_t pairs) { progress.advance(pairs); });
    progress.finish();
    return out;
}

}  // namespace

// ---- similarity A B ---------------------------------------------------------------------

namespace {

struct LevelPairOptions {
    ShapeOptions shape;
    std::string a, b, png;
    int scale = 16;
};

/// A's cells: Solid dark, items shaded red (shared with B) to blue (A's own) by the map,
/// start green, exit orange, trap cells marked with a black dot.
void draw_map(const Level& a, const std::vector<double>& map, const std::string& path, int scale) {
    Canvas c(a.width * scale, a.height * scale);
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) {
            const int px = x * scale, py = (a.height - 1 - y) * scale;
            const double m = map[static_cast<std::size_t>(y * a.width + x)];
            if (a.solid(x, y))
                c.rect(px, py, px + scale, py + scale, 0x404040);
            else if (m >= 0.0) {
                c.rect(px, py, px + scale, py + scale, 0x2060e0, 0.35 + 0.5 * (1.0 - m));
                c.rect(px, py, px + scale, py + scale, 0xe02020, 0.85 * m);
            }
        }
    const auto mark = [&](CellPos p, std::uint32_t rgb, int inset) {
        const int px = p.x * scale, py = (a.height - 1 - p.y) * scale;
        c.rect(px + inset, py + inset, px + scale - inset, py + scale - inset, rgb);
    };
    for (const Trap& t : a.traps)
        for (const CellPos& p : trap_cells(t)) mark(p, 0x000000, scale * 3 / 8);
    mark(a.start, 0x20a020, scale / 4);
    mark(a.exit, 0xff9900, scale / 4);
    if (!write_png(path, c.w, c.h, c.px)) throw LabError("cannot write " + path);
}

void run_pair(const LevelPairOptions& o) {
    const Level a = level_argument(o.a, o.shape), b = level_argument(o.b, o.shape);
    const LevelFeatures fa(a), fb(b);
    const Comparison c = compare_levels(fa, fb, similarity_settings(o.shape));
    std::printf(
        "sim(A->B) %.3f  sim(B->A) %.3f  two-way %.3f  (%zu of %zu / %zu items shared; B %s, moved "
        "%+d,%+d)\n",
        c.a_to_b, c.b_to_a, c.two_way, c.shared, fa.item_count(), fb.item_count(),
        c.alignment.mirrored ? "mirrored" : "as is", c.alignment.dx, c.alignment.dy);
    if (o.png.empty()) return;
    draw_map(a, similarity_map(fa, fb, c.alignment), o.png, o.scale);
    std::printf("wrote %s (A's cells: red = shared with B, blue = A's own)\n", o.png.c_str());
}

}  // namespace

// ---- diversity --------------------------------------------------------------------------

namespace {

struct DiversityOptions {
    ShapeOptions shape;
    std::string seeds;
};

void run_level_diversity(const DiversityOptions& o) {
    std::vector<std::uint64_t> seeds;
    const std::vector<LevelFeatures> f = seed_features(o.seeds, o.shape, seeds);
    std::vector<std::size_t> all(f.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<double> v =
        pairwise(f, all, similarity_settings(o.shape), worker_count(o.shape.threads), "comparing pairs");
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%zu %s levels (seeds %s), two-way similarity of every pair, %.1f s for the pairs\n",
                f.size(), o.shape.layout.c_str(), o.seeds.c_str(), s);
    print_distribution(v);
}

}  // namespace

// ---- filter -----------------------------------------------------------------------------

namespace {

struct FilterOptions {
    ShapeOptions shape;
    std::string seeds;
    std::size_t count = 10;
    std::uint64_t seed = 1;
    bool one_way = false;
    std::size_t group_size = SimilarityFilterSettings{}.group_size;
    int splits = SimilarityFilterSettings{}.splits_per_pass;
    double recency = SimilarityFilterSettings{}.recency;
    std::vector<double> weights;
};

SimilarityFilterSettings filter_settings(const FilterOptions& o) {
    SimilarityFilterSettings s;
    s.seed = o.seed;
    s.group_size = o.group_size;
    s.splits_per_pass = o.splits;
    s.recency = o.recency;
    s.direction = o.one_way ? SimilarityDirection::OneWay : SimilarityDirection::TwoWay;
    s.similarity = similarity_settings(o.shape);
    if (!o.weights.empty()) {
        if (o.weights.size() != 3)
            throw LabError("bad --weights: expected A,B,C (average, highest, uniqueness)");
        s.weights = {o.weights[0], o.weights[1], o.weights[2]};
    }
    return s;
}

void run_filter(const FilterOptions& o) {
    const SimilarityFilterSettings settings = filter_settings(o);
    std::vector<std::uint64_t> seeds;
    const std::vector<LevelFeatures> f = seed_features(o.seeds, o.shape, seeds);
    if (o.count < 1 || o.count > f.size())
        throw LabError("--count " + std::to_string(o.count) + ": expected 1.." + std::to_string(f.size()));
    const auto t0 = std::chrono::steady_clock::now();
    const SimilarityFilterResult r = filter_by_similarity(f, o.count, settings);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s filter %zu -> %zu: %zu comparisons, %.2f s (one thread)\n",
                o.one_way ? "one-way" : "two-way", f.size(), r.kept.size(), r.comparisons, secs);
    const int threads = worker_count(o.shape.threads);
    std::vector<std::size_t> all(f.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    std::printf("pass  levels  group-avg(all)  group-avg(kept)  set mean two-way (all pairs of the kept)\n");
    std::printf("   0  %6zu  %14s  %15s  %.4f\n", f.size(), "", "",
                mean_of(pairwise(f, all, settings.similarity, threads, "set mean")));
    for (std::size_t p = 0; p < r.passes.size(); ++p) {
        const FilterPass& pass = r.passes[p];
        std::printf("%4zu  %6zu  %14.4f  %15.4f  %.4f\n", p + 1, pass.levels_kept, pass.mean_average_in,
                    pass.mean_average_kept,
                    mean_of(pairwise(f, pass.kept, settings.similarity, threads, "set mean")));
    }
    std::printf("kept seeds:");
    for (std::size_t i : r.kept) std::printf(" %llu", static_cast<unsigned long long>(seeds[i]));
    std::printf("\n");
}

}  // namespace

void register_curate_similarity(CLI::App& app) {
    CLI::App* curate = curate_command(app);
    auto po = std::make_shared<LevelPairOptions>();
    CLI::App* sim =
        curate->add_subcommand("similarity", "compare two levels (seeds or level files), draw A's map");
    sim->add_option("A", po->a, "level file or seed")->required();
    sim->add_option("B", po->b, "level file or seed")->required();
    sim->add_option("--png", po->png, "draw A's similarity map to this PNG file");
    sim->add_option("--scale", po->scale, "PNG pixels per cell")
        ->check(CLI::Range(4, 64))
        ->capture_default_str();
    add_shape_options(sim, po->shape);
    sim->callback([po] { run_pair(*po); });

    auto d = std::make_shared<DiversityOptions>();
    CLI::App* div = curate->add_subcommand("diversity", "distribution of pairwise two-way similarities");
    div->add_option("--seeds", d->seeds, "seed range A..B")->required();
    div->add_option("--threads", d->shape.threads, "workers (default: every core)");
    add_shape_options(div, d->shape);
    div->callback([d] { run_level_diversity(*d); });

    auto fo = std::make_shared<FilterOptions>();
    CLI::App* fil =
        curate->add_subcommand("filter", "002's similarity filtering over a seed range, pass by pass");
    fil->add_option("--seeds", fo->seeds, "seed range A..B")->required();
    fil->add_option("--count", fo->count, "levels to keep")->capture_default_str();
    add_seed_option(*fil, "--seed", fo->seed, "seed of the random groups");
    fil->add_flag("--one-way", fo->one_way, "score one-way similarity (002's first approach)");
    fil->add_option("--group-size", fo->group_size, "levels per group")->check(CLI::Range(2, 1000));
    fil->add_option("--splits", fo->splits, "random splits per pass")->check(CLI::Range(1, 100));
    fil->add_option("--recency", fo->recency, "weight of a pass relative to the next")
        ->check(CLI::Range(0.0, 1.0));
    fil->add_option("--weights", fo->weights, "A,B,C of A·average + B·highest − C·uniqueness")
        ->delimiter(',');
    fil->add_option("--threads", fo->shape.threads, "workers for the set means (default: every core)");
    add_shape_options(fil, fo->shape);
    fil->callback([fo] { run_filter(*fo); });
}

}  // namespace sawtooth::lab
