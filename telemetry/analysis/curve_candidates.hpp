#pragma once
// The candidates of a difficulty-targeted choice (docs/difficulty.md §11) and their predicted
// difficulty: the levels of a seed range in one shape, or the generated levels of a
// catalogue (its stored difficulty when it comes from the same model, recomputed
// otherwise), each predicted with the level model (level_model.hpp); the groups that keep
// two levels of one seed out of one choice; and the targets of a named curve. Shared by
// `sawtooth-lab pick-difficulty` and the game's protocol run (a "curve" condition), so both
// pick the same levels for the same settings. Does not: choose (difficulty_curve.hpp), write
// packs, or run threads (the caller's ForEach does; serial_for_each is the plain loop).

#include "gen/generator.hpp"
#include "telemetry/analysis/difficulty_curve.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/study/curve_shape.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sawtooth::analysis {

/// A candidate level with its predicted difficulty δ(L) in [0, 1].
struct PredictedLevel {
    telemetry::PackLevel level;
    double difficulty = 1.0;
};

/// Calls body(i) once for every i in [0, n), in any order and on any threads; body is
/// thread-safe for distinct i.
using ForEach = std::function<void(std::size_t n, const std::function<void(std::size_t)>& body)>;

/// body(0) .. body(n - 1) in order on this thread.
void serial_for_each(std::size_t n, const std::function<void(std::size_t)>& body);

/// The candidates and what happened to the rest.
struct CurveCandidates {
    std::vector<PredictedLevel> list;
    int not_generated = 0;              ///< seed levels that do not generate (left out)
    std::size_t difficulty_stored = 0;  ///< catalogue rows whose stored difficulty was used
};

/// pick-difficulty's default shape for --seeds: maze, 4x3 rooms of 11x7 cells (level index 1).
GenParams default_curve_shape();

/// The levels of seeds first..last (first <= last) in each of `shapes` (non-empty) at each
/// of `level_indices` (each shape's seed and level index replaced), in seed, then shape,
/// then index order; throws CurveError when none generates.
CurveCandidates seed_curve_candidates(const std::vector<GenParams>& shapes,
                                      const std::vector<int>& level_indices, std::uint64_t first,
                                      std::uint64_t last, const ChallengeModel& model,
                                      const ForEach& for_each);

/// The generated rows of the catalogue `file`, in seed order (then shape and level index).
/// Seed order, in both kinds of candidates, is the order in which positions of equal
/// targets (a flat curve) take their levels: it is unrelated to difficulty, where the
/// catalogue's row order (shape first) would put short levels before long ones, and long
/// levels of the same predicted difficulty are the deadlier (docs/difficulty.md §11, "Curves").
/// Throws CurveError naming the file when it cannot be read, lists a level that no longer
/// generates (or generates another level: hash differs), or holds no generated level.
CurveCandidates catalog_curve_candidates(const std::string& file, const ChallengeModel& model,
                                         const ForEach& for_each);

/// The choice's candidates: one group per generator seed and shape, so no two picks share rooms.
std::vector<CurveCandidate> curve_groups(const std::vector<PredictedLevel>& list);

/// `count` targets of the named curve over the candidates' difficulties (`list` non-empty).
std::vector<double> named_curve_targets(telemetry::CurveShape shape, const std::vector<PredictedLevel>& list,
                                        int count, const RisingCurveSettings& rising = {});

}  // namespace sawtooth::analysis
