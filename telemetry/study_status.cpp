#include "telemetry/study_status.hpp"

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

}  // namespace sawtooth::telemetry
