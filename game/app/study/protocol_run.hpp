#pragma once
// A study run under a protocol file (`sawtooth --protocol FILE`,
// docs/studies.md "Running a protocol"): the consent screen (nothing is recorded unless the
// participant picks "I agree"), the participant id entry (typed or scanned, or a new one),
// the condition from assign_condition (balanced over the database's counts), then the
// condition's levels in level_order through StudySession with the protocol's tutorials,
// ratings, questionnaires and breaks, and an end screen. The session row carries the
// protocol's hash and the condition. A participant id seen before under the protocol
// resumes their condition at the first level they did not end (after a crash), in a new
// session. A "curve" condition plays the levels prepare_protocol picked (as
// `sawtooth-lab pick-difficulty` would) like a seeds condition; an "adaptive" condition
// chooses each level with telemetry/analysis/adaptive.hpp from the events recorded for the
// participant's levels before it (a resumed run rebuilds the estimate from the levels they
// ended). Does not: read or check the protocol (the caller does, before any window or
// database opens).

#include "game/app/core/screen.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <cstdint>
#include <string>

namespace sawtooth::app {

/// Readies `protocol` for play before any window or database opens: picks the levels of
/// every curve condition into its `levels.seeds` (deterministic: the same file gives the same
/// levels) and checks every adaptive condition's settings and model. "" when the game can play every
/// condition, else the one-line reason ("study.json: condition 'rising': tolerance 0.01 cannot be met: ...");
/// nothing else is touched then.
std::string prepare_protocol(telemetry::StudyProtocol& protocol);

/// Pushes the consent screen of a protocol run. `services.recorder` must be set (the run
/// records into its store); `session_seed` is StudySession's (unused by pack and seed levels).
void start_protocol_run(Services services, telemetry::StudyProtocol protocol, std::uint64_t session_seed);

}  // namespace sawtooth::app
