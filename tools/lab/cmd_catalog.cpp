// `sawtooth-lab catalog`: the level catalogue (docs/curation.md; Connect-the-Dots'
// statistics database). Generates every level of a seed range (one shard of it with
// --shard), computes its statistics, optionally the difficulty model's prediction and the
// expert bot's proof, and stores one row per level in a catalogue file
// (telemetry/curation/catalog.hpp), committing in batches so a killed run loses at most a batch and
// a re-run skips what is stored. `catalog merge OUT IN...` joins shard files.
// Does not: choose levels (curate) or write the session database.
#include "gen/generator.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/analysis/level_stats.hpp"
#include "telemetry/curation/catalog.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace sawtooth::lab {

namespace {

using telemetry::CatalogRow;

/// Seeds one run (one shard) may hold: its level count (seeds x level indices) stays a
/// 64-bit number. Far beyond any run that could finish.
constexpr std::uint64_t kMaxShardSeeds = std::uint64_t{1} << 56;

struct Options {
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
struct Plan {
    GenParams shape;  ///< layout, sizes, alpha (seed and level index per job)
    InclusiveRange<std::uint64_t> seeds;
    Shard shard;
    std::vector<int> indices;
    std::uint64_t first = 0;        ///< first seed of the shard
    std::uint64_t shard_seeds = 0;  ///< seeds of the range in the shard
    std::optional<analysis::ChallengeModel> model;
    std::string model_hash;
    bool prove = false;
    int threads = 1;
    std::size_t batch = 256;

    std::uint64_t jobs() const { return shard_seeds * indices.size(); }
    GenParams job(std::uint64_t k) const {
        GenParams p = shape;
        p.seed = first + (k / indices.size()) * shard.count;
        p.level_index = indices[k % indices.size()];
        return p;
    }
};

void plan_seeds(const Options& o, Plan& plan) {
    if (o.seeds.empty()) throw LabError("--seeds A..B is required");
    plan.seeds = parse_seed_range(o.seeds, "--seeds");
    plan.shard = parse_shard(o.shard);
    // Seeds cover 0 .. 2^64 - 1: every step below stays in range (no wrap past 2^64 - 1).
    const std::uint64_t n = plan.shard.count, want = plan.shard.index - 1;
    const std::uint64_t offset = (want + n - plan.seeds.first % n) % n;
    const std::uint64_t span = plan.seeds.last - plan.seeds.first;
    if (offset > span)
        throw LabError("--shard " + o.shard + " holds no seed of " + o.seeds + " (fewer seeds than shards)");
    plan.first = plan.seeds.first + offset;
    if ((span - offset) / n >= kMaxShardSeeds)
        throw LabError("--seeds " + o.seeds + " holds more than " + std::to_string(kMaxShardSeeds) +
                       " seeds per shard (split it with --shard)");
    plan.shard_seeds = (span - offset) / n + 1;
}

void plan_model(const Options& o, Plan& plan) {
    if (o.model.empty()) return;
    plan.model = analysis::load_model(o.model);
    const analysis::Coefficients& c = plan.model->linear;
    plan.model_hash = telemetry::model_hash(c.c0, c.t_timing, c.j, c.t_cycle);
}

Plan make_plan(const Options& o) {
    Plan plan;
    plan_seeds(o, plan);
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
    plan_model(o, plan);
    return plan;
}

CatalogRow catalogue_level(const GenParams& p, const Plan& plan) {
    CatalogRow r;
    r.params = p;
    const GeneratedLevel g = generate_level(p);
    if (!g.ok) {
        r.error = g.error;
        return r;
    }
    r.generated = true;
    r.level_hash = level_hash(g.level);
    r.stats = analysis::level_stats(p, g);
    if (plan.model) {
        const analysis::LevelModelResult m = analysis::evaluate_level(g, *plan.model);
        r.model = telemetry::CatalogModelFigures{plan.model_hash, m.difficulty, m.success_probability,
                                                 static_cast<int>(m.path_challenges.size())};
    }
    if (plan.prove) {
        const LevelProof proof = prove_generated(g.level, p.seed, kProofMaxTicks);
        r.proof = telemetry::CatalogProof{proof.forward, proof.backward,
                                          static_cast<std::int64_t>(proof.forward_ticks),
                                          static_cast<std::int64_t>(proof.backward_ticks)};
    }
    return r;
}

/// Rows finished by the workers, waiting for the writer (the main thread).
struct RowQueue {
    std::mutex mutex;
    std::condition_variable ready;
    std::vector<CatalogRow> rows;
    int workers_left = 0;
    std::string error;  ///< the first worker's failure
};

void work(const Plan& plan, const telemetry::CatalogDone& done, std::atomic<std::uint64_t>& next,
          RowQueue& queue) {
    try {
        for (std::uint64_t k = next++; k < plan.jobs(); k = next++) {
            const GenParams p = plan.job(k);
            if (done.count({p.seed, p.level_index})) continue;
            CatalogRow row = catalogue_level(p, plan);
            const std::lock_guard<std::mutex> lock(queue.mutex);
            queue.rows.push_back(std::move(row));
            queue.ready.notify_one();
        }
    } catch (const std::exception& e) {
        const std::lock_guard<std::mutex> lock(queue.mutex);
        if (queue.error.empty()) queue.error = e.what();
        next = plan.jobs();  // the others stop too
    }
    const std::lock_guard<std::mutex> lock(queue.mutex);
    --queue.workers_left;
    queue.ready.notify_one();
}

/// Commits finished rows every `plan.batch` rows or every 2 s, whichever comes first, so a
/// killed run loses little and slow (--prove) runs still commit often.
std::size_t write_rows(const Plan& plan, telemetry::Catalog& cat, RowQueue& queue, ProgressLine& progress) {
    using Clock = std::chrono::steady_clock;
    constexpr auto kMaxCommitGap = std::chrono::seconds(2);
    std::size_t written = 0;
    auto last_commit = Clock::now();
    std::unique_lock<std::mutex> lock(queue.mutex);
    for (;;) {
        queue.ready.wait_for(lock, std::chrono::milliseconds(200));
        const bool finished = queue.workers_left == 0;
        if (queue.rows.size() < plan.batch && !finished && Clock::now() - last_commit < kMaxCommitGap)
            continue;
        std::vector<CatalogRow> rows;
        rows.swap(queue.rows);
        lock.unlock();
        if (!rows.empty()) cat.put(rows);
        written += rows.size();
        progress.advance(rows.size());
        last_commit = Clock::now();
        lock.lock();
        if (finished && queue.rows.empty()) return written;
    }
}

/// Jobs of the plan already stored (the catalogue may hold other ranges too).
std::uint64_t stored_jobs(const Plan& plan, const telemetry::CatalogDone& done) {
    std::uint64_t n = 0;
    for (const auto& [seed, index] : done) {
        const bool in_range = seed >= plan.seeds.first && seed <= plan.seeds.last;
        const bool in_shard = seed % plan.shard.count == plan.shard.index - 1;
        bool in_indices = false;
        for (int i : plan.indices) in_indices = in_indices || i == index;
        n += in_range && in_shard && in_indices;
    }
    return n;
}

void run(const Options& o) {
    const Plan plan = make_plan(o);  // every argument checked before the file is touched
    telemetry::Catalog cat = telemetry::Catalog::open(o.db);
    const telemetry::CatalogDone done =
        cat.done(plan.shape, telemetry::CatalogNeeds{plan.model_hash, plan.prove});
    const std::uint64_t stored = stored_jobs(plan, done);
    const auto t0 = std::chrono::steady_clock::now();
    RowQueue queue;
    queue.workers_left = plan.threads;
    std::atomic<std::uint64_t> next{0};
    ProgressLine progress("cataloguing levels", static_cast<std::size_t>(plan.jobs() - stored));
    std::vector<std::thread> pool;
    for (int i = 0; i < plan.threads; ++i) pool.emplace_back([&] { work(plan, done, next, queue); });
    std::size_t written = 0;
    try {
        written = write_rows(plan, cat, queue, progress);
    } catch (const telemetry::StoreError&) {  // the workers stop before the error leaves
        next = plan.jobs();
        for (std::thread& t : pool) t.join();
        throw;
    }
    for (std::thread& t : pool) t.join();
    progress.finish();
    if (!queue.error.empty()) throw LabError("cataloguing failed: " + queue.error);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%zu levels catalogued, %llu already stored, into %s: %.1f s on %d threads, %.2f levels/s\n",
                written, static_cast<unsigned long long>(stored), o.db.c_str(), secs, plan.threads,
                secs > 0 ? static_cast<double>(written) / secs : 0.0);
}

void run_merge(const MergeOptions& o) {
    telemetry::MergeCounts c;
    c = telemetry::merge_catalogs(o.out, o.inputs);
    std::printf("merged %zu catalogues into %s: %lld rows added, %lld already there\n", o.inputs.size(),
                o.out.c_str(), static_cast<long long>(c.added), static_cast<long long>(c.identical));
}

void add_run_options(CLI::App* c, Options& o) {
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
    auto o = std::make_shared<Options>();
    auto m = std::make_shared<MergeOptions>();
    CLI::App* c = app.add_subcommand("catalog", "level catalogue: statistics of every level of a seed range");
    add_run_options(c, *o);
    c->require_subcommand(0, 1);
    CLI::App* merge = c->add_subcommand("merge", "merge catalogue files (shards) into one");
    merge->add_option("out", m->out, "output catalogue (created when missing)")->required();
    merge->add_option("inputs", m->inputs, "catalogues to merge")->required();
    merge->callback([m] { run_merge(*m); });
    c->callback([o, merge] {
        if (!merge->parsed()) run(*o);
    });
}

}  // namespace sawtooth::lab
