#pragma once
// The "Conditions" part of `sawtooth-lab report` (docs/studies.md "Analysis by condition"): per condition of
// a designed study, its sessions, participants, replayed levels and deaths, the level ratings' means
// (enjoyment 1-10, difficulty 1-7) and every questionnaire item's answers (Likert: mean and distribution over
// the points; single choice: counts per option). With the protocol the conditions are its own, in its order,
// and the items carry its texts, anchors and options; without it, every (protocol hash, condition) pair
// recorded in the database, items named by their ids. Does not: replay (the levels come from the report's
// StudyData) or write files.

#include "telemetry/analysis/study.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace sawtooth::analysis {

struct ConditionsReportSection {
    std::string html;
    nlohmann::json json;  ///< report.json's "conditions": one object per condition
};

/// The section, or nothing when the database holds no protocol session (no protocol given).
/// `only`: just this condition of the protocol ("" = all of them).
std::optional<ConditionsReportSection> conditions_report_section(
    const std::string& db, const StudyData& data, const std::optional<telemetry::StudyProtocol>& protocol,
    const std::string& only);

}  // namespace sawtooth::analysis
