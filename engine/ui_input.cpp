#include "engine/ui_input.hpp"

#include <SDL2/SDL.h>

namespace sawtooth::engine {

void UiInput::feed(const SDL_Event& e) {
    switch (e.type) {
        case SDL_MOUSEMOTION:
            mouse_x = static_cast<float>(e.motion.x);
            mouse_y = static_cast<float>(e.motion.y);
            mouse_moved = true;
            break;
        case SDL_MOUSEBUTTONDOWN:
            if (e.button.button == SDL_BUTTON_LEFT) {
                mouse_x = static_cast<float>(e.button.x);
                mouse_y = static_cast<float>(e.button.y);
                clicked = true;
            }
            break;
        case SDL_TEXTINPUT:
            typed += e.text.text;
            break;
        case SDL_KEYDOWN:
            if (!e.key.repeat) key_scancode = e.key.keysym.scancode;
            break;
        default:
            break;
    }
}

void UiInput::consume() {
    mouse_moved = false;
    clicked = false;
    typed.clear();
    key_scancode = 0;
}

}  // namespace sawtooth::engine
