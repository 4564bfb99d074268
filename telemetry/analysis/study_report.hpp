#pragma once
// `sawtooth-lab report` as a whole (thesis ch. 5, docs/difficulty.md "Commands"): a study's
// model fitted, verified and bootstrapped (study_model.hpp), the data of every chart
// (report.json's "figures"), the conditions of a designed study and the Elimination word
// section, written as DIR/index.html (report_page.hpp) and DIR/report.json. A database with
// word sessions and no platformer level gets the word section alone. Does not: print.

#include "telemetry/analysis/study_model.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace sawtooth::analysis {

/// What a report is made of.
struct StudyReportRequest {
    std::string db;
    std::string out;        ///< folder for index.html and report.json (created)
    std::string chartjs;    ///< the Chart.js UMD file the page embeds
    std::string word_list;  ///< the word list word sessions were played with
    StudyModelSettings model;
    telemetry::SessionSelection selection;
    std::optional<telemetry::StudyProtocol> protocol;  ///< names the conditions and their items
    std::string condition;                             ///< only this condition ("" = every one)
};

/// What the report holds besides its files.
struct StudyReportResult {
    std::string no_model;  ///< why the page has no challenge model ("" when it has one, or words only)
};

/// Analyses the study and writes the report; throws Error for a missing Chart.js file or
/// database, a folder that cannot be made or a file that cannot be written. A model that
/// cannot be fitted is not an error: the page and the result say why.
StudyReportResult write_study_report(const StudyReportRequest& request);

/// The data behind every chart of the page (report.json's "figures").
nlohmann::json chart_figures(const StudyData& d, const VerifiedModel& m);

}  // namespace sawtooth::analysis
