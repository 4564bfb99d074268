#pragma once
// Abstract controls (SuperTux controller.hpp style): an enum-indexed hold / pressed /
// released state that the keyboard, a gamepad or code can drive. The game maps it to the
// simulation's InputFrame; the engine knows nothing about the game.

#include <array>
#include <cstdint>

union SDL_Event;

namespace sawtooth::engine {

/// Everything a player can press.
enum class Control : std::uint8_t {
    Left,
    Right,
    Up,
    Down,  ///< movement (Up = jump)
    Confirm,
    Back,
    Pause,  ///< menus
    Skip,   ///< skip level (study session)
    Debug,
    Fullscreen,  ///< F1 overlay, F11
    Count
};

/// Number of controls.
inline constexpr int kControlCount = static_cast<int>(Control::Count);

/// Current and previous held state of every control.
class Controls {
public:
    /// Held this frame.
    bool hold(Control c) const { return m_now[idx(c)]; }
    /// Went down this frame.
    bool pressed(Control c) const { return m_now[idx(c)] && !m_before[idx(c)]; }
    /// Went up this frame.
    bool released(Control c) const { return !m_now[idx(c)] && m_before[idx(c)]; }
    /// Sets the held state (input sources call this while polling).
    void set(Control c, bool down) { m_now[idx(c)] = down; }
    /// Starts a new frame: remembers the held state for edge detection.
    void begin_frame() { m_before = m_now; }
    /// Releases everything (focus lost, ImGui took the keyboard).
    void clear() { m_now.fill(false); }

private:
    static std::size_t idx(Control c) { return static_cast<std::size_t>(c); }
    std::array<bool, kControlCount> m_now{};
    std::array<bool, kControlCount> m_before{};
};

}  // namespace sawtooth::engine
