#pragma once
// A study's challenge model fitted, verified and bootstrapped (thesis 5.2-5.4,
// docs/difficulty.md "Commands" and "Intervals"): the one flow behind `sawtooth-lab model
// verify` and `sawtooth-lab report`. The sessions a selection takes are replayed, the model is
// fitted on all of them and verified on random train/verify partitions, and the participant
// bootstrap gives the intervals. The two commands differ only in what a failure does
// (ModelUse). Does not: print, write files or draw the report's page (study_report.hpp).

#include "telemetry/analysis/verification.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace sawtooth::analysis {

/// Who runs the flow, which decides what a failure does.
enum class ModelUse : std::uint8_t {
    /// `model verify`: every failure is an error. The split is checked before the model is
    /// fitted, partitions that all fail to fit are an error, and so is a failed bootstrap.
    Verify,
    /// `report`: a study too small for a model (a pilot, a few participants of a protocol)
    /// still gets its statistics with why there is no model (the fit's failure first); the
    /// training-size analysis is added, partitions that all failed still give their figures,
    /// and a bootstrap that fails leaves no intervals.
    Report,
};

/// How the flow runs.
struct StudyModelSettings {
    int partitions = 25;
    int train_sessions = kMinTrainSessions;
    std::uint64_t seed = 1;             ///< partition seed
    int threads = 2;                    ///< replay threads
    VerifyBootstrapSettings bootstrap;  ///< replicates 0: no intervals
    ModelUse use = ModelUse::Verify;
    /// Put in front of the verification's errors ("condition 'rising'"; "" = nothing).
    std::string context;
};

/// The challenge model of a study and its verification (thesis 5.2-5.4).
struct VerifiedModel {
    ChallengeModel all;  ///< fitted on every session
    VerifyResult v;
    std::optional<TrainingSizeResult> training_size;  ///< ModelUse::Report only
    std::optional<VerifyIntervals> intervals;         ///< participant bootstrap (none with 0 replicates)
};

/// A study's sessions and their model.
struct StudyModel {
    StudyData d;
    std::optional<VerifiedModel> model;  ///< always there for ModelUse::Verify
    std::string no_model;                ///< ModelUse::Report: why `model` is empty
};

/// Replays the sessions `selection` takes of the database `db` and fits, verifies and
/// bootstraps their model. Throws what load_study throws; with ModelUse::Verify also a
/// ModelError for a model that cannot be fitted, verified or bootstrapped.
StudyModel analyse_study_model(const std::string& db, const StudyModelSettings& settings,
                               const telemetry::SessionSelection& selection = {});

}  // namespace sawtooth::analysis
