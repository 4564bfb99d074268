#include "game/flows/catalogue_build.hpp"

#include "game/bot/proof.hpp"
#include "gen/error.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/analysis/level_stats.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace sawtooth::flows {

using telemetry::CatalogRow;

GenParams CatalogueRun::job(std::uint64_t k) const {
    GenParams p = shape;
    p.seed = first_seed + (k / indices.size()) * shard_count;
    p.level_index = indices[k % indices.size()];
    return p;
}

namespace {

CatalogRow catalogue_level(const GenParams& p, const CatalogueRun& run, const std::string& model_hash) {
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
    if (run.model) {
        const analysis::LevelModelResult m = analysis::evaluate_level(g, *run.model);
        r.model = telemetry::CatalogModelFigures{model_hash, m.difficulty, m.success_probability,
                                                 static_cast<int>(m.path_challenges.size())};
    }
    if (run.prove) {
        bot::ProofSettings settings;
        settings.max_ticks = bot::kProofMaxTicks;
        settings.seed = p.seed;
        const bot::LevelProof proof = bot::prove_level(g.level, settings);
        r.proof = telemetry::CatalogProof{proof.forward.reached(), proof.backward.reached(),
                                          static_cast<std::int64_t>(proof.forward.ticks),
                                          static_cast<std::int64_t>(proof.backward.ticks)};
    }
    return r;
}

/// Rows finished by the workers, waiting for the writer (the caller's thread).
struct RowQueue {
    std::mutex mutex;
    std::condition_variable ready;
    std::vector<CatalogRow> rows;
    int workers_left = 0;
    std::string error;  ///< the first worker's failure
};

void work(const CatalogueRun& run, const std::string& model_hash, const telemetry::CatalogDone& done,
          std::atomic<std::uint64_t>& next, RowQueue& queue) {
    try {
        for (std::uint64_t k = next++; k < run.jobs(); k = next++) {
            const GenParams p = run.job(k);
            if (done.count({p.seed, p.level_index})) continue;
            CatalogRow row = catalogue_level(p, run, model_hash);
            const std::lock_guard<std::mutex> lock(queue.mutex);
            queue.rows.push_back(std::move(row));
            queue.ready.notify_one();
        }
    } catch (const std::exception& e) {
        const std::lock_guard<std::mutex> lock(queue.mutex);
        if (queue.error.empty()) queue.error = e.what();
        next = run.jobs();  // the others stop too
    }
    const std::lock_guard<std::mutex> lock(queue.mutex);
    --queue.workers_left;
    queue.ready.notify_one();
}

/// Commits finished rows every `run.batch` rows or every 2 s, whichever comes first, so a
/// killed run loses little and slow (proving) runs still commit often.
std::size_t write_rows(const CatalogueRun& run, telemetry::Catalog& cat, RowQueue& queue,
                       const CatalogueProgress& progress) {
    using Clock = std::chrono::steady_clock;
    constexpr auto kMaxCommitGap = std::chrono::seconds(2);
    std::size_t written = 0;
    auto last_commit = Clock::now();
    std::unique_lock<std::mutex> lock(queue.mutex);
    for (;;) {
        queue.ready.wait_for(lock, std::chrono::milliseconds(200));
        const bool finished = queue.workers_left == 0;
        if (queue.rows.size() < run.batch && !finished && Clock::now() - last_commit < kMaxCommitGap)
            continue;
        std::vector<CatalogRow> rows;
        rows.swap(queue.rows);
        lock.unlock();
        if (!rows.empty()) cat.put(rows);
        written += rows.size();
        if (progress.rows) progress.rows(rows.size());
        last_commit = Clock::now();
        lock.lock();
        if (finished && queue.rows.empty()) return written;
    }
}

/// Levels of the run already stored (the catalogue may hold other ranges too).
std::uint64_t stored_jobs(const CatalogueRun& run, const telemetry::CatalogDone& done) {
    std::uint64_t n = 0;
    for (const auto& [seed, index] : done) {
        const bool in_range = seed >= run.range_first && seed <= run.range_last;
        const bool in_shard = seed % run.shard_count == run.shard_index - 1;
        bool in_indices = false;
        for (int i : run.indices) in_indices = in_indices || i == index;
        n += in_range && in_shard && in_indices;
    }
    return n;
}

std::string model_hash_of(const CatalogueRun& run) {
    if (!run.model) return "";
    const analysis::Coefficients& c = run.model->linear;
    return telemetry::model_hash(c.c0, c.t_timing, c.j, c.t_cycle);
}

}  // namespace

CatalogueBuilt build_catalogue(telemetry::Catalog& catalog, const CatalogueRun& run,
                               const CatalogueProgress& progress) {
    const std::string model_hash = model_hash_of(run);
    const telemetry::CatalogDone done =
        catalog.done(run.shape, telemetry::CatalogNeeds{model_hash, run.prove});
    CatalogueBuilt built;
    built.stored = stored_jobs(run, done);
    if (progress.start) progress.start(run.jobs() - built.stored);
    RowQueue queue;
    queue.workers_left = run.threads;
    std::atomic<std::uint64_t> next{0};
    std::vector<std::thread> pool;
    for (int i = 0; i < run.threads; ++i)
        pool.emplace_back([&] { work(run, model_hash, done, next, queue); });
    try {
        built.written = write_rows(run, catalog, queue, progress);
    } catch (const telemetry::StoreError&) {  // the workers stop before the error leaves
        next = run.jobs();
        for (std::thread& t : pool) t.join();
        throw;
    }
    for (std::thread& t : pool) t.join();
    if (!queue.error.empty()) throw Error("cataloguing failed: " + queue.error);
    return built;
}

}  // namespace sawtooth::flows
