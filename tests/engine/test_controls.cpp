// The press latch of engine::Controls, without a window: what each tick sees when the
// input sources report changes between ticks (set()) and the main loop moves on after
// each tick (next_tick()). A press released before the next tick still
// counts once; holding works as before; nothing is seen twice.
#include <doctest/doctest.h>

#include "engine/controls.hpp"

#include <string>
#include <vector>

using sawtooth::engine::Control;
using sawtooth::engine::Controls;

namespace {

// What `ticks` consecutive ticks see of `c`: 'P' pressed, 'H' held, 'R' released, '.' up.
std::string seen(Controls& controls, Control c, int ticks) {
    std::string out;
    for (int t = 0; t < ticks; ++t) {
        if (controls.pressed(c))
            out += 'P';
        else if (controls.hold(c))
            out += 'H';
        else if (controls.released(c))
            out += 'R';
        else
            out += '.';
        controls.next_tick();
    }
    return out;
}

}  // namespace

TEST_CASE("a press and its release before the next tick is held for exactly one tick") {
    Controls c;
    c.set(Control::Down, true);
    c.set(Control::Down, false);
    CHECK(seen(c, Control::Down, 4) == "PR..");
}

TEST_CASE("a held key stays held and is pressed only on its first tick") {
    Controls c;
    c.set(Control::Up, true);
    CHECK(seen(c, Control::Up, 3) == "PHH");
    c.set(Control::Up, true);  // key repeat, or a second key of the same control
    CHECK(seen(c, Control::Up, 2) == "HH");
    c.set(Control::Up, false);
    CHECK(seen(c, Control::Up, 2) == "R.");
}

TEST_CASE("a press is consumed by one tick: frames without ticks keep it, nothing repeats") {
    Controls c;
    c.set(Control::Confirm, true);
    c.set(Control::Confirm, false);
    // Frames that run no tick do not call next_tick(): the press waits for the first tick.
    CHECK(c.pressed(Control::Confirm));
    CHECK(c.pressed(Control::Confirm));
    // A frame that runs three ticks shows it to the first one only.
    CHECK(seen(c, Control::Confirm, 3) == "PR.");
}

TEST_CASE("quick presses between two ticks each count, in order") {
    Controls c;
    for (int i = 0; i < 3; ++i) {
        c.set(Control::Down, true);
        c.set(Control::Down, false);
    }
    CHECK(seen(c, Control::Down, 7) == "PRPRPR.");
}

TEST_CASE("a held control released and pressed again between two ticks shows the release first") {
    Controls c;
    c.set(Control::Up, true);
    CHECK(seen(c, Control::Up, 2) == "PH");
    c.set(Control::Up, false);
    c.set(Control::Up, true);
    CHECK(seen(c, Control::Up, 3) == "RPH");
}

TEST_CASE("controls are independent: each sees its own changes on the first tick") {
    Controls c;
    c.set(Control::Left, true);
    c.set(Control::Up, true);
    c.set(Control::Up, false);
    CHECK(c.pressed(Control::Left));
    CHECK(c.pressed(Control::Up));
    CHECK_FALSE(c.hold(Control::Right));
    c.next_tick();
    CHECK(c.hold(Control::Left));
    CHECK(c.released(Control::Up));
}

TEST_CASE("a long stall keeps at most kMaxLatchedChanges changes and ends in the latest state") {
    Controls c;
    for (int i = 0; i < 20; ++i) {
        c.set(Control::Down, true);
        c.set(Control::Down, false);
    }
    // The first change at once, at most kMaxLatchedChanges after it, ending up: 4 presses.
    CHECK(seen(c, Control::Down, 12) == "PRPRPRPR....");
    c.set(Control::Down, true);  // a press after the burst, still held
    CHECK(seen(c, Control::Down, 2) == "PH");
}

TEST_CASE("take_press counts presses once each, apart from the ticks") {
    Controls c;
    c.set(Control::Fullscreen, true);
    c.set(Control::Fullscreen, false);
    c.set(Control::Fullscreen, true);
    CHECK(c.take_press(Control::Fullscreen));
    CHECK(c.take_press(Control::Fullscreen));
    CHECK_FALSE(c.take_press(Control::Fullscreen));
    CHECK(c.pressed(Control::Fullscreen));  // the ticks still see it
}

TEST_CASE("clear() releases what is held on the next tick's view") {
    Controls c;
    c.set(Control::Right, true);
    c.next_tick();
    c.clear();
    CHECK_FALSE(c.hold(Control::Right));
    CHECK(c.released(Control::Right));
}
