#include "telemetry/curation/rating_formula.hpp"

#include "gen/error.hpp"
#include "gen/generator.hpp"
#include "gen/number_text.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/store/sqlite.hpp"

#include <cstdint>
#include <map>
#include <sstream>
#include <utility>

namespace sawtooth::telemetry {

namespace {

/// Answered ratings per generated level (skipped ones left out), from table `ratings`.
std::vector<RatedLevel> read_ratings(const std::string& path, const std::string& target) {
    Database db(path, OpenMode::ReadOnly);
    if (db.query_int("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'ratings'") == 0)
        throw Error("'" + path + "' has no ratings table (ratings are recorded by the game's rating screen)");
    std::map<RatedLevelKey, RatedLevel> levels;
    Statement st(db,
                 "SELECT l.seed, l.layout, l.rooms_w, l.rooms_h, l.room_w, l.room_h, l.level_index, "
                 "l.alpha, l.level_hash, r." +
                     target +
                     ", s.participant_id FROM ratings r JOIN levels l ON l.level_id = r.level_id "
                     "JOIN sessions s ON s.session_id = r.session_id "
                     "WHERE l.kind = 'generated' AND NOT r.skipped AND r." +
                     target + " IS NOT NULL ORDER BY r.level_id");
    while (st.step()) {
        RatedLevelKey key{st.text(0),  st.text(1),  st.int32(2), st.int32(3),
                          st.int32(4), st.int32(5), st.int32(6), st.real(7)};
        RatedLevel& l = levels[key];
        l.key = key;
        l.level_hash = st.text(8);
        l.ratings.push_back(st.real(9));
        l.raters.push_back(st.text(10));
    }
    std::vector<RatedLevel> out;
    for (auto& [key, l] : levels) out.push_back(std::move(l));
    return out;
}

/// Mean of a level's ratings, rating i counted weight[i] times (all 1: the plain mean, summed
/// as r / n in order so that the fit without a bootstrap is the one it always was).
double weighted_mean(const std::vector<double>& ratings, const std::vector<double>& weight) {
    double total = 0.0;
    for (const double w : weight) total += w;
    double mean = 0.0;
    for (std::size_t i = 0; i < ratings.size(); ++i) mean += weight[i] * ratings[i] / total;
    return mean;
}

/// The rated levels the catalogue holds, with their predictor values and mean ratings; the
/// others counted in `fit`.
void match_catalogue(Catalog& cat, const std::vector<std::string>& predictors, RatingFit& fit) {
    std::string cols;
    for (const std::string& p : predictors) cols += ", " + p;
    Statement st(cat.database(), "SELECT level_hash" + cols +
                                     " FROM levels WHERE seed = ? AND layout = ? AND rooms_w = ? AND "
                                     "rooms_h = ? AND room_w = ? AND room_h = ? AND level_index = ? "
                                     "AND alpha = ?");
    for (std::size_t i = 0; i < fit.rated.size(); ++i) {
        const RatedLevel& l = fit.rated[i];
        const auto& [seed, layout, rw, rh, cw, ch, index, alpha] = l.key;
        st.reset();
        // The session database stores the seed as decimal text (0 .. 2^64 - 1).
        st.bind_u64(1, parse_number<std::uint64_t>("stored seed of a rated level", seed));
        st.bind(2, layout).bind(3, rw).bind(4, rh);
        st.bind(5, cw).bind(6, ch).bind(7, index).bind(8, alpha);
        if (!st.step()) {
            ++fit.not_catalogued;
            continue;
        }
        if (st.is_null(0) || st.text(0) != l.level_hash) {
            ++fit.hash_differs;
            continue;
        }
        FittedLevel o{i, {}, weighted_mean(l.ratings, std::vector<double>(l.ratings.size(), 1.0))};
        for (std::size_t k = 0; k < predictors.size(); ++k) {
            if (st.is_null(static_cast<int>(k + 1)))
                throw Error("catalogue '" + cat.path() + "' has no " + predictors[k] + " for seed " + seed +
                            " (catalogue it with --model, or drop the predictor)");
            o.x.push_back(st.real(static_cast<int>(k + 1)));
        }
        fit.ratings += static_cast<int>(l.ratings.size());
        fit.levels.push_back(std::move(o));
    }
}

/// Participant bootstrap: clusters are the raters of the fitted levels; a resample weights
/// each rating by how often its rater was drawn, drops levels no drawn rater rated, and
/// refits. A resample that cannot be fitted (too few levels, collinear) is dropped.
RatingIntervals bootstrap_fit(const RatingFitRequest& request, const RatingFit& fit,
                              const std::map<std::string, std::size_t>& rater_index) {
    // Per fitted level, per rating: the rater's cluster index.
    std::vector<std::vector<std::size_t>> raters;
    for (const FittedLevel& l : fit.levels) {
        std::vector<std::size_t> r;
        for (const std::string& id : fit.rated[l.rated].raters) r.push_back(rater_index.at(id));
        raters.push_back(std::move(r));
    }
    const auto statistic = [&](const std::vector<std::size_t>& pick) -> std::vector<double> {
        std::vector<double> drawn(rater_index.size(), 0.0);
        for (const std::size_t p : pick) drawn[p] += 1.0;
        std::vector<std::vector<double>> x;
        std::vector<double> y;
        for (std::size_t i = 0; i < fit.levels.size(); ++i) {
            std::vector<double> weight;
            double total = 0.0;
            for (const std::size_t r : raters[i]) total += weight.emplace_back(drawn[r]);
            if (total == 0.0) continue;
            x.push_back(fit.levels[i].x);
            y.push_back(weighted_mean(fit.rated[fit.levels[i].rated].ratings, weight));
        }
        if (y.size() < request.predictors.size() + 2) return {};
        analysis::MultipleRegression r;
        try {
            r = analysis::fit_ols(x, y, request.predictors);
        } catch (const analysis::RegressionError&) {
            return {};  // collinear in this resample
        }
        std::vector<double> out;
        for (const analysis::RegressionTerm& t : r.terms) out.push_back(t.coefficient);
        out.push_back(r.r2);
        return out;
    };
    std::vector<analysis::Interval> all =
        analysis::cluster_bootstrap(rater_index.size(), statistic, request.bootstrap, request.threads);
    RatingIntervals out;
    out.settings = request.bootstrap;
    out.r2 = all.back();
    all.pop_back();
    out.terms = std::move(all);
    return out;
}

nlohmann::json interval_json(const analysis::Interval& i) {
    return {{"estimate", i.estimate}, {"lo", i.lo}, {"hi", i.hi}, {"replicates", i.replicates}};
}

}  // namespace

RatingFit fit_rating_formula(const RatingFitRequest& request) {
    if (request.target != "enjoyment" && request.target != "difficulty")
        throw Error("bad --target '" + request.target + "': expected enjoyment or difficulty");
    if (request.bootstrap.replicates > 0) analysis::check_bootstrap_settings(request.bootstrap);
    RatingFit fit;
    fit.rated = read_ratings(request.ratings, request.target);
    Catalog cat = Catalog::open_read_only(request.catalog);
    // Said as it is: "0 rated levels found" would send the user to rate more levels.
    if (cat.count() == 0) throw Error("catalogue '" + request.catalog + "' holds no level");
    match_catalogue(cat, request.predictors, fit);
    const std::size_t need = request.predictors.size() + 2;
    if (fit.levels.size() < need)
        throw Error(std::to_string(fit.levels.size()) + " rated levels found in the catalogue (" +
                    std::to_string(fit.rated.size()) + " rated), fewer than predictors + 2 = " +
                    std::to_string(need) + ": rate more levels or name fewer predictors");
    std::vector<std::vector<double>> x;
    std::vector<double> y;
    std::map<std::string, std::size_t> rater_index;
    for (const FittedLevel& l : fit.levels) {
        x.push_back(l.x);
        y.push_back(l.mean);
        for (const std::string& id : fit.rated[l.rated].raters) rater_index.emplace(id, rater_index.size());
    }
    fit.participants = rater_index.size();
    fit.regression = analysis::fit_ols(x, y, request.predictors);
    if (request.bootstrap.replicates > 0 && fit.participants >= 2)
        fit.intervals = bootstrap_fit(request, fit, rater_index);
    return fit;
}

nlohmann::json rating_formula_json(const RatingFitRequest& request, const RatingFit& fit) {
    const analysis::MultipleRegression& r = fit.regression;
    nlohmann::json terms = nlohmann::json::array();
    for (const analysis::RegressionTerm& t : r.terms)
        terms.push_back({{"name", t.name},
                         {"coefficient", t.coefficient},
                         {"standard_error", t.standard_error},
                         {"t", t.t},
                         {"p", t.p}});
    nlohmann::json j = {{"format", kRatingFormulaFormat},
                        {"format_version", kRatingFormulaVersion},
                        {"target", request.target},
                        {"generator_version", kGeneratorVersion},
                        {"terms", terms},
                        {"r2", r.r2},
                        {"adjusted_r2", r.adjusted_r2},
                        {"residual_sd", r.residual_sd},
                        {"residual_dof", r.residual_dof},
                        {"levels", r.observations},
                        {"ratings", fit.ratings},
                        {"rated_levels", fit.rated.size()},
                        {"rated_not_catalogued", fit.not_catalogued},
                        {"rated_hash_differs", fit.hash_differs},
                        {"ratings_db", request.ratings},
                        {"catalog", request.catalog}};
    if (request.bootstrap.replicates == 0) return j;  // the file as it was before intervals
    j["participants"] = fit.participants;
    if (!fit.intervals) {
        j["intervals"] = nullptr;  // one participant: nothing to resample
        return j;
    }
    const RatingIntervals& iv = *fit.intervals;
    nlohmann::json it = nlohmann::json::array();
    for (std::size_t k = 0; k < iv.terms.size(); ++k) {
        nlohmann::json one = interval_json(iv.terms[k]);
        one["name"] = r.terms[k].name;
        it.push_back(std::move(one));
    }
    j["intervals"] = {{"replicates", iv.settings.replicates},
                      {"level", iv.settings.level},
                      {"seed", iv.settings.seed},
                      {"terms", it},
                      {"r2", interval_json(iv.r2)}};
    return j;
}

std::string rating_design_csv(const RatingFitRequest& request, const RatingFit& fit) {
    std::string s =
        "seed,layout,rooms_w,rooms_h,room_w,room_h,level_index,alpha,ratings,mean_" + request.target;
    for (const std::string& p : request.predictors) s += "," + p;
    s += "\n";
    for (const FittedLevel& o : fit.levels) {
        const RatedLevel& l = fit.rated[o.rated];
        const auto& [seed, layout, rw, rh, cw, ch, index, alpha] = l.key;
        std::ostringstream line;
        line.precision(17);
        line << seed << ',' << layout << ',' << rw << ',' << rh << ',' << cw << ',' << ch << ',' << index
             << ',' << alpha << ',' << l.ratings.size() << ',' << o.mean;
        for (double v : o.x) line << ',' << v;
        s += line.str() + "\n";
    }
    return s;
}

}  // namespace sawtooth::telemetry
