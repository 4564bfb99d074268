#pragma once
// A recorded study as the difficulty model sees it (thesis ch. 5): every finished,
// generated platformer level of every session, REPLAYED from its stored level text
// (hash-checked; any generator version) and recorded inputs through the simulation (state
// hashes checked) to recompute its events, deaths and mapped event traces. Stored summaries are never
// trusted. Works on any database the recorder writes, human or simulated players.

#include "gen/generator.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/analysis/event_trace.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/study/session_selection.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::analysis {

/// One replayed level.
struct StudyLevel {
    std::int64_t level_id = 0;
    int seq = 0;          ///< position in its session (tutorials included)
    int level_index = 0;  ///< GenParams::level_index (1..10 in a study session)
    /// The recorded level with its graph, start and exit nodes (routes, traps and maze are
    /// not recovered: the model reads the level itself).
    std::shared_ptr<const GeneratedLevel> generated;
    /// Its model-free G' (level_model.hpp), to rate it under many models quickly; null in
    /// hand-built data (then the level model is built per model).
    std::shared_ptr<const ChallengeGraph> challenge_graph;
    int deaths = 0;        ///< recomputed by the replay
    bool skipped = false;  ///< the player switched to the next level
    std::uint64_t ticks = 0;
    std::vector<MappedTrace> traces;
    int successes() const;
};

/// One session of one participant.
struct StudySession {
    std::int64_t session_id = 0;
    std::string participant;
    std::string mode;
    std::vector<StudyLevel> levels;
};

/// Everything loaded from one database.
struct StudyData {
    std::string path;
    std::vector<StudySession> sessions;  ///< sessions with at least one usable level
    TraceStats trace_stats;
    int levels = 0;         ///< usable levels
    int switch_events = 0;  ///< skipped levels among them
    int not_generated = 0;  ///< tutorial / file levels (not modelled)
    int unfinished = 0;     ///< levels without an outcome or quit (not modelled)
    int desynced = 0;       ///< replays whose state hashes differ (not modelled)
    int other_build = 0;    ///< recorded by another binary (replayed best-effort)
    std::vector<std::string> warnings;

    /// All mapped traces as model samples.
    std::vector<Sample> samples() const;
    std::size_t participants() const;
};

/// Loading settings.
struct LoadSettings {
    int threads = 2;                        ///< replay threads (the machine is shared)
    telemetry::SessionSelection selection;  ///< the sessions to load (default: all)
};

/// Opens `db_path` read-only and replays every usable level. Throws telemetry::StoreError
/// (missing/damaged file) and ModelError("no ...") when nothing usable is recorded.
StudyData load_study(const std::string& db_path, const LoadSettings& settings = {});

/// The predicted difficulty of a level under `model` (its challenge graph when it has one).
double level_difficulty(const StudyLevel& level, const ChallengeModel& model);

/// The sessions `picked` (indices, repeats allowed) as a study of their own: a session picked
/// twice appears twice, as two participants ("<id>#2"), as a bootstrap resample needs.
StudyData resampled_study(const StudyData& data, const std::vector<std::size_t>& picked);

/// Samples of a subset of sessions (indices into data.sessions).
std::vector<Sample> samples_of(const StudyData& data, const std::vector<std::size_t>& sessions);

}  // namespace sawtooth::analysis
