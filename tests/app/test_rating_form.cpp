// The rating form's state without SDL (game/app/screens/rating_form): digits, arrows + Enter, the
// gamepad's d-pad + A (the same Controls), mouse hover and clicks through the layout's
// hit-testing, skipping, Submit refusing an incomplete form, and the ticks it took.
#include "game/app/screens/rating_form.hpp"

#include <doctest/doctest.h>

using namespace sawtooth;
using app::RatingForm;
using app::RatingLayout;
using app::RatingPointer;
using app::RatingSpot;
using engine::Control;

namespace {

// Drives a form tick by tick the way the main loop does: a press is seen on one tick and
// released before the next.
struct Driver {
    RatingForm form;
    engine::Controls controls;

    void tick(std::string_view typed = {}, RatingPointer pointer = {}) {
        form.tick(controls, typed, pointer);
        controls.next_tick();
    }
    void press(Control c) {
        controls.set(c, true);
        tick();
        controls.set(c, false);
        tick();
    }
    RatingPointer click_at(RatingSpot spot) const {
        float x = 0, y = 0, w = 0, h = 0;
        RatingLayout{}.rect(spot, x, y, w, h);
        RatingPointer p;
        p.clicked = RatingLayout{}.hit(x + w / 2, y + h / 2);
        return p;
    }
};

}  // namespace

TEST_CASE("digits answer both questions, 0 means 10, Enter submits") {
    Driver d;
    d.tick("0");
    CHECK(d.form.value(RatingSpot::Enjoyment) == 10);
    CHECK(d.form.focus().row == RatingSpot::Difficulty);
    d.tick("9");  // off the 1-7 scale: ignored
    CHECK(!d.form.value(RatingSpot::Difficulty));
    d.tick("0");  // 10 is off it too
    CHECK(!d.form.value(RatingSpot::Difficulty));
    d.tick("6");
    CHECK(d.form.value(RatingSpot::Difficulty) == 6);
    CHECK(d.form.focus() == RatingSpot{RatingSpot::Buttons, app::kSubmit});
    CHECK(!d.form.answer());
    d.press(Control::Confirm);
    REQUIRE(d.form.answer());
    CHECK(!d.form.answer()->skipped);
    CHECK(d.form.answer()->enjoyment == 10);
    CHECK(d.form.answer()->difficulty == 6);
    CHECK(d.form.answer()->ticks == 5);  // four typing ticks and the Enter tick
}

TEST_CASE("arrows (or the d-pad) and Enter (or pad A) answer from the middle of each scale") {
    Driver d;
    CHECK(d.form.focus() == RatingSpot{RatingSpot::Enjoyment, 4});  // box "5"
    d.press(Control::Right);
    d.press(Control::Right);
    CHECK(d.form.value(RatingSpot::Enjoyment) == 7);
    d.press(Control::Confirm);
    CHECK(d.form.focus().row == RatingSpot::Difficulty);
    d.press(Control::Left);
    CHECK(d.form.value(RatingSpot::Difficulty) == 3);
    for (int i = 0; i < 5; ++i) d.press(Control::Left);  // stops at 1
    CHECK(d.form.value(RatingSpot::Difficulty) == 1);
    d.press(Control::Up);
    CHECK(d.form.focus() == RatingSpot{RatingSpot::Enjoyment, 6});  // back where it was
    d.press(Control::Down);
    d.press(Control::Down);
    CHECK(d.form.focus() == RatingSpot{RatingSpot::Buttons, app::kSubmit});
    d.press(Control::Confirm);
    REQUIRE(d.form.answer());
    CHECK(d.form.answer()->enjoyment == 7);
    CHECK(d.form.answer()->difficulty == 1);
}

TEST_CASE("Submit with an open question goes to it instead of submitting") {
    Driver d;
    d.tick("8");
    d.press(Control::Down);  // to the buttons without answering the difficulty
    CHECK(d.form.focus().row == RatingSpot::Buttons);
    d.press(Control::Confirm);
    CHECK(!d.form.answer());
    CHECK(d.form.focus().row == RatingSpot::Difficulty);
    CHECK(!d.form.complete());
}

TEST_CASE("skipping: Back (Backspace, pad B), Pause (Esc) or the Skip button store no answers") {
    for (const Control c : {Control::Back, Control::Pause}) {
        Driver d;
        d.tick("4");
        d.press(c);
        REQUIRE(d.form.answer());
        CHECK(d.form.answer()->skipped);
        CHECK(!d.form.answer()->enjoyment);
        CHECK(!d.form.answer()->difficulty);
    }
    Driver d;
    d.press(Control::Down);
    d.press(Control::Down);
    d.press(Control::Right);  // Submit -> Skip
    CHECK(d.form.focus() == RatingSpot{RatingSpot::Buttons, app::kSkip});
    d.press(Control::Confirm);
    REQUIRE(d.form.answer());
    CHECK(d.form.answer()->skipped);
    // Once answered, input changes nothing.
    d.tick("9");
    d.press(Control::Confirm);
    CHECK(d.form.answer()->skipped);
}

TEST_CASE("the mouse: hover moves the focus, clicks answer and press the buttons") {
    Driver d;
    RatingPointer hover;
    hover.hover = RatingSpot{RatingSpot::Difficulty, 5};
    d.tick({}, hover);
    CHECK(d.form.focus() == RatingSpot{RatingSpot::Difficulty, 5});
    CHECK(!d.form.value(RatingSpot::Difficulty));  // hovering is not answering
    d.tick({}, d.click_at({RatingSpot::Enjoyment, 9}));
    d.tick({}, d.click_at({RatingSpot::Buttons, app::kSubmit}));
    CHECK(!d.form.answer());  // difficulty still open
    d.tick({}, d.click_at({RatingSpot::Difficulty, 1}));
    d.tick({}, d.click_at({RatingSpot::Buttons, app::kSubmit}));
    REQUIRE(d.form.answer());
    CHECK(d.form.answer()->enjoyment == 10);
    CHECK(d.form.answer()->difficulty == 2);
}

TEST_CASE("layout: every box and button is hit at its centre, nothing between rows") {
    const RatingLayout L;
    for (const auto row : {RatingSpot::Enjoyment, RatingSpot::Difficulty, RatingSpot::Buttons})
        for (int i = 0; i < RatingLayout::boxes(row); ++i) {
            float x = 0, y = 0, w = 0, h = 0;
            L.rect({row, i}, x, y, w, h);
            CAPTURE(i);
            CHECK(L.hit(x + w / 2, y + h / 2) == RatingSpot{row, i});
            CHECK(x >= 0);
            CHECK(x + w <= 1280);
        }
    CHECK(RatingLayout::boxes(RatingSpot::Enjoyment) == 10);
    CHECK(RatingLayout::boxes(RatingSpot::Difficulty) == 7);
    CHECK(!L.hit(640, L.enjoyment_y - 30));
    CHECK(!L.hit(5, 5));
}
