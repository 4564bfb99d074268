// `sawtooth-lab curate fit`: the rating formula (docs/curation.md "Rating formula"; 002's
// "Generate a Formula"), fitted by telemetry/curation/rating_formula.hpp. Writes the
// formula as JSON and, with --csv, the design matrix; prints the formula, its terms and,
// with --bootstrap N, participant-level intervals. Does not: pick levels (curate pick) or
// write either database.
#include "telemetry/curation/rating_formula.hpp"
#include "tools/lab/bootstrap_options.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

namespace sawtooth::lab {

namespace {

inline constexpr const char* kDefaultPredictors = "traps,path_jumps,path_length,alt_routes,open_share";

struct FitOptions {
    telemetry::RatingFitRequest request;
    std::string out;
    std::string predictors = kDefaultPredictors;
    std::string csv;
};

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

/// The bootstrap intervals under the terms (docs/curation.md "Rating formula").
void print_rating_intervals(const telemetry::RatingFitRequest& q, const telemetry::RatingFit& fit) {
    if (!fit.intervals) {
        std::printf(
            "one participant rated the fitted levels: no bootstrap interval (it resamples participants)\n");
        return;
    }
    const telemetry::RatingIntervals& iv = *fit.intervals;
    std::printf("participant bootstrap, %d replicates, %.0f %% intervals, seed %llu, %zu participants:\n",
                q.bootstrap.replicates, 100.0 * q.bootstrap.level,
                static_cast<unsigned long long>(q.bootstrap.seed), fit.participants);
    for (std::size_t k = 0; k < iv.terms.size(); ++k) {
        const analysis::Interval& i = iv.terms[k];
        std::printf("  %-20s %+10.4f  [%+.4f, %+.4f]%s\n", fit.regression.terms[k].name.c_str(), i.estimate,
                    i.lo, i.hi, k > 0 && !i.excludes_zero() ? "  (sign not settled)" : "");
    }
    std::printf("  %-20s %10.3f  [%.3f, %.3f]  (%d of %d resamples fitted)\n", "R²", iv.r2.estimate, iv.r2.lo,
                iv.r2.hi, iv.r2.replicates, q.bootstrap.replicates);
}

void run_curate_fit(FitOptions& o) {
    o.request.predictors = parse_predictors(o.predictors);
    const telemetry::RatingFit fit = telemetry::fit_rating_formula(o.request);
    if (!o.csv.empty()) write_file(o.csv, telemetry::rating_design_csv(o.request, fit));
    write_file(o.out, telemetry::rating_formula_json(o.request, fit).dump(2) + "\n");
    const analysis::MultipleRegression& r = fit.regression;
    std::printf("%s = ", ("mean " + o.request.target).c_str());
    for (const analysis::RegressionTerm& t : r.terms)
        std::printf("%s%+.4g%s%s", t.name == "(intercept)" ? "" : " ", t.coefficient,
                    t.name == "(intercept)" ? "" : "·", t.name == "(intercept)" ? "" : t.name.c_str());
    std::printf("\nR² %.3f, adjusted R² %.3f, %zu levels, %d ratings; wrote %s\n", r.r2, r.adjusted_r2,
                r.observations, fit.ratings, o.out.c_str());
    for (const analysis::RegressionTerm& t : r.terms)
        std::printf("  %-20s %+10.4f  se %.4f  t %+.2f  p %.4f\n", t.name.c_str(), t.coefficient,
                    t.standard_error, t.t, t.p);
    if (o.request.bootstrap.replicates > 0) print_rating_intervals(o.request, fit);
}

}  // namespace

void register_curate_fit(CLI::App& app) {
    auto o = std::make_shared<FitOptions>();
    CLI::App* c = curate_command(app)->add_subcommand(
        "fit", "regress each rated level's mean rating on catalogue statistics (OLS)");
    c->add_option("--ratings", o->request.ratings, "session database with a ratings table")->required();
    c->add_option("--catalog", o->request.catalog, "level catalogue (`catalog`)")->required();
    c->add_option("--out", o->out, "formula JSON to write")->required();
    c->add_option("--predictors", o->predictors, "catalogue columns, comma-separated")->capture_default_str();
    c->add_option("--target", o->request.target, "enjoyment (1-10, default) or difficulty (1-7)");
    c->add_option("--csv", o->csv, "also write the design matrix (one row per rated level)");
    add_bootstrap_options(*c, o->request.bootstrap);
    c->callback([o] { run_curate_fit(*o); });
}

}  // namespace sawtooth::lab
