#pragma once
// A study run under a protocol file (`sawtooth --protocol FILE`, docs/studies.md "Running a
// protocol"): the consent screen (nothing is recorded unless the participant picks "I
// agree"), the participant id entry (typed or scanned, or a new one), then the participant's
// plan (game/flows/protocol_plan.hpp: their condition, level order and where they resume)
// played through StudySession with the protocol's tutorials, ratings, questionnaires and
// breaks, and an end screen. The session row carries the protocol's hash and the condition.
// A "curve" condition plays the levels flows::prepare_protocol picked (as
// `sawtooth-lab pick-difficulty` would) like a seeds condition; an "adaptive" condition
// chooses each level with telemetry/analysis/adaptive.hpp from the events recorded for the
// participant's levels before it. Does not: read, check or prepare the protocol (the caller
// does, before any window or database opens).

#include "game/app/core/screen.hpp"
#include "game/flows/protocol_plan.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <cstdint>
#include <string>

namespace sawtooth::app {

struct ProtocolRunSettings {
    std::uint64_t session_seed = 0;  ///< StudySession's (unused by pack and seed levels)
    /// When set, the file where the participant id is kept once their session starts, and
    /// from which the id screen is filled in (the browser: docs/web.md "Recording").
    std::string participant_memory;
    /// When set, consent was asked and this participant made outside the game (the browser's
    /// online study page, docs/web.md "An online study"): the run starts their plan at once,
    /// without the consent and id screens. The participant must exist in the store.
    std::string participant;
    /// With `participant`: the condition the study server assigned them (docs/online.md
    /// "Condition assignment"), played unless this store assigned them one before.
    flows::AssignedCondition assigned;
};

/// Pushes the consent screen of a protocol run. `services.recorder` must be set (the run
/// records into its store).
void start_protocol_run(Services services, telemetry::StudyProtocol protocol, ProtocolRunSettings settings);

}  // namespace sawtooth::app
