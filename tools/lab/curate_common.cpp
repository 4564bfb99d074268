#include "tools/lab/curate_common.hpp"

#include "gen/printable.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/curation/rating_formula.hpp"
#include "telemetry/store/json_reader.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

namespace sawtooth::lab {

namespace {

/// A number as a message shows it (1e+308, not 309 digits).
std::string short_number(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

}  // namespace

CLI::App* curate_command(CLI::App& app) {
    for (CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        if (sub->get_name() == "curate") return sub;
    CLI::App* c = app.add_subcommand("curate", "choose levels: rating formula, top X %, similarity");
    c->require_subcommand(1);
    return c;
}

void check_predictors(const std::vector<std::string>& names) {
    const std::vector<std::string> known = telemetry::catalog_predictor_columns();
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string& name = names[i];
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            std::string list;
            for (const std::string& k : known) list += (list.empty() ? "" : ",") + k;
            throw LabError("unknown predictor '" + printable(name) + "' (known: " + list + ")");
        }
        if (std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i), name) !=
            names.begin() + static_cast<std::ptrdiff_t>(i))
            throw LabError("predictor '" + printable(name) + "' named twice");
    }
}

Formula read_formula(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LabError("cannot open formula '" + path + "'");
    Formula f;
    with_context(path, [&] {
        f.doc = telemetry::parse_json_text(
            std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()));
        const telemetry::JsonField root(f.doc);
        if (root.at("format").string() != telemetry::kRatingFormulaFormat)
            root.at("format").fail("not a rating formula (curate fit)");
        if (root.at("format_version").int_in(1, 1000) > telemetry::kRatingFormulaVersion)
            root.at("format_version")
                .fail("newer than this build's " + std::to_string(telemetry::kRatingFormulaVersion));
        const telemetry::JsonField terms = root.at("terms");
        terms.expect_array();
        for (std::size_t i = 0; i < terms.value().size(); ++i) {
            const std::string name = terms.at(i).at("name").string();
            const telemetry::JsonField coefficient = terms.at(i).at("coefficient");
            const double c = coefficient.number();
            if (std::abs(c) > kMaxFormulaCoefficient)
                coefficient.fail("expected a coefficient in -1e6..1e6, got " + short_number(c));
            if (name == "(intercept)") {
                f.intercept = c;
                continue;
            }
            f.names.push_back(name);
            f.coefficients.push_back(c);
        }
    });
    check_predictors(f.names);
    return f;
}

std::vector<std::string> parse_predictors(const std::string& text) {
    std::vector<std::string> names;
    std::stringstream in(text);
    for (std::string name; std::getline(in, name, ',');) names.push_back(name);
    check_predictors(names);
    if (names.empty()) throw LabError("--predictors names no predictor");
    return names;
}

double mean_of(const std::vector<double>& v) {
    double sum = 0.0;
    for (double x : v) sum += x;
    return v.empty() ? 0.0 : sum / static_cast<double>(v.size());
}

void print_distribution(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const auto q = [&](double p) { return v[static_cast<std::size_t>(std::llround(p * (v.size() - 1)))]; };
    std::printf(
        "pairs %zu  mean %.3f  min %.3f  p1 %.3f  p5 %.3f  p25 %.3f  median %.3f  p75 %.3f  p95 %.3f  "
        "p99 %.3f  max %.3f\n",
        v.size(), mean_of(v), v.front(), q(0.01), q(0.05), q(0.25), q(0.5), q(0.75), q(0.95), q(0.99),
        v.back());
    constexpr int kBins = 20;
    std::vector<std::size_t> bins(kBins, 0);
    for (double x : v) ++bins[static_cast<std::size_t>(std::min(kBins - 1, static_cast<int>(x * kBins)))];
    const std::size_t most = *std::max_element(bins.begin(), bins.end());
    for (int b = 0; b < kBins; ++b) {
        if (bins[static_cast<std::size_t>(b)] == 0) continue;
        const int bar =
            static_cast<int>(50.0 * static_cast<double>(bins[static_cast<std::size_t>(b)]) / most + 0.5);
        std::printf("  %.2f-%.2f %8zu %s\n", b / double(kBins), (b + 1) / double(kBins),
                    bins[static_cast<std::size_t>(b)],
                    std::string(static_cast<std::size_t>(bar), '#').c_str());
    }
}

}  // namespace sawtooth::lab
