#pragma once
// What the `curate` subcommands share: the `curate` command itself, and the one mapping
// from a formula's predictor names to catalogue columns (names checked against
// telemetry::catalog_predictor_columns), used by `curate fit` to build the design matrix
// and by `curate pick` to score catalogue rows. Does not: fit or pick.

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

}  // namespace sawtooth::lab
