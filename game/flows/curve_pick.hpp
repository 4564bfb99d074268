#pragma once
// The curve pick (docs/difficulty.md "Difficulty-targeted levels"): one distinct level per
// position of a target difficulty curve, chosen among predicted candidates within a
// tolerance (analysis::pick_for_curve); with a playtest, a synthetic panel
// (game/flows/playtest.hpp) plays each position's shortlist and the position keeps the level
// whose deaths fit the curve (analysis::pick_by_playtest). One copy, shared by
// `sawtooth-lab pick-difficulty` and a protocol's curve condition (game/flows/protocol_plan.hpp).
// Does not: build candidates (telemetry/analysis/curve_candidates.hpp), define curves
// (difficulty_curve.hpp), write packs or print.

#include "game/flows/playtest.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/analysis/difficulty_curve.hpp"
#include "telemetry/analysis/playtest_choice.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::flows {

/// How the pick runs.
struct CurvePickRequest {
    double tolerance = analysis::CurvePickSettings{}.tolerance;  ///< largest |difficulty - target|
    PlaytestPanel panel;                                         ///< panel.players 0: the model alone
    int shortlist = 4;           ///< with a playtest: levels per position, nearest its target
    std::string setting_prefix;  ///< put before a setting's name in messages ("--" on a command line)
};

/// What a playtest did: what it played, and the choice it made.
struct PlaytestOutcome {
    analysis::Shortlists shortlists;
    std::map<std::size_t, PlaytestResult> played;  ///< candidate index -> the panel's figures
    analysis::PlaytestPick pick;
};

/// The choice: the levels per position (indices into the candidates), their errors, and the
/// playtest when one ran. `pick.met` false: no choice meets the tolerance (no playtest ran).
struct CurveChoice {
    analysis::CurvePick pick;
    std::optional<PlaytestOutcome> playtest;
};

/// Chooses among `candidates` for `targets`; plays spread by `for_each`. Throws an Error
/// (gen/error.hpp) whose message starts with the setting it concerns ("count 3: ...",
/// "shortlist 2: ...", "playtest: ...", after setting_prefix), and telemetry::PackError when
/// a shortlisted level no longer generates as recorded.
CurveChoice pick_curve_levels(const std::vector<analysis::PredictedLevel>& candidates,
                              const std::vector<double>& targets, const CurvePickRequest& request,
                              const analysis::ForEach& for_each = analysis::serial_for_each);

}  // namespace sawtooth::flows
