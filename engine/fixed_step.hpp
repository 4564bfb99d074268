#pragma once
// Fixed-timestep accumulator (Fiedler, "Fix Your Timestep!"): real frame time goes in,
// a whole number of simulation ticks comes out. Pause, slow motion and fast replay change
// how many ticks run, never the tick length. Knows nothing about SDL or the game.

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

}  // namespace sawtooth::engine
