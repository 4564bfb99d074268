// Gamepad input through SDL's real GameController layer: a virtual controller (SDL's own
// virtual joystick driver, no hardware) is plugged in, InputDevices opens it from the
// hot-plug event, and its d-pad, stick and buttons come out as the game's Controls.
#include <doctest/doctest.h>

#include "engine/controls.hpp"
#include "engine/input_devices.hpp"

#include <SDL2/SDL.h>

using sawtooth::engine::Control;
using sawtooth::engine::Controls;
using sawtooth::engine::InputDevices;

namespace {

// Lets SDL apply the virtual device's new state and hands every event to the devices.
void pump(InputDevices& devices) {
    SDL_JoystickUpdate();
    SDL_Event e;
    while (SDL_PollEvent(&e)) devices.handle_event(e);
}

Controls read(InputDevices& devices) {
    pump(devices);
    Controls c;
    devices.update(c, false);
    return c;
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
            late.handle_event(added);
            CHECK(late.gamepad_count() == 1);
        }

        Controls idle = read(devices);
        for (int i = 0; i < sawtooth::engine::kControlCount; ++i)
            CHECK_FALSE(idle.hold(static_cast<Control>(i)));

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

        // Keyboard blocked (ImGui has the keys) does not block the pad: only typing is hidden.
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_A, SDL_PRESSED);
        pump(devices);
        Controls blocked;
        devices.update(blocked, true);
        CHECK(blocked.hold(Control::Up));
        SDL_JoystickSetVirtualButton(joy, SDL_CONTROLLER_BUTTON_A, SDL_RELEASED);

        // Unplugging closes it.
        SDL_JoystickClose(joy);
        SDL_JoystickDetachVirtual(index);
        pump(devices);
        CHECK(devices.gamepad_count() == 0);
    }
    SDL_Quit();
}
