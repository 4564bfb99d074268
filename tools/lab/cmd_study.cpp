// `sawtooth-lab simulate-study` (old name `study`, a deprecated alias): a simulated user
// study (thesis ch. 5). The platformer mode is game/flows/platformer_study.hpp: synthetic
// participants play the thesis session (or, with --pack, a pack's levels after the
// tutorials, as `sawtooth --thesis-session --pack`), recorded into --db and replay-verified;
// this file checks the options, draws the progress lines and prints thesis Fig. 5.1's
// figures with throughput and the mean deaths by position per skill group
// (docs/difficulty.md). Other modes register through tools/lab/study_modes.hpp.
#include "game/flows/platformer_study.hpp"
#include "game/flows/synthetic_players.hpp"
#include "gen/study_plan.hpp"
#include "telemetry/store/asset_dir.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/deprecated_names.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/study_modes.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

std::map<std::string, StudyRunner>& study_modes() {
    static std::map<std::string, StudyRunner> modes;
    return modes;
}

/// Mean deaths at each position per skill group, Spearman's rho between position and that
/// mean (null when it is undefined: one position, or equal means everywhere) and its
/// participant bootstrap interval (null when there is none).
nlohmann::json position_json(const flows::PlatformerStudy& r) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [group, t] : r.deaths_by_position) {
        const analysis::Interval& i = t.rho_interval;
        out[group] = {{"players", t.players},
                      {"mean_deaths", t.means},
                      {"spearman_rho", t.rho ? nlohmann::json(*t.rho) : nlohmann::json(nullptr)},
                      {"spearman_rho_interval",
                       i.replicates == 0 ? nlohmann::json(nullptr)
                                         : nlohmann::json{{"lo", i.lo},
                                                          {"hi", i.hi},
                                                          {"replicates", i.replicates},
                                                          {"level", analysis::BootstrapSettings{}.level}}}};
    }
    return out;
}

nlohmann::json figures_json(const StudyRequest& req, const flows::PlatformerStudy& r, int threads) {
    const double ticks_per_sec = r.seconds > 0 ? static_cast<double>(r.sim_ticks) / r.seconds : 0.0;
    nlohmann::json j;
    j["participants"] = req.players;
    j["sessions"] = req.players;
    j["levels"] = r.levels;
    j["tutorial_levels"] = static_cast<int>(r.level_ids.size()) - r.levels;
    j["event_traces"] = r.traces;
    j["event_traces_mapped"] = r.mapped;
    j["switch_events"] = r.switches;
    j["completed"] = r.completed;
    j["deaths"] = r.deaths;
    j["stuck"] = r.stuck;
    j["tutorials_skipped"] = r.skipped_tutorials;
    j["skill_groups"] = r.groups;
    j["replay_verified"] = r.verified;
    j["replay_checked"] = req.verify ? static_cast<int>(r.level_ids.size()) : 0;
    j["desyncs"] = r.desyncs;
    j["pack"] = req.pack.empty() ? nlohmann::json(nullptr) : nlohmann::json(req.pack);
    j["deaths_by_position"] = position_json(r);
    j["seed"] = req.seed;
    j["db"] = req.db;
    j["threads"] = threads;
    j["simulate_and_record_seconds"] = r.record_seconds;
    j["seconds"] = r.seconds;
    j["participants_per_minute"] = r.seconds > 0 ? 60.0 * req.players / r.seconds : 0.0;
    j["simulated_ticks"] = r.sim_ticks;
    j["speedup_vs_real_time"] = ticks_per_sec / kTicksPerSecond;
    return j;
}

void print_figures(const StudyRequest& req, const flows::PlatformerStudy& r, int threads) {
    const int n = req.players;
    const double ticks_per_sec = r.seconds > 0 ? static_cast<double>(r.sim_ticks) / r.seconds : 0.0;
    std::printf("number of sessions:      %d\n", n);
    std::printf("number of levels:        %d  (+%d tutorial levels)\n", r.levels,
                static_cast<int>(r.level_ids.size()) - r.levels);
    std::printf("number of event traces:  %d  (%d mapped to a challenge)\n", r.traces, r.mapped);
    std::printf("number of switch events: %d\n", r.switches);
    std::printf("completed levels: %d, deaths: %d, skill groups:", r.completed, r.deaths);
    for (const auto& [g, c] : r.groups) std::printf(" %s %d", g.c_str(), c);
    std::printf("\nreplay --verify: %d/%zu levels exact\n", r.verified, req.verify ? r.level_ids.size() : 0);
    std::printf("mean deaths by position (Spearman rho of position and mean deaths):\n");
    for (const auto& [group, t] : r.deaths_by_position) {
        if (!t.rho)
            std::printf("  %-8s rho      - |", group.c_str());
        else if (t.rho_interval.replicates == 0)
            std::printf("  %-8s rho %+.3f |", group.c_str(), *t.rho);
        else
            std::printf("  %-8s rho %+.3f [%+.2f, %+.2f] |", group.c_str(), *t.rho, t.rho_interval.lo,
                        t.rho_interval.hi);
        for (const double m : t.means) std::printf(" %.2f", m);
        std::printf("\n");
    }
    std::printf(
        "time: %.1f s on %d threads (%.1f s simulating and recording), %.1f participants/min, "
        "%.0fx real time\n",
        r.seconds, threads, r.record_seconds, 60.0 * n / std::max(r.seconds, 1e-9),
        ticks_per_sec / kTicksPerSecond);
}

/// The progress lines of the study's stages, and --verbose's line per play (instead of the
/// first stage's progress line).
flows::PlatformerStudyHooks study_hooks(const StudyRequest& req,
                                        std::shared_ptr<std::unique_ptr<ProgressLine>> line) {
    flows::PlatformerStudyHooks hooks;
    auto first = std::make_shared<bool>(true);
    hooks.stage = [line, first, verbose = req.verbose](std::string_view label, std::size_t total) {
        if (*line) (*line)->finish();
        ProgressSettings shown;
        shown.show = shown.show && !(verbose && *first);
        *first = false;
        *line = std::make_unique<ProgressLine>(std::string(label), total, shown);
    };
    hooks.advance = [line] { (*line)->advance(); };
    if (req.verbose)
        hooks.on_play = [](int i, const bot::SkillProfile& skill, const std::string& level,
                           const bot::PlayResult& play) {
            std::fprintf(stderr, "participant %d (%s) %s: %s, %d deaths, %llu ticks%s%s\n", i + 1,
                         bot::describe(skill).c_str(), level.c_str(), bot::play_end_name(play.end),
                         play.deaths, static_cast<unsigned long long>(play.ticks),
                         play.note.empty() ? "" : ": ", play.note.c_str());
        };
    return hooks;
}

void run_platformer_study(const StudyRequest& req) {
    if (req.players < 1) throw LabError("--players must be at least 1");
    if (req.levels < 1 || req.levels > kStudyLevels) throw LabError("--levels must be in 1..10");
    if (req.db.empty()) throw LabError("--db FILE is required");
    flows::PlatformerStudyRequest request;
    request.players = req.players;
    request.seed = req.seed;
    request.levels = req.levels;
    request.pack = req.pack;
    request.db = req.db;
    request.verify = req.verify;
    request.threads = worker_count(req.threads);
    request.tutorials = flows::read_study_tutorials(telemetry::find_asset_dir(SAWTOOTH_ASSET_DIR));
    auto line = std::make_shared<std::unique_ptr<ProgressLine>>();
    const flows::PlatformerStudy r = flows::run_platformer_study(request, study_hooks(req, line));
    if (*line) (*line)->finish();
    if (req.json)
        std::printf("%s\n", figures_json(req, r, request.threads).dump(2).c_str());
    else
        print_figures(req, r, request.threads);
    if (!r.desyncs.empty())
        throw LabError(std::to_string(r.desyncs.size()) + " recorded levels fail replay: " + r.desyncs[0]);
}

}  // namespace

void register_study_mode(const std::string& name, StudyRunner runner) { study_modes()[name] = runner; }

namespace {

// The simulated-study command under `name`; `old_name` set: the deprecated alias (hidden, one
// line on stderr, then the same run).
void add_study_command(CLI::App& app, const std::string& name, const std::string& old_name) {
    auto req = std::make_shared<StudyRequest>();
    auto mode = std::make_shared<std::string>("platformer");
    auto no_verify = std::make_shared<bool>(false);
    CLI::App* c = app.add_subcommand(
        old_name.empty() ? name : old_name,
        "simulated user study: synthetic participants play the thesis session, recorded into a database");
    if (!old_name.empty()) {
        c->group("");  // hidden from --help
        c->preparse_callback([name, old_name](std::size_t) { print_deprecated(old_name, name); });
    }
    c->add_option("--players", req->players, "participants (thesis: 53)")->capture_default_str();
    c->add_option("--db", req->db, "database file to record into (created if missing)")->required();
    add_seed_option(*c, "--seed", req->seed, "study seed: same seed, same recordings")
        ->default_str(std::to_string(req->seed));
    c->add_option("--mode", *mode, "platformer (default) or words")->capture_default_str();
    c->add_option("--threads", req->threads, "worker threads (default: all cores)");
    c->add_flag("--json", req->json, "print the figures as JSON");
    c->add_flag("--verbose", req->verbose, "print each played level's outcome on stderr");
    c->add_option("--levels", req->levels, "generated levels per session (thesis: 10)")
        ->capture_default_str();
    c->add_flag("--no-verify", *no_verify, "skip the replay check of every recorded level");
    CLI::Option* pack = c->add_option(
        "--pack", req->pack,
        "platformer: every session plays this level pack's levels in order (after the tutorials)");
    c->get_option("--levels")->excludes(pack);
    c->callback([c, req, mode, no_verify] {
        const std::string used = c->get_name();
        req->verify = !*no_verify;
        if (*mode != "platformer" && !req->pack.empty())
            throw LabError(used + " --pack plays platformer levels: not with --mode " + *mode);
        if (*mode != "platformer" && c->count("--levels") == 0) req->levels = 0;  // the mode's default
        const auto it = study_modes().find(*mode);
        if (it == study_modes().end())
            throw LabError(used + " --mode " + *mode +
                           ": not available in this build (modes register with "
                           "register_study_mode in tools/lab/study_modes.hpp)");
        it->second(*req);
    });
}

}  // namespace

void register_study(CLI::App& app) {
    register_study_mode("platformer", &run_platformer_study);
    add_study_command(app, "simulate-study", "");
    add_study_command(app, "simulate-study", "study");
}

}  // namespace sawtooth::lab
