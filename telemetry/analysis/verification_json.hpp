#pragma once
// The challenge model fitted on every session of a study, and the JSON forms of a study's
// counts, a verification and its bootstrap intervals: what `model fit --json`,
// `model verify --json` and the report's report.json hold (docs/difficulty.md "Commands").
// Does not: load studies, write files or print.

#include "telemetry/analysis/verification.hpp"

#include <nlohmann/json.hpp>

namespace sawtooth::analysis {

/// Fits the challenge model on every session; a ModelError's message starts with
/// "cannot fit the challenge model: ".
ChallengeModel fit_all(const StudyData& data, const HistogramSettings& h = {});

/// The four coefficients as {"c0", "t_timing", "j", "t_cycle"}.
nlohmann::json coefficients_json(const Coefficients& c);

/// Counts of Fig. 5.1 and what the replay kept / dropped.
nlohmann::json study_json(const StudyData& data);

/// `model verify --json` output (docs/difficulty.md "Commands") plus details.
nlohmann::json verify_json(const VerifyResult& v, const ChallengeModel& all);

/// Bootstrap intervals as {"replicates", "partitions", "level", "seed", "t_timing": {"estimate",
/// "lo", "hi", "replicates"}, ..., "t_score", "p_value", "accuracy"}.
nlohmann::json intervals_json(const VerifyIntervals& iv);

}  // namespace sawtooth::analysis
