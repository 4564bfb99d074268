// The fixed-step accumulator and the main loop's frame pacer, without SDL: frame time is
// clamped, as many ticks run as the time covers (capped per frame, the backlog dropped),
// the remainder carries into the next frame and shows as alpha, speed factors change how
// many ticks run and never their length, and lockstep runs one tick per frame.
// Most cases use a tick of 1/64 s so every sum is exact in binary floating point.
#include <doctest/doctest.h>

#include "engine/fixed_step.hpp"

#include <cstdint>
#include <initializer_list>

using sawtooth::engine::FixedStep;
using sawtooth::engine::FixedStepConfig;
using sawtooth::engine::FramePacer;
using sawtooth::engine::FrameTicks;
using sawtooth::engine::Pacing;

namespace {

constexpr double kTick = 1.0 / 64.0;

// Ticks of 1/64 s, frames clamped to 1/4 s, at most `cap` ticks per frame.
FixedStepConfig exact_config(int cap = 64) {
    FixedStepConfig c;
    c.tick_seconds = kTick;
    c.max_frame_seconds = 0.25;
    c.max_ticks_per_frame = cap;
    return c;
}

}  // namespace

TEST_CASE("the defaults are 60 ticks per second, a quarter-second clamp and 64 ticks per frame") {
    const FixedStepConfig c;
    CHECK(c.tick_seconds == 1.0 / 60.0);
    CHECK(c.max_frame_seconds == 0.25);
    CHECK(c.max_ticks_per_frame == 64);
}

TEST_CASE("a frame as long as a tick runs one tick and leaves nothing") {
    FixedStep step(exact_config());
    for (int i = 0; i < 10; ++i) {
        CHECK(step.advance(kTick) == 1);
        CHECK(step.alpha() == 0.0);
    }
}

TEST_CASE("at 60 Hz with the default config every frame runs exactly one tick") {
    FixedStep step;
    int ticks = 0;
    for (int i = 0; i < 600; ++i) {
        const int n = step.advance(1.0 / 60.0);
        CHECK(n == 1);
        ticks += n;
    }
    CHECK(ticks == 600);
}

TEST_CASE("the remainder carries into the next frame and shows as alpha") {
    FixedStep step(exact_config());
    // Half-tick frames: a tick every second frame.
    CHECK(step.advance(kTick / 2) == 0);
    CHECK(step.alpha() == 0.5);
    CHECK(step.advance(kTick / 2) == 1);
    CHECK(step.alpha() == 0.0);
    // One and a half ticks, then another one and a half: 1 tick, then 2.
    CHECK(step.advance(kTick * 1.5) == 1);
    CHECK(step.alpha() == 0.5);
    CHECK(step.advance(kTick * 1.5) == 2);
    CHECK(step.alpha() == 0.0);
    // A quarter tick three times, then the fourth completes it.
    for (int i = 1; i <= 3; ++i) {
        CHECK(step.advance(kTick / 4) == 0);
        CHECK(step.alpha() == i * 0.25);
    }
    CHECK(step.advance(kTick / 4) == 1);
    CHECK(step.alpha() == 0.0);
}

TEST_CASE("over a second of wall time the tick count follows the wall clock at any frame rate") {
    for (const int hz : {30, 50, 59, 60, 75, 120, 144, 240}) {
        CAPTURE(hz);
        FixedStep step;
        int ticks = 0;
        for (int i = 0; i < hz * 10; ++i) ticks += step.advance(1.0 / hz);
        // Ten seconds: 600 ticks, give or take the one the remainder still holds.
        CHECK(ticks >= 599);
        CHECK(ticks <= 600);
        CHECK(step.alpha() >= 0.0);
        CHECK(step.alpha() < 1.0);
    }
}

TEST_CASE("a long frame is clamped: a stall never turns into a burst of catch-up ticks") {
    FixedStep step(exact_config());
    // 0.25 s / (1/64 s) = 16 ticks, however long the stall.
    CHECK(step.advance(0.25) == 16);
    CHECK(step.alpha() == 0.0);
    CHECK(step.advance(10.0) == 16);
    CHECK(step.alpha() == 0.0);
    CHECK(step.advance(1e9) == 16);
    // The default config clamps the same way: 0.25 s is 15 ticks of 1/60 s, at most.
    FixedStep defaults;
    const int n = defaults.advance(5.0);
    CHECK(n >= 14);
    CHECK(n <= 15);
}

TEST_CASE("a negative frame time (a clock stepping back) counts as zero and keeps the remainder") {
    FixedStep step(exact_config());
    CHECK(step.advance(kTick / 2) == 0);
    CHECK(step.advance(-1.0) == 0);
    CHECK(step.alpha() == 0.5);
    CHECK(step.advance(kTick / 2) == 1);
}

TEST_CASE("the per-frame cap holds, and a capped frame drops its backlog") {
    FixedStep step(exact_config(4));
    // Ten ticks' worth with a cap of 4: four run, the other six are dropped, not owed.
    CHECK(step.advance(10 * kTick) == 4);
    CHECK(step.alpha() < 1.0);
    CHECK(step.alpha() == doctest::Approx(0.999));
    // So the next frames run at the normal rate again instead of catching up.
    CHECK(step.advance(0.0) == 0);
    CHECK(step.advance(kTick) == 1);
    CHECK(step.advance(kTick) == 1);
}

TEST_CASE("a frame that fills the cap exactly keeps its sub-tick remainder") {
    FixedStep step(exact_config(4));
    // Four ticks and a half: the cap is reached, but there is no backlog to drop.
    CHECK(step.advance(4.5 * kTick) == 4);
    CHECK(step.alpha() == 0.5);
    CHECK(step.advance(kTick / 2) == 1);
    CHECK(step.alpha() == 0.0);
}

TEST_CASE("the default cap is 64 ticks even at the highest speed") {
    FixedStep step;
    // 16x of a clamped quarter second is 4 s = 240 ticks: capped.
    CHECK(step.advance(1.0, 16.0) == 64);
    CHECK(step.alpha() < 1.0);
}

TEST_CASE("pause: speed 0 runs no ticks and keeps the remainder for the unpause") {
    FixedStep step(exact_config());
    CHECK(step.advance(kTick / 2) == 0);
    for (int i = 0; i < 100; ++i) CHECK(step.advance(kTick * 3, 0.0) == 0);
    CHECK(step.alpha() == 0.5);
    CHECK(step.advance(kTick / 2) == 1);
    // A negative speed is a pause too, never time running backwards.
    CHECK(step.advance(kTick * 3, -2.0) == 0);
    CHECK(step.alpha() == 0.0);
}

TEST_CASE("slow motion and fast forward change the tick count, never the tick length") {
    SUBCASE("quarter speed: one tick every fourth frame") {
        FixedStep step(exact_config());
        for (int frame = 1; frame <= 16; ++frame) {
            CAPTURE(frame);
            CHECK(step.advance(kTick, 0.25) == (frame % 4 == 0 ? 1 : 0));
        }
    }
    SUBCASE("speed 4: four ticks per frame") {
        FixedStep step(exact_config());
        for (int frame = 0; frame < 8; ++frame) CHECK(step.advance(kTick, 4.0) == 4);
        CHECK(step.alpha() == 0.0);
    }
    SUBCASE("1.5x: three ticks every two frames") {
        FixedStep step(exact_config());
        CHECK(step.advance(kTick, 1.5) == 1);
        CHECK(step.alpha() == 0.5);
        CHECK(step.advance(kTick, 1.5) == 2);
        CHECK(step.alpha() == 0.0);
    }
    SUBCASE("the tick length is the config's whatever the speed") {
        for (const double speed : {0.0, 0.25, 1.0, 4.0, 16.0}) {
            FixedStep step(exact_config());
            step.advance(0.1, speed);
            CHECK(step.config().tick_seconds == kTick);
        }
    }
}

TEST_CASE("reset drops the remainder") {
    FixedStep step(exact_config());
    CHECK(step.advance(kTick * 0.75) == 0);
    step.reset();
    CHECK(step.alpha() == 0.0);
    CHECK(step.advance(kTick * 0.75) == 0);  // would have been a tick without the reset
}

TEST_CASE("over any sequence of frames no time is lost or invented unless clamped or capped") {
    // A fixed pseudo-random walk of frame times and speeds, none long enough to clamp or cap.
    FixedStep step(exact_config());
    std::uint32_t state = 12345;
    double fed = 0.0;
    long ticks = 0;
    for (int i = 0; i < 5000; ++i) {
        state = state * 1664525u + 1013904223u;
        const double frame = (state >> 8) % 1000 / 1000.0 * 0.05;                // 0..50 ms
        const double speed = 0.25 * static_cast<double>(1 + (state >> 4) % 16);  // 0.25..4
        const int n = step.advance(frame, speed);
        CHECK(n >= 0);
        CHECK(n <= 64);
        CHECK(step.alpha() >= 0.0);
        CHECK(step.alpha() < 1.0);
        fed += frame * speed;
        ticks += n;
    }
    CHECK(ticks * kTick + step.alpha() * kTick == doctest::Approx(fed).epsilon(1e-9));
}

TEST_CASE("lockstep pacing runs one tick per frame and draws it whole, whatever the clock says") {
    FramePacer pacer(Pacing::Lockstep);
    CHECK(pacer.pacing() == Pacing::Lockstep);
    for (const double wall : {0.0, 1.0 / 60.0, 0.001, 0.5, 10.0, -1.0}) {
        CAPTURE(wall);
        const FrameTicks f = pacer.next_frame(wall);
        CHECK(f.ticks == 1);
        CHECK(f.alpha == 0.0);
        CHECK(f.render_seconds == 1.0 / 60.0);
    }
}

TEST_CASE("real-time pacing hands out the accumulator's ticks and alpha, and animates with wall time") {
    FramePacer pacer(Pacing::RealTime, exact_config());
    FrameTicks f = pacer.next_frame(kTick / 2);
    CHECK(f.ticks == 0);
    CHECK(f.alpha == 0.5);
    CHECK(f.render_seconds == kTick / 2);
    f = pacer.next_frame(kTick * 1.5);
    CHECK(f.ticks == 2);
    CHECK(f.alpha == 0.0);
    CHECK(f.render_seconds == kTick * 1.5);
    // A stall is clamped for the ticks, but cosmetic animation sees the real gap.
    f = pacer.next_frame(10.0);
    CHECK(f.ticks == 16);
    CHECK(f.render_seconds == 10.0);
}
