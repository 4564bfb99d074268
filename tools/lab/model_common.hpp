#pragma once
// Shared by the difficulty-model commands (model fit / verify, difficulty, report): load a
// study with one-line errors, and the JSON forms of their results.

#include "telemetry/analysis/verification.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace CLI {
class App;
}

namespace sawtooth::lab {

/// Replays the sessions `selection` takes (default: all) of a database into a study;
/// StoreError / ModelError become LabError.
analysis::StudyData load_study_for_lab(const std::string& db, int threads,
                                       const telemetry::SessionSelection& selection = {});

/// Fits the challenge model on every session; ModelError becomes LabError.
analysis::ChallengeModel fit_all(const analysis::StudyData& data, const analysis::HistogramSettings& h = {});

/// Counts of Fig. 5.1 and what the replay kept / dropped.
nlohmann::json study_json(const analysis::StudyData& data);

/// `model verify --json` output (docs/difficulty.md "Commands") plus details.
nlohmann::json verify_json(const analysis::VerifyResult& v, const analysis::ChallengeModel& all);

/// Bootstrap intervals as {"replicates", "partitions", "level", "seed", "t_timing": {"estimate",
/// "lo", "hi", "replicates"}, ..., "t_score", "p_value", "accuracy"}.
nlohmann::json intervals_json(const analysis::VerifyIntervals& iv);

/// Adds --bootstrap N, --bootstrap-seed S and --interval-level L (docs/difficulty.md
/// "Intervals") filling `settings`.
void add_bootstrap_options(CLI::App& cmd, analysis::VerifyBootstrapSettings& settings);

/// The four coefficients as {"c0", "t_timing", "j", "t_cycle"}.
nlohmann::json coefficients_json(const analysis::Coefficients& c);

}  // namespace sawtooth::lab
