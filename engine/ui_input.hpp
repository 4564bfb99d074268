#pragma once
// What menus need beyond the abstract Controls: the mouse (in logical pixels, already
// mapped through the renderer's scaling by SDL), its buttons and wheel (the level editor),
// typed text (the free-play seed field) and the raw key of the last key press (rebinding). Fed from SDL
// events once per frame and consumed by the first tick of that frame.

#include <string>

union SDL_Event;

namespace sawtooth::engine {

/// Mouse, typing and raw-key state for menus.
struct UiInput {
    float mouse_x = -1.0f, mouse_y = -1.0f;  ///< logical pixels; negative before any motion
    bool mouse_moved = false;                ///< moved since the last consume()
    bool clicked = false;                    ///< left button went down since the last consume()
    bool right_clicked = false;              ///< right button went down since the last consume()
    unsigned buttons = 0;                    ///< held now: bit 0 left, bit 1 middle, bit 2 right
    int wheel = 0;                           ///< wheel notches since the last consume(), + = up
    bool ctrl = false;                       ///< Ctrl was held at the last key press
    std::string typed;                       ///< UTF-8 text typed since the last consume()
    int key_scancode = 0;                    ///< SDL scancode of the last key press, 0 = none

    /// Records one SDL event (mouse, text input, key down).
    void feed(const SDL_Event& e);
    /// Clears the per-frame parts once a tick has seen them.
    void consume();
};

}  // namespace sawtooth::engine
