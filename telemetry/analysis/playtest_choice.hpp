#pragma once
// Playtested choice of a difficulty curve (docs/difficulty.md §11, "Playtest").
// The challenge model ranks levels by the hazard of their easiest path, but one deadly trap
// it does not see (a mine under a spike, docs/difficulty.md §13) can make a level of middling hazard the
// deadliest of a pack. A designer playtests before shipping; this is that step for a
// synthetic panel: each position shortlists the few candidates whose predicted difficulty
// lies nearest its target, a panel of synthetic players plays every shortlisted level (the
// caller does, tools/lab/playtest.hpp), and each position keeps the level whose playtested
// deaths lie nearest the deaths the curve expects at its target.
//
// The expectation is fitted, not assumed: ln(1 + mean deaths) = a + b · hazard, least
// squares over every playtested level, so the panel's own scale (a good panel dies less)
// sets it and the curve keeps the model's spacing in hazard.
//
// Pure functions of numbers: no levels, no players. Shortlists are disjoint, so the picks
// are distinct without an assignment. Does not: play (the caller), or build targets
// (difficulty_curve.hpp).

#include "telemetry/analysis/difficulty_curve.hpp"

#include <cstddef>
#include <vector>

namespace sawtooth::analysis {

/// Per position, the candidate indices it may choose from (its shortlist).
using Shortlists = std::vector<std::vector<std::size_t>>;

/// Shortlists of up to `per_position` (>= 1) candidates each, of distinct groups, no group in
/// two shortlists, every member within `tolerance` of its position's target in difficulty.
/// Built in rounds: in each round every position, in order, takes the unclaimed group whose
/// nearest member lies nearest its target in hazard (-ln(1 - δ): near δ = 1 every level is
/// within any tolerance of every target, and hazard still tells them apart); a group
/// contributes that one member. Throws CurveError when a position gets none (too few
/// candidates within the tolerance for the others' shortlists).
Shortlists curve_shortlists(const std::vector<CurveCandidate>& candidates, const std::vector<double>& targets,
                            int per_position, double tolerance);

/// ln(1 + mean deaths) = intercept + slope · hazard.
struct DeathsByHazard {
    double intercept = 0.0;
    double slope = 0.0;
    double log_deaths(double hazard) const { return intercept + slope * hazard; }
    /// The mean deaths the fit expects at this hazard.
    double deaths(double hazard) const;
};

/// Least squares over pairs (hazard, mean deaths >= 0), at least two distinct hazards.
/// Throws CurveError when there are fewer, or when the slope is not positive (the panel's
/// deaths do not rise with the model's hazard: the model does not describe this panel).
DeathsByHazard fit_deaths_by_hazard(const std::vector<double>& hazards,
                                    const std::vector<double>& mean_deaths);

struct PlaytestPick {
    std::vector<std::size_t> chosen;      ///< candidate index per position
    DeathsByHazard fit;                   ///< over every shortlisted level
    std::vector<double> expected_deaths;  ///< per position: the fit at its target's hazard
};

/// Each position keeps the member of its shortlist whose ln(1 + playtested mean deaths) lies
/// nearest the fit at its target's hazard (ties: the earlier shortlist entry, the nearer in
/// predicted hazard). The fit is fit_deaths_by_hazard over every shortlisted level, except
/// when all targets are equal (a flat curve, or one position): then there is no slope to
/// fit, and the expectation is the mean of ln(1 + deaths) over them (slope 0), so the
/// positions keep the levels nearest the panel's typical one. `mean_deaths` holds one value
/// per candidate; only shortlisted ones are read. Throws CurveError as fit_deaths_by_hazard
/// does.
PlaytestPick pick_by_playtest(const std::vector<CurveCandidate>& candidates,
                              const std::vector<double>& targets, const Shortlists& shortlists,
                              const std::vector<double>& mean_deaths);

}  // namespace sawtooth::analysis
