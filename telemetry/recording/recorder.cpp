#include "telemetry/recording/recorder.hpp"

#include "telemetry/store/input_rle.hpp"

#include <cstdio>

namespace sawtooth::telemetry {

// ---- LevelCapture ----

LevelCapture::LevelCapture(const Simulation& sim, RecorderSettings settings)
    : m_settings(settings), m_extractor(sim.level(), settings.pos_sample_ticks) {
    if (sim.tick() != 0) throw StoreError("a level must be recorded from its first tick");
    m_last_view = sim.player();
    m_extractor.start(sim, m_events);
}

bool LevelCapture::add_tick(InputFrame input, const Simulation& sim) {
    if (m_finished || sim.tick() != m_ticks + 1) return false;
    ++m_ticks;
    m_chunk.push_back(input);
    m_chunk_dirty = true;
    m_deaths = sim.deaths();
    m_last_view = sim.player();
    m_extractor.after_step(sim, m_events);
    if (m_ticks % kStateHashInterval == 0) m_hashes.emplace_back(m_ticks, sim.state_hash());
    return true;
}

void LevelCapture::finish(RecordedOutcome outcome, const Simulation& sim) {
    if (m_finished) return;
    m_finished = true;
    const PlayerView& p = sim.player();
    if (outcome == RecordedOutcome::Skipped)
        m_events.push_back({sim.tick(), EventKind::Switch, 0, 0, -1, p.x, p.y, p.vx, p.vy});
    m_events.push_back(
        {sim.tick(), EventKind::End, static_cast<int>(outcome), sim.deaths(), -1, p.x, p.y, p.vx, p.vy});
    m_deaths = sim.deaths();
    m_outcome = outcome;
    m_final_hash = sim.state_hash();
}

void LevelCapture::abandon() {
    if (m_finished) return;
    m_finished = true;
    const PlayerView& p = m_last_view;
    m_events.push_back({m_ticks, EventKind::End, static_cast<int>(RecordedOutcome::Quit), m_deaths, -1, p.x,
                        p.y, p.vx, p.vy});
    m_outcome = RecordedOutcome::Quit;
}

bool LevelCapture::flush_due() const {
    return m_ticks - m_last_flush_tick >= static_cast<std::uint64_t>(m_settings.flush_ticks);
}

bool LevelCapture::has_pending() const {
    return m_chunk_dirty || !m_events.empty() || !m_hashes.empty() || m_outcome;
}

LevelFlush LevelCapture::pending() const {
    LevelFlush f;
    f.ticks = m_ticks;
    f.deaths = m_deaths;
    f.chunk_index = m_chunk_index;
    f.chunk_first_tick = m_chunk_first_tick;
    f.chunk_ticks = m_chunk_dirty ? m_chunk.size() : 0;
    if (m_chunk_dirty) f.chunk_rle = encode_inputs(m_chunk);
    f.events = m_events;
    f.first_event_seq = m_event_seq;
    f.hashes = m_hashes;
    f.outcome = m_outcome;
    f.final_hash = m_final_hash;
    return f;
}

void LevelCapture::forget_committed() {
    // Called only after the commit: a failed write is retried by the next flush.
    m_event_seq += m_events.size();
    m_events.clear();
    m_hashes.clear();
    m_last_flush_tick = m_ticks;
    m_chunk_dirty = false;
    m_outcome.reset();
    if (m_chunk.size() >= static_cast<std::size_t>(m_settings.chunk_ticks)) {
        ++m_chunk_index;
        m_chunk_first_tick = m_ticks + 1;
        m_chunk.clear();
    }
}

// ---- LevelRecorder ----

LevelRecorder::LevelRecorder(Store& store, std::int64_t session_id, const LevelSource& source,
                             const Simulation& sim, RecorderSettings settings)
    : m_store(&store), m_capture(sim, settings) {
    // The level exists in the store from its first frame on, with its start events.
    m_level_id = store.begin_level(session_id, source, settings.pos_sample_ticks, m_capture.pending());
    m_capture.forget_committed();
}

namespace {

/// Prints a store error met while closing, unless it is one more failure for want of space
/// after one already reported (`space_failures_before` > 0): a full disk is one line.
void report_close_error(Store& store, int space_failures_before, const std::exception& e) {
    if (space_failures_before > 0 && store.db().space_failures() > space_failures_before) return;
    std::fprintf(stderr, "sawtooth: recording: %s\n", e.what());
}

}  // namespace

LevelRecorder::~LevelRecorder() {
    const int space_failures = m_store->db().space_failures();
    try {
        flush();
    } catch (const std::exception& e) {
        report_close_error(*m_store, space_failures, e);
    }
}

void LevelRecorder::record_tick(InputFrame input, const Simulation& sim) {
    if (m_capture.finished()) return;
    if (!m_capture.add_tick(input, sim))
        throw StoreError("recording of level " + std::to_string(m_level_id) + " missed a tick (at " +
                         std::to_string(m_capture.ticks()) + ", simulation at " + std::to_string(sim.tick()) +
                         ")");
    if (m_capture.flush_due()) flush();
}

void LevelRecorder::finish(RecordedOutcome outcome, const Simulation& sim) {
    if (m_capture.finished()) return;
    m_capture.finish(outcome, sim);
    flush();
}

void LevelRecorder::abandon() {
    if (m_capture.finished()) return;
    m_capture.abandon();
    flush();
}

void LevelRecorder::flush() {
    if (!m_capture.has_pending()) return;
    m_store->write_flush(m_level_id, m_capture.pending());
    m_capture.forget_committed();
}

// ---- SessionRecorder ----

SessionRecorder::SessionRecorder(std::shared_ptr<Store> store, const std::string& participant_id,
                                 SessionMode mode, const std::optional<SessionProtocol>& protocol)
    : m_store(std::move(store)), m_participant(participant_id) {
    m_session_id = m_store->begin_session(participant_id, mode, protocol);
}

SessionRecorder::~SessionRecorder() {
    const int space_failures = m_store->db().space_failures();
    try {
        end(SessionEnd::Closed);
    } catch (const std::exception& e) {
        report_close_error(*m_store, space_failures, e);
    }
}

std::unique_ptr<LevelRecorder> SessionRecorder::begin_level(const LevelSource& source, const Simulation& sim,
                                                            RecorderSettings settings) {
    return std::make_unique<LevelRecorder>(*m_store, m_session_id, source, sim, settings);
}

std::int64_t SessionRecorder::record_captured(const LevelSource& source, const CapturedLevel& level) {
    if (level.flushes.empty()) throw StoreError("a captured level has no start flush");
    const std::int64_t id =
        m_store->begin_level(m_session_id, source, level.pos_sample_ticks, level.flushes.front());
    for (std::size_t i = 1; i < level.flushes.size(); ++i) m_store->write_flush(id, level.flushes[i]);
    return id;
}

void SessionRecorder::end(SessionEnd how) {
    if (m_ended) return;
    m_ended = true;
    m_store->end_session(m_session_id, how);
}

}  // namespace sawtooth::telemetry
