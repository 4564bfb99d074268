#pragma once
// Proving generated levels playable over a seed range (`sawtooth-lab verify-levels`,
// docs/bots.md "Playability proof"): every seed at every level index is generated (a linear
// level with the study's shape, gen/study_plan.hpp; a maze with the free-play default) and
// the expert bot plays it both ways (game/bot/proven_level.hpp), on the caller's workers.
// A level it cannot finish is a bot or generator bug to fix, never to filter.
// Does not: parse options, write failing levels to files, or print.

#include "game/bot/proven_level.hpp"
#include "gen/generator.hpp"
#include "telemetry/analysis/curve_candidates.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace sawtooth::flows {

/// One level to prove: a seed at a level index.
struct VerifyJob {
    std::uint64_t seed = 0;
    int level_index = 1;
};

/// Every seed of first..last (inclusive; last may be the largest uint64) at every index.
std::vector<VerifyJob> verify_jobs(std::uint64_t first, std::uint64_t last, const std::vector<int>& indices);

/// The generator parameters of a job in `layout`.
GenParams verify_params(const VerifyJob& job, Layout layout);

/// How a verification runs.
struct VerifySettings {
    Layout layout = Layout::Maze;
    int max_ticks = bot::kProofMaxTicks;
    /// Called from a worker after each level, with its parameters and proof (optional).
    std::function<void(const GenParams&, const bot::ProvenLevel&)> on_level;
};

/// Proves every job through `for_each`; results in job order, each with its seconds.
std::vector<bot::ProvenLevel> verify_levels(const std::vector<VerifyJob>& jobs,
                                            const VerifySettings& settings,
                                            const analysis::ForEach& for_each);

/// The figures of a verification.
struct VerifySummary {
    int proven = 0;                           ///< both ways
    int forward = 0;                          ///< start -> exit
    int backward = 0;                         ///< exit -> start
    double median_ticks = 0.0;                ///< of the start -> exit plays that reached the exit
    double median_back_ticks = 0.0;           ///< of the exit -> start plays that reached the start
    std::vector<std::uint64_t> failed_seeds;  ///< in job order, each once per run of jobs
    std::vector<std::size_t> failures;        ///< jobs not proven both ways
};

VerifySummary summarize_verification(const std::vector<VerifyJob>& jobs,
                                     const std::vector<bot::ProvenLevel>& results);

}  // namespace sawtooth::flows
