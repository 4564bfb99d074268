#pragma once
// Deterministic replay of a recorded platformer level (SPEC P5): rebuild the level from its
// stored canonical text, checked against the recorded level hash (generated levels too: no
// regeneration, so recordings of an older generator version still replay; regenerating
// from seed + parameters is an opt-in check), feed the recorded inputs through the same Simulation,
// recompute the events with the same EventExtractor and compare every state hash. The
// first difference is a desync, reported with its tick. Headless; the on-screen replay
// uses load_recording and steps the simulation itself.

#include "game/sim/simulation.hpp"
#include "gen/error.hpp"
#include "telemetry/store/events.hpp"
#include "telemetry/store/store.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace sawtooth::telemetry {

/// A recording that cannot be replayed at all (level hash mismatch, generation failure).
class ReplayError : public Error {
public:
    using Error::Error;
};

/// Everything needed to replay one level.
struct LoadedRecording {
    LevelRecord record;
    Level level;       ///< rebuilt and hash-checked
    SimConfig config;  ///< the rules the level was played under (replay_config)
    std::vector<InputFrame> inputs;
    std::vector<EventRow> events;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> hashes;  ///< (tick, state hash)
    bool same_build = true;                                       ///< recorded by this very binary
    std::vector<std::string> warnings;  ///< one line each (other build, open level...)
};

/// How rebuild_level checks a level.
struct RebuildSettings {
    /// Also regenerate a generated level from its seed and parameters and require the
    /// recorded hash: proves this build's generator still makes the recorded bytes. Only
    /// where the recorded generator version is this build's (other versions make other
    /// bytes by definition: load_recording then warns and replays from the text alone).
    bool regenerate = false;
};

/// Rebuilds the level of a record from its stored text (hash-checked); throws ReplayError
/// when it cannot be reproduced.
Level rebuild_level(const LevelRecord& record, const RebuildSettings& settings = {});

/// The simulation rules of a recorded input format (kInputFormatVersion's versions);
/// nullopt for a format this build does not know.
std::optional<SimConfig> replay_config(int input_format);

/// Loads and checks a recording; throws StoreError (missing id, corrupt inputs) or
/// ReplayError (level cannot be rebuilt).
LoadedRecording load_recording(Store& store, std::int64_t level_id, const RebuildSettings& settings = {});

/// The first point where a replay differs from its recording.
struct Desync {
    std::uint64_t tick = 0;
    std::string what;  ///< one line
};

/// Result of replaying one level.
struct ReplayReport {
    std::uint64_t ticks = 0;
    int deaths = 0;
    bool reached_exit = false;
    std::uint64_t final_hash = 0;
    std::size_t events_checked = 0;
    std::size_t hashes_checked = 0;
    std::optional<Desync> desync;
};

/// Replays the whole recording and checks events, state hashes, deaths and the final hash.
/// Stops at the first desync.
ReplayReport verify_replay(const LoadedRecording& rec);

}  // namespace sawtooth::telemetry
