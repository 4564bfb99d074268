#include "tools/lab/model_common.hpp"

#include "telemetry/store/sqlite.hpp"
#include "tools/lab/bootstrap_options.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

namespace sawtooth::lab {

using namespace analysis;

StudyData load_study_for_lab(const std::string& db, int threads,
                             const telemetry::SessionSelection& selection) {
    LoadSettings s;
    s.threads = threads;
    s.selection = selection;
    return load_study(db, s);
}

ChallengeModel fit_all(const StudyData& data, const HistogramSettings& h) {
    return with_context("cannot fit the challenge model",
                        [&] { return fit_challenge_model(data.samples(), h); });
}

nlohmann::json coefficients_json(const Coefficients& c) {
    return {{"c0", c.c0}, {"t_timing", c.t_timing}, {"j", c.j}, {"t_cycle", c.t_cycle}};
}

nlohmann::json study_json(const StudyData& d) {
    const TraceStats& t = d.trace_stats;
    return {{"database", d.path},
            {"sessions", d.sessions.size()},
            {"participants", d.participants()},
            {"levels", d.levels},
            {"event_traces", t.mapped},
            {"switch_events", d.switch_events},
            {"traces_cut", t.traces},
            {"dropped",
             {{"without_trap_or_death", t.without_traps},
              {"unfinished", t.unfinished},
              {"mine_only", t.mine_only},
              {"unmapped", t.unmapped}}},
            {"levels_not_modelled",
             {{"not_generated", d.not_generated},
              {"unfinished_or_quit", d.unfinished},
              {"desynced", d.desynced}}},
            {"other_build_levels", d.other_build},
            {"warnings", d.warnings}};
}

nlohmann::json verify_json(const VerifyResult& v, const ChallengeModel& all) {
    nlohmann::json groups = nlohmann::json::object();
    for (int g = 0; g < kGroupCount; ++g) {
        const GroupSummary& s = v.groups[static_cast<std::size_t>(g)];
        groups[group_name(static_cast<Group>(g))] = {
            {"t_score", s.t_score},
            {"p_value", s.p_value},
            {"accuracy", s.accuracy < 0 ? nlohmann::json(nullptr) : nlohmann::json(s.accuracy)},
            {"t_score_sd", s.t_score_sd},
            {"p_value_max", s.p_value_max},
            {"p_of_mean_t", s.p_of_mean_t},
            {"slope", s.slope},
            {"partitions", s.partitions},
            {"accuracy_partitions", s.accuracy_partitions},
            {"verification_levels", s.verify_levels},
            {"mean_deaths_training", s.mean_deaths_training},
            {"mean_deaths_verification", s.mean_deaths_verification}};
    }
    // Per-partition model coefficients, averaged: how stable the fits of 25 sessions are.
    Coefficients mean;
    double lin = 0, ex = 0;
    int ok = 0;
    for (const PartitionResult& p : v.partitions)
        if (p.ok) {
            ++ok;
            mean.c0 += p.model.linear.c0;
            mean.t_timing += p.model.linear.t_timing;
            mean.j += p.model.linear.j;
            mean.t_cycle += p.model.linear.t_cycle;
            lin += p.model.linear_error;
            ex += p.model.exponential_error;
        }
    if (ok > 0) {
        mean.c0 /= ok;
        mean.t_timing /= ok;
        mean.j /= ok;
        mean.t_cycle /= ok;
        lin /= ok;
        ex /= ok;
    }
    nlohmann::json players = nlohmann::json::array();
    for (const PlayerScore& p : v.players)
        players.push_back({{"participant", p.participant},
                           {"score", p.score},
                           {"traces", p.traces},
                           {"group", group_name(p.group)}});
    return {{"groups", groups},
            {"coefficients", coefficients_json(all.linear)},
            {"linear_error", all.linear_error},
            {"exponential_error", all.exponential_error},
            {"exponential_log_coefficients", coefficients_json(all.exponential)},
            {"fitted_bins", all.fitted_bins},
            {"samples", all.samples},
            {"partitions",
             {{"count", v.settings.partitions},
              {"failed", v.failed_partitions},
              {"train_sessions", v.settings.train_sessions},
              {"verify_sessions", v.verify_sessions},
              {"seed", v.settings.seed},
              {"difficulty_bins", v.settings.difficulty_bins},
              {"mean_coefficients", coefficients_json(mean)},
              {"mean_linear_error", lin},
              {"mean_exponential_error", ex}}},
            {"players", players}};
}

nlohmann::json intervals_json(const analysis::VerifyIntervals& iv) {
    const auto one = [](const analysis::Interval& i) {
        return nlohmann::json{
            {"estimate", i.estimate}, {"lo", i.lo}, {"hi", i.hi}, {"replicates", i.replicates}};
    };
    const analysis::BootstrapSettings& b = iv.settings.bootstrap;
    nlohmann::json j = {{"replicates", b.replicates},
                        {"partitions", iv.settings.partitions},
                        {"level", b.level},
                        {"seed", b.seed}};
    for (std::size_t k = 0; k < iv.coefficients.size(); ++k)
        j[analysis::kModelCoefficientNames[k]] = one(iv.coefficients[k]);
    j["t_score"] = one(iv.t_score);
    j["p_value"] = one(iv.p_value);
    j["accuracy"] = one(iv.accuracy);
    return j;
}

void add_bootstrap_options(CLI::App& cmd, analysis::VerifyBootstrapSettings& settings) {
    add_bootstrap_options(cmd, settings.bootstrap);
}

}  // namespace sawtooth::lab
