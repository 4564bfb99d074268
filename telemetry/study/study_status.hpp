#pragma once
// Where a designed study stands (docs/studies.md "Study status"): per condition of a protocol, how many
// participants finished it and how many have only partial sessions, read from a session
// database's sessions.protocol_hash / sessions.condition (schema version 4). The counts are
// also what a "balanced" assignment balances. Does not: read the protocol file
// (study_protocol.hpp) or change the database.

#include "telemetry/store/store.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <cstdint>
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

/// Where one participant stands in a protocol's study (to resume a run that stopped).
struct ParticipantProgress {
    int condition = -1;     ///< index into protocol.conditions of their latest session; -1: none yet
    int number = 0;         ///< their 1-based number among the condition's participants (by first session)
    int levels_ended = 0;   ///< condition levels they completed or skipped (not quit), over their sessions
    bool finished = false;  ///< one of their sessions of the condition ended "finished"
};

/// `participant`'s progress in `protocol`'s study in `store` (sessions with its hash). A
/// level quit, or open when the game stopped, is not ended: a resumed run plays it again.
ParticipantProgress participant_progress(Store& store, const StudyProtocol& protocol,
                                         const std::string& participant);

/// The level_id of every generated level `participant` ended (completed or skipped, as
/// levels_ended counts them) in `condition` of `protocol`'s study, over their sessions, in
/// the order played. Empty for a store older than schema version 4.
std::vector<std::int64_t> ended_condition_levels(Store& store, const StudyProtocol& protocol,
                                                 const std::string& participant,
                                                 const std::string& condition);

/// The status of `protocol`'s study in `store`: sessions with its hash, by condition.
/// A store older than schema version 4 holds no protocol sessions (all counts 0).
StudyStatus study_status(Store& store, const StudyProtocol& protocol);

}  // namespace sawtooth::telemetry
