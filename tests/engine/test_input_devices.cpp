// Gamepad input through SDL's real GameController layer: a virtual controller (SDL's own
// virtual joystick driver, no hardware) is plugged in, InputDevices opens it from the
// hot-plug event, and its d-pad, stick and buttons come out as the game's Controls.
#include <doctest/doctest.h>

#include "engine/controls.hpp"
#include "engine/input_devices.hpp"

#include <SDL2/SDL.h>

#include <string>

using sawtooth::engine::Control;
using sawtooth::engine::Controls;
using sawtooth::engine::InputDevices;
using sawtooth::engine::KeyboardUse;

namespace {

// Lets SDL apply the virtual device's new state and hands every event to the devices.
void pump(InputDevices& devices, Controls& controls, KeyboardUse use = {}) {
    SDL_JoystickUpdate();
    SDL_Event e;
    while (SDL_PollEvent(&e)) devices.handle_event(e, controls, use);
}

void pump(InputDevices& devices) {
    Controls ignored;
    pump(devices, ignored);
}

Controls read(InputDevices& devices) {
    Controls c;
    pump(devices, c);
    devices.update(c);
    return c;
}

void push_key(Uint32 type, SDL_Scancode s) {
    SDL_Event e{};
    e.type = type;
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.scancode = s;
    REQUIRE(SDL_PushEvent(&e) == 1);
}

// What `ticks` ticks see of `c`: 'P' pressed, 'H' held, 'R' released, '.' up.
std::string seen_ticks(Controls& controls, Control c, int ticks) {
    std::string out;
    for (int t = 0; t < ticks; ++t) {
        out += controls.pressed(c) ? 'P' : controls.hold(c) ? 'H' : controls.released(c) ? 'R' : '.';
        controls.next_tick();
    }
    return out;
}

// Each button of the virtual pad, and the left stick past and inside its dead zone, held
// for one read and then released, comes out as the expected control.
void check_buttons_and_stick(InputDevices& devices, SDL_Joystick* joy) {
    auto press = [&](SDL_GameControllerButton b, Control expected) {
        SDL_JoystickSetVirtualButton(joy, b, SDL_PRESSED);
        const Controls c = read(devices);
        CHECK_MESSAGE(c.hold(expected), SDL_GameControllerGetStringForButton(b));
        SDL_JoystickSetVirtualButton(joy, b, SDL_RELEASED);
        CHECK_FALSE(read(devices).hold(expected));
    };
    press(SDL_CONTROLLER_BUTTON_DPAD_LEFT, Control::Left);
    press(SDL_CONTROLLER_BUTTON_DPAD_RIGHT, Control::Right);
    press(SDL_CONTROLLER_BUTTON_DPAD_UP, Control::Up);
    press(SDL_CONTROLLER_BUTTON_DPAD_DOWN, Control::Down);
    press(SDL_CONTROLLER_BUTTON_A, Control::Up);  // jump
    press(SDL_CONTROLLER_BUTTON_A, Control::Confirm);
    press(SDL_CONTROLLER_BUTTON_B, Control::Back);
    press(SDL_CONTROLLER_BUTTON_START, Control::Pause);
    press(SDL_CONTROLLER_BUTTON_Y, Control::Skip);
    press(SDL_CONTROLLER_BUTTON_BACK, Control::Debug);

    // The left stick past its dead zone runs; a small tilt does nothing.
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTX, -30000);
    CHECK(read(devices).hold(Control::Left));
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTX, 30000);
    Controls right = read(devices);
    CHECK(right.hold(Control::Right));
    CHECK_FALSE(right.hold(Control::Left));
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTX, 2000);
    CHECK_FALSE(read(devices).hold(Control::Right));
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTY, 30000);
    CHECK(read(devices).hold(Control::Down));
    SDL_JoystickSetVirtualAxis(joy, SDL_CONTROLLER_AXIS_LEFTY, 0);
}

}  // namespace

TEST_CASE("a virtual gamepad's d-pad, stick and buttons map to the game's controls") {
    REQUIRE(SDL_Init(SDL_INIT_EVENTS | SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER) == 0);
    {
        InputDevices devices;
        const int index = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                                    SDL_CONTROLLER_BUTTON_MAX, 0);
        REQUIRE_MESSAGE(index >= 0, SDL_GetError());
        SDL_Joystick* joy = SDL_JoystickOpen(index);
        REQUIRE(joy != nullptr);
        pump(devices);  // the hot-plug event opens the controller
        REQUIRE(devices.gamepad_count() == 1);
        {
            InputDevices late;  // created with the pad present, then sees its "added" event too
            SDL_Event added{};
            added.type = SDL_CONTROLLERDEVICEADDED;
            added.cdevice.which = index;
            Controls ignored;
            late.handle_event(added, ignored);
            CHECK(late.gamepad_count() == 1);
        }

        Controls idle = read(devices);
        for (int i = 0; i < sawtooth::engine::kControlCount; ++i)
            CHECK_FALSE(idle.hold(static_cast<Control>(i)));

        check_buttons_and_stick(devices, joy);

        // Keyboard blocked (ImGui has the keys) does not block the pad: only typing is hidden.
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_A, SDL_PRESSED);
        Controls blocked;
        pump(devices, blocked, KeyboardUse{true, false});
        devices.update(blocked, KeyboardUse{true, false});
        CHECK(blocked.hold(Control::Up));
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_A, SDL_RELEASED);
        pump(devices);

        // A button pressed and released between two frames' reads still reaches one tick:
        // its events are latched (the old once-per-frame sampling saw the button up).
        Controls live;
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_START, SDL_PRESSED);
        SDL_JoystickUpdate();
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_START, SDL_RELEASED);
        pump(devices, live);
        devices.update(live);
        CHECK(seen_ticks(live, Control::Pause, 3) == "PR.");

        // Unplugging closes it.
        SDL_JoystickClose(joy);
        SDL_JoystickDetachVirtual(index);
        pump(devices);
        CHECK(devices.gamepad_count() == 0);
    }
    SDL_Quit();
}

TEST_CASE("a key pressed and released within one frame reaches exactly one tick") {
    REQUIRE(SDL_Init(SDL_INIT_EVENTS) == 0);
    {
        InputDevices devices;
        Controls c;
        // One frame's events: Down tapped, Space (jump) tapped, Left pressed and held.
        push_key(SDL_KEYDOWN, SDL_SCANCODE_DOWN);
        push_key(SDL_KEYUP, SDL_SCANCODE_DOWN);
        push_key(SDL_KEYDOWN, SDL_SCANCODE_SPACE);
        push_key(SDL_KEYUP, SDL_SCANCODE_SPACE);
        push_key(SDL_KEYDOWN, SDL_SCANCODE_LEFT);
        pump(devices, c);
        devices.update(c);  // the once-per-frame write must not undo the latched taps
        CHECK(c.pressed(Control::Down));
        CHECK(c.pressed(Control::Up));
        CHECK(c.pressed(Control::Left));
        c.next_tick();
        devices.update(c);
        CHECK(c.released(Control::Down));
        CHECK(c.released(Control::Up));
        CHECK(c.hold(Control::Left));  // holding works as before
        push_key(SDL_KEYUP, SDL_SCANCODE_LEFT);
        pump(devices, c);
        c.next_tick();
        CHECK_FALSE(c.hold(Control::Left));
    }
    SDL_Quit();
}

TEST_CASE("while a screen takes typed letters, W A S D only type; ImGui's keyboard blocks all keys") {
    REQUIRE(SDL_Init(SDL_INIT_EVENTS) == 0);
    {
        InputDevices devices;
        Controls c;
        push_key(SDL_KEYDOWN, SDL_SCANCODE_D);
        push_key(SDL_KEYDOWN, SDL_SCANCODE_RIGHT);
        pump(devices, c, KeyboardUse{false, true});
        CHECK(c.hold(Control::Right));  // from the arrow
        push_key(SDL_KEYUP, SDL_SCANCODE_RIGHT);
        pump(devices, c, KeyboardUse{false, true});
        c.next_tick();
        CHECK_FALSE(c.hold(Control::Right));  // D alone does not move while typing
        devices.update(c, KeyboardUse{false, false});
        c.next_tick();
        CHECK(c.hold(Control::Right));  // and does in a menu
        devices.update(c, KeyboardUse{true, false});
        c.next_tick();
        CHECK_FALSE(c.hold(Control::Right));  // ImGui has the keys
    }
    SDL_Quit();
}
