#pragma once
// The Elimination part of `sawtooth-lab report` (paper Fig. 2-3 and the §IV regressions):
// challenges solved per player, players per level, intended vs observed difficulty curve.

#include "telemetry/study/session_selection.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace sawtooth::analysis {

/// HTML, Chart.js code (uses `axis` and a global `W` it defines) and numbers of the word figures.
struct WordsReportSection {
    std::string html;
    std::string script;
    nlohmann::json json;
};

/// The word section of the sessions `selection` takes, or nothing when they hold no ended
/// Levels-mode word level; `word_list` is the file the words were played with
/// (telemetry/recording/word_list_file.hpp).
std::optional<WordsReportSection> words_report_section(const std::string& db, const std::string& word_list,
                                                       const telemetry::SessionSelection& selection = {});
/// True if the database holds platformer levels (the thesis part of the report applies).
bool has_platformer_levels(const std::string& db);
/// The page of a report with only the word section (index.html).
std::string words_only_report_html(const std::string& db, const std::string& chartjs,
                                   const WordsReportSection& words);

}  // namespace sawtooth::analysis
