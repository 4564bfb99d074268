#pragma once
// A protocol's participant plan (docs/studies.md "Running a protocol"): what one participant
// plays under a study protocol, decided from the session database before their session
// starts. A participant seen before under the protocol resumes their condition at the first
// level they did not end; a new one is assigned a condition (assign_condition, balanced over
// the database's counts) and numbered within it, which picks their Latin-square row of the
// level order. Also: readying a protocol before any run (prepare_protocol: the levels of
// every curve condition picked, every adaptive condition checked), the questionnaires and
// breaks after a level, and an adaptive condition's run rebuilt from the levels a
// participant ended. One copy, shared by the game's protocol run
// (game/app/study/protocol_run.hpp) and the synthetic one (game/flows/protocol_bots.hpp).
// Does not: read the protocol file, draw screens, record or play levels.

#include "gen/generator.hpp"
#include "telemetry/analysis/adaptive.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <memory>
#include <string>
#include <vector>

namespace sawtooth::flows {

/// Readies `protocol` for play before any window or database opens: picks the levels of
/// every curve condition into its `levels.seeds` (deterministic: the same file gives the
/// same levels; with the condition's "playtest", a synthetic panel plays the shortlists,
/// its plays spread by `for_each`) and checks every adaptive condition's settings and model.
/// "" when every condition can be played, else the one-line reason
/// ("study.json: condition 'rising': tolerance 0.01 cannot be met: ..."); nothing else is
/// touched then.
std::string prepare_protocol(telemetry::StudyProtocol& protocol,
                             const analysis::ForEach& for_each = analysis::serial_for_each);

/// What one participant plays.
struct ParticipantPlan {
    bool finished = false;  ///< they finished the study before: nothing to play
    int condition = -1;     ///< index into protocol.conditions
    telemetry::ParticipantKey key;
    bool adaptive = false;  ///< an adaptive condition: each level is chosen as it goes
    /// Levels of a pack, seeds or curve condition, in this participant's order (empty when
    /// adaptive).
    std::vector<GenParams> levels;
    int level_count = 0;  ///< levels of the condition
    int resume_at = 0;    ///< levels already ended: play from level resume_at + 1
};

/// A condition assigned outside the store: the study server's, for an online participant
/// (docs/online.md "Condition assignment").
struct AssignedCondition {
    std::string condition;  ///< a condition's name; empty: none (the store's counts assign)
    int number = 1;         ///< the participant's 1-based number within it (their Latin-square row)
};

/// The plan of `participant` (who exists in `store`) under a prepared `protocol`. A
/// participant the store has not assigned yet gets `assigned` when it names a condition
/// (ProtocolError when it names none of the protocol's).
ParticipantPlan plan_participant(telemetry::Store& store, const telemetry::StudyProtocol& protocol,
                                 const std::string& participant, const AssignedCondition& assigned = {});

/// The pages shown after level `k` (1-based) of `condition`: its questionnaires, then its breaks.
struct Interlude {
    std::vector<const telemetry::Questionnaire*> questionnaires;
    std::vector<const telemetry::BreakScreen*> breaks;
};
Interlude interlude_after(const telemetry::StudyProtocol& protocol, const telemetry::Condition& condition,
                          int k);

/// The library's settings of an adaptive condition (its candidates in the default shape).
analysis::AdaptiveSettings adaptive_settings(const telemetry::ConditionLevels& levels);

/// An adaptive condition's run for `participant`, its estimate rebuilt from the events of the
/// levels they ended in it before (the run chose each of them, so feeding their events in order
/// rebuilds the same estimate and choices). Throws what reading the model or the store throws.
std::unique_ptr<analysis::AdaptiveRun> resume_adaptive_run(telemetry::Store& store,
                                                           const telemetry::StudyProtocol& protocol,
                                                           const telemetry::Condition& condition,
                                                           const std::string& participant);

}  // namespace sawtooth::flows
