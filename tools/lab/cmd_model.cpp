// `sawtooth-lab model fit`: replay a study database and fit the challenge model (thesis
// 4.5, 5.1) on every session. `sawtooth-lab model verify`: thesis 5.2-5.4 verification
// with random train/verify partitions. Definitions: docs/difficulty.md.
#include "telemetry/analysis/study_model.hpp"
#include "telemetry/analysis/trace_csv.hpp"
#include "telemetry/analysis/verification.hpp"
#include "telemetry/analysis/verification_json.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/model_common.hpp"
#include "tools/lab/study_selection.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

namespace sawtooth::lab {

namespace {

using namespace analysis;

struct ModelOptions {
    std::string db;
    std::string out = "model.json";
    std::string traces;  ///< CSV of every mapped event trace ("" = none)
    int threads = 2;
    int partitions = 25;
    int train_sessions = kMinTrainSessions;
    std::uint64_t seed = 1;
    bool json = false;
    VerifyBootstrapSettings bootstrap;  ///< verify: replicates 0 = no intervals
    StudyFilterOptions filter;          ///< verify: --protocol / --condition / --by-condition
};

void print_fit(const StudyData& d, const ChallengeModel& m) {
    std::fprintf(stderr, "%zu sessions, %d levels, %d event traces (%d switch events)\n", d.sessions.size(),
                 d.levels, d.trace_stats.mapped, d.switch_events);
    for (const std::string& w : d.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    std::printf("p(success) = %.4f %+.4f t_timing %+.4f j %+.4f t_cycle\n", m.linear.c0, m.linear.t_timing,
                m.linear.j, m.linear.t_cycle);
    std::printf("linear error %.6f, exponential error %.6f over %d bins (%d traces outside the histogram)\n",
                m.linear_error, m.exponential_error, m.fitted_bins, m.histogram.outside);
}

void run_fit(const ModelOptions& o) {
    const StudyData d = load_study_for_lab(o.db, o.threads);
    // Counts first, so a failed fit still says what the data held.
    std::fprintf(stderr, "%zu sessions, %d levels, %d event traces; %d levels could not be replayed\n",
                 d.sessions.size(), d.levels, d.trace_stats.mapped, d.desynced);
    if (!d.warnings.empty()) std::fprintf(stderr, "first warning: %s\n", d.warnings.front().c_str());
    if (!o.traces.empty()) write_traces_csv(d, o.traces);
    const ChallengeModel m = fit_all(d);
    save_model(m, o.out);
    if (o.json) {
        nlohmann::json j = model_to_json(m);
        j["study"] = study_json(d);
        std::printf("%s\n", j.dump(2).c_str());
    } else {
        print_fit(d, m);
        std::printf("wrote %s\n", o.out.c_str());
    }
}

/// The bootstrap intervals under the table.
void print_intervals(const VerifyIntervals& iv) {
    const BootstrapSettings& b = iv.settings.bootstrap;
    std::printf("participant bootstrap, %d replicates (%d partitions each), %.0f %% intervals, seed %llu:\n",
                b.replicates, iv.settings.partitions, 100.0 * b.level,
                static_cast<unsigned long long>(b.seed));
    for (std::size_t k = 0; k < iv.coefficients.size(); ++k)
        std::printf("  %-9s %+.4f [%+.4f, %+.4f]%s\n", kModelCoefficientNames[k], iv.coefficients[k].estimate,
                    iv.coefficients[k].lo, iv.coefficients[k].hi,
                    k > 0 && !iv.coefficients[k].excludes_zero() ? "  (sign not settled)" : "");
    std::printf("  %-9s %+.2f [%+.2f, %+.2f]\n", "ALL t", iv.t_score.estimate, iv.t_score.lo, iv.t_score.hi);
    std::printf("  %-9s %.4f [%.4f, %.4f]\n", "ALL p", iv.p_value.estimate, iv.p_value.lo, iv.p_value.hi);
    std::printf("  %-9s %.2f [%.2f, %.2f]\n", "ALL acc.", iv.accuracy.estimate, iv.accuracy.lo,
                iv.accuracy.hi);
}

/// One verification of the sessions `c` takes, printed as a table.
void print_verification(const SelectedCondition& c, const StudyModel& r) {
    const VerifiedModel& m = *r.model;
    if (!c.name.empty()) std::printf("condition %s:\n", c.name.c_str());
    print_fit(r.d, m.all);
    std::printf("%d partitions: %d sessions train, %d verify (%d partitions could not be fitted)\n",
                m.v.settings.partitions, m.v.settings.train_sessions, m.v.verify_sessions,
                m.v.failed_partitions);
    std::printf("%-8s %9s %9s %9s %10s\n", "group", "t-score", "p-value", "accuracy", "slope");
    for (int g = 0; g < kGroupCount; ++g) {
        const GroupSummary& gs = m.v.groups[static_cast<std::size_t>(g)];
        std::printf("%-8s %9.2f %9.4f %8.0f%% %10.2f\n", group_name(static_cast<Group>(g)), gs.t_score,
                    gs.p_value, gs.accuracy < 0 ? 0.0 : gs.accuracy * 100, gs.slope);
    }
    if (m.intervals) print_intervals(*m.intervals);
}

/// The verification's JSON (docs/difficulty.md "Commands").
nlohmann::json verification_json(const SelectedCondition& c, const StudyModel& r) {
    nlohmann::json j = verify_json(r.model->v, r.model->all);
    j["study"] = study_json(r.d);
    if (r.model->intervals) j["intervals"] = intervals_json(*r.model->intervals);
    if (!c.name.empty()) j["condition"] = c.name;
    return j;
}

/// The sessions `c` takes, fitted, verified and bootstrapped (telemetry/analysis/study_model.hpp).
StudyModel verify_condition(const ModelOptions& o, const SelectedCondition& c) {
    StudyModelSettings s;
    s.partitions = o.partitions;
    s.train_sessions = o.train_sessions;
    s.seed = o.seed;
    s.threads = o.threads;
    s.bootstrap = o.bootstrap;
    s.context = c.name.empty() ? std::string() : "condition '" + c.name + "'";
    return analyse_study_model(o.db, s, c.selection);
}

/// Every selected condition in turn (all of them checked before any output); with
/// --by-condition the JSON is {"conditions": [one verification per condition]}.
void run_verify(const ModelOptions& o) {
    const std::vector<SelectedCondition> conditions = selected_conditions(o.filter);
    if (!o.json) {
        for (const SelectedCondition& c : conditions) print_verification(c, verify_condition(o, c));
        return;
    }
    nlohmann::json all = nlohmann::json::array();
    for (const SelectedCondition& c : conditions) all.push_back(verification_json(c, verify_condition(o, c)));
    std::printf("%s\n",
                (o.filter.by_condition ? nlohmann::json{{"conditions", all}} : all.front()).dump(2).c_str());
}

}  // namespace

void register_model(CLI::App& app) {
    CLI::App* model = app.add_subcommand("model", "challenge / level difficulty model (thesis ch. 4-5)");
    model->require_subcommand(1);
    auto o = std::make_shared<ModelOptions>();
    CLI::App* fit = model->add_subcommand("fit", "replay a study database and fit the challenge model");
    fit->add_option("--db", o->db, "session database (SQLite)")->required();
    fit->add_option("--out", o->out, "model file to write (JSON)");
    fit->add_option("--threads", o->threads, "replay threads")->check(CLI::Range(1, 64));
    fit->add_flag("--json", o->json, "print the model and study counts as JSON");
    fit->add_option("--traces", o->traces, "also write every mapped event trace to this CSV file");
    fit->callback([o] { run_fit(*o); });

    CLI::App* ver = model->add_subcommand("verify", "train/verify partitions: deaths ~ predicted difficulty");
    ver->add_option("--db", o->db, "session database (SQLite)")->required();
    ver->add_option("--partitions", o->partitions, "random train/verify partitions")
        ->check(CLI::Range(1, 10000));
    ver->add_option("--train-sessions", o->train_sessions, "sessions per training set (>= 25)")
        ->check(CLI::Range(1, 100000));
    add_seed_option(*ver, "--seed", o->seed, "partition seed");
    ver->add_option("--threads", o->threads, "replay threads")->check(CLI::Range(1, 64));
    ver->add_flag("--json", o->json, "print JSON");
    add_bootstrap_options(*ver, o->bootstrap);
    add_study_filter_options(*ver, o->filter);
    ver->callback([o] { run_verify(*o); });
}

}  // namespace sawtooth::lab
