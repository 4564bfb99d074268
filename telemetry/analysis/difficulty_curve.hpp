#pragma once
// Difficulty-targeted level choice (docs/difficulty.md §11; thesis ch. 1: difficulty that rises
// steadily and meets the player's skill). Target curves of predicted difficulty over the
// positions of a pack (rising, flat, or explicit targets read from JSON), and the choice of
// distinct candidate levels whose predicted difficulty follows a curve position by
// position within a tolerance. Difficulties are the level model's δ(L) in [0, 1]
// (telemetry/analysis/level_model.hpp): the probability of failing at least once on the
// easiest path.
//
// Pure functions of numbers: no levels, no files, no model. The caller predicts the
// candidates' difficulty (tools/lab/cmd_pick_difficulty.cpp) and reads the curve file.
// The method and its defaults are argued in docs/difficulty.md, "Difficulty-targeted levels".

#include <nlohmann/json.hpp>
#include "gen/error.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sawtooth::analysis {

/// A curve or a choice that cannot be made; what() is one line.
class CurveError : public Error {
public:
    using Error::Error;
};

/// The q-quantile (q in [0, 1]) of `values` (non-empty), interpolating linearly between
/// order statistics (Hyndman-Fan type 7, R's default).
double quantile(std::vector<double> values, double q);

/// How a rising curve's targets are spaced between its two ends.
///  * Hazard: evenly in h = -ln(1 - δ), the sum of -ln p over the easiest path's
///    challenges, so each step adds the same expected trouble (about one challenge of the
///    model's typical p) wherever it lies. δ itself saturates: with p ≈ 0.6 a challenge
///    more moves δ from 0.92 to 0.95 but from 0.995 to 0.997, so even steps in δ crowd the
///    positions at the easy end and leave one jump at the hard end.
///  * Difficulty: evenly in δ (the first version of this curve).
enum class CurveSpacing { Hazard, Difficulty };

/// "hazard", "difficulty": the names `pick-difficulty --spacing` and provenance use.
std::string_view curve_spacing_name(CurveSpacing spacing);
/// Inverse of curve_spacing_name; std::nullopt for any other text.
std::optional<CurveSpacing> parse_curve_spacing(std::string_view name);

/// Where a rising curve starts and ends, as quantiles of the candidates' difficulty, and
/// how it is spaced between them. 0.05 .. 0.95: each end keeps a twentieth of the
/// candidates beyond it, so the first and last positions still choose among many levels
/// (the tails are thin and hold the levels the model is least sure of, δ = 1 among them);
/// docs/research/difficulty-log.md section 27 measures 0.10 .. 0.90 and 0.02 .. 0.98 against it.
struct RisingCurveSettings {
    double low_quantile = 0.05;
    double high_quantile = 0.95;
    CurveSpacing spacing = CurveSpacing::Hazard;
};

/// `count` (>= 1) targets from the low to the high quantile of `difficulties` (non-empty),
/// evenly spaced as settings.spacing says; one target is the spacing's midpoint. Throws
/// CurveError when the quantiles are not 0 <= low < high <= 1.
std::vector<double> rising_curve(const std::vector<double>& difficulties, int count,
                                 const RisingCurveSettings& settings = {});

/// The hazard h = -ln(1 - δ) of a difficulty δ in [0, 1] (δ = 1 is taken as 1 - 1e-12, so
/// h is finite), and its inverse.
double difficulty_hazard(double difficulty);
double hazard_difficulty(double hazard);

/// `count` (>= 1) targets, each the median of `difficulties` (non-empty).
std::vector<double> flat_curve(const std::vector<double>& difficulties, int count);

/// The targets of a curve document: [d1, d2, ...] or {"targets": [d1, ...]}, at least one,
/// each a number in [0, 1]. Throws CurveError naming the JSON pointer ("/targets/2: 1.5 is
/// outside [0, 1]").
std::vector<double> curve_targets_from_json(const nlohmann::json& doc);
/// The targets of the curve file `path` (`pick-difficulty --curve FILE`); throws an Error
/// naming the file when it cannot be read, is not JSON or its targets are bad.
std::vector<double> read_curve_file(const std::string& path);

/// One candidate level: its predicted difficulty, and a group. Two candidates of one group
/// are never chosen together (the caller's groups: one generator seed and shape, so a pack
/// never holds the same rooms twice with other trap timings).
struct CurveCandidate {
    double difficulty = 0.0;
    std::uint64_t group = 0;
};

struct CurvePickSettings {
    /// Largest |difficulty - target| allowed at any position: far above what a few thousand
    /// candidates achieve (< 0.002, docs/difficulty.md §13), so a refusal
    /// means the candidates are too few. It bounds the error, not the order: near the hard
    /// end of a hazard-spaced curve two targets lie closer than 0.01, and the choice still
    /// takes the level nearest each (it minimises the summed error).
    double tolerance = 0.01;
};

/// The choice, or why there is none.
struct CurvePick {
    bool met = false;                 ///< every position within the tolerance
    std::vector<std::size_t> chosen;  ///< candidate index per position (empty when !met)
    std::vector<double> errors;       ///< difficulty - target per position (empty when !met)
    double max_error = 0.0;           ///< max |error| of the choice
    double mean_error = 0.0;          ///< mean |error| of the choice
    /// The smallest max |error| any choice of distinct candidates reaches (the bottleneck
    /// assignment); filled whether or not the tolerance is met.
    double best_max_error = 0.0;
};

/// Chooses one candidate per target, at most one per group: among the choices whose every
/// |error| is within the tolerance, one with the least sum of |error| (an exact min-cost
/// assignment, Hungarian algorithm). The chosen levels are then put in the order of the
/// targets (the lowest difficulty at the lowest target; this never raises the max or the sum),
/// so a rising curve gets non-decreasing picks; positions with equal targets take their
/// levels in candidate order, so a flat curve gets no order by difficulty. Deterministic:
/// equal inputs give equal picks. Throws CurveError when `targets` is empty or the
/// candidates hold fewer groups than targets; returns met = false when the tolerance
/// cannot be met.
CurvePick pick_for_curve(const std::vector<CurveCandidate>& candidates, const std::vector<double>& targets,
                         const CurvePickSettings& settings = {});

/// A given choice (`chosen`: a candidate per target, targets.size() of them) with its errors,
/// as pick_for_curve reports its own; met when every |error| is within the tolerance, and
/// best_max_error its own max (no search for a better choice).
CurvePick pick_errors(const std::vector<CurveCandidate>& candidates, const std::vector<double>& targets,
                      std::vector<std::size_t> chosen, const CurvePickSettings& settings = {});

}  // namespace sawtooth::analysis
