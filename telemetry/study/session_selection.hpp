#pragma once
// Which recorded sessions an analysis takes (docs/studies.md "Analysis by condition"): every session, or
// those of one condition of a study protocol — a session counts only when it carries the protocol's hash
// (sessions.protocol_hash, schema version 4) and the condition's name, so a session of another protocol or of
// no protocol is never counted. The one place that selects; model verify, report and words analyze-study all
// go through it. Also the check `replay --verify` makes of a session's protocol columns. Does not: read
// protocol files (study_protocol.hpp) or change the database.

#include "telemetry/store/store.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <cstdint>
#include <set>
#include <string>

namespace sawtooth::telemetry {

/// Empty protocol_hash: every session. Else the sessions with that hash, and of those only
/// the condition named `condition` unless it is empty.
struct SessionSelection {
    std::string protocol_hash;
    std::string condition;
    bool selects_all() const { return protocol_hash.empty(); }
};

/// The session ids `selection` takes, from `store` (a store older than schema version 4
/// holds no protocol sessions: an empty set unless the selection takes all).
std::set<std::int64_t> selected_sessions(Store& store, const SessionSelection& selection);

/// Why a session's protocol_hash and condition are not consistent, or "" when they are:
/// both set (a 16-digit lower-case hex hash, a non-empty name) or both NULL; with a
/// `protocol`, also the hash equal to protocol->hash and the condition one of its
/// conditions (a session of no protocol is then a problem too). One line naming the
/// session ("session 4: condition 'fast' is not a condition of study.json").
std::string session_protocol_problem(Store& store, std::int64_t session_id, const StudyProtocol* protocol);

}  // namespace sawtooth::telemetry
