#pragma once
// Keyboard and gamepad (SDL GameController) feeding one Controls. Arrows and WASD move,
// Space/W/Up jump, Enter confirms, Esc pauses/backs, Tab skips, F1 debug, F11 fullscreen.
// Key bindings for movement can be rebound (settings); the defaults stay active too.

#include "engine/controls.hpp"

#include <array>
#include <vector>

struct _SDL_GameController;

namespace sawtooth::engine {

/// User-rebindable keys (SDL scancodes) for the four movement controls.
struct KeyBindings {
    int left = 0, right = 0, up = 0, down = 0;  ///< 0 = only the defaults
};

/// Tracks keyboard and gamepads and writes held states into Controls.
class InputDevices {
public:
    InputDevices();
    ~InputDevices();
    InputDevices(const InputDevices&) = delete;
    InputDevices& operator=(const InputDevices&) = delete;

    /// Feeds one SDL event (device hot-plug, buttons, axes).
    void handle_event(const SDL_Event& e);
    /// Writes the held state of every control; `keyboard_blocked` when ImGui wants keys.
    void update(Controls& controls, bool keyboard_blocked) const;
    /// Extra movement bindings.
    void set_bindings(const KeyBindings& b) { m_bindings = b; }
    /// Number of open gamepads.
    int gamepad_count() const { return static_cast<int>(m_pads.size()); }

private:
    std::vector<_SDL_GameController*> m_pads;
    KeyBindings m_bindings;
};

}  // namespace sawtooth::engine
