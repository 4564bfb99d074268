#pragma once
// Shared by the difficulty-model commands (model fit / verify, difficulty, report): load a
// study, and the bootstrap options. The JSON forms of their results are
// telemetry/analysis/verification_json.hpp.

#include "telemetry/analysis/verification.hpp"

#include <string>

namespace CLI {
class App;
}

namespace sawtooth::lab {

/// Replays the sessions `selection` takes (default: all) of a database into a study;
/// what analysis::load_study throws reaches the caller.
analysis::StudyData load_study_for_lab(const std::string& db, int threads,
                                       const telemetry::SessionSelection& selection = {});

/// Adds --bootstrap N, --bootstrap-seed S and --interval-level L (docs/difficulty.md
/// "Intervals") filling `settings`.
void add_bootstrap_options(CLI::App& cmd, analysis::VerifyBootstrapSettings& settings);

}  // namespace sawtooth::lab
