#include "game/flows/curve_pick.hpp"

#include "gen/error.hpp"
#include "telemetry/curation/pack.hpp"

#include <string>

namespace sawtooth::flows {

namespace {

/// Every position's shortlist played by the panel, and each position's choice among it.
PlaytestOutcome run_playtest(const std::vector<analysis::PredictedLevel>& candidates,
                             const std::vector<analysis::CurveCandidate>& groups,
                             const std::vector<double>& targets, const CurvePickRequest& request,
                             const analysis::ForEach& for_each) {
    PlaytestOutcome out;
    out.shortlists = with_context(
        request.setting_prefix + "shortlist " + std::to_string(request.shortlist),
        [&] { return analysis::curve_shortlists(groups, targets, request.shortlist, request.tolerance); });
    std::vector<std::size_t> order;
    std::vector<Level> levels;
    for (const auto& list : out.shortlists)
        for (const std::size_t c : list) {
            const telemetry::PackLevel& l = candidates[c].level;
            levels.push_back(telemetry::pack_level(l, "seed " + std::to_string(l.params.seed)));
            order.push_back(c);
        }
    std::vector<const Level*> pointers;
    for (const Level& l : levels) pointers.push_back(&l);
    const std::vector<PlaytestResult> results = playtest_levels(pointers, request.panel, for_each);
    std::vector<double> deaths(groups.size(), 0.0);
    for (std::size_t k = 0; k < order.size(); ++k) {
        out.played[order[k]] = results[k];
        deaths[order[k]] = results[k].mean_deaths;
    }
    out.pick = with_context(request.setting_prefix + "playtest", [&] {
        return analysis::pick_by_playtest(groups, targets, out.shortlists, deaths);
    });
    return out;
}

}  // namespace

CurveChoice pick_curve_levels(const std::vector<analysis::PredictedLevel>& candidates,
                              const std::vector<double>& targets, const CurvePickRequest& request,
                              const analysis::ForEach& for_each) {
    const std::vector<analysis::CurveCandidate> groups = analysis::curve_groups(candidates);
    CurveChoice c;
    c.pick = with_context(request.setting_prefix + "count " + std::to_string(targets.size()),
                          [&] { return analysis::pick_for_curve(groups, targets, {request.tolerance}); });
    if (!c.pick.met || request.panel.players < 1) return c;
    c.playtest = run_playtest(candidates, groups, targets, request, for_each);
    c.pick = analysis::pick_errors(groups, targets, c.playtest->pick.chosen, {request.tolerance});
    return c;
}

}  // namespace sawtooth::flows
