#pragma once
// Where a designed study stands (issue 17 point 2): per condition of a protocol, how many
// participants finished it and how many have only partial sessions, read from a session
// database's sessions.protocol_hash / sessions.condition (schema version 4). The counts are
// also what a "balanced" assignment balances. Does not: read the protocol file
// (study_protocol.hpp) or change the database.

#include "telemetry/store.hpp"
#include "telemetry/study_protocol.hpp"

#include <string>
#include <vector>

namespace sawtooth::telemetry {

/// One condition's participants. A participant counts once: finished when one of their
/// sessions of the condition ended "finished", else partial (begun, quit or crashed).
struct ConditionStatus {
    std::string name;
    int levels = 0;
    int finished = 0;
    int partial = 0;
    int participants() const { return finished + partial; }
};

struct StudyStatus {
    std::vector<ConditionStatus> conditions;  ///< in the protocol's order
    /// Participants per condition (the counts a balanced assignment takes).
    std::vector<int> counts() const;
    /// Largest minus smallest participant count over the conditions (0: balanced).
    int imbalance() const;
};

/// The status of `protocol`'s study in `store`: sessions with its hash, by condition.
/// A store older than schema version 4 holds no protocol sessions (all counts 0).
StudyStatus study_status(Store& store, const StudyProtocol& protocol);

}  // namespace sawtooth::telemetry
