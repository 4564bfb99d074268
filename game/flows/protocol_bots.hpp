#pragma once
// A protocol run with synthetic players (`sawtooth-lab protocol run`, docs/studies.md
// "Running a protocol with synthetic players"): each synthetic participant is created in the
// session database, planned exactly as the game plans a person (plan_participant: condition,
// level order, Latin-square row), plays the protocol's tutorials and their condition's levels
// (an adaptive condition chooses each level from the events recorded before it), and is
// recorded through the same SessionRecorder as the game, in a session carrying the protocol's
// hash and the condition. Participants run one after another, since each assignment reads the
// counts the earlier ones left. Deterministic: the same protocol, database and seed give the
// same recordings. Does not: answer questionnaires (no rows are written for them), show
// breaks, rate levels, or read the protocol file (the caller reads and prepares it).

#include "telemetry/store/store.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::flows {

/// What to run.
struct ProtocolBotsRequest {
    int players = 10;        ///< synthetic participants, >= 1
    std::uint64_t seed = 1;  ///< same seed, same participants and plays
    /// The tutorial levels played first when the protocol has tutorials on (files read by
    /// the caller: study_tutorials in game/flows/synthetic_players.hpp).
    std::vector<Level> tutorials;
    std::function<void()> on_participant;  ///< called after each participant is recorded
};

/// What the synthetic participants of one condition did.
struct ConditionTally {
    std::string name;
    int participants = 0;
    int levels = 0;  ///< condition levels played (tutorials not counted)
    int completed = 0;
    int skipped = 0;  ///< the player's patience ran out, or the level did not generate
    int deaths = 0;
};

/// Every condition's tally, in the protocol's order.
struct ProtocolBotsResult {
    std::vector<ConditionTally> conditions;
    int sessions = 0;
    std::uint64_t simulated_ticks = 0;
};

/// Runs `request.players` synthetic participants through a prepared `protocol`
/// (prepare_protocol), recording into `store`. Throws what the store and the adaptive run
/// throw.
ProtocolBotsResult run_protocol_with_bots(const telemetry::StudyProtocol& protocol,
                                          const std::shared_ptr<telemetry::Store>& store,
                                          const ProtocolBotsRequest& request);

}  // namespace sawtooth::flows
