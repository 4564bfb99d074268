// `sawtooth-lab catalog`: the level catalogue (docs/curation.md; Connect-the-Dots'
// statistics database). Checks the seed range (one shard of it with --shard), the shape and
// the model, then builds the catalogue with the flow game/flows/catalogue_build.hpp.
// `catalog merge OUT IN...` joins shard files.
// Does not: choose levels (curate) or write the session database.
#include "game/flows/catalogue_build.hpp"
#include "gen/generator.hpp"
#include "telemetry/curation/catalog.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

using telemetry::CatalogRow;

/// Seeds one run (one shard) may hold: its level count (seeds x level indices) stays a
/// 64-bit number. Far beyond any run that could finish.
constexpr std::uint64_t kMaxShardSeeds = std::uint64_t{1} << 56;

struct LevelCatalogOptions {
    std::string seeds;
    std::string layout = "maze";
    std::string rooms;  ///< default: 4x3 maze, 4x2 linear (the study's shape)
    std::string room_size = "11x7";
    std::string level_index;  ///< N or all; default: 1 maze, all linear
    std::string db;
    std::string model;
    bool prove = false;
    int threads = 0;
    std::string shard;
    int batch = 256;
};

struct MergeOptions {
    std::string out;
    std::vector<std::string> inputs;
};

/// Shard I of N: the seeds s with s mod N == I - 1.
struct Shard {
    std::uint64_t index = 1;
    std::uint64_t count = 1;
};

Shard parse_shard(const std::string& text) {
    Shard s;
    if (text.empty()) return s;
    const std::size_t slash = text.find('/');
    const auto bad = [&] { return LabError("bad --shard '" + text + "': expected I/N with 1 <= I <= N"); };
    if (slash == std::string::npos) throw bad();
    try {
        s.index = parse_seed(text.substr(0, slash), "--shard");
        s.count = parse_seed(text.substr(slash + 1), "--shard");
    } catch (const LabError&) {
        throw bad();
    }
    if (s.index < 1 || s.count < 1 || s.index > s.count) throw bad();
    return s;
}

/// Everything a run does, parsed and checked before the catalogue file is opened.
using LevelCatalogPlan = flows::CatalogueRun;

void plan_level_catalog_seeds(const LevelCatalogOptions& o, LevelCatalogPlan& plan) {
    if (o.seeds.empty()) throw LabError("--seeds A..B is required");
    const InclusiveRange<std::uint64_t> seeds = parse_seed_range(o.seeds, "--seeds");
    const Shard shard = parse_shard(o.shard);
    plan.range_first = seeds.first;
    plan.range_last = seeds.last;
    plan.shard_index = shard.index;
    plan.shard_count = shard.count;
    // Seeds cover 0 .. 2^64 - 1: every step below stays in range (no wrap past 2^64 - 1).
    const std::uint64_t n = shard.count, want = shard.index - 1;
    const std::uint64_t offset = (want + n - seeds.first % n) % n;
    const std::uint64_t span = seeds.last - seeds.first;
    if (offset > span)
        throw LabError("--shard " + o.shard + " holds no seed of " + o.seeds + " (fewer seeds than shards)");
    plan.first_seed = seeds.first + offset;
    if ((span - offset) / n >= kMaxShardSeeds)
        throw LabError("--seeds " + o.seeds + " holds more than " + std::to_string(kMaxShardSeeds) +
                       " seeds per shard (split it with --shard)");
    plan.shard_seeds = (span - offset) / n + 1;
}

LevelCatalogPlan make_level_catalog_plan(const LevelCatalogOptions& o) {
    LevelCatalogPlan plan;
    plan_level_catalog_seeds(o, plan);
    plan.shape.layout = parse_layout_arg(o.layout, "--layout");
    const bool linear = plan.shape.layout == Layout::Linear;
    const Size rooms = parse_size(o.rooms.empty() ? (linear ? "4x2" : "4x3") : o.rooms, "--rooms");
    const Size room = parse_size(o.room_size, "--room-size");
    plan.shape.rooms_w = rooms.w;
    plan.shape.rooms_h = rooms.h;
    plan.shape.room_w = room.w;
    plan.shape.room_h = room.h;
    if (const std::string err = params_problem(plan.shape); !err.empty()) throw LabError(err);
    plan.indices = parse_level_indices(o.level_index.empty() ? (linear ? "all" : "1") : o.level_index);
    if (o.db.empty()) throw LabError("--db FILE is required");
    if (o.batch < 1) throw LabError("bad --batch '" + std::to_string(o.batch) + "': expected 1 or more");
    plan.batch = static_cast<std::size_t>(o.batch);
    plan.prove = o.prove;
    plan.threads = worker_count(o.threads);
    if (!o.model.empty()) plan.model = analysis::load_model(o.model);
    return plan;
}

void run_level_catalog(const LevelCatalogOptions& o) {
    const LevelCatalogPlan plan =
        make_level_catalog_plan(o);  // every argument checked before the file is touched
    telemetry::Catalog cat = telemetry::Catalog::open(o.db);
    const auto t0 = std::chrono::steady_clock::now();
    std::optional<ProgressLine> progress;
    flows::CatalogueProgress hooks;
    hooks.start = [&](std::uint64_t todo) {
        progress.emplace("cataloguing levels", static_cast<std::size_t>(todo));
    };
    hooks.rows = [&](std::size_t rows) { progress->advance(rows); };
    const flows::CatalogueBuilt built = flows::build_catalogue(cat, plan, hooks);
    progress->finish();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%zu levels catalogued, %llu already stored, into %s: %.1f s on %d threads, %.2f levels/s\n",
                built.written, static_cast<unsigned long long>(built.stored), o.db.c_str(), secs,
                plan.threads, secs > 0 ? static_cast<double>(built.written) / secs : 0.0);
}

void run_level_catalog_merge(const MergeOptions& o) {
    telemetry::MergeCounts c;
    c = telemetry::merge_catalogs(o.out, o.inputs);
    std::printf("merged %zu catalogues into %s: %lld rows added, %lld already there\n", o.inputs.size(),
                o.out.c_str(), static_cast<long long>(c.added), static_cast<long long>(c.identical));
}

void add_run_options(CLI::App* c, LevelCatalogOptions& o) {
    c->add_option("--seeds", o.seeds, "seed range A..B (inclusive) or one seed");
    c->add_option("--layout", o.layout, "maze (default) or linear")->capture_default_str();
    c->add_option("--rooms", o.rooms, "rooms across x up (default: 4x3 maze, 4x2 linear)");
    c->add_option("--room-size", o.room_size, "cells per room")->capture_default_str();
    c->add_option("--level-index", o.level_index,
                  "trap timing index 1..10 or 'all' (default: 1 maze, all linear): one row per index");
    c->add_option("--db", o.db, "catalogue file (created when missing; not the session database)");
    c->add_option("--model", o.model, "challenge model (`model fit`): store predicted difficulty");
    c->add_flag("--prove", o.prove, "the expert bot plays each level both ways: store whether and how fast");
    c->add_option("--threads", o.threads, "worker threads (default: all cores)")
        ->check(CLI::NonNegativeNumber);
    c->add_option("--shard", o.shard, "I/N: only the seeds s with s mod N = I-1 (a job array's task I)");
    c->add_option("--batch", o.batch, "rows per commit (also every 2 s)")->capture_default_str();
}

}  // namespace

void register_catalog(CLI::App& app) {
    auto o = std::make_shared<LevelCatalogOptions>();
    auto m = std::make_shared<MergeOptions>();
    CLI::App* c = app.add_subcommand("catalog", "level catalogue: statistics of every level of a seed range");
    add_run_options(c, *o);
    c->require_subcommand(0, 1);
    CLI::App* merge = c->add_subcommand("merge", "merge catalogue files (shards) into one");
    merge->add_option("out", m->out, "output catalogue (created when missing)")->required();
    merge->add_option("inputs", m->inputs, "catalogues to merge")->required();
    merge->callback([m] { run_level_catalog_merge(*m); });
    c->callback([o, merge] {
        if (!merge->parsed()) run_level_catalog(*o);
    });
}

}  // namespace sawtooth::lab
