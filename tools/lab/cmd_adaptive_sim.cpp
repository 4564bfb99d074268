// `sawtooth-lab adaptive-sim` (docs/difficulty.md §12): synthetic players of each skill group
// play K levels chosen one after the other by the adaptive chooser; the run is the flow
// game/flows/adaptive_sim.hpp. Prints per group and block of levels the
// observed success (a level completed without a death: what the level model predicts),
// completion, deaths, the predicted success and difficulty of the chosen levels, and the
// final skill offset. Writes nothing. Players run on all cores; results do not depend on
// the thread count.
#include "game/bot/skill.hpp"
#include "game/flows/adaptive_sim.hpp"
#include "telemetry/analysis/adaptive.hpp"
#include "tools/lab/bootstrap_options.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

/// What `adaptive-sim` was asked for, as typed.
struct SimRequest {
    std::string model;
    int players = 10;  ///< per skill group
    int levels = 20;   ///< K per player
    double target = 0.7;
    std::string seeds = "1..300";
    std::string layout = "linear";
    std::string rooms = "2x1";
    std::string room_sizes = "9x6,11x7";  ///< one candidate shape per size
    double gain = analysis::AdaptiveSettings{}.outcome_gain;
    int level_index = 1;
    std::uint64_t seed = 1;
    int threads = 0;
    int block = 5;
    bool json = false;
    analysis::BootstrapSettings bootstrap;  ///< player bootstrap of the figures; replicates 0: none
};

/// The request's adaptive settings; every field checked before anything runs.
analysis::AdaptiveSettings adaptive_settings(const SimRequest& r) {
    if (r.players < 1) throw LabError("--players must be at least 1, got " + std::to_string(r.players));
    if (r.levels < 1) throw LabError("--levels must be at least 1, got " + std::to_string(r.levels));
    if (r.block < 1) throw LabError("--block must be at least 1, got " + std::to_string(r.block));
    analysis::AdaptiveSettings s;
    s.count = r.levels;
    s.target = r.target;
    s.model = r.model;
    const auto range = parse_seed_range(r.seeds, "--seeds");
    s.first_seed = range.first;
    s.last_seed = range.last;
    s.outcome_gain = r.gain;
    s.shapes.clear();
    const Size rooms = parse_size(r.rooms, "--rooms");
    for (const Size room : parse_size_list(r.room_sizes, "--room-size")) {
        GenParams shape;
        shape.layout = parse_layout_arg(r.layout, "--layout");
        shape.rooms_w = rooms.w;
        shape.rooms_h = rooms.h;
        shape.room_w = room.w;
        shape.room_h = room.h;
        shape.level_index = r.level_index;
        s.shapes.push_back(shape);
    }
    if (const std::string err = analysis::adaptive_settings_problem(s); !err.empty())
        throw LabError("adaptive-sim: " + err);
    if (s.last_seed - s.first_seed + 1 < static_cast<std::uint64_t>(r.levels))
        throw LabError("--seeds " + r.seeds + ": fewer candidate seeds than --levels " +
                       std::to_string(r.levels));
    return s;
}

nlohmann::json interval_json(const analysis::Interval& i) {
    return {{"lo", i.lo}, {"hi", i.hi}, {"replicates", i.replicates}};
}

/// One group's figures: per block of --block levels, over all levels, and the final theta;
/// with the bootstrap, the success and final theta intervals.
nlohmann::json group_json(const std::vector<flows::AdaptivePlayerRun>& runs, const SimRequest& req) {
    const auto block_json = [](const flows::AdaptiveBlock& b) {
        return nlohmann::json{{"levels", std::to_string(b.first + 1) + "-" + std::to_string(b.last)},
                              {"plays", b.plays},
                              {"success", b.success},
                              {"completed", b.completed},
                              {"deaths", b.deaths},
                              {"predicted_success", b.predicted_success},
                              {"difficulty", b.difficulty}};
    };
    nlohmann::json j;
    for (int b = 0; b < req.levels; b += req.block)
        j["blocks"].push_back(
            block_json(flows::adaptive_block(runs, b, std::min(req.levels, b + req.block))));
    const flows::AdaptiveBlock all = flows::adaptive_block(runs, 0, req.levels);
    j["success"] = all.success;
    j["completed"] = all.completed;
    j["deaths"] = all.deaths;
    j["predicted_success"] = all.predicted_success;
    j["difficulty"] = all.difficulty;
    const flows::ThetaSpread theta = flows::final_theta_spread(runs);
    j["final_theta"] = theta.mean;
    j["final_theta_sd"] = theta.sd;
    j["players"] = runs.size();
    if (req.bootstrap.replicates > 0) {
        const flows::AdaptiveIntervals iv =
            flows::adaptive_intervals(runs, req.levels, req.block, req.bootstrap);
        for (std::size_t b = 0; b < iv.block_success.size(); ++b)
            j["blocks"][b]["success_interval"] = interval_json(iv.block_success[b]);
        j["success_interval"] = interval_json(iv.success);
        j["final_theta_interval"] = interval_json(iv.final_theta);
    }
    return j;
}

/// " [lo, hi]" of an interval field, or nothing.
std::string interval_text(const nlohmann::json& v, const char* key, const char* format) {
    if (!v.contains(key)) return "";
    char text[64];
    std::snprintf(text, sizeof text, format, v[key]["lo"].get<double>(), v[key]["hi"].get<double>());
    return text;
}

void print_adaptive_text(const nlohmann::json& out) {
    std::printf("candidates: %d levels (room sizes %s), target %.2f, outcome gain %.2f\n",
                out["candidates"].get<int>(), out["room_sizes"].get<std::string>().c_str(),
                out["target"].get<double>(), out["outcome_gain"].get<double>());
    for (const char* name : {"GOOD", "AVERAGE", "BAD"}) {
        const nlohmann::json& g = out["groups"][name];
        std::printf("%s: final theta %+.2f%s (sd %.2f), chosen difficulty %.3f, success %.2f%s\n", name,
                    g["final_theta"].get<double>(),
                    interval_text(g, "final_theta_interval", " [%+.2f, %+.2f]").c_str(),
                    g["final_theta_sd"].get<double>(), g["difficulty"].get<double>(),
                    g["success"].get<double>(),
                    interval_text(g, "success_interval", " [%.2f, %.2f]").c_str());
        for (const auto& b : g["blocks"])
            std::printf(
                "  levels %-6s success %.2f%s  completed %.2f  deaths %5.2f  predicted %.2f  difficulty "
                "%.3f\n",
                b["levels"].get<std::string>().c_str(), b["success"].get<double>(),
                interval_text(b, "success_interval", " [%.2f, %.2f]").c_str(), b["completed"].get<double>(),
                b["deaths"].get<double>(), b["predicted_success"].get<double>(),
                b["difficulty"].get<double>());
    }
}

void run_adaptive_sim(const SimRequest& req) {
    flows::AdaptiveSimRequest request;
    request.adaptive = adaptive_settings(req);
    request.players = req.players;
    request.seed = req.seed;
    request.for_each = parallel_with_progress("adaptive players", req.threads);
    const auto model = std::make_shared<const analysis::ChallengeModel>(analysis::load_model(req.model));
    const flows::AdaptiveSimResult result =
        with_context("adaptive-sim", [&] { return flows::run_adaptive_sim(request, model); });
    nlohmann::json out;
    out["candidates"] = result.candidates;
    out["target"] = req.target;
    out["outcome_gain"] = req.gain;
    out["room_sizes"] = req.room_sizes;
    out["seed"] = req.seed;
    out["levels"] = req.levels;
    for (std::size_t g = 0; g < flows::kAdaptiveSimGroups.size(); ++g) {
        std::string name(bot::skill_group_name(flows::kAdaptiveSimGroups[g]));
        for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        out["groups"][name] = group_json(result.groups[g], req);
    }
    if (req.json)
        std::printf("%s\n", out.dump(2).c_str());
    else
        print_adaptive_text(out);
}

}  // namespace

void register_adaptive_sim(CLI::App& app) {
    auto req = std::make_shared<SimRequest>();
    CLI::App* c = app.add_subcommand(
        "adaptive-sim", "synthetic players of each skill group play levels chosen by the adaptive chooser");
    c->add_option("--model", req->model, "challenge model file (model fit)")->required();
    c->add_option("--players", req->players, "players per skill group")->capture_default_str();
    c->add_option("--levels", req->levels, "levels each player plays (K)")->capture_default_str();
    c->add_option("--target", req->target, "predicted success to aim at, in (0, 1)")->capture_default_str();
    c->add_option("--seeds", req->seeds, "candidate level seeds A..B")->capture_default_str();
    c->add_option("--layout", req->layout, "candidates' layout: linear or maze")->capture_default_str();
    c->add_option("--gain", req->gain, "outcome feedback gain in [0, 1] (0: always choose at the target)")
        ->capture_default_str();
    c->add_option("--rooms", req->rooms, "candidates' rooms WxH")->capture_default_str();
    c->add_option("--room-size", req->room_sizes,
                  "candidates' room sizes WxH[,WxH...] (cells): one shape each")
        ->capture_default_str();
    c->add_option("--level-index", req->level_index, "candidates' level index (trap speed)")
        ->capture_default_str();
    add_seed_option(*c, "--seed", req->seed, "players' seed: same seed, same run")
        ->default_str(std::to_string(req->seed));
    c->add_option("--threads", req->threads, "worker threads (default: all cores)");
    c->add_option("--block", req->block, "levels per block of the report")->capture_default_str();
    c->add_flag("--json", req->json, "print the figures as JSON");
    add_bootstrap_options(*c, req->bootstrap);
    c->callback([req] { run_adaptive_sim(*req); });
}

}  // namespace sawtooth::lab
