#pragma once
// What the `curate` subcommands share: the `curate` command itself, and the one mapping
// from a formula's predictor names to catalogue columns (names checked against
// telemetry::catalog_predictor_columns), used by `curate fit` to build the design matrix
// and by `curate pick` to score catalogue rows. Does not: fit or pick.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace sawtooth::lab {

/// The `curate` command of `app`, created on first use.
CLI::App* curate_command(CLI::App& app);

/// Comma-separated predictor names, each a catalogue column, none twice; throws LabError.
std::vector<std::string> parse_predictors(const std::string& text);

/// Checks a list of predictor names (as a formula file holds them); throws LabError naming
/// the unknown or repeated one.
void check_predictors(const std::vector<std::string>& names);

/// Largest coefficient magnitude a formula may hold: fitted ones are far smaller, and a
/// larger one can make a score overflow to inf - inf = NaN, which no ranking can sort.
inline constexpr double kMaxFormulaCoefficient = 1e6;

/// A rating formula: intercept plus coefficient · catalogue column, per term.
struct Formula {
    double intercept = 0.0;
    std::vector<std::string> names;
    std::vector<double> coefficients;
    nlohmann::json doc;
};

/// Reads a formula file (format "sawtooth-rating-formula", version 1, terms with checked
/// predictor names); throws LabError in one line naming the file. The fuzz harness
/// `formula_json` reads through this (docs/reliability.md).
Formula read_formula(const std::string& path);

}  // namespace sawtooth::lab
