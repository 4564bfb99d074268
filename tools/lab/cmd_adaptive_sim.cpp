// `sawtooth-lab adaptive-sim` (docs/difficulty.md §12): synthetic players of each skill group
// (GOOD, AVERAGE, BAD; the study's players, tools/lab/study_players.hpp) play K levels
// chosen one after the other by the adaptive chooser (telemetry/analysis/adaptive.hpp):
// choose, play (the study's level runner), cut the play's event rows into traces, update
// the player's skill estimate, choose again. Prints per group and block of levels the
// observed success (a level completed without a death: what the level model predicts),
// completion, deaths, the predicted success and difficulty of the chosen levels, and the
// final skill offset. Writes nothing. Players run on all cores; results do not depend on
// the thread count.
#include "game/bot/skill.hpp"
#include "telemetry/analysis/adaptive.hpp"
#include "telemetry/store/events.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/study_players.hpp"

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
};

constexpr std::array<bot::SkillGroup, 3> kGroups = {bot::SkillGroup::Good, bot::SkillGroup::Average,
                                                    bot::SkillGroup::Bad};

/// One level of one player's run.
struct PlayedLevel {
    double predicted = 0.0;   ///< predicted success for the player when chosen
    double difficulty = 0.0;  ///< the level model's difficulty (theta 0) of the chosen level
    bool success = false;     ///< completed without a death
    bool completed = false;
    int deaths = 0;
};

struct PlayerRun {
    std::vector<PlayedLevel> levels;
    double final_theta = 0.0;
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

PlayerRun run_player(bot::SkillGroup group, std::uint64_t seed, const analysis::AdaptiveSettings& settings,
                     const std::shared_ptr<const analysis::ChallengeModel>& model,
                     const std::shared_ptr<const std::vector<analysis::CandidateLevel>>& candidates) {
    Rng rng(seed);
    const bot::SkillProfile skill = bot::draw_skill_in_group(group, rng);
    analysis::AdaptiveRun run(settings, model, candidates);
    PlayerRun out;
    for (std::size_t k = 0; !run.finished(); ++k) {
        const analysis::Choice c = run.next_level();
        const analysis::CandidateLevel& level = run.candidate(c);
        const bot::PlayResult play = play_stage(level.generated.level, skill, seed, k);
        run.record_outcome(telemetry::play_events(level.generated.level, play.inputs));
        PlayedLevel p;
        p.predicted = c.predicted_success;
        p.difficulty = level.model.result().difficulty;
        p.completed = play.end == bot::PlayEnd::Exit;
        p.success = p.completed && play.deaths == 0;
        p.deaths = play.deaths;
        out.levels.push_back(p);
    }
    out.final_theta = run.estimate().mean();
    return out;
}

double mean(const std::vector<double>& v) {
    double s = 0.0;
    for (double x : v) s += x;
    return v.empty() ? 0.0 : s / static_cast<double>(v.size());
}

double sd(const std::vector<double>& v) {
    const double m = mean(v);
    double s = 0.0;
    for (double x : v) s += (x - m) * (x - m);
    return v.size() < 2 ? 0.0 : std::sqrt(s / static_cast<double>(v.size() - 1));
}

/// Means over the levels [first, last) of every player of a group.
nlohmann::json block_json(const std::vector<PlayerRun>& runs, int first, int last) {
    std::vector<double> success, completed, deaths, predicted, difficulty;
    for (const PlayerRun& r : runs)
        for (int k = first; k < last && k < static_cast<int>(r.levels.size()); ++k) {
            const PlayedLevel& p = r.levels[static_cast<std::size_t>(k)];
            success.push_back(p.success);
            completed.push_back(p.completed);
            deaths.push_back(p.deaths);
            predicted.push_back(p.predicted);
            difficulty.push_back(p.difficulty);
        }
    return {{"levels", std::to_string(first + 1) + "-" + std::to_string(last)},
            {"plays", success.size()},
            {"success", mean(success)},
            {"completed", mean(completed)},
            {"deaths", mean(deaths)},
            {"predicted_success", mean(predicted)},
            {"difficulty", mean(difficulty)}};
}

nlohmann::json group_json(const std::vector<PlayerRun>& runs, const SimRequest& req) {
    nlohmann::json j;
    for (int b = 0; b < req.levels; b += req.block)
        j["blocks"].push_back(block_json(runs, b, std::min(req.levels, b + req.block)));
    const nlohmann::json all = block_json(runs, 0, req.levels);
    j["success"] = all["success"];
    j["completed"] = all["completed"];
    j["deaths"] = all["deaths"];
    j["predicted_success"] = all["predicted_success"];
    j["difficulty"] = all["difficulty"];
    std::vector<double> theta;
    for (const PlayerRun& r : runs) theta.push_back(r.final_theta);
    j["final_theta"] = mean(theta);
    j["final_theta_sd"] = sd(theta);
    j["players"] = runs.size();
    return j;
}

void print_text(const nlohmann::json& out) {
    std::printf("candidates: %d levels (room sizes %s), target %.2f, outcome gain %.2f\n",
                out["candidates"].get<int>(), out["room_sizes"].get<std::string>().c_str(),
                out["target"].get<double>(), out["outcome_gain"].get<double>());
    for (const char* name : {"GOOD", "AVERAGE", "BAD"}) {
        const nlohmann::json& g = out["groups"][name];
        std::printf("%s: final theta %+.2f (sd %.2f), chosen difficulty %.3f, success %.2f\n", name,
                    g["final_theta"].get<double>(), g["final_theta_sd"].get<double>(),
                    g["difficulty"].get<double>(), g["success"].get<double>());
        for (const auto& b : g["blocks"])
            std::printf(
                "  levels %-6s success %.2f  completed %.2f  deaths %5.2f  predicted %.2f  difficulty %.3f\n",
                b["levels"].get<std::string>().c_str(), b["success"].get<double>(),
                b["completed"].get<double>(), b["deaths"].get<double>(), b["predicted_success"].get<double>(),
                b["difficulty"].get<double>());
    }
}

void run_adaptive_sim(const SimRequest& req) {
    const analysis::AdaptiveSettings settings = adaptive_settings(req);
    const auto model = std::make_shared<const analysis::ChallengeModel>(analysis::load_model(req.model));
    const auto candidates = std::make_shared<const std::vector<analysis::CandidateLevel>>(
        with_context("adaptive-sim", [&] { return analysis::make_candidates(settings, *model); }));
    const std::size_t n = kGroups.size() * static_cast<std::size_t>(req.players);
    std::vector<PlayerRun> runs(n);
    ProgressLine progress("adaptive players", n);
    parallel_for(n, worker_count(req.threads), [&](std::size_t i) {
        const std::size_t g = i / static_cast<std::size_t>(req.players);
        const int player = static_cast<int>(i % static_cast<std::size_t>(req.players));
        const std::uint64_t seed = participant_seed(mix_seed(req.seed, g + 1), player);
        runs[i] = run_player(kGroups[g], seed, settings, model, candidates);
        progress.advance();
    });
    progress.finish();
    nlohmann::json out;
    out["candidates"] = candidates->size();
    out["target"] = req.target;
    out["outcome_gain"] = req.gain;
    out["room_sizes"] = req.room_sizes;
    out["seed"] = req.seed;
    out["levels"] = req.levels;
    for (std::size_t g = 0; g < kGroups.size(); ++g) {
        const auto first =
            runs.begin() + static_cast<std::ptrdiff_t>(g * static_cast<std::size_t>(req.players));
        const std::vector<PlayerRun> group(first, first + req.players);
        std::string name(bot::skill_group_name(kGroups[g]));
        for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        out["groups"][name] = group_json(group, req);
    }
    if (req.json)
        std::printf("%s\n", out.dump(2).c_str());
    else
        print_text(out);
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
    c->callback([req] { run_adaptive_sim(*req); });
}

}  // namespace sawtooth::lab
