#pragma once
// What one condition of a designed study recorded, for the report: its
// sessions and participants, the replayed levels and deaths (from StudyData, never the
// stored summaries), the level ratings (enjoyment 1..10, difficulty 1..7) and the
// questionnaire answers per item (how many answered / skipped, and how often each value
// was given: a Likert point or a single choice's option number). The sessions are those
// telemetry::selected_sessions takes. Does not: read the protocol (the report labels the
// items with its texts) or write anything.

#include "telemetry/analysis/study.hpp"
#include "telemetry/study/session_selection.hpp"
#include "telemetry/store/store.hpp"

#include <map>
#include <string>
#include <vector>

namespace sawtooth::analysis {

/// One questionnaire item's answers.
struct ItemAnswers {
    std::string questionnaire_id;
    std::string item_id;
    int answered = 0;
    int skipped = 0;
    std::map<int, int> counts;  ///< value -> answers with it
    double mean() const;        ///< mean value over the answered (0 when none)
};

struct ConditionSummary {
    std::string name;
    int sessions = 0;      ///< sessions selected (with or without usable levels)
    int participants = 0;  ///< distinct participants among them
    int levels = 0;        ///< replayed finished generated levels (StudyData)
    int deaths = 0;        ///< recomputed deaths over those levels
    int ratings = 0;       ///< answered ratings
    int ratings_skipped = 0;
    double enjoyment_mean = 0.0;     ///< over answered ratings, 1..kEnjoymentMax (0 when none)
    double difficulty_mean = 0.0;    ///< 1..kDifficultyMax (0 when none)
    std::vector<ItemAnswers> items;  ///< by questionnaire then item id
};

/// The summary of the sessions `selection` takes; levels and deaths come from `data`
/// (loaded from the same store with a selection that includes these sessions).
ConditionSummary summarize_condition(telemetry::Store& store, const StudyData& data,
                                     const telemetry::SessionSelection& selection, const std::string& name);

}  // namespace sawtooth::analysis
