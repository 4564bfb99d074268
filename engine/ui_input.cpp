#include "engine/ui_input.hpp"

#include <SDL2/SDL.h>

namespace sawtooth::engine {

namespace {
unsigned button_bit(Uint8 button) {
    switch (button) {
        case SDL_BUTTON_LEFT:
            return 1u;
        case SDL_BUTTON_MIDDLE:
            return 2u;
        case SDL_BUTTON_RIGHT:
            return 4u;
        default:
            return 0u;
    }
}
}  // namespace

void UiInput::feed(const SDL_Event& e) {
    switch (e.type) {
        case SDL_MOUSEMOTION:
            mouse_x = static_cast<float>(e.motion.x);
            mouse_y = static_cast<float>(e.motion.y);
            mouse_moved = true;
            break;
        case SDL_MOUSEBUTTONDOWN:
            mouse_x = static_cast<float>(e.button.x);
            mouse_y = static_cast<float>(e.button.y);
            buttons |= button_bit(e.button.button);
            clicked = clicked || e.button.button == SDL_BUTTON_LEFT;
            right_clicked = right_clicked || e.button.button == SDL_BUTTON_RIGHT;
            break;
        case SDL_MOUSEBUTTONUP:
            buttons &= ~button_bit(e.button.button);
            break;
        case SDL_MOUSEWHEEL:
            wheel += e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e.wheel.y : e.wheel.y;
            break;
        case SDL_TEXTINPUT:
            typed += e.text.text;
            break;
        case SDL_KEYDOWN:
            if (!e.key.repeat) {
                key_scancode = e.key.keysym.scancode;
                ctrl = (e.key.keysym.mod & KMOD_CTRL) != 0;
            }
            break;
        default:
            break;
    }
}

void UiInput::consume() {
    mouse_moved = false;
    clicked = false;
    right_clicked = false;
    wheel = 0;
    typed.clear();
    key_scancode = 0;
}

}  // namespace sawtooth::engine
