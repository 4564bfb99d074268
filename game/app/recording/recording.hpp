#pragma once
// Recording in the game: RecordingObserver is the LevelObserver that feeds a level in play
// into a telemetry::LevelRecorder; GameRecorder owns the store and the current session and
// attaches an observer to every level announced through Services::on_level_start.
// prepare_recording() handles the recording command-line modes before the window opens.
// Store failures during play never stop the game: they are printed once and recording of
// that level stops.

#include "game/app/core/screen.hpp"
#include "game/app/screens/platformer_screen.hpp"
#include "telemetry/recording/recorder.hpp"
#include "telemetry/recording/replay.hpp"
#include "telemetry/store/stored_kinds.hpp"

#include <memory>
#include <optional>
#include <string>

namespace sawtooth::app {

struct AppOptions;

/// Records one level through the LevelObserver interface.
class RecordingObserver : public LevelObserver {
public:
    /// The session must outlive the observer.
    RecordingObserver(telemetry::SessionRecorder& session, telemetry::LevelSource source);
    /// A level closed without finish() (window closed) is ended as quit.
    ~RecordingObserver() override;

    void on_start(const Simulation& sim) override;
    void on_tick(InputFrame input, const Simulation& sim) override;
    void on_finish(const LevelResult& result, const Simulation& sim) override;

    /// 0 until on_start.
    std::int64_t level_id() const { return m_recorder ? m_recorder->level_id() : 0; }
    /// False once a store error stopped the recording.
    bool ok() const { return !m_failed; }

private:
    void failed(const std::exception& e);

    telemetry::SessionRecorder* m_session;
    telemetry::LevelSource m_source;
    std::unique_ptr<telemetry::LevelRecorder> m_recorder;
    const Simulation* m_sim = nullptr;
    bool m_failed = false;
};

/// Maps the menus' level outcome to the stored one.
telemetry::RecordedOutcome recorded_outcome(LevelOutcome outcome);

/// The game's recorder: one store, one session at a time.
class GameRecorder {
public:
    /// `participant` "" = per mode default (see docs/telemetry.md "Participants").
    GameRecorder(std::shared_ptr<telemetry::Store> store, std::string participant);
    ~GameRecorder();

    /// Attaches a RecordingObserver to a level about to start (Services::on_level_start).
    /// Starts a new session when the kind of play changes or a study session restarts.
    void on_level_start(PlatformerScreen& screen, const LevelInfo& info);
    /// Starts a session of `mode` explicitly, ending the current one.
    telemetry::SessionRecorder& begin_session(telemetry::SessionMode mode);
    /// Starts a study session of `participant` (who must exist) under a study protocol,
    /// ending the current one; it stays current through the protocol's tutorials and levels.
    telemetry::SessionRecorder& begin_protocol_session(const std::string& participant,
                                                       const telemetry::SessionProtocol& protocol);
    /// The current session if it is of `mode`, else a new one (the word game's modes).
    telemetry::SessionRecorder& session_for(telemetry::SessionMode mode);
    /// Ends the current session, if any.
    void end_session(telemetry::SessionEnd end);
    /// Participant of the current session ("" before the first).
    std::string participant_id() const;
    /// level_id of the platformer level announced last (0 when its recording failed).
    std::int64_t last_level_id() const { return m_last_level_id; }
    /// Stores a rating (RatingScreen); a store error is printed and play goes on.
    void record_rating(const telemetry::RatingRow& rating);
    telemetry::Store& store() { return *m_store; }

private:
    std::shared_ptr<telemetry::Store> m_store;
    std::string m_fixed_participant;
    std::unique_ptr<telemetry::SessionRecorder> m_session;
    std::optional<telemetry::SessionMode> m_session_mode;  ///< of m_session, if any
    bool m_protocol_session = false;  ///< the current session runs a protocol: tutorials do not restart it
    std::int64_t m_last_level_id = 0;
};

/// What prepare_recording set up for the windowed game.
struct RecordingSetup {
    std::unique_ptr<GameRecorder> recorder;              ///< null when not recording
    std::shared_ptr<telemetry::LoadedRecording> replay;  ///< set for --replay
};

/// Handles --script (runs the headless scripted session and returns its exit code),
/// validates --replay (loads the recording; errors return 1) and opens the store for
/// recording (interactive play, or any run given --db). Returns an exit code when the
/// process should stop now, nullopt to continue into the main loop.
std::optional<int> prepare_recording(const AppOptions& options, RecordingSetup& setup);

/// Plays an input script headless into the store (`--script`); returns the exit code.
int run_scripted_session(const AppOptions& options);

/// The on-screen replay of a loaded recording (`--replay`).
std::unique_ptr<Screen> make_replay_screen(Services services, std::shared_ptr<telemetry::LoadedRecording> rec,
                                           double speed);

}  // namespace sawtooth::app
