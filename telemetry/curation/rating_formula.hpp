#pragma once
// The rating formula (docs/curation.md "Rating formula"; 002's "Generate a Formula"): each
// rated generated level of a session database (table `ratings`) is found in a level
// catalogue by its generator parameters and level hash, and its mean rating is regressed on
// catalogue columns by OLS (telemetry/analysis/multiple_regression.hpp). On request the
// coefficients and R² get participant-level bootstrap intervals
// (telemetry/analysis/bootstrap.hpp): whole raters are resampled, each level's mean is
// retaken from the resampled raters' ratings, and the formula is refitted. Also the formula
// file's JSON and the design matrix as CSV. Does not: check predictor names against the
// catalogue's columns (the caller does), write files, or pick levels (catalogue_pick.hpp).

#include "telemetry/analysis/bootstrap.hpp"
#include "telemetry/analysis/multiple_regression.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace sawtooth::telemetry {

/// The formula file's format name and version (read back by `curate pick`).
inline constexpr const char* kRatingFormulaFormat = "sawtooth-rating-formula";
inline constexpr int kRatingFormulaVersion = 1;

/// What to fit.
struct RatingFitRequest {
    std::string ratings;                  ///< session database with a `ratings` table
    std::string catalog;                  ///< level catalogue
    std::vector<std::string> predictors;  ///< catalogue columns, checked by the caller
    std::string target = "enjoyment";     ///< enjoyment (1-10) or difficulty (1-7)
    /// Participant bootstrap of the coefficients and R² (docs/curation.md "Rating formula");
    /// replicates 0: none. 1000 replicates, as BootstrapSettings says: a refit is
    /// microseconds, so the cost is nothing against a study.
    analysis::BootstrapSettings bootstrap;
    int threads = 1;  ///< bootstrap workers (the intervals do not depend on it)
};

/// A generated level's key as the session database stores it: seed (decimal text), layout,
/// rooms_w, rooms_h, room_w, room_h, level index, alpha.
using RatedLevelKey = std::tuple<std::string, std::string, int, int, int, int, int, double>;

/// A rated generated level and its answered ratings.
struct RatedLevel {
    RatedLevelKey key;
    std::string level_hash;
    std::vector<double> ratings;
    std::vector<std::string> raters;  ///< per rating: its participant id
};

/// A rated level the catalogue holds: one observation of the fit.
struct FittedLevel {
    std::size_t rated = 0;  ///< index into RatingFit::rated
    std::vector<double> x;  ///< the predictors' values
    double mean = 0.0;      ///< mean rating (the project's one rule for repeated ratings)
};

/// Bootstrap intervals of the fit.
struct RatingIntervals {
    analysis::BootstrapSettings settings;
    std::vector<analysis::Interval> terms;  ///< as MultipleRegression::terms (intercept first)
    analysis::Interval r2;
};

/// The fit.
struct RatingFit {
    std::vector<RatedLevel> rated;    ///< every rated generated level
    std::vector<FittedLevel> levels;  ///< those fitted
    std::size_t participants = 0;     ///< raters of the fitted levels
    int not_catalogued = 0;           ///< rated levels the catalogue does not hold
    int hash_differs = 0;             ///< held, but another level (another generator version)
    int ratings = 0;                  ///< ratings of the levels fitted
    analysis::MultipleRegression regression;
    /// With bootstrap replicates > 0 and at least two participants.
    std::optional<RatingIntervals> intervals;
};

/// Reads, matches, fits and (with request.bootstrap.replicates > 0) bootstraps. Throws
/// sawtooth::Error in one line: a bad target, a database without a ratings table, an empty
/// catalogue, a predictor the catalogue holds no value of, fewer fitted levels than
/// predictors + 2, collinear predictors (RegressionError).
RatingFit fit_rating_formula(const RatingFitRequest& request);

/// The formula file (docs/curation.md "Rating formula"); "intervals" only when bootstrapped.
nlohmann::json rating_formula_json(const RatingFitRequest& request, const RatingFit& fit);

/// The design matrix: one row per fitted level, its key, ratings, mean_<target> and predictors.
std::string rating_design_csv(const RatingFitRequest& request, const RatingFit& fit);

}  // namespace sawtooth::telemetry
