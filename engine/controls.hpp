#pragma once
// Abstract controls (SuperTux controller.hpp style): an enum-indexed hold / pressed /
// released state that the keyboard, a gamepad or code can drive. The game maps it to the
// simulation's InputFrame; the engine knows nothing about the game.
//
// Presses are latched, never sampled: input sources report every change as it happens
// (set(), once per SDL event), and each fixed tick sees at most one change per control,
// in order. So a key pressed and released between two ticks is still held for exactly
// one tick (a frame that runs no tick keeps it; a frame that runs several shows it to the
// first only), and two quick presses show as press, release, press on three ticks.
// This file does not read SDL: engine/input_devices.cpp feeds it.

#include <array>
#include <cstdint>

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

/// At most this many changes (presses and releases) of one control wait for later ticks:
/// a long stall (loading) must not replay a burst of mashing afterwards. Even, so that
/// dropping two changes keeps the latest state.
inline constexpr int kMaxLatchedChanges = 8;

/// The held state each tick sees, and the latched changes not yet seen.
class Controls {
public:
    /// Held on this tick.
    bool hold(Control c) const { return m_now[idx(c)]; }
    /// Went down on this tick (up on the previous one).
    bool pressed(Control c) const { return m_now[idx(c)] && !m_before[idx(c)]; }
    /// Went up on this tick.
    bool released(Control c) const { return !m_now[idx(c)] && m_before[idx(c)]; }

    /// Input sources: the control's held state now. A change is latched until a tick sees
    /// it; setting the same state again does nothing (key repeat, a second key of the
    /// same control).
    void set(Control c, bool down);
    /// The main loop, after each tick: the next tick sees the next latched change.
    void next_tick();
    /// Releases everything (focus lost, ImGui took the keyboard).
    void clear();
    /// For readers outside the ticks (the main loop's F11, once per frame): true once for
    /// each press since the last call.
    bool take_press(Control c);

private:
    static std::size_t idx(Control c) { return static_cast<std::size_t>(c); }
    /// The source's latest state: the tick's view plus the changes still latched.
    bool latest(std::size_t i) const { return m_now[i] != (m_latched[i] % 2 == 1); }

    std::array<bool, kControlCount> m_now{};              ///< this tick's view
    std::array<bool, kControlCount> m_before{};           ///< the previous tick's view
    std::array<std::uint8_t, kControlCount> m_latched{};  ///< changes not yet in m_now
    std::array<std::uint8_t, kControlCount> m_untaken{};  ///< presses for take_press()
};

inline void Controls::set(Control c, bool down) {
    const std::size_t i = idx(c);
    if (latest(i) == down) return;
    if (down && m_untaken[i] < kMaxLatchedChanges) ++m_untaken[i];
    // The view may change once between two ticks; later changes wait for later ticks.
    if (m_latched[i] == 0 && m_now[i] == m_before[i]) {
        m_now[i] = down;
        return;
    }
    ++m_latched[i];
    if (m_latched[i] > kMaxLatchedChanges) m_latched[i] -= 2;
}

inline void Controls::next_tick() {
    m_before = m_now;
    for (std::size_t i = 0; i < m_now.size(); ++i)
        if (m_latched[i] > 0) {
            m_now[i] = !m_now[i];
            --m_latched[i];
        }
}

inline void Controls::clear() {
    for (int i = 0; i < kControlCount; ++i) set(static_cast<Control>(i), false);
}

inline bool Controls::take_press(Control c) {
    if (m_untaken[idx(c)] == 0) return false;
    --m_untaken[idx(c)];
    return true;
}

}  // namespace sawtooth::engine
