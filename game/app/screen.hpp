#pragma once
// A screen of the game (title menu, a level in play, results, the word game...). The main
// loop owns a stack of screens: the top one gets ticks and input; all of them may draw
// (a pause menu draws over the level it pauses).

#include "engine/controls.hpp"

#include <memory>
#include <string>
#include <vector>

struct SDL_Renderer;

namespace sawtooth::engine {
class Platform;
class TextRenderer;
}  // namespace sawtooth::engine

namespace sawtooth::app {

class ScreenStack;

/// What every screen may use while it runs.
struct Services {
    engine::Platform* platform = nullptr;
    engine::TextRenderer* text = nullptr;
    ScreenStack* screens = nullptr;
    std::string asset_dir;
    bool headless = false;
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
