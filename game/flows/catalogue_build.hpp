#pragma once
// Building the level catalogue (`sawtooth-lab catalog`, docs/curation.md): every level of a
// seed range (one shard of it) is generated, its statistics computed, optionally the
// difficulty model's prediction and the playability proof (game/bot/proof.hpp), and one row
// per level is stored in a catalogue file (telemetry/curation/catalog.hpp). Workers
// generate; the caller's thread writes, committing every `batch` rows or every 2 s so a
// killed run loses little and a re-run skips what is stored. Does not: parse or check
// options (the caller hands a checked run), choose levels, or print.

#include "gen/generator.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/curation/catalog.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::flows {

/// One checked run: the seeds first_seed, first_seed + shard_count, ... (shard_seeds of
/// them, all within last_seed), each at every level index.
struct CatalogueRun {
    GenParams shape;                ///< layout, sizes, alpha (seed and level index per job)
    std::uint64_t range_first = 0;  ///< the whole seed range (what "already stored" counts)
    std::uint64_t range_last = 0;
    std::uint64_t shard_index = 1;  ///< 1..shard_count
    std::uint64_t shard_count = 1;
    std::uint64_t first_seed = 0;   ///< first seed of the range in the shard
    std::uint64_t shard_seeds = 0;  ///< seeds of the range in the shard
    std::vector<int> indices;       ///< level indices, each 1..10
    std::optional<analysis::ChallengeModel> model;
    bool prove = false;
    int threads = 1;
    std::size_t batch = 256;

    /// Levels of the run (seeds x level indices).
    std::uint64_t jobs() const { return shard_seeds * indices.size(); }
    /// Level k of the run (0-based).
    GenParams job(std::uint64_t k) const;
};

/// Progress hooks, both optional: `start` once with the levels still to catalogue, `rows`
/// after each commit with the rows it wrote.
struct CatalogueProgress {
    std::function<void(std::uint64_t todo)> start;
    std::function<void(std::size_t rows)> rows;
};

/// What a run did.
struct CatalogueBuilt {
    std::size_t written = 0;   ///< rows written by this run
    std::uint64_t stored = 0;  ///< levels of the run already in the catalogue before it
};

/// Catalogues the run's levels missing from `catalog`. Throws telemetry::StoreError from
/// the catalogue, and sawtooth::Error "cataloguing failed: ..." when a worker failed.
CatalogueBuilt build_catalogue(telemetry::Catalog& catalog, const CatalogueRun& run,
                               const CatalogueProgress& progress = {});

}  // namespace sawtooth::flows
