#include "tools/lab/curate_common.hpp"

#include "telemetry/catalog.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <sstream>

namespace sawtooth::lab {

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
            throw LabError("unknown predictor '" + name + "' (known: " + list + ")");
        }
        if (std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i), name) !=
            names.begin() + static_cast<std::ptrdiff_t>(i))
            throw LabError("predictor '" + name + "' named twice");
    }
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
