#include "tools/lab/curate_common.hpp"

#include "gen/printable.hpp"
#include "telemetry/catalog.hpp"
#include "telemetry/json_reader.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
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
    try {
        f.doc = telemetry::parse_json_text(
            std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()));
        const telemetry::JsonField root(f.doc);
        if (root.at("format").string() != "sawtooth-rating-formula")
            root.at("format").fail("not a rating formula (curate fit)");
        if (root.at("format_version").int_in(1, 1000) > 1)
            root.at("format_version").fail("newer than this build's 1");
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
    } catch (const telemetry::JsonFieldError& e) {
        throw LabError(path + ": " + e.what());
    }
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

}  // namespace sawtooth::lab
