#pragma once
// Fixed-timestep accumulator (Fiedler, "Fix Your Timestep!"): real frame time goes in,
// a whole number of simulation ticks comes out. Pause, slow motion and fast replay change
// how many ticks run, never the tick length. FramePacer puts it in the main loop's terms:
// per displayed frame, how many ticks to run and how to draw them, either following the
// wall clock or in lockstep (one tick per frame, for reproducible runs). Knows nothing
// about SDL or the game; tests/engine/test_fixed_step.cpp pins every rule.

namespace sawtooth::engine {

/// Settings of the accumulator.
struct FixedStepConfig {
    double tick_seconds = 1.0 / 60.0;  ///< length of one simulation tick
    double max_frame_seconds = 0.25;   ///< frame time is clamped to this (spiral of death)
    int max_ticks_per_frame = 64;      ///< hard cap even at high speed factors
};

/// Accumulates wall time and hands out ticks.
class FixedStep {
public:
    explicit FixedStep(FixedStepConfig config = {}) : m_config(config) {}

    /// Adds one frame's real time (seconds, scaled by `speed`, e.g. 0.25..16) and returns
    /// how many ticks to run now. speed 0 = paused.
    int advance(double frame_seconds, double speed = 1.0);
    /// Fraction of a tick left in the accumulator, in [0, 1): for render interpolation.
    double alpha() const { return m_accumulator / m_config.tick_seconds; }
    /// Drops any accumulated time (after loading, unpausing...).
    void reset() { m_accumulator = 0.0; }
    const FixedStepConfig& config() const { return m_config; }

private:
    FixedStepConfig m_config;
    double m_accumulator = 0.0;
};

/// How the main loop turns wall time into ticks.
enum class Pacing {
    RealTime,  ///< the accumulator: the game runs at 60 ticks per second of wall time
    Lockstep,  ///< exactly one tick per frame whatever the wall clock says: headless runs,
               ///< benchmarks and screenshots give the same output on any machine
};

/// What one displayed frame does.
struct FrameTicks {
    int ticks = 0;                ///< fixed ticks to run before drawing
    double alpha = 0.0;           ///< interpolation between the last two ticks, [0, 1)
    double render_seconds = 0.0;  ///< the frame's duration for cosmetic animation
};

/// The main loop's clock: one call per displayed frame.
class FramePacer {
public:
    explicit FramePacer(Pacing pacing, FixedStepConfig config = {}) : m_pacing(pacing), m_step(config) {}

    /// `frame_seconds` is the wall time since the previous frame. Real time: the
    /// accumulator's ticks, its alpha, and the unclamped frame time to animate with.
    /// Lockstep: one tick, alpha 0, and one tick's length.
    FrameTicks next_frame(double frame_seconds);
    Pacing pacing() const { return m_pacing; }

private:
    Pacing m_pacing;
    FixedStep m_step;
};

}  // namespace sawtooth::engine
