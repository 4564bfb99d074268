#pragma once
// The analysis behind `sawtooth-lab report` (thesis ch. 5, docs/difficulty.md): a study's
// sessions replayed, the challenge model fitted on all of them and verified on random
// train/verify partitions, the training-size analysis, the bootstrap intervals, and the data
// of every chart (report.json's "figures"). A study too small for a model (a pilot, a few
// participants of a protocol) still gets its statistics, with why there is no model.
// Does not: draw the page (tools/lab/cmd_report.cpp), write files or print.

#include "telemetry/analysis/verification.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace sawtooth::analysis {

/// How the report analyses a study.
struct StudyReportSettings {
    int partitions = 25;
    int train_sessions = kMinTrainSessions;
    std::uint64_t seed = 1;             ///< partition seed
    int threads = 2;                    ///< replay threads
    VerifyBootstrapSettings bootstrap;  ///< replicates 0: no intervals
};

/// The challenge model of a study and its verification (thesis 5.2-5.4).
struct ModelFigures {
    ChallengeModel all;  ///< fitted on every session
    VerifyResult v;
    TrainingSizeResult ts;
    std::optional<VerifyIntervals> intervals;  ///< participant bootstrap (none with 0 replicates)
};

/// Everything the report shows of a platformer study. A study too small for a model (a
/// pilot, a few participants of a protocol) still gets its statistics and conditions.
struct StudyReport {
    StudyData d;
    std::optional<ModelFigures> model;
    std::string no_model;  ///< why `model` is empty
};

/// Replays the sessions `selection` takes of the database `db` and analyses them. Throws what
/// load_study throws; a model that cannot be fitted or verified leaves `model` empty with
/// `no_model` saying why.
StudyReport analyse_study_report(const std::string& db, const StudyReportSettings& settings,
                                 const telemetry::SessionSelection& selection = {});

/// The data behind every chart of the page (report.json's "figures").
nlohmann::json chart_figures(const StudyData& d, const ModelFigures& m);

}  // namespace sawtooth::analysis
