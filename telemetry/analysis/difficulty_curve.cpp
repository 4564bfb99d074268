#include "telemetry/analysis/difficulty_curve.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <sstream>
#include <string>

namespace sawtooth::analysis {

namespace {

constexpr std::array<std::string_view, 2> kCurveSpacingNames = {"hazard", "difficulty"};
// The enum value whose name is `name` (enum values count 0, 1, ... as the names).
template <class Enum, std::size_t N>
std::optional<Enum> parse_name(const std::array<std::string_view, N>& names, std::string_view name) {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == name) return static_cast<Enum>(i);
    return std::nullopt;
}

/// Candidates of one group, and the best of them for each target.
struct Groups {
    std::vector<std::vector<std::size_t>> members;  ///< candidate indices per group, in candidate order
};

Groups group_candidates(const std::vector<CurveCandidate>& candidates) {
    Groups g;
    std::map<std::uint64_t, std::size_t> index;  // group id -> position in members (first appearance)
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        if (!std::isfinite(candidates[c].difficulty))
            throw CurveError("candidate " + std::to_string(c) + " has no finite difficulty");
        const auto [it, added] = index.emplace(candidates[c].group, g.members.size());
        if (added) g.members.emplace_back();
        g.members[it->second].push_back(c);
    }
    return g;
}

/// The assignment problem the choice reduces to: positions x groups, each cell the best
/// candidate of the group for the position's target and its |error|.
struct CostTable {
    std::vector<std::size_t> groups;               ///< the groups kept (indices into Groups::members)
    std::vector<std::vector<double>> cost;         ///< [position][kept group]
    std::vector<std::vector<std::size_t>> choice;  ///< [position][kept group] -> candidate
};

/// Only the `n` nearest groups of each position can be needed: if position i took a group
/// outside its n nearest, one of those n is free (the other n - 1 positions hold at most
/// n - 1 groups) and taking it instead lowers neither the max nor the sum of the errors.
/// So the union of every position's n nearest groups (at most n^2) holds an optimal choice.
CostTable cost_table(const std::vector<CurveCandidate>& candidates, const Groups& g,
                     const std::vector<double>& targets) {
    const std::size_t n = targets.size(), m = g.members.size();
    std::vector<std::vector<double>> full(n, std::vector<double>(m));
    std::vector<std::vector<std::size_t>> best(n, std::vector<std::size_t>(m));
    std::vector<bool> keep(m, false);
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t k = 0; k < m; ++k) {
            double c = std::numeric_limits<double>::infinity();
            for (const std::size_t member : g.members[k]) {
                const double e = std::abs(candidates[member].difficulty - targets[i]);
                if (e < c) c = e, best[i][k] = member;
            }
            full[i][k] = c;
        }
        std::vector<std::size_t> order(m);
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n), order.end(),
                          [&](std::size_t a, std::size_t b) {
                              return full[i][a] < full[i][b] || (full[i][a] == full[i][b] && a < b);
                          });
        for (std::size_t r = 0; r < n; ++r) keep[order[r]] = true;
    }
    CostTable t;
    for (std::size_t k = 0; k < m; ++k)
        if (keep[k]) t.groups.push_back(k);
    t.cost.assign(n, {});
    t.choice.assign(n, {});
    for (std::size_t i = 0; i < n; ++i)
        for (const std::size_t k : t.groups) {
            t.cost[i].push_back(full[i][k]);
            t.choice[i].push_back(best[i][k]);
        }
    return t;
}

/// Whether every position can take its own group among those with cost <= limit
/// (Kuhn's augmenting paths).
bool perfect_matching(const CostTable& t, double limit) {
    const std::size_t n = t.cost.size(), m = t.groups.size();
    std::vector<int> owner(m, -1);
    std::vector<bool> seen;
    std::function<bool(std::size_t)> augment = [&](std::size_t i) {
        for (std::size_t k = 0; k < m; ++k) {
            if (t.cost[i][k] > limit || seen[k]) continue;
            seen[k] = true;
            if (owner[k] < 0 || augment(static_cast<std::size_t>(owner[k]))) {
                owner[k] = static_cast<int>(i);
                return true;
            }
        }
        return false;
    };
    for (std::size_t i = 0; i < n; ++i) {
        seen.assign(m, false);
        if (!augment(i)) return false;
    }
    return true;
}

/// The smallest max |error| of any choice: binary search over the table's costs.
double bottleneck(const CostTable& t) {
    std::vector<double> values;
    for (const auto& row : t.cost) values.insert(values.end(), row.begin(), row.end());
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    std::size_t lo = 0, hi = values.size() - 1;  // the largest value always matches (n <= m)
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (perfect_matching(t, values[mid]))
            hi = mid;
        else
            lo = mid + 1;
    }
    return values[lo];
}

/// Minimum-cost assignment of n rows to distinct columns of an n x m matrix (n <= m):
/// the Hungarian algorithm with potentials, O(n^2 m). Returns the column of each row.
std::vector<std::size_t> hungarian(const std::vector<std::vector<double>>& a) {
    const std::size_t n = a.size(), m = a.front().size();
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> u(n + 1, 0.0), v(m + 1, 0.0);
    std::vector<std::size_t> row_of(m + 1, 0), way(m + 1, 0);  // column -> row (1-based; 0 = free)
    for (std::size_t i = 1; i <= n; ++i) {
        row_of[0] = i;
        std::size_t col = 0;
        std::vector<double> min_slack(m + 1, inf);
        std::vector<bool> used(m + 1, false);
        do {
            used[col] = true;
            const std::size_t row = row_of[col];
            double delta = inf;
            std::size_t next = 0;
            for (std::size_t j = 1; j <= m; ++j) {
                if (used[j]) continue;
                const double slack = a[row - 1][j - 1] - u[row] - v[j];
                if (slack < min_slack[j]) min_slack[j] = slack, way[j] = col;
                if (min_slack[j] < delta) delta = min_slack[j], next = j;
            }
            for (std::size_t j = 0; j <= m; ++j) {
                if (used[j])
                    u[row_of[j]] += delta, v[j] -= delta;
                else
                    min_slack[j] -= delta;
            }
            col = next;
        } while (row_of[col] != 0);
        do {
            const std::size_t prev = way[col];
            row_of[col] = row_of[prev];
            col = prev;
        } while (col != 0);
    }
    std::vector<std::size_t> out(n);
    for (std::size_t j = 1; j <= m; ++j)
        if (row_of[j] != 0) out[row_of[j] - 1] = j - 1;
    return out;
}

/// The chosen candidates put in the targets' order (sorted matching: optimal for |error| in
/// both max and sum); equal targets take their candidates in candidate order.
std::vector<std::size_t> order_by_targets(std::vector<std::size_t> chosen,
                                          const std::vector<CurveCandidate>& candidates,
                                          const std::vector<double>& targets) {
    const std::size_t n = targets.size();
    std::vector<std::size_t> positions(n);
    std::iota(positions.begin(), positions.end(), std::size_t{0});
    std::stable_sort(positions.begin(), positions.end(),
                     [&](std::size_t a, std::size_t b) { return targets[a] < targets[b]; });
    std::sort(chosen.begin(), chosen.end(), [&](std::size_t a, std::size_t b) {
        const double da = candidates[a].difficulty, db = candidates[b].difficulty;
        return da < db || (da == db && a < b);
    });
    for (std::size_t r = 0; r < n;) {  // runs of equal targets: candidate order
        std::size_t end = r + 1;
        while (end < n && targets[positions[end]] == targets[positions[r]]) ++end;
        std::sort(chosen.begin() + static_cast<std::ptrdiff_t>(r),
                  chosen.begin() + static_cast<std::ptrdiff_t>(end));
        r = end;
    }
    std::vector<std::size_t> out(n);
    for (std::size_t r = 0; r < n; ++r) out[positions[r]] = chosen[r];
    return out;
}

void check_count(int count) {
    if (count < 1) throw CurveError("a curve needs at least one position, not " + std::to_string(count));
}

}  // namespace

double quantile(std::vector<double> values, double q) {
    if (values.empty()) throw CurveError("quantile of no values");
    std::sort(values.begin(), values.end());
    const double h = std::clamp(q, 0.0, 1.0) * static_cast<double>(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, values.size() - 1);
    return values[lo] + (h - static_cast<double>(lo)) * (values[hi] - values[lo]);
}

double difficulty_hazard(double difficulty) { return -std::log1p(-std::clamp(difficulty, 0.0, 1.0 - 1e-12)); }

double hazard_difficulty(double hazard) { return -std::expm1(-hazard); }

std::vector<double> rising_curve(const std::vector<double>& difficulties, int count,
                                 const RisingCurveSettings& settings) {
    check_count(count);
    const double lq = settings.low_quantile, hq = settings.high_quantile;
    if (!(lq >= 0.0 && lq < hq && hq <= 1.0))
        throw CurveError("rising curve quantiles must satisfy 0 <= low < high <= 1");
    const bool hazard = settings.spacing == CurveSpacing::Hazard;
    const auto to_scale = [hazard](double d) { return hazard ? difficulty_hazard(d) : d; };
    const auto from_scale = [hazard](double s) { return hazard ? hazard_difficulty(s) : s; };
    const double lo = to_scale(quantile(difficulties, lq)), hi = to_scale(quantile(difficulties, hq));
    if (count == 1) return {from_scale(0.5 * (lo + hi))};
    std::vector<double> out;
    for (int k = 0; k < count; ++k) out.push_back(from_scale(lo + (hi - lo) * k / (count - 1)));
    return out;
}

std::vector<double> flat_curve(const std::vector<double>& difficulties, int count) {
    check_count(count);
    return std::vector<double>(static_cast<std::size_t>(count), quantile(difficulties, 0.5));
}

std::vector<double> curve_targets_from_json(const nlohmann::json& doc) {
    const nlohmann::json* list = &doc;
    std::string pointer;
    if (doc.is_object()) {
        if (!doc.contains("targets"))
            throw CurveError("expected a list of difficulties or {\"targets\": [...]}");
        list = &doc["targets"];
        pointer = "/targets";
    }
    if (!list->is_array())
        throw CurveError((pointer.empty() ? std::string("the curve") : pointer) +
                         " is not a list of difficulties in [0, 1]");
    if (list->empty()) throw CurveError((pointer.empty() ? std::string("the curve") : pointer) + " is empty");
    std::vector<double> out;
    for (std::size_t k = 0; k < list->size(); ++k) {
        const nlohmann::json& v = (*list)[k];
        const std::string where = pointer + "/" + std::to_string(k);
        if (!v.is_number()) throw CurveError(where + ": " + v.dump() + " is not a number");
        const double d = v.get<double>();
        if (!(d >= 0.0 && d <= 1.0)) throw CurveError(where + ": " + v.dump() + " is outside [0, 1]");
        out.push_back(d);
    }
    return out;
}

std::vector<double> read_curve_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw Error("cannot read curve file '" + path + "'");
    std::stringstream text;
    text << f.rdbuf();
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::parse_error&) {  // the library's message names no file
        throw Error(path + ": not JSON (a curve file is [d1, d2, ...] or {\"targets\": [...]})");
    }
    return with_context(path, [&] { return curve_targets_from_json(doc); });
}

CurvePick pick_for_curve(const std::vector<CurveCandidate>& candidates, const std::vector<double>& targets,
                         const CurvePickSettings& settings) {
    if (targets.empty()) throw CurveError("a curve needs at least one position");
    const Groups groups = group_candidates(candidates);
    if (groups.members.size() < targets.size())
        throw CurveError(std::to_string(targets.size()) + " positions but only " +
                         std::to_string(groups.members.size()) + " distinct candidate levels");
    const CostTable table = cost_table(candidates, groups, targets);
    CurvePick pick;
    pick.best_max_error = bottleneck(table);
    if (!(pick.best_max_error <= settings.tolerance)) return pick;
    // Beyond the tolerance a pair costs more than any choice within it (each |error| <= 1).
    const double forbidden = static_cast<double>(targets.size()) + 2.0;
    std::vector<std::vector<double>> cost = table.cost;
    for (auto& row : cost)
        for (double& c : row)
            if (c > settings.tolerance) c += forbidden;
    const std::vector<std::size_t> columns = hungarian(cost);
    std::vector<std::size_t> chosen;
    for (std::size_t i = 0; i < targets.size(); ++i) chosen.push_back(table.choice[i][columns[i]]);
    const double best_max_error = pick.best_max_error;
    pick = pick_errors(candidates, targets, order_by_targets(chosen, candidates, targets), settings);
    pick.best_max_error = best_max_error;
    return pick;
}

CurvePick pick_errors(const std::vector<CurveCandidate>& candidates, const std::vector<double>& targets,
                      std::vector<std::size_t> chosen, const CurvePickSettings& settings) {
    CurvePick pick;
    pick.chosen = std::move(chosen);
    double sum = 0.0;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const double e = candidates[pick.chosen[i]].difficulty - targets[i];
        pick.errors.push_back(e);
        pick.max_error = std::max(pick.max_error, std::abs(e));
        sum += std::abs(e);
    }
    pick.mean_error = sum / static_cast<double>(targets.size());
    pick.met = pick.max_error <= settings.tolerance;
    pick.best_max_error = pick.max_error;
    return pick;
}

std::string_view curve_spacing_name(CurveSpacing spacing) {
    return kCurveSpacingNames[static_cast<std::size_t>(spacing)];
}

std::optional<CurveSpacing> parse_curve_spacing(std::string_view name) {
    return parse_name<CurveSpacing>(kCurveSpacingNames, name);
}

}  // namespace sawtooth::analysis
