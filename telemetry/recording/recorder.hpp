#pragma once
// Records platformer play into a Store (SPEC P5): one LevelRecorder per level in play. It
// is fed exactly what the simulation consumed (the input of each tick, after the step) and
// writes inputs, events and state hashes in small transactions, at least once per
// kFlushTicks of play, so a crash loses at most that much. SessionRecorder wraps a session
// and hands out LevelRecorders; the game's LevelObserver and the headless runner both
// use it. No SDL.

#include "game/sim/simulation.hpp"
#include "telemetry/store/events.hpp"
#include "telemetry/store/store.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sawtooth::telemetry {

/// Ticks of play between two commits: 30 ticks = 0.5 s, so a killed process loses at most
/// half a second (the guarantee documented and tested is "at most one second").
inline constexpr int kFlushTicks = 30;
/// Ticks per input chunk (one minute): the open chunk is rewritten at each flush, so rows
/// stay few and a chunk never holds more than a minute of play.
inline constexpr int kChunkTicks = 60 * kTicksPerSecond;

/// Recorder tuning; recordings normally use the defaults.
struct RecorderSettings {
    int flush_ticks = kFlushTicks;
    int chunk_ticks = kChunkTicks;
    int pos_sample_ticks = kPosSampleTicks;
};

/// One level's recording without a store: the rows a recorder writes, gathered tick by
/// tick and cut into flushes (LevelFlush). LevelRecorder commits each flush when it falls
/// due; a simulated study's worker captures a synthetic play while the bot plays it, and the
/// main thread commits the flushes later (SessionRecorder::record_captured), without
/// simulating the play a second time. The rows do not depend on where the flushes fall.
class LevelCapture {
public:
    /// The start events. `sim` must not have stepped yet (throws StoreError).
    explicit LevelCapture(const Simulation& sim, RecorderSettings settings = {});

    /// Adds the tick just stepped with `input`; false (nothing added) if `sim` is not at
    /// the tick after the last one added, or the level is finished.
    bool add_tick(InputFrame input, const Simulation& sim);
    /// Ends the level: switch (if skipped) and end events, outcome, final hash.
    void finish(RecordedOutcome outcome, const Simulation& sim);
    /// Ends a level whose simulation is gone: outcome quit, end event at the last added
    /// tick and position, no final hash.
    void abandon();

    /// True when settings.flush_ticks ticks were added since the last commit.
    bool flush_due() const;
    /// True when rows are pending.
    bool has_pending() const;
    /// What is pending since the last commit, as one flush.
    LevelFlush pending() const;
    /// Forgets the rows of pending() once they are committed.
    void forget_committed();

    std::uint64_t ticks() const { return m_ticks; }
    bool finished() const { return m_finished; }

private:
    RecorderSettings m_settings;
    EventExtractor m_extractor;
    std::uint64_t m_ticks = 0;
    int m_deaths = 0;
    PlayerView m_last_view;  ///< after the last added tick (for abandon)
    bool m_finished = false;
    std::uint64_t m_last_flush_tick = 0;
    // The open input chunk (all its frames: it is re-encoded whole at each flush).
    int m_chunk_index = 0;
    std::uint64_t m_chunk_first_tick = 1;
    std::vector<InputFrame> m_chunk;
    bool m_chunk_dirty = false;
    // Rows not yet committed.
    std::vector<EventRow> m_events;
    std::size_t m_event_seq = 0;  ///< seq of m_events[0]
    std::vector<std::pair<std::uint64_t, std::uint64_t>> m_hashes;
    std::optional<RecordedOutcome> m_outcome;
    std::optional<std::uint64_t> m_final_hash;
};

/// A level captured whole (LevelCapture), its flushes in commit order: the first holds the
/// start events, the last the outcome.
struct CapturedLevel {
    std::vector<LevelFlush> flushes;
    int pos_sample_ticks = kPosSampleTicks;
};

/// Records one level. Create it before the first step (sim.tick() == 0).
class LevelRecorder {
public:
    /// Adds the levels row and the start event. `store` must outlive the recorder.
    LevelRecorder(Store& store, std::int64_t session_id, const LevelSource& source, const Simulation& sim,
                  RecorderSettings settings = {});
    /// Flushes what is pending (the level stays open: outcome NULL, like a crash).
    ~LevelRecorder();
    LevelRecorder(const LevelRecorder&) = delete;
    LevelRecorder& operator=(const LevelRecorder&) = delete;

    /// Records the tick just stepped with `input`; throws StoreError if a tick was missed.
    void record_tick(InputFrame input, const Simulation& sim);
    /// Ends the level: switch (if skipped) and end events, outcome, final hash; flushes.
    void finish(RecordedOutcome outcome, const Simulation& sim);
    /// Ends a level whose simulation is gone (window closed): outcome quit, end event at
    /// the last recorded tick and position, no final hash (periodic hashes still verify).
    void abandon();
    /// Commits everything pending now.
    void flush();

    std::int64_t level_id() const { return m_level_id; }
    std::uint64_t ticks() const { return m_capture.ticks(); }
    bool finished() const { return m_capture.finished(); }

private:
    Store* m_store;
    LevelCapture m_capture;
    std::int64_t m_level_id = 0;
};

/// A session of one participant: begins on construction, ends on end() or destruction.
class SessionRecorder {
public:
    /// `participant_id` must exist (Store::create_participant / default_participant);
    /// `protocol` for a session played under a study protocol (Store::begin_session).
    SessionRecorder(std::shared_ptr<Store> store, const std::string& participant_id, SessionMode mode,
                    const std::optional<SessionProtocol>& protocol = std::nullopt);
    ~SessionRecorder();
    SessionRecorder(const SessionRecorder&) = delete;
    SessionRecorder& operator=(const SessionRecorder&) = delete;

    /// Starts recording a level whose Simulation has not stepped yet.
    std::unique_ptr<LevelRecorder> begin_level(const LevelSource& source, const Simulation& sim,
                                               RecorderSettings settings = {});
    /// Writes a level captured whole (LevelCapture) as begin_level and its recorder would
    /// have written it; returns its level_id.
    std::int64_t record_captured(const LevelSource& source, const CapturedLevel& level);
    /// Ends the session; later calls do nothing.
    void end(SessionEnd end);

    std::int64_t session_id() const { return m_session_id; }
    const std::string& participant_id() const { return m_participant; }
    Store& store() { return *m_store; }

private:
    std::shared_ptr<Store> m_store;
    std::string m_participant;
    std::int64_t m_session_id = 0;
    bool m_ended = false;
};

}  // namespace sawtooth::telemetry
