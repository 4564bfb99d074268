#pragma once
// Keyboard and gamepad (SDL GameController) feeding one Controls. Arrows and WASD move,
// Space/W/Up jump, Enter confirms, Esc pauses/backs, Tab skips, F1 debug, F11 fullscreen.
// Key bindings for movement can be rebound (settings); the defaults stay active too.
// Held keys, buttons and stick directions are tracked from SDL's events (never sampled
// once per frame), and every change is written into the Controls as its event arrives,
// so Controls' latch shows a press released within one frame to the next tick.
// Typed text and the mouse are engine/ui_input.hpp's.

#include "engine/controls.hpp"

#include <bitset>
#include <cstdint>
#include <vector>

struct _SDL_GameController;
union SDL_Event;

namespace sawtooth::engine {

/// User-rebindable keys (SDL scancodes) for the four movement controls.
struct KeyBindings {
    int left = 0, right = 0, up = 0, down = 0;  ///< 0 = only the defaults
};

/// What the keyboard may do this frame.
struct KeyboardUse {
    bool blocked = false;  ///< ImGui wants the keys: no key reaches the controls
    bool typing = false;   ///< the top screen takes typed letters: letter keys only type
};

/// Tracks keyboard and gamepads and writes held states into Controls.
class InputDevices {
public:
    InputDevices();
    ~InputDevices();
    InputDevices(const InputDevices&) = delete;
    InputDevices& operator=(const InputDevices&) = delete;

    /// Feeds one SDL event: device hot-plug, keys, buttons, stick motion. A change of a
    /// control is written into `controls` at once (latched there until a tick sees it).
    void handle_event(const SDL_Event& e, Controls& controls, KeyboardUse use = {});
    /// Writes the held state of every control (once per frame, after the events: ImGui
    /// may have taken the keyboard or given it back without any key event).
    void update(Controls& controls, KeyboardUse use = {}) const;
    /// Extra movement bindings.
    void set_bindings(const KeyBindings& b) { m_bindings = b; }
    /// Number of open gamepads.
    int gamepad_count() const { return static_cast<int>(m_pads.size()); }

private:
    /// One open gamepad and what its events said about it.
    struct Pad {
        _SDL_GameController* handle = nullptr;
        std::int32_t id = -1;         ///< joystick instance id (the events' `which`)
        std::uint32_t buttons = 0;    ///< bit per SDL_GameControllerButton, held
        std::int16_t lx = 0, ly = 0;  ///< left stick
    };
    static constexpr int kScancodes = 512;  ///< SDL_NUM_SCANCODES (checked in the .cpp)

    bool track(const SDL_Event& e);
    Pad* pad(std::int32_t id);

    std::vector<Pad> m_pads;
    std::bitset<kScancodes> m_keys;  ///< held keys, by SDL scancode
    KeyBindings m_bindings;
};

}  // namespace sawtooth::engine
