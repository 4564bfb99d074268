#pragma once
// The HTML page of `sawtooth-lab report` (index.html, docs/difficulty.md "Commands"): the
// study statistics (thesis Fig. 5.1), the conditions of a designed study, the challenge
// model's histogram and formulas, the charts of Figs. 5.3-5.8 drawn by Chart.js from the
// figures JSON, significance and accuracy (5.9), the bootstrap intervals and the word
// section. Does not: analyse (study_model.hpp, study_report.hpp) or write files.

#include "telemetry/analysis/report_conditions.hpp"
#include "telemetry/analysis/report_words.hpp"
#include "telemetry/analysis/study_model.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace sawtooth::analysis {

/// The page: `chartjs` (the Chart.js UMD build) embedded so it opens offline, `figures` the
/// chart data (chart_figures; unused without a model).
std::string study_report_html(const StudyModel& r, const nlohmann::json& figures, const std::string& chartjs,
                              const std::optional<WordsReportSection>& words,
                              const std::optional<ConditionsReportSection>& conditions);

}  // namespace sawtooth::analysis
