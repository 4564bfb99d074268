#include "telemetry/analysis/playtest_choice.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <string>

namespace sawtooth::analysis {

namespace {

/// Candidate indices per group, groups in order of first appearance.
std::vector<std::vector<std::size_t>> members_by_group(const std::vector<CurveCandidate>& candidates) {
    std::vector<std::vector<std::size_t>> members;
    std::map<std::uint64_t, std::size_t> index;
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        const auto [it, added] = index.emplace(candidates[c].group, members.size());
        if (added) members.emplace_back();
        members[it->second].push_back(c);
    }
    return members;
}

/// The member of `group` nearest `target` in hazard, and that distance (infinite when no
/// member lies within the tolerance in difficulty).
std::pair<std::size_t, double> nearest_member(const std::vector<CurveCandidate>& candidates,
                                              const std::vector<std::size_t>& group, double target,
                                              double tolerance) {
    std::pair<std::size_t, double> best{0, std::numeric_limits<double>::infinity()};
    const double target_hazard = difficulty_hazard(target);
    for (const std::size_t c : group) {
        if (!(std::abs(candidates[c].difficulty - target) <= tolerance)) continue;
        const double d = std::abs(difficulty_hazard(candidates[c].difficulty) - target_hazard);
        if (d < best.second) best = {c, d};
    }
    return best;
}

}  // namespace

Shortlists curve_shortlists(const std::vector<CurveCandidate>& candidates, const std::vector<double>& targets,
                            int per_position, double tolerance) {
    if (per_position < 1)
        throw CurveError("a shortlist needs at least one level, not " + std::to_string(per_position));
    const std::vector<std::vector<std::size_t>> groups = members_by_group(candidates);
    std::vector<bool> claimed(groups.size(), false);
    Shortlists out(targets.size());
    for (int round = 0; round < per_position; ++round)
        for (std::size_t i = 0; i < targets.size(); ++i) {
            std::pair<std::size_t, double> best{0, std::numeric_limits<double>::infinity()};
            std::size_t best_group = 0;
            for (std::size_t g = 0; g < groups.size(); ++g) {
                if (claimed[g]) continue;
                const auto m = nearest_member(candidates, groups[g], targets[i], tolerance);
                if (m.second < best.second) best = m, best_group = g;
            }
            if (std::isinf(best.second)) continue;
            claimed[best_group] = true;
            out[i].push_back(best.first);
        }
    for (std::size_t i = 0; i < targets.size(); ++i)
        if (out[i].empty())
            throw CurveError("position " + std::to_string(i + 1) +
                             " has no candidate within the tolerance left for its shortlist");
    return out;
}

double DeathsByHazard::deaths(double hazard) const { return std::expm1(log_deaths(hazard)); }

DeathsByHazard fit_deaths_by_hazard(const std::vector<double>& hazards,
                                    const std::vector<double>& mean_deaths) {
    const std::size_t n = hazards.size();
    if (n != mean_deaths.size()) throw CurveError("playtest fit: hazards and deaths differ in number");
    double sx = 0.0, sy = 0.0;
    for (std::size_t k = 0; k < n; ++k) sx += hazards[k], sy += std::log1p(mean_deaths[k]);
    const double mx = n ? sx / static_cast<double>(n) : 0.0, my = n ? sy / static_cast<double>(n) : 0.0;
    double sxx = 0.0, sxy = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        const double dx = hazards[k] - mx;
        sxx += dx * dx;
        sxy += dx * (std::log1p(mean_deaths[k]) - my);
    }
    if (n < 2 || !(sxx > 0.0))
        throw CurveError("playtest fit needs levels of at least two predicted hazards");
    DeathsByHazard fit;
    fit.slope = sxy / sxx;
    fit.intercept = my - fit.slope * mx;
    if (!(fit.slope > 0.0))
        throw CurveError("the playtest's deaths do not rise with the model's hazard (slope " +
                         std::to_string(fit.slope) + "): the model does not describe this panel");
    return fit;
}

PlaytestPick pick_by_playtest(const std::vector<CurveCandidate>& candidates,
                              const std::vector<double>& targets, const Shortlists& shortlists,
                              const std::vector<double>& mean_deaths) {
    std::vector<double> hazards, deaths;
    for (const auto& list : shortlists)
        for (const std::size_t c : list) {
            hazards.push_back(difficulty_hazard(candidates[c].difficulty));
            deaths.push_back(mean_deaths[c]);
        }
    PlaytestPick pick;
    if (std::adjacent_find(targets.begin(), targets.end(), std::not_equal_to<>()) == targets.end()) {
        // One target (flat): the panel's mean at the levels played, with no slope to fit.
        for (const double d : deaths)
            pick.fit.intercept += std::log1p(d) / static_cast<double>(deaths.size());
    } else {
        pick.fit = fit_deaths_by_hazard(hazards, deaths);
    }
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const double want = pick.fit.log_deaths(difficulty_hazard(targets[i]));
        std::size_t best = shortlists[i].front();
        for (const std::size_t c : shortlists[i])
            if (std::abs(std::log1p(mean_deaths[c]) - want) < std::abs(std::log1p(mean_deaths[best]) - want))
                best = c;
        pick.chosen.push_back(best);
        pick.expected_deaths.push_back(pick.fit.deaths(difficulty_hazard(targets[i])));
    }
    return pick;
}

}  // namespace sawtooth::analysis
