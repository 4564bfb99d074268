#pragma once
// What the `curate` subcommands share: the `curate` command itself, and the one mapping
// from a formula's predictor names to catalogue columns (names checked against
// telemetry::catalog_predictor_columns), used by `curate fit` to build the design matrix
// and by `curate pick` to score catalogue rows; and the worker loop that generates their
// levels. Does not: fit or pick.

#include "telemetry/curation/catalogue_pick.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstddef>
#include <string>
#include <thread>
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

/// Runs body(i) for i in [0, n) on `threads` workers (each index once).
template <class Body>
void parallel_for(std::size_t n, int threads, Body body) {
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            for (std::size_t i = next++; i < n; i = next++) body(i);
        });
    for (std::thread& t : pool) t.join();
}

/// Largest coefficient magnitude a formula may hold: fitted ones are far smaller, and a
/// larger one can make a score overflow to inf - inf = NaN, which no ranking can sort.
inline constexpr double kMaxFormulaCoefficient = 1e6;

/// A rating formula file: its terms (telemetry/curation/catalogue_pick.hpp) and the whole document.
struct Formula : telemetry::RatingTerms {
    nlohmann::json doc;
};

/// Reads a formula file (format "sawtooth-rating-formula", version 1, terms with checked
/// predictor names); throws LabError in one line naming the file. The fuzz harness
/// `formula_json` reads through this (docs/reliability.md).
Formula read_formula(const std::string& path);

/// Mean of the values (0 for none).
double mean_of(const std::vector<double>& v);
/// Prints the distribution of similarities in [0, 1]: count, mean, quantiles and a
/// 20-bin histogram (`curate diversity`, `words diversity`).
void print_distribution(std::vector<double> v);

}  // namespace sawtooth::lab
