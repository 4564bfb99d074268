#include "telemetry/analysis/condition_summary.hpp"

#include <set>

namespace sawtooth::analysis {

double ItemAnswers::mean() const {
    double sum = 0.0;
    for (const auto& [value, n] : counts) sum += static_cast<double>(value) * n;
    return answered > 0 ? sum / answered : 0.0;
}

namespace {

void add_sessions(telemetry::Store& store, const std::set<std::int64_t>& ids, ConditionSummary& out) {
    std::set<std::string> participants;
    telemetry::Statement st(store.db(), "SELECT session_id, participant_id FROM sessions");
    while (st.step())
        if (ids.count(st.int64(0)) != 0) {
            ++out.sessions;
            participants.insert(st.text(1));
        }
    out.participants = static_cast<int>(participants.size());
}

void add_levels(const StudyData& data, const std::set<std::int64_t>& ids, ConditionSummary& out) {
    for (const StudySession& s : data.sessions) {
        if (ids.count(s.session_id) == 0) continue;
        for (const StudyLevel& l : s.levels) {
            ++out.levels;
            out.deaths += l.deaths;
        }
    }
}

void add_ratings(telemetry::Store& store, const std::set<std::int64_t>& ids, ConditionSummary& out) {
    double enjoyment = 0.0, difficulty = 0.0;
    telemetry::Statement st(store.db(), "SELECT session_id, skipped, enjoyment, difficulty FROM ratings");
    while (st.step()) {
        if (ids.count(st.int64(0)) == 0) continue;
        if (st.int64(1) != 0) {
            ++out.ratings_skipped;
            continue;
        }
        ++out.ratings;
        enjoyment += static_cast<double>(st.int64(2));
        difficulty += static_cast<double>(st.int64(3));
    }
    if (out.ratings > 0) {
        out.enjoyment_mean = enjoyment / out.ratings;
        out.difficulty_mean = difficulty / out.ratings;
    }
}

void add_answers(telemetry::Store& store, const std::set<std::int64_t>& ids, ConditionSummary& out) {
    std::map<std::pair<std::string, std::string>, ItemAnswers> items;
    telemetry::Statement st(
        store.db(),
        "SELECT session_id, questionnaire_id, item_id, skipped, value FROM questionnaire_answers");
    while (st.step()) {
        if (ids.count(st.int64(0)) == 0) continue;
        ItemAnswers& a = items[{st.text(1), st.text(2)}];
        a.questionnaire_id = st.text(1);
        a.item_id = st.text(2);
        if (st.int64(3) != 0) {
            ++a.skipped;
            continue;
        }
        ++a.answered;
        ++a.counts[static_cast<int>(st.int64(4))];
    }
    for (auto& [key, a] : items) out.items.push_back(std::move(a));
}

}  // namespace

ConditionSummary summarize_condition(telemetry::Store& store, const StudyData& data,
                                     const telemetry::SessionSelection& selection, const std::string& name) {
    const std::set<std::int64_t> ids = telemetry::selected_sessions(store, selection);
    ConditionSummary out;
    out.name = name;
    add_sessions(store, ids, out);
    add_levels(data, ids, out);
    add_ratings(store, ids, out);
    add_answers(store, ids, out);
    return out;
}

}  // namespace sawtooth::analysis
