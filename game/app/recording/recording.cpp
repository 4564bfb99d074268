#include "game/app/recording/recording.hpp"
#include "gen/number_text.hpp"
#include "gen/printable.hpp"

#include "game/app/recording/recording_options.hpp"
#include "game/app/shell/app.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>

namespace sawtooth::app {

namespace {

void warn(const std::string& message) {
    std::fprintf(stderr, "sawtooth: warning: %s\n", one_line(message).c_str());
}

// Sessions group levels the way an analysis does: the two tutorials and the ten study
// levels are one study session; free play and command-line levels are their own.
telemetry::SessionMode session_mode_of(LevelMode level_mode) {
    switch (level_mode) {
        case LevelMode::Study:
        case LevelMode::Tutorial:
            return telemetry::SessionMode::Study;
        case LevelMode::Single:
            return telemetry::SessionMode::Single;
        case LevelMode::Free:
            break;
    }
    return telemetry::SessionMode::Free;
}

}  // namespace

void add_recording_flags(CLI::App& cli, RecordingOptions& r) {
    cli.add_option("--db", r.db, "session database (default: $XDG_DATA_HOME/sawtooth/sawtooth.db)");
    cli.add_option("--participant", r.participant,
                   "record as this participant id (sawtooth-lab participant new)");
    cli.add_flag("--no-record", r.no_record, "play without recording");
    cli.add_option("--script", r.script, "headless: play an input script (lines `TICKS KEYS`) and record it");
    cli.add_flag("--realtime", r.realtime, "scripted run: pace at 60 ticks per second");
    cli.add_flag("--progress", r.progress, "scripted run: print `tick N` after every tick");
    cli.add_option("--replay", r.replay, "show a recorded level (level id, see `sawtooth-lab sessions`)")
        ->check(CLI::PositiveNumber);
    // Only the replay screen's speed steps: any other value would silently play at 1x.
    cli.add_option("--replay-speed", r.replay_speed, "initial replay speed: 0.25, 0.5, 1, 2, 4, 8 or 16")
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
                static const char* kSteps[] = {"0.25", "0.5", "1", "2", "4", "8", "16"};
                const std::optional<double> x = read_number<double>(v);
                for (const char* step : kSteps)
                    if (x && *x == read_number<double>(step)) return {};
                return "must be one of 0.25, 0.5, 1, 2, 4, 8, 16, got '" + printable(v) + "'";
            },
            "SPEED", "replay speed step"));
}

telemetry::RecordedOutcome recorded_outcome(LevelOutcome outcome) {
    switch (outcome) {
        case LevelOutcome::Completed:
            return telemetry::RecordedOutcome::Completed;
        case LevelOutcome::Skipped:
            return telemetry::RecordedOutcome::Skipped;
        case LevelOutcome::Quit:
            return telemetry::RecordedOutcome::Quit;
    }
    return telemetry::RecordedOutcome::Quit;
}

// ---- RecordingObserver ----

RecordingObserver::RecordingObserver(telemetry::SessionRecorder& session, telemetry::LevelSource source)
    : m_session(&session), m_source(std::move(source)) {}

RecordingObserver::~RecordingObserver() {
    if (!m_recorder || m_failed) return;
    try {
        m_recorder->abandon();
    } catch (const std::exception& e) {
        failed(e);
    }
}

void RecordingObserver::failed(const std::exception& e) {
    if (!m_failed) warn(std::string("recording stopped: ") + e.what());
    m_failed = true;
}

void RecordingObserver::on_start(const Simulation& sim) {
    if (m_failed || m_recorder) return;
    try {
        m_recorder = m_session->begin_level(m_source, sim);
        m_source.level = Level{};  // stored; no need to keep a second copy
    } catch (const std::exception& e) {
        failed(e);
    }
}

void RecordingObserver::on_tick(InputFrame input, const Simulation& sim) {
    if (m_failed || !m_recorder) return;
    try {
        m_recorder->record_tick(input, sim);
    } catch (const std::exception& e) {
        failed(e);
    }
}

void RecordingObserver::on_finish(const LevelResult& result, const Simulation& sim) {
    if (m_failed || !m_recorder) return;
    try {
        m_recorder->finish(recorded_outcome(result.outcome), sim);
    } catch (const std::exception& e) {
        failed(e);
    }
}

// ---- GameRecorder ----

GameRecorder::GameRecorder(std::shared_ptr<telemetry::Store> store, std::string participant)
    : m_store(std::move(store)), m_fixed_participant(std::move(participant)) {}

GameRecorder::~GameRecorder() { end_session(telemetry::SessionEnd::Closed); }

telemetry::SessionRecorder& GameRecorder::begin_session(telemetry::SessionMode mode) {
    end_session(telemetry::SessionEnd::Finished);
    // A study session is one person in the lab: without --participant each gets a fresh
    // pseudonymous id. Other play is this installation's default participant.
    std::string participant = m_fixed_participant;
    if (participant.empty())
        participant = mode == telemetry::SessionMode::Study ? m_store->create_participant()
                                                            : m_store->default_participant();
    m_session = std::make_unique<telemetry::SessionRecorder>(m_store, participant, mode);
    m_session_mode = mode;
    return *m_session;
}

telemetry::SessionRecorder& GameRecorder::begin_protocol_session(const std::string& participant,
                                                                 const telemetry::SessionProtocol& protocol) {
    end_session(telemetry::SessionEnd::Finished);
    const telemetry::SessionMode mode = telemetry::SessionMode::Study;
    m_session = std::make_unique<telemetry::SessionRecorder>(m_store, participant, mode, protocol);
    m_session_mode = mode;
    m_protocol_session = true;
    return *m_session;
}

telemetry::SessionRecorder& GameRecorder::session_for(telemetry::SessionMode mode) {
    if (m_session && m_session_mode == mode) return *m_session;
    return begin_session(mode);
}

void GameRecorder::end_session(telemetry::SessionEnd end) {
    if (!m_session) return;
    try {
        m_session->end(end);
    } catch (const std::exception& e) {
        warn(std::string("recording: ") + e.what());
    }
    m_session.reset();
    m_session_mode.reset();
    m_protocol_session = false;
}

std::string GameRecorder::participant_id() const {
    return m_session ? m_session->participant_id() : std::string();
}

void GameRecorder::record_rating(const telemetry::RatingRow& rating) {
    try {
        m_store->add_rating(rating);
    } catch (const std::exception& e) {
        warn(std::string("rating not recorded: ") + e.what());
    }
}

void GameRecorder::on_level_start(PlatformerScreen& screen, const LevelInfo& info) {
    try {
        const telemetry::SessionMode mode = session_mode_of(info.mode);
        const bool study_restart = info.mode == LevelMode::Tutorial && info.index == 1 && !m_protocol_session;
        if (!m_session || mode != m_session_mode || study_restart) begin_session(mode);
        telemetry::LevelSource source;
        source.kind = info.params ? telemetry::LevelKind::Generated
                                  : (info.mode == LevelMode::Tutorial ? telemetry::LevelKind::Tutorial
                                                                      : telemetry::LevelKind::File);
        source.name = info.label.empty() ? info.file : info.label;
        source.params = info.params;
        source.level = screen.sim().level();
        m_last_level_id = 0;
        auto observer = std::make_shared<RecordingObserver>(*m_session, std::move(source));
        screen.add_observer(observer);  // starts the recording: the level row exists now
        m_last_level_id = observer->level_id();
    } catch (const std::exception& e) {
        warn(std::string("recording disabled for this level: ") + e.what());
    }
}

// ---- command-line modes ----

std::optional<int> prepare_recording(const AppOptions& o, RecordingSetup& setup) {
    const RecordingOptions& r = o.recording;
    if (!r.script.empty()) return run_scripted_session(o);
    const std::string path = r.db.empty() ? telemetry::Store::default_path() : r.db;
    try {
        if (r.replay) {
            auto store = telemetry::Store::open_read_only(path);
            setup.replay =
                std::make_shared<telemetry::LoadedRecording>(telemetry::load_recording(store, *r.replay));
            for (const std::string& w : setup.replay->warnings) warn(w);
            return std::nullopt;
        }
        // Interactive play is always recorded; headless runs (screenshots, benchmarks) only
        // when asked with --db, so tests never write into a player's store.
        const bool record = !r.no_record && o.bench_frames == 0 && (!o.headless || !r.db.empty());
        if (!record) return std::nullopt;
        auto store = std::make_shared<telemetry::Store>(telemetry::Store::open(path));
        if (!r.participant.empty() && !store->has_participant(r.participant))
            throw telemetry::StoreError("no participant '" + r.participant + "' in '" + path +
                                        "' (create one with `sawtooth-lab participant new`)");
        setup.recorder = std::make_unique<GameRecorder>(std::move(store), r.participant);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sawtooth: %s\n", one_line(e.what()).c_str());
        return 1;
    }
    return std::nullopt;
}

}  // namespace sawtooth::app
