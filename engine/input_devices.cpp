#include "engine/input_devices.hpp"

#include <SDL2/SDL.h>

#include <algorithm>

namespace sawtooth::engine {

namespace {
constexpr Sint16 kStickDeadZone = 12000;  // of 32767: ignore resting-stick drift
}

InputDevices::InputDevices() {
    for (int i = 0; i < SDL_NumJoysticks(); ++i)
        if (SDL_IsGameController(i))
            if (auto* pad = SDL_GameControllerOpen(i)) m_pads.push_back(pad);
}

InputDevices::~InputDevices() {
    for (auto* pad : m_pads) SDL_GameControllerClose(pad);
}

void InputDevices::handle_event(const SDL_Event& e) {
    if (e.type == SDL_CONTROLLERDEVICEADDED) {
        // SDL also announces the pads present at start-up, which the constructor opened.
        auto* pad = SDL_GameControllerOpen(e.cdevice.which);
        if (!pad) return;
        if (std::find(m_pads.begin(), m_pads.end(), pad) != m_pads.end())
            SDL_GameControllerClose(pad);  // drop the extra reference
        else
            m_pads.push_back(pad);
    } else if (e.type == SDL_CONTROLLERDEVICEREMOVED) {
        auto it = std::find_if(m_pads.begin(), m_pads.end(), [&](SDL_GameController* p) {
            return SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(p)) == e.cdevice.which;
        });
        if (it != m_pads.end()) {
            SDL_GameControllerClose(*it);
            m_pads.erase(it);
        }
    }
}

void InputDevices::update(Controls& c, bool keyboard_blocked) const {
    bool held[kControlCount] = {};
    auto set = [&](Control ctl) { held[static_cast<int>(ctl)] = true; };
    if (!keyboard_blocked) {
        const Uint8* k = SDL_GetKeyboardState(nullptr);
        auto key = [&](SDL_Scancode s) { return k[s] != 0; };
        auto bound = [&](int s) { return s > 0 && s < SDL_NUM_SCANCODES && k[s] != 0; };
        if (key(SDL_SCANCODE_LEFT) || key(SDL_SCANCODE_A) || bound(m_bindings.left)) set(Control::Left);
        if (key(SDL_SCANCODE_RIGHT) || key(SDL_SCANCODE_D) || bound(m_bindings.right)) set(Control::Right);
        if (key(SDL_SCANCODE_UP) || key(SDL_SCANCODE_W) || key(SDL_SCANCODE_SPACE) || bound(m_bindings.up))
            set(Control::Up);
        if (key(SDL_SCANCODE_DOWN) || key(SDL_SCANCODE_S) || bound(m_bindings.down)) set(Control::Down);
        if (key(SDL_SCANCODE_RETURN) || key(SDL_SCANCODE_KP_ENTER)) set(Control::Confirm);
        if (key(SDL_SCANCODE_BACKSPACE)) set(Control::Back);
        if (key(SDL_SCANCODE_ESCAPE)) set(Control::Pause);
        if (key(SDL_SCANCODE_TAB)) set(Control::Skip);
        if (key(SDL_SCANCODE_F1)) set(Control::Debug);
        if (key(SDL_SCANCODE_F11)) set(Control::Fullscreen);
    }
    for (auto* pad : m_pads) {
        auto btn = [&](SDL_GameControllerButton b) { return SDL_GameControllerGetButton(pad, b) != 0; };
        const Sint16 lx = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
        const Sint16 ly = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);
        if (btn(SDL_CONTROLLER_BUTTON_DPAD_LEFT) || lx < -kStickDeadZone) set(Control::Left);
        if (btn(SDL_CONTROLLER_BUTTON_DPAD_RIGHT) || lx > kStickDeadZone) set(Control::Right);
        if (btn(SDL_CONTROLLER_BUTTON_A) || btn(SDL_CONTROLLER_BUTTON_DPAD_UP)) set(Control::Up);
        if (btn(SDL_CONTROLLER_BUTTON_DPAD_DOWN) || ly > kStickDeadZone) set(Control::Down);
        if (btn(SDL_CONTROLLER_BUTTON_A)) set(Control::Confirm);
        if (btn(SDL_CONTROLLER_BUTTON_B)) set(Control::Back);
        if (btn(SDL_CONTROLLER_BUTTON_START)) set(Control::Pause);
        if (btn(SDL_CONTROLLER_BUTTON_Y)) set(Control::Skip);
        if (btn(SDL_CONTROLLER_BUTTON_BACK)) set(Control::Debug);
    }
    for (int i = 0; i < kControlCount; ++i) c.set(static_cast<Control>(i), held[i]);
}

}  // namespace sawtooth::engine
