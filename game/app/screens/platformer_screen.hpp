#pragma once
// A platformer level in play: feeds the controls to the Simulation as InputFrames at the
// fixed tick, follows the player with the camera, draws the HUD and the F1 debug panel.
// What happens when the level ends (next level, results) is decided by the owner through
// the on_finish callback.

#include "game/app/widgets/camera.hpp"
#include "game/app/widgets/difficulty_overlay.hpp"
#include "game/app/widgets/level_view.hpp"
#include "game/app/core/screen.hpp"
#include "game/sim/simulation.hpp"

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::app {

/// How a level ended.
enum class LevelOutcome { Completed, Skipped, Quit };

/// Result handed to the owner when the level ends.
struct LevelResult {
    LevelOutcome outcome = LevelOutcome::Quit;
    int deaths = 0;
    std::uint64_t ticks = 0;
};

/// Watches a level in play: recording, sound, statistics. Called after every tick with
/// the input the simulation consumed, so an observer sees exactly what a replay will.
class LevelObserver {
public:
    virtual ~LevelObserver() = default;
    /// Before the first tick.
    virtual void on_start(const Simulation& /*sim*/) {}
    /// After each tick; sim.events() holds that tick's events.
    virtual void on_tick(InputFrame input, const Simulation& sim) = 0;
    /// Once, when the level ends (after the last tick).
    virtual void on_finish(const LevelResult& /*result*/, const Simulation& /*sim*/) {}
};

/// Options of one level in play.
struct PlatformerOptions {
    std::string title;                         ///< shown in the HUD, e.g. "Level 3/10"
    bool allow_skip = false;                   ///< Tab / gamepad Y skips (study session)
    bool trap_checklist = false;               ///< HUD lists which trap kinds were touched (tutorial 2)
    std::string quit_label = "Quit to title";  ///< pause menu's last entry
    int quit_key = 0;  ///< SDL scancode that quits the level at once (the editor's test-play key), 0 = none
};

/// A sign painted into a level: `meta hintN X Y TEXT` lines (tutorials).
struct LevelHint {
    CellPos cell;
    std::string text;
};

/// Reads the `meta hint*` lines of a level (malformed ones are skipped).
std::vector<LevelHint> level_hints(const Level& level);

/// Plays one Level.
class PlatformerScreen : public Screen {
public:
    PlatformerScreen(Services services, const Level& level, PlatformerOptions options,
                     std::function<void(const LevelResult&)> on_finish = {});

    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "level"; }
    void debug_ui() override;

    /// Maps controls to the simulation's input bits.
    static InputFrame input_from(const engine::Controls& controls);

    const Simulation& sim() const { return *m_sim; }
    const PlatformerOptions& options() const { return m_options; }
    Services& services() { return m_services; }
    /// Feeds one tick with an explicit input (scripts, replay, tests).
    void step(InputFrame input);
    /// Adds an observer (kept alive by the screen); on_start is called at once.
    void add_observer(std::shared_ptr<LevelObserver> observer);
    /// Pins the camera on a world point (metres) instead of following the player: for
    /// reproducible screenshots of a level's traps.
    void pin_camera(double x, double y) {
        m_pinned = true;
        m_pin_x = x;
        m_pin_y = y;
    }
    /// Ends the level now with `outcome` (skip, quit from the pause menu).
    void finish(LevelOutcome outcome);
    bool finished() const { return m_finished; }

private:
    void react_to_events();
    void draw_hud(SDL_Renderer* r, int vw, int vh);
    void draw_effects(SDL_Renderer* r, int vw, int vh);

    Services m_services;
    PlatformerOptions m_options;
    std::unique_ptr<Simulation> m_sim;
    std::function<void(const LevelResult&)> m_on_finish;
    std::vector<std::shared_ptr<LevelObserver>> m_observers;
    Camera m_camera;
    bool m_camera_placed = false;
    double m_prev_x = 0.0, m_prev_y = 0.0;  ///< player position one tick ago (interpolation)
    std::uint64_t m_death_tick = 0;
    bool m_finished = false;
    std::uint64_t m_exit_tick = 0;
    bool m_show_debug = false;
    std::unique_ptr<DifficultyOverlay> m_overlay;  ///< built the first time F1 opens
    OverlayLayers m_overlay_layers;
    double m_fps = 0.0;
    std::vector<LevelHint> m_hints;
    std::vector<bool> m_was_telling;   ///< per trap, for the tell sound's rising edge
    std::array<bool, 4> m_touched{};   ///< per TrapType: touched or killed by (checklist)
    std::uint64_t m_respawn_tick = 0;  ///< for the respawn flash
    double m_shake = 0.0;              ///< screen shake amplitude, px (decays per frame)
    double m_time = 0.0;               ///< real seconds since the screen was shown
    bool m_pinned = false;             ///< camera pinned by pin_camera()
    double m_pin_x = 0.0, m_pin_y = 0.0;
};

}  // namespace sawtooth::app
