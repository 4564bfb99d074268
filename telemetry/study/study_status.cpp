#include "telemetry/study/study_status.hpp"

#include <algorithm>

namespace sawtooth::telemetry {

std::vector<int> StudyStatus::counts() const {
    std::vector<int> out;
    for (const ConditionStatus& c : conditions) out.push_back(c.participants());
    return out;
}

int StudyStatus::imbalance() const {
    const std::vector<int> n = counts();
    if (n.empty()) return 0;
    const auto [lo, hi] = std::minmax_element(n.begin(), n.end());
    return *hi - *lo;
}

std::vector<std::int64_t> ended_condition_levels(Store& store, const StudyProtocol& protocol,
                                                 const std::string& participant,
                                                 const std::string& condition) {
    std::vector<std::int64_t> out;
    if (store.schema_version() < 4) return out;
    Statement st(store.db(),
                 "SELECT l.level_id FROM levels l JOIN sessions s ON s.session_id = l.session_id "
                 "WHERE s.protocol_hash = ?1 AND s.condition = ?2 AND s.participant_id = ?3 "
                 "AND l.kind = 'generated' AND l.outcome IN ('completed', 'skipped') ORDER BY l.level_id");
    st.bind(1, protocol.hash).bind(2, condition).bind(3, participant);
    while (st.step()) out.push_back(st.int64(0));
    return out;
}

StudyStatus study_status(Store& store, const StudyProtocol& protocol) {
    StudyStatus status;
    for (const Condition& c : protocol.conditions)
        status.conditions.push_back({c.name, c.level_count(), 0, 0});
    if (store.schema_version() < 4) return status;
    // Per participant of a condition: did any of their sessions of it finish?
    Statement st(store.db(),
                 "SELECT condition, max(end_reason IS 'finished') FROM sessions WHERE protocol_hash = ? "
                 "GROUP BY condition, participant_id");
    st.bind(1, protocol.hash);
    while (st.step()) {
        const std::string name = st.text(0);
        for (ConditionStatus& c : status.conditions)
            if (c.name == name) ++(st.int64(1) != 0 ? c.finished : c.partial);
    }
    return status;
}

ParticipantProgress participant_progress(Store& store, const StudyProtocol& protocol,
                                         const std::string& participant) {
    ParticipantProgress out;
    if (store.schema_version() < 4) return out;
    Statement latest(store.db(),
                     "SELECT condition FROM sessions WHERE protocol_hash = ? AND participant_id = ? "
                     "ORDER BY session_id DESC LIMIT 1");
    latest.bind(1, protocol.hash).bind(2, participant);
    if (!latest.step()) return out;
    const std::string name = latest.text(0);
    for (std::size_t i = 0; i < protocol.conditions.size(); ++i)
        if (protocol.conditions[i].name == name) out.condition = static_cast<int>(i);
    if (out.condition < 0) return out;  // the hash matched, so this cannot happen but by hand-edited rows
    Statement number(store.db(),
                     "SELECT count(*) FROM (SELECT min(session_id) AS first FROM sessions "
                     "WHERE protocol_hash = ?1 AND condition = ?2 GROUP BY participant_id) "
                     "WHERE first <= (SELECT min(session_id) FROM sessions "
                     "WHERE protocol_hash = ?1 AND condition = ?2 AND participant_id = ?3)");
    number.bind(1, protocol.hash).bind(2, name).bind(3, participant);
    if (number.step()) out.number = static_cast<int>(number.int64(0));
    Statement ended(store.db(),
                    "SELECT (SELECT count(*) FROM levels l JOIN sessions s ON s.session_id = l.session_id "
                    "WHERE s.protocol_hash = ?1 AND s.condition = ?2 AND s.participant_id = ?3 "
                    "AND l.kind = 'generated' AND l.outcome IN ('completed', 'skipped')), "
                    "(SELECT count(*) FROM sessions WHERE protocol_hash = ?1 AND condition = ?2 "
                    "AND participant_id = ?3 AND end_reason IS 'finished')");
    ended.bind(1, protocol.hash).bind(2, name).bind(3, participant);
    if (ended.step()) {
        out.levels_ended = static_cast<int>(ended.int64(0));
        out.finished = ended.int64(1) > 0;
    }
    return out;
}

}  // namespace sawtooth::telemetry
