#pragma once
// The HTML page of `sawtooth-lab power --out DIR` (DIR/index.html, charts by Chart.js
// embedded from Debian's libjs-chart.js so it opens offline): per study size the
// coefficients' medians and intervals, their sign fractions, the power of the deaths test and,
// for two conditions, of the named difference. Does not: compute anything (the JSON of
// telemetry/analysis/power.hpp is drawn as it is).

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace sawtooth::lab {

/// The page for power_to_json's `figures`, with `chartjs` (the library's text) embedded.
std::string power_page(const nlohmann::json& figures, const std::string& chartjs);

/// A sample-size bound of the JSON as text: null (no N reaches the power) is "none".
std::string sample_size_text(const nlohmann::json& n);

}  // namespace sawtooth::lab
