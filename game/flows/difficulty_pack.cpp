#include "game/flows/difficulty_pack.hpp"

#include "gen/error.hpp"
#include "gen/size_text.hpp"
#include "telemetry/analysis/difficulty_curve.hpp"
#include "telemetry/store/store.hpp"

#include <cstdio>
#include <filesystem>

namespace sawtooth::flows {

namespace {

/// The candidates and where they came from (the provenance's `candidates`).
struct CandidateSet {
    std::vector<analysis::PredictedLevel> list;
    nlohmann::json provenance;
};

/// Every level of the seed range in every shape at every index.
CandidateSet seed_candidates(const DifficultyPackRequest& r) {
    const CandidateSource& s = r.candidates;
    analysis::CurveCandidates c =
        analysis::seed_curve_candidates(s.shapes, s.indices, s.first_seed, s.last_seed, r.model, r.predict);
    CandidateSet set;
    set.list = std::move(c.list);
    std::vector<std::string> rooms, room_sizes;
    for (const GenParams& shape : s.shapes) {
        rooms.push_back(size_text(shape.rooms_w, shape.rooms_h));
        room_sizes.push_back(size_text(shape.room_w, shape.room_h));
    }
    set.provenance = {{"source", "seeds"},
                      {"seeds", s.seeds_text},
                      {"layout", layout_name(s.shapes.front().layout)},
                      {"shapes", s.shapes.size()},
                      {"rooms", rooms},
                      {"room_size", room_sizes},
                      {"level_indices", s.indices},
                      {"levels", set.list.size()},
                      {"not_generated", c.not_generated}};
    return set;
}

/// Every generated row of the catalogue: its stored difficulty when it comes from this model
/// (the same model hash), else recomputed from the regenerated level (hash checked).
CandidateSet catalog_candidates(const DifficultyPackRequest& r) {
    analysis::CurveCandidates c =
        analysis::catalog_curve_candidates(r.candidates.catalog, r.model, r.predict);
    CandidateSet set;
    set.list = std::move(c.list);
    set.provenance = {{"source", "catalog"},
                      {"file", std::filesystem::path(r.candidates.catalog).filename().string()},
                      {"levels", set.list.size()},
                      {"difficulty_stored", c.difficulty_stored},
                      {"difficulty_recomputed", set.list.size() - c.difficulty_stored}};
    return set;
}

/// A level's place in the provenance: seed and shape.
nlohmann::json level_id_json(const GenParams& p) {
    return {{"seed", p.seed},
            {"rooms", size_text(p.rooms_w, p.rooms_h)},
            {"room_size", size_text(p.room_w, p.room_h)},
            {"level_index", p.level_index}};
}

/// The playtest's part of the result: the panel, the fit, and per position what it played.
nlohmann::json playtest_json(const DifficultyPackRequest& r, const PlaytestOutcome& p,
                             const CandidateSet& set) {
    nlohmann::json shortlists = nlohmann::json::array();
    for (const auto& list : p.shortlists) {
        nlohmann::json entries = nlohmann::json::array();
        for (const std::size_t c : list) {
            nlohmann::json e = level_id_json(set.list[c].level.params);
            const PlaytestResult& played = p.played.at(c);
            e["hazard"] = analysis::difficulty_hazard(set.list[c].difficulty);
            e["mean_deaths"] = played.mean_deaths;
            e["completed"] = played.completed;
            e["skipped"] = played.skipped;
            entries.push_back(e);
        }
        shortlists.push_back(entries);
    }
    return {{"players", r.pick.panel.players},
            {"group", r.panel_group},
            {"seed", r.pick.panel.seed},
            {"shortlist", r.pick.shortlist},
            {"levels_played", p.played.size()},
            {"fit", {{"intercept", p.pick.fit.intercept}, {"slope", p.pick.fit.slope}}},
            {"method",
             "each position keeps the shortlisted level whose ln(1 + panel mean deaths) lies nearest "
             "intercept + slope * target hazard"},
            {"shortlists", shortlists}};
}

/// The choice: the curve's targets and the curve pick's levels (and playtest when run).
struct Choice {
    std::vector<double> targets;
    CurveChoice pick;
};

/// The model's choice within the tolerance, then (with a panel) the panel's among shortlists.
Choice choose(const DifficultyPackRequest& r, const CandidateSet& set, int count) {
    const std::string& prefix = r.pick.setting_prefix;
    Choice c;
    c.targets = with_context(prefix + "count " + std::to_string(count), [&] {
        return r.curve.shape ? analysis::named_curve_targets(*r.curve.shape, set.list, count, r.curve.rising)
                             : r.curve.targets;
    });
    c.pick = pick_curve_levels(set.list, c.targets, r.pick, r.playtest);
    if (!c.pick.pick.met) {
        char buf[240];
        std::snprintf(buf, sizeof buf,
                      "%stolerance %g cannot be met: the best choice of %d levels is %.4f off at its worst "
                      "position (raise %stolerance or widen the candidates)",
                      prefix.c_str(), r.pick.tolerance, count, c.pick.pick.best_max_error, prefix.c_str());
        throw Error(buf);
    }
    return c;
}

/// The curve as the provenance records it ("kind": rising, flat or file).
nlohmann::json curve_json(const CurveSpec& curve, const std::vector<double>& targets) {
    const std::string kind = curve.shape ? std::string(telemetry::curve_shape_name(*curve.shape)) : "file";
    nlohmann::json c = {{"kind", kind}, {"targets", targets}};
    if (curve.shape == telemetry::CurveShape::Rising) {
        c["quantiles"] = {curve.rising.low_quantile, curve.rising.high_quantile};
        c["spacing"] = analysis::curve_spacing_name(curve.rising.spacing);
    }
    if (curve.shape == telemetry::CurveShape::Flat) c["quantile"] = 0.5;
    if (!curve.shape) c["file"] = curve.file;
    return c;
}

/// What the pick found, as kept in the pack's provenance.
nlohmann::json result_json(const DifficultyPackRequest& r, const CandidateSet& set, const Choice& choice) {
    const std::vector<double>& targets = choice.targets;
    const analysis::CurvePick& pick = choice.pick.pick;
    const std::optional<PlaytestOutcome>& playtest = choice.pick.playtest;
    nlohmann::json levels = nlohmann::json::array();
    for (std::size_t i = 0; i < pick.chosen.size(); ++i) {
        const analysis::PredictedLevel& x = set.list[pick.chosen[i]];
        nlohmann::json l = level_id_json(x.level.params);
        l["position"] = i + 1;
        l["target"] = targets[i];
        l["difficulty"] = x.difficulty;
        l["hazard"] = analysis::difficulty_hazard(x.difficulty);
        l["error"] = pick.errors[i];
        if (playtest) {
            l["playtest_deaths"] = playtest->played.at(pick.chosen[i]).mean_deaths;
            l["expected_deaths"] = playtest->pick.expected_deaths[i];
        }
        levels.push_back(l);
    }
    nlohmann::json out = {
        {"model", {{"file", r.model_file}, {"hash", analysis::challenge_model_hash(r.model)}}},
        {"curve", curve_json(r.curve, targets)},
        {"method", playtest ? "playtest: each position's choice among its shortlist (see playtest.method)"
                            : "min-cost assignment (Hungarian) of distinct seeds within the tolerance"},
        {"tolerance", r.pick.tolerance},
        {"max_abs_error", pick.max_error},
        {"mean_abs_error", pick.mean_error},
        {"candidates", set.provenance},
        {"levels", levels}};
    if (playtest) out["playtest"] = playtest_json(r, *playtest, set);
    return out;
}

}  // namespace

DifficultyPack pick_difficulty_pack(const DifficultyPackRequest& request) {
    const CandidateSet set =
        request.candidates.catalog.empty() ? seed_candidates(request) : catalog_candidates(request);
    const int count = request.curve.shape ? request.count : static_cast<int>(request.curve.targets.size());
    const Choice choice = choose(request, set, count);
    DifficultyPack out;
    out.result = result_json(request, set, choice);
    out.candidates = set.list.size();
    out.pack.name = request.name;
    out.pack.provenance = {{"pick_difficulty", out.result}, {"created_utc", telemetry::utc_now()}};
    for (const std::size_t k : choice.pick.pick.chosen) {
        const telemetry::PackLevel& l = set.list[k].level;
        telemetry::pack_level(l, "seed " + std::to_string(l.params.seed));
        out.pack.levels.push_back(l);
    }
    return out;
}

}  // namespace sawtooth::flows
