#pragma once
// The level editor's live checks (docs/game.md "Level editor"), computed on a worker thread so the
// editor never waits: the expert bot plays the level start -> exit and exit -> start in
// the real simulation (its path kept for drawing, and where it stopped when it failed),
// the difficulty overlay is built (level graph and routes; with a challenge model also
// the predicted difficulty and easiest path), and the generator's trap rules are read
// back as warnings. Submitting a new level while a check runs abandons
// that check (within one simulated tick) and checks the newest level instead; so does
// closing the editor. Does not draw (editor_screen does).

#include "game/app/widgets/difficulty_overlay.hpp"
#include "gen/level.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace sawtooth::app {

/// A point in world metres (x right, y up).
using WorldPoint = std::pair<double, double>;

/// One expert play of the checked level.
struct BotRun {
    bool reached = false;          ///< touched the exit gate
    std::uint64_t ticks = 0;       ///< simulated ticks played
    std::vector<WorldPoint> path;  ///< the player's position every few ticks
    std::string note;              ///< why it failed ("" when it reached the exit)
};

/// Everything the checks found on one level.
struct EditorCheckResult {
    std::uint64_t level_hash = 0;                      ///< the level these figures are for
    BotRun forward;                                    ///< start -> exit
    BotRun backward;                                   ///< exit -> start
    std::shared_ptr<const DifficultyOverlay> overlay;  ///< graph, routes; difficulty with a model
    std::vector<std::string> warnings;                 ///< the generator's trap rules, broken

    bool playable() const { return forward.reached && backward.reached; }
};

/// How the checks run.
struct EditorCheckSettings {
    OverlayModel model;     ///< without a challenge model: no difficulty
    double alpha = 0.25;    ///< the trap-rule share (GenParams::alpha)
    int max_ticks = 20000;  ///< give a play up after this many ticks (as verify-levels)
};

/// Runs the checks of one level, in the calling thread (the worker's job; tests). When
/// `cancel` becomes true the check stops and returns nullopt.
std::optional<EditorCheckResult> check_level(const Level& level, const EditorCheckSettings& settings,
                                             const std::atomic<bool>& cancel);

/// The worker thread. Owned by the editor screen; joins on destruction.
class EditorChecker {
public:
    explicit EditorChecker(EditorCheckSettings settings);
    ~EditorChecker();
    EditorChecker(const EditorChecker&) = delete;
    EditorChecker& operator=(const EditorChecker&) = delete;

    /// Queues `level` (replacing any level still waiting). Never blocks on a check.
    void submit(const Level& level);
    /// The newest finished result, if any.
    std::optional<EditorCheckResult> latest() const;
    /// True while a level waits or is being checked.
    bool busy() const;
    /// Waits until no level waits or is being checked (tests and --print-screen only: the
    /// editor itself never waits).
    void wait_idle() const;

private:
    void run();

    EditorCheckSettings m_settings;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    mutable std::condition_variable m_idle;
    std::optional<Level> m_pending;
    std::optional<EditorCheckResult> m_latest;
    bool m_running = false;
    bool m_stop = false;
    std::atomic<bool> m_cancel{false};  ///< abandon the running check (newer level, or stop)
    std::thread m_thread;               ///< last: starts after every member it reads
};

}  // namespace sawtooth::app
