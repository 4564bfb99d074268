#include "game/flows/adaptive_sim.hpp"

#include "game/flows/synthetic_players.hpp"
#include "gen/rng.hpp"
#include "telemetry/store/events.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth::flows {

namespace {

AdaptivePlayerRun run_player(bot::SkillGroup group, std::uint64_t seed,
                             const analysis::AdaptiveSettings& settings,
                             const std::shared_ptr<const analysis::ChallengeModel>& model,
                             const std::shared_ptr<const std::vector<analysis::CandidateLevel>>& candidates) {
    Rng rng(seed);
    const bot::SkillProfile skill = bot::draw_skill_in_group(group, rng);
    analysis::AdaptiveRun run(settings, model, candidates);
    AdaptivePlayerRun out;
    for (std::size_t k = 0; !run.finished(); ++k) {
        const analysis::Choice c = run.next_level();
        const analysis::CandidateLevel& level = run.candidate(c);
        const bot::PlayResult play = play_stage(level.generated.level, skill, seed, k);
        run.record_outcome(telemetry::play_events(level.generated.level, play.inputs));
        AdaptivePlayedLevel p;
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

}  // namespace

AdaptiveSimResult run_adaptive_sim(const AdaptiveSimRequest& request,
                                   const std::shared_ptr<const analysis::ChallengeModel>& model) {
    const auto candidates = std::make_shared<const std::vector<analysis::CandidateLevel>>(
        analysis::make_candidates(request.adaptive, *model));
    const auto per_group = static_cast<std::size_t>(request.players);
    std::vector<AdaptivePlayerRun> runs(kAdaptiveSimGroups.size() * per_group);
    request.for_each(runs.size(), [&](std::size_t i) {
        const std::size_t g = i / per_group;
        const int player = static_cast<int>(i % per_group);
        const std::uint64_t seed = participant_seed(mix_seed(request.seed, g + 1), player);
        runs[i] = run_player(kAdaptiveSimGroups[g], seed, request.adaptive, model, candidates);
    });
    AdaptiveSimResult result;
    result.candidates = candidates->size();
    for (std::size_t g = 0; g < kAdaptiveSimGroups.size(); ++g) {
        const auto first = runs.begin() + static_cast<std::ptrdiff_t>(g * per_group);
        result.groups[g].assign(first, first + static_cast<std::ptrdiff_t>(per_group));
    }
    return result;
}

AdaptiveBlock adaptive_block(const std::vector<AdaptivePlayerRun>& runs, int first, int last) {
    std::vector<double> success, completed, deaths, predicted, difficulty;
    for (const AdaptivePlayerRun& r : runs)
        for (int k = first; k < last && k < static_cast<int>(r.levels.size()); ++k) {
            const AdaptivePlayedLevel& p = r.levels[static_cast<std::size_t>(k)];
            success.push_back(p.success);
            completed.push_back(p.completed);
            deaths.push_back(p.deaths);
            predicted.push_back(p.predicted);
            difficulty.push_back(p.difficulty);
        }
    AdaptiveBlock b;
    b.first = first;
    b.last = last;
    b.plays = success.size();
    b.success = mean(success);
    b.completed = mean(completed);
    b.deaths = mean(deaths);
    b.predicted_success = mean(predicted);
    b.difficulty = mean(difficulty);
    return b;
}

ThetaSpread final_theta_spread(const std::vector<AdaptivePlayerRun>& runs) {
    std::vector<double> theta;
    for (const AdaptivePlayerRun& r : runs) theta.push_back(r.final_theta);
    ThetaSpread s;
    s.mean = mean(theta);
    double sq = 0.0;
    for (double x : theta) sq += (x - s.mean) * (x - s.mean);
    s.sd = theta.size() < 2 ? 0.0 : std::sqrt(sq / static_cast<double>(theta.size() - 1));
    return s;
}

AdaptiveIntervals adaptive_intervals(const std::vector<AdaptivePlayerRun>& runs, int levels, int block,
                                     const analysis::BootstrapSettings& settings) {
    const auto statistic = [&](const std::vector<std::size_t>& pick) {
        std::vector<AdaptivePlayerRun> drawn;
        for (const std::size_t i : pick) drawn.push_back(runs[i]);
        std::vector<double> out;
        for (int b = 0; b < levels; b += block)
            out.push_back(adaptive_block(drawn, b, std::min(levels, b + block)).success);
        out.push_back(adaptive_block(drawn, 0, levels).success);
        out.push_back(final_theta_spread(drawn).mean);
        return out;
    };
    std::vector<analysis::Interval> all = analysis::cluster_bootstrap(runs.size(), statistic, settings);
    AdaptiveIntervals iv;
    iv.final_theta = all.back();
    all.pop_back();
    iv.success = all.back();
    all.pop_back();
    iv.block_success = std::move(all);
    return iv;
}

}  // namespace sawtooth::flows
