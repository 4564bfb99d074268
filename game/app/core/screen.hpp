#pragma once
// A screen of the game (title menu, a level in play, results, the word game...). The main
// loop owns a stack of screens: the top one gets ticks and input; all of them may draw
// (a pause menu draws over the level it pauses).

#include "engine/controls.hpp"
#include "gen/generator.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct SDL_Renderer;

namespace sawtooth::engine {
class Platform;
class TextRenderer;
class Audio;
class InputDevices;
struct UiInput;
}  // namespace sawtooth::engine

namespace sawtooth::app {

class ScreenStack;
class PlatformerScreen;
class SoundBank;
class GameRecorder;
class WordsLoader;
class SessionUploads;
struct Settings;
struct OverlayModel;

/// Which level a PlatformerScreen is playing, for observers (recording) and the HUD.
/// Why a platformer level is played; decides the session it is recorded in
/// (GameRecorder::on_level_start).
enum class LevelMode : std::uint8_t {
    Free,      ///< chosen by the player: free play, a pack, adaptive play, the editor
    Single,    ///< the level named on the command line
    Study,     ///< a level of the thesis study
    Tutorial,  ///< a tutorial level of the thesis study
};

struct LevelInfo {
    LevelMode mode = LevelMode::Free;
    int index = 0;                    ///< study: 1..10; tutorial: 1..2; else 0
    int count = 0;                    ///< levels in this part of the session (10 or 2), else 0
    std::string label;                ///< HUD title, e.g. "Level 3/10"
    std::optional<GenParams> params;  ///< set for generated levels
    std::string file;                 ///< set for levels loaded from a text file
};

/// What every screen may use while it runs. Pointers are owned by the main loop and
/// outlive every screen; optional ones may be null (tests, tools).
struct Services {
    engine::Platform* platform = nullptr;
    engine::TextRenderer* text = nullptr;
    ScreenStack* screens = nullptr;
    std::string asset_dir;
    bool headless = false;
    engine::Audio* audio = nullptr;               ///< sound output (mute when headless)
    SoundBank* sounds = nullptr;                  ///< the game's synthesised effects
    engine::UiInput* ui = nullptr;                ///< mouse / typed text / raw keys for menus
    engine::InputDevices* devices = nullptr;      ///< to apply rebound keys at once
    Settings* settings = nullptr;                 ///< live settings (saved by the settings screen)
    std::string settings_path;                    ///< where settings are saved ("" = never)
    const OverlayModel* overlay_model = nullptr;  ///< challenge model of the F1 difficulty overlay
    bool debug_overlay = false;                   ///< levels start with the F1 view open (--debug-overlay)
    GameRecorder* recorder = nullptr;             ///< the store's recorder (null = not recording)
    WordsLoader* words = nullptr;                 ///< Elimination's dictionary and progress (lazy)
    SessionUploads* uploads = nullptr;            ///< the protocol run's uploads (null = none)
    /// Called for every level a menu or session starts, right before its first tick:
    /// the recorder attaches its LevelObserver here.
    std::function<void(PlatformerScreen&, const LevelInfo&)> on_level_start;
};

/// One screen. tick() runs at the fixed 60 Hz; render() once per displayed frame.
class Screen {
public:
    virtual ~Screen() = default;
    /// One fixed tick with the current controls (already blocked if ImGui has the keys).
    virtual void tick(const engine::Controls& controls) = 0;
    /// Draws the screen; `alpha` in [0, 1) interpolates between the last two ticks and
    /// `real_dt` is the real time since the previous frame (seconds, for cosmetics only).
    virtual void render(SDL_Renderer* r, double alpha, double real_dt) = 0;
    /// Adds the screen's part of the F1 debug overlay (ImGui).
    virtual void debug_ui() {}
    /// True while the screen wants the game clock to run (false = paused overlay above).
    virtual bool wants_ticks() const { return true; }
    /// Screens below this one are drawn too when true (overlays).
    virtual bool is_overlay() const { return false; }
    /// True while the screen takes typed letters (Elimination): letter keys then only
    /// type, so W, A, S, D do not also move its cursor.
    virtual bool takes_text() const { return false; }
    /// Short name for logs and tests ("title", "level", "results"...).
    virtual std::string name() const { return "screen"; }
    /// Lines printed after the name by --print-screen when the run ends (tests); may wait
    /// for the screen's background work to finish. "" = nothing.
    virtual std::string final_report() const { return {}; }
    /// True while the screen has work running on another thread (the editor's check):
    /// benchmarks report the frames drawn meanwhile apart.
    virtual bool background_busy() const { return false; }
};

/// The stack of screens; pushes and pops take effect between ticks.
class ScreenStack {
public:
    /// Places a screen on top.
    void push(std::unique_ptr<Screen> s);
    /// Removes the top screen (deferred to the end of the current tick).
    void pop();
    /// Replaces the top screen.
    void replace(std::unique_ptr<Screen> s);
    /// Removes every screen and pushes `s`.
    void reset(std::unique_ptr<Screen> s);
    /// Applies deferred pushes and pops.
    void apply();
    /// Top screen or nullptr.
    Screen* top() const;
    /// Draws from the lowest visible screen upward.
    void render(SDL_Renderer* r, double alpha, double real_dt);
    bool empty() const { return m_screens.empty(); }
    std::size_t size() const { return m_screens.size(); }

private:
    std::vector<std::unique_ptr<Screen>> m_screens;
    std::vector<std::unique_ptr<Screen>> m_pending;
    int m_pops = 0;
    bool m_reset = false;
};

}  // namespace sawtooth::app
