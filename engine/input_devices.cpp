#include "engine/input_devices.hpp"

#include <SDL2/SDL.h>

#include <algorithm>

namespace sawtooth::engine {

namespace {
constexpr Sint16 kStickDeadZone = 12000;  // of 32767: ignore resting-stick drift
static_assert(SDL_NUM_SCANCODES == 512, "InputDevices::kScancodes must match SDL");
static_assert(SDL_CONTROLLER_BUTTON_MAX <= 32, "Pad::buttons holds one bit per button");

bool is_letter(int scancode) { return scancode >= SDL_SCANCODE_A && scancode <= SDL_SCANCODE_Z; }
}  // namespace

InputDevices::InputDevices() {
    for (int i = 0; i < SDL_NumJoysticks(); ++i)
        if (SDL_IsGameController(i))
            if (auto* pad = SDL_GameControllerOpen(i))
                m_pads.push_back({pad, SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad))});
}

InputDevices::~InputDevices() {
    for (const Pad& p : m_pads) SDL_GameControllerClose(p.handle);
}

InputDevices::Pad* InputDevices::pad(std::int32_t id) {
    auto it = std::find_if(m_pads.begin(), m_pads.end(), [&](const Pad& p) { return p.id == id; });
    return it == m_pads.end() ? nullptr : &*it;
}

// Updates the tracked devices from one event; true when a key, button or stick changed.
bool InputDevices::track(const SDL_Event& e) {
    switch (e.type) {
        case SDL_KEYDOWN:
        case SDL_KEYUP: {
            const int s = e.key.keysym.scancode;
            if (s <= 0 || s >= kScancodes) return false;
            m_keys[static_cast<std::size_t>(s)] = e.type == SDL_KEYDOWN;
            return true;
        }
        case SDL_WINDOWEVENT:
            // SDL sends key-ups for held keys when the window loses focus; this is in case a
            // video driver does not.
            if (e.window.event != SDL_WINDOWEVENT_FOCUS_LOST) return false;
            m_keys.reset();
            return true;
        case SDL_CONTROLLERBUTTONDOWN:
        case SDL_CONTROLLERBUTTONUP:
            if (Pad* p = pad(e.cbutton.which); p && e.cbutton.button < SDL_CONTROLLER_BUTTON_MAX) {
                const std::uint32_t bit = 1u << e.cbutton.button;
                p->buttons = e.type == SDL_CONTROLLERBUTTONDOWN ? (p->buttons | bit) : (p->buttons & ~bit);
                return true;
            }
            return false;
        case SDL_CONTROLLERAXISMOTION:
            if (Pad* p = pad(e.caxis.which)) {
                if (e.caxis.axis == SDL_CONTROLLER_AXIS_LEFTX) p->lx = e.caxis.value;
                if (e.caxis.axis == SDL_CONTROLLER_AXIS_LEFTY) p->ly = e.caxis.value;
                return true;
            }
            return false;
        default:
            return false;
    }
}

void InputDevices::handle_event(const SDL_Event& e, Controls& controls, KeyboardUse use) {
    if (e.type == SDL_CONTROLLERDEVICEADDED) {
        // SDL also announces the pads present at start-up, which the constructor opened.
        auto* handle = SDL_GameControllerOpen(e.cdevice.which);
        if (!handle) return;
        const std::int32_t id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(handle));
        if (pad(id))
            SDL_GameControllerClose(handle);  // drop the extra reference
        else
            m_pads.push_back({handle, id});
    } else if (e.type == SDL_CONTROLLERDEVICEREMOVED) {
        auto it =
            std::find_if(m_pads.begin(), m_pads.end(), [&](const Pad& p) { return p.id == e.cdevice.which; });
        if (it != m_pads.end()) {
            SDL_GameControllerClose(it->handle);
            m_pads.erase(it);
            update(controls, use);  // what it held is let go
        }
    } else if (track(e)) {
        update(controls, use);
    }
}

void InputDevices::update(Controls& c, KeyboardUse use) const {
    bool held[kControlCount] = {};
    auto set = [&](Control ctl) { held[static_cast<int>(ctl)] = true; };
    if (!use.blocked) {
        // Typing: a letter key types its letter and does not also move (W, A, S, D).
        auto down = [&](int s) {
            return s > 0 && s < kScancodes && m_keys[static_cast<std::size_t>(s)] &&
                   !(use.typing && is_letter(s));
        };
        if (down(SDL_SCANCODE_LEFT) || down(SDL_SCANCODE_A) || down(m_bindings.left)) set(Control::Left);
        if (down(SDL_SCANCODE_RIGHT) || down(SDL_SCANCODE_D) || down(m_bindings.right)) set(Control::Right);
        if (down(SDL_SCANCODE_UP) || down(SDL_SCANCODE_W) || down(SDL_SCANCODE_SPACE) || down(m_bindings.up))
            set(Control::Up);
        if (down(SDL_SCANCODE_DOWN) || down(SDL_SCANCODE_S) || down(m_bindings.down)) set(Control::Down);
        if (down(SDL_SCANCODE_RETURN) || down(SDL_SCANCODE_KP_ENTER)) set(Control::Confirm);
        if (down(SDL_SCANCODE_BACKSPACE)) set(Control::Back);
        if (down(SDL_SCANCODE_ESCAPE)) set(Control::Pause);
        if (down(SDL_SCANCODE_TAB)) set(Control::Skip);
        if (down(SDL_SCANCODE_F1)) set(Control::Debug);
        if (down(SDL_SCANCODE_F11)) set(Control::Fullscreen);
    }
    for (const Pad& p : m_pads) {
        auto btn = [&](SDL_GameControllerButton b) { return (p.buttons >> b & 1u) != 0; };
        if (btn(SDL_CONTROLLER_BUTTON_DPAD_LEFT) || p.lx < -kStickDeadZone) set(Control::Left);
        if (btn(SDL_CONTROLLER_BUTTON_DPAD_RIGHT) || p.lx > kStickDeadZone) set(Control::Right);
        if (btn(SDL_CONTROLLER_BUTTON_A) || btn(SDL_CONTROLLER_BUTTON_DPAD_UP)) set(Control::Up);
        if (btn(SDL_CONTROLLER_BUTTON_DPAD_DOWN) || p.ly > kStickDeadZone) set(Control::Down);
        if (btn(SDL_CONTROLLER_BUTTON_A)) set(Control::Confirm);
        if (btn(SDL_CONTROLLER_BUTTON_B)) set(Control::Back);
        if (btn(SDL_CONTROLLER_BUTTON_START)) set(Control::Pause);
        if (btn(SDL_CONTROLLER_BUTTON_Y)) set(Control::Skip);
        if (btn(SDL_CONTROLLER_BUTTON_BACK)) set(Control::Debug);
    }
    for (int i = 0; i < kControlCount; ++i) c.set(static_cast<Control>(i), held[i]);
}

}  // namespace sawtooth::engine
