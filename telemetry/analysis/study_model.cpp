#include "telemetry/analysis/study_model.hpp"

#include "gen/error.hpp"
#include "telemetry/analysis/verification_json.hpp"

namespace sawtooth::analysis {

namespace {

VerifySettings verify_settings(const StudyModelSettings& s) {
    VerifySettings v;
    v.partitions = s.partitions;
    v.train_sessions = s.train_sessions;
    v.seed = s.seed;
    return v;
}

/// The verification, its errors led by `context` when there is one.
VerifyResult verify_in_context(const StudyData& d, const VerifySettings& v, const std::string& context) {
    const auto verify = [&] { return verify_model(d, v); };
    return context.empty() ? verify() : with_context(context, verify);
}

/// The participant bootstrap; for the report, one that fails leaves no intervals (the page
/// says none were made).
std::optional<VerifyIntervals> intervals(const StudyData& d, const VerifySettings& v,
                                         const StudyModelSettings& s) {
    if (s.use == ModelUse::Verify) return bootstrap_verification(d, v, s.bootstrap);
    try {
        return bootstrap_verification(d, v, s.bootstrap);
    } catch (const ModelError&) {
        return std::nullopt;
    }
}

VerifiedModel fit_and_verify(const StudyData& d, const StudyModelSettings& s) {
    const VerifySettings v = verify_settings(s);
    VerifiedModel m;
    if (s.use == ModelUse::Verify) {
        m.v = verify_in_context(d, v, s.context);  // a split too small is named before a failed fit
        m.all = fit_all(d);
        if (m.v.failed_partitions == v.partitions)
            throw ModelError("no training set of " + std::to_string(v.train_sessions) +
                             " sessions could be fitted: " + m.v.partitions.front().error);
    } else {
        m.all = fit_all(d);  // a study that cannot be fitted says so first
        m.v = verify_in_context(d, v, s.context);
        m.training_size = training_size_analysis(d, m.all);
    }
    if (s.bootstrap.bootstrap.replicates > 0) m.intervals = intervals(d, v, s);
    return m;
}

}  // namespace

StudyModel analyse_study_model(const std::string& db, const StudyModelSettings& settings,
                               const telemetry::SessionSelection& selection) {
    StudyModel r;
    LoadSettings load;
    load.threads = settings.threads;
    load.selection = selection;
    r.d = load_study(db, load);
    if (settings.use == ModelUse::Verify) {
        r.model = fit_and_verify(r.d, settings);
        return r;
    }
    try {
        r.model = fit_and_verify(r.d, settings);
    } catch (const Error& e) {  // the report says why instead of a model's figures
        r.no_model = e.what();
    }
    return r;
}

}  // namespace sawtooth::analysis
