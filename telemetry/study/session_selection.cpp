#include "telemetry/study/session_selection.hpp"

namespace sawtooth::telemetry {

std::set<std::int64_t> selected_sessions(Store& store, const SessionSelection& selection) {
    std::set<std::int64_t> ids;
    if (selection.selects_all()) {
        Statement st(store.db(), "SELECT session_id FROM sessions");
        while (st.step()) ids.insert(st.int64(0));
        return ids;
    }
    if (store.schema_version() < 4) return ids;
    Statement st(store.db(),
                 "SELECT session_id FROM sessions WHERE protocol_hash = ?1 AND (?2 = '' OR condition = ?2)");
    st.bind(1, selection.protocol_hash);
    st.bind(2, selection.condition);
    while (st.step()) ids.insert(st.int64(0));
    return ids;
}

namespace {

bool is_hash(const std::string& h) {
    return h.size() == 16 && h.find_first_not_of("0123456789abcdef") == std::string::npos;
}

/// The problem of the columns alone ("" when consistent).
std::string columns_problem(bool has_hash, const std::string& hash, bool has_condition,
                            const std::string& condition) {
    if (has_hash != has_condition)
        return has_hash ? "has a protocol hash but no condition" : "has a condition but no protocol hash";
    if (has_hash && !is_hash(hash)) return "protocol hash '" + hash + "' is not 16 lower-case hex digits";
    if (has_condition && condition.empty()) return "has an empty condition name";
    return {};
}

}  // namespace

std::string session_protocol_problem(Store& store, std::int64_t session_id, const StudyProtocol* protocol) {
    const std::string name = "session " + std::to_string(session_id) + ": ";
    if (store.schema_version() < 4)
        return protocol ? name + "recorded before study protocols (schema version " +
                              std::to_string(store.schema_version()) + ")"
                        : std::string();
    Statement st(store.db(), "SELECT protocol_hash, condition FROM sessions WHERE session_id = ?");
    st.bind(1, session_id);
    if (!st.step()) return name + "not in '" + store.path() + "'";
    const bool has_hash = !st.is_null(0), has_condition = !st.is_null(1);
    const std::string hash = has_hash ? st.text(0) : "", condition = has_condition ? st.text(1) : "";
    if (std::string p = columns_problem(has_hash, hash, has_condition, condition); !p.empty())
        return name + p;
    if (!protocol) return {};
    if (!has_hash) return name + "was not played under a study protocol (" + protocol->file + ")";
    if (hash != protocol->hash)
        return name + "protocol hash " + hash + " differs from " + protocol->file + "'s " + protocol->hash;
    if (protocol->find_condition(condition) == nullptr)
        return name + "condition '" + condition + "' is not a condition of " + protocol->file;
    return {};
}

}  // namespace sawtooth::telemetry
