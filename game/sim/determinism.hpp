#pragma once
// The shared determinism scenario (after Box2D v3's shared/determinism.c): a level and an
// input script run through the simulation, summarised by the final state hash. Tests
// compare it with the golden value in tests/data/; `sawtooth-lab bench sim` runs the same
// code so a benchmark can never drift from what is tested.

#include "game/sim/input.hpp"
#include "gen/level.hpp"

#include <cstdint>
#include <vector>

namespace sawtooth {

/// Outcome of running inputs through a fresh Simulation.
struct ScenarioResult {
    std::uint64_t final_hash = 0;  ///< state_hash() after the last tick
    std::uint64_t ticks = 0;
    double final_x = 0.0, final_y = 0.0;  ///< player centre, m
    int deaths = 0;
    bool reached_exit = false;
    std::vector<std::uint64_t> periodic_hashes;  ///< every kStateHashInterval ticks
};

/// Runs `inputs` on a fresh Simulation of `level`.
ScenarioResult run_scenario(const Level& level, const std::vector<InputFrame>& inputs);

/// A large open test level (about `width` x 24 cells) with steps, gaps and ledges, for
/// benchmarks; the same for a given width on every run.
Level make_benchmark_level(int width);

/// The benchmark's input pattern for tick `i`: run right, hop, turn around now and then.
InputFrame benchmark_input(std::uint64_t i);

}  // namespace sawtooth
