// `sawtooth-lab curate fit`: the rating formula (docs/curation.md; 002's "Generate a
// Formula"). Each rated generated level of a session database (table `ratings`) is found
// in a level catalogue by its generator parameters and level hash; its mean rating is
// regressed on catalogue columns by OLS (telemetry/analysis/multiple_regression). Writes
// the formula as JSON and, with --csv, the design matrix. Does not: pick levels (curate
// pick) or write either database.
#include "gen/generator.hpp"
#include "gen/number_text.hpp"
#include "telemetry/analysis/multiple_regression.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/store/sqlite.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace sawtooth::lab {

namespace {

inline constexpr const char* kFormulaFormat = "sawtooth-rating-formula";
inline constexpr int kFormulaVersion = 1;
inline constexpr const char* kDefaultPredictors = "traps,path_jumps,path_length,alt_routes,open_share";

struct FitOptions {
    std::string ratings;
    std::string catalog;
    std::string out;
    std::string predictors = kDefaultPredictors;
    std::string csv;
    std::string target = "enjoyment";
};

/// A generated level's key as the session database stores it.
using LevelKey = std::tuple<std::string, std::string, int, int, int, int, int,
                            double>;  // seed, layout, sizes, index, alpha

struct RatedLevel {
    LevelKey key;
    std::string level_hash;
    std::vector<double> ratings;
};

/// One rated level found in the catalogue.
struct Observation {
    const RatedLevel* level = nullptr;
    std::vector<double> x;
    double mean = 0.0;
};

struct Counts {
    int not_catalogued = 0;  ///< rated generated levels the catalogue does not hold
    int hash_differs = 0;    ///< held, but another level (another generator version)
    int ratings = 0;         ///< ratings of the levels fitted
};

/// Ratings per generated level (skipped ratings left out), from table `ratings`.
std::vector<RatedLevel> read_ratings(const std::string& path, const std::string& target) {
    telemetry::Database db(path, telemetry::OpenMode::ReadOnly);
    if (db.query_int("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'ratings'") == 0)
        throw LabError("'" + path +
                       "' has no ratings table (ratings are recorded by the game's rating screen)");
    std::map<LevelKey, RatedLevel> levels;
    telemetry::Statement st(
        db,
        "SELECT l.seed, l.layout, l.rooms_w, l.rooms_h, l.room_w, l.room_h, l.level_index, "
        "l.alpha, l.level_hash, r." +
            target +
            " FROM ratings r JOIN levels l ON l.level_id = r.level_id "
            "WHERE l.kind = 'generated' AND NOT r.skipped AND r." +
            target + " IS NOT NULL ORDER BY r.level_id");
    while (st.step()) {
        LevelKey key{st.text(0),  st.text(1),  st.int32(2), st.int32(3),
                     st.int32(4), st.int32(5), st.int32(6), st.real(7)};
        RatedLevel& l = levels[key];
        l.key = key;
        l.level_hash = st.text(8);
        l.ratings.push_back(st.real(9));
    }
    std::vector<RatedLevel> out;
    for (auto& [key, l] : levels) out.push_back(std::move(l));
    return out;
}

/// The rated levels the catalogue holds, with their predictor values.
std::vector<Observation> match_catalogue(const std::vector<RatedLevel>& rated, telemetry::Catalog& cat,
                                         const std::vector<std::string>& predictors, Counts& counts) {
    std::string cols;
    for (const std::string& p : predictors) cols += ", " + p;
    telemetry::Statement st(cat.database(),
                            "SELECT level_hash" + cols +
                                " FROM levels WHERE seed = ? AND layout = ? AND rooms_w = ? AND "
                                "rooms_h = ? AND room_w = ? AND room_h = ? AND level_index = ? "
                                "AND alpha = ?");
    std::vector<Observation> out;
    for (const RatedLevel& l : rated) {
        const auto& [seed, layout, rw, rh, cw, ch, index, alpha] = l.key;
        st.reset();
        // The session database stores the seed as decimal text (0 .. 2^64 - 1).
        st.bind_u64(1, parse_number<std::uint64_t>("stored seed of a rated level", seed));
        st.bind(2, layout).bind(3, rw).bind(4, rh);
        st.bind(5, cw).bind(6, ch).bind(7, index).bind(8, alpha);
        if (!st.step()) {
            ++counts.not_catalogued;
            continue;
        }
        if (st.is_null(0) || st.text(0) != l.level_hash) {
            ++counts.hash_differs;
            continue;
        }
        Observation o{&l, {}, 0.0};
        for (std::size_t k = 0; k < predictors.size(); ++k) {
            if (st.is_null(static_cast<int>(k + 1)))
                throw LabError("catalogue '" + cat.path() + "' has no " + predictors[k] + " for seed " +
                               seed + " (catalogue it with --model, or drop the predictor)");
            o.x.push_back(st.real(static_cast<int>(k + 1)));
        }
        for (double r : l.ratings) o.mean += r / static_cast<double>(l.ratings.size());
        counts.ratings += static_cast<int>(l.ratings.size());
        out.push_back(std::move(o));
    }
    return out;
}

nlohmann::json formula_json(const FitOptions& o, const analysis::MultipleRegression& r, const Counts& c,
                            std::size_t rated) {
    nlohmann::json terms = nlohmann::json::array();
    for (const analysis::RegressionTerm& t : r.terms)
        terms.push_back({{"name", t.name},
                         {"coefficient", t.coefficient},
                         {"standard_error", t.standard_error},
                         {"t", t.t},
                         {"p", t.p}});
    return {{"format", kFormulaFormat},
            {"format_version", kFormulaVersion},
            {"target", o.target},
            {"generator_version", kGeneratorVersion},
            {"terms", terms},
            {"r2", r.r2},
            {"adjusted_r2", r.adjusted_r2},
            {"residual_sd", r.residual_sd},
            {"residual_dof", r.residual_dof},
            {"levels", r.observations},
            {"ratings", c.ratings},
            {"rated_levels", rated},
            {"rated_not_catalogued", c.not_catalogued},
            {"rated_hash_differs", c.hash_differs},
            {"ratings_db", o.ratings},
            {"catalog", o.catalog}};
}

std::string design_csv(const std::vector<Observation>& obs, const std::vector<std::string>& predictors,
                       const std::string& target) {
    std::string s = "seed,layout,rooms_w,rooms_h,room_w,room_h,level_index,alpha,ratings,mean_" + target;
    for (const std::string& p : predictors) s += "," + p;
    s += "\n";
    for (const Observation& o : obs) {
        const auto& [seed, layout, rw, rh, cw, ch, index, alpha] = o.level->key;
        std::ostringstream line;
        line.precision(17);
        line << seed << ',' << layout << ',' << rw << ',' << rh << ',' << cw << ',' << ch << ',' << index
             << ',' << alpha << ',' << o.level->ratings.size() << ',' << o.mean;
        for (double v : o.x) line << ',' << v;
        s += line.str() + "\n";
    }
    return s;
}

/// Writes aside and renames, so a failed write leaves no half file.
void write_file(const std::string& path, const std::string& text) {
    const std::string part = path + ".part";
    {
        std::ofstream f(part, std::ios::binary);
        f << text;
        if (!f.flush()) {
            std::filesystem::remove(part);
            throw LabError("cannot write '" + path + "'");
        }
    }
    std::error_code ec;
    std::filesystem::rename(part, path, ec);
    if (ec) throw LabError("cannot write '" + path + "': " + ec.message());
}

void run_fit(const FitOptions& o) {
    if (o.target != "enjoyment" && o.target != "difficulty")
        throw LabError("bad --target '" + o.target + "': expected enjoyment or difficulty");
    const std::vector<std::string> predictors = parse_predictors(o.predictors);
    std::vector<RatedLevel> rated;
    std::vector<Observation> obs;
    Counts counts;
    rated = read_ratings(o.ratings, o.target);
    telemetry::Catalog cat = telemetry::Catalog::open_read_only(o.catalog);
    // Said as it is: "0 rated levels found" would send the user to rate more levels.
    if (cat.count() == 0) throw LabError("catalogue '" + o.catalog + "' holds no level");
    obs = match_catalogue(rated, cat, predictors, counts);
    if (obs.size() < predictors.size() + 2)
        throw LabError(std::to_string(obs.size()) + " rated levels found in the catalogue (" +
                       std::to_string(rated.size()) + " rated), fewer than predictors + 2 = " +
                       std::to_string(predictors.size() + 2) + ": rate more levels or name fewer predictors");
    std::vector<std::vector<double>> x;
    std::vector<double> y;
    for (const Observation& ob : obs) {
        x.push_back(ob.x);
        y.push_back(ob.mean);
    }
    analysis::MultipleRegression r;
    r = analysis::fit_ols(x, y, predictors);
    if (!o.csv.empty()) write_file(o.csv, design_csv(obs, predictors, o.target));
    write_file(o.out, formula_json(o, r, counts, rated.size()).dump(2) + "\n");
    std::printf("%s = ", ("mean " + o.target).c_str());
    for (const analysis::RegressionTerm& t : r.terms)
        std::printf("%s%+.4g%s%s", t.name == "(intercept)" ? "" : " ", t.coefficient,
                    t.name == "(intercept)" ? "" : "·", t.name == "(intercept)" ? "" : t.name.c_str());
    std::printf("\nR² %.3f, adjusted R² %.3f, %zu levels, %d ratings; wrote %s\n", r.r2, r.adjusted_r2,
                r.observations, counts.ratings, o.out.c_str());
    for (const analysis::RegressionTerm& t : r.terms)
        std::printf("  %-20s %+10.4f  se %.4f  t %+.2f  p %.4f\n", t.name.c_str(), t.coefficient,
                    t.standard_error, t.t, t.p);
}

}  // namespace

void register_curate_fit(CLI::App& app) {
    auto o = std::make_shared<FitOptions>();
    CLI::App* c = curate_command(app)->add_subcommand(
        "fit", "regress each rated level's mean rating on catalogue statistics (OLS)");
    c->add_option("--ratings", o->ratings, "session database with a ratings table")->required();
    c->add_option("--catalog", o->catalog, "level catalogue (`catalog`)")->required();
    c->add_option("--out", o->out, "formula JSON to write")->required();
    c->add_option("--predictors", o->predictors, "catalogue columns, comma-separated")->capture_default_str();
    c->add_option("--target", o->target, "enjoyment (1-10, default) or difficulty (1-7)");
    c->add_option("--csv", o->csv, "also write the design matrix (one row per rated level)");
    c->callback([o] { run_fit(*o); });
}

}  // namespace sawtooth::lab
