#include "game/sim/determinism.hpp"

#include "game/sim/simulation.hpp"
#include "gen/rng.hpp"

#include <algorithm>

namespace sawtooth {

ScenarioResult run_scenario(const Level& level, const std::vector<InputFrame>& inputs) {
    Simulation sim(level);
    ScenarioResult r;
    for (const InputFrame& in : inputs) {
        sim.step(in);
        if (sim.tick() % kStateHashInterval == 0) r.periodic_hashes.push_back(sim.state_hash());
    }
    r.final_hash = sim.state_hash();
    r.ticks = sim.tick();
    r.final_x = sim.player().x;
    r.final_y = sim.player().y;
    r.deaths = sim.deaths();
    r.reached_exit = sim.reached_exit();
    return r;
}

Level make_benchmark_level(int width) {
    constexpr int kHeight = 24;
    Level level;
    level.width = width;
    level.height = kHeight;
    level.cells.assign(static_cast<std::size_t>(width * kHeight), Cell::Open);
    Rng rng(0x5A77007Bu);
    // Closed box with a rolling floor of steps and gaps, and floating ledges above.
    for (int x = 0; x < width; ++x) {
        level.set(x, 0, Cell::Solid);
        level.set(x, kHeight - 1, Cell::Solid);
    }
    for (int y = 0; y < kHeight; ++y) {
        level.set(0, y, Cell::Solid);
        level.set(width - 1, y, Cell::Solid);
    }
    int ground = 1;
    for (int x = 4; x < width - 4; x += 4) {
        const int step = static_cast<int>(rng.uniform_int(-1, 1));
        ground = std::max(1, std::min(6, ground + step));
        for (int dx = 0; dx < 4; ++dx)
            for (int y = 1; y < ground; ++y) level.set(x + dx, y, Cell::Solid);
        // Traps on some flat stretches, so the benchmark pays for trap updates too.
        if (x > 12 && rng.chance(0.25)) {
            Trap t;
            t.type = rng.chance(0.5) ? TrapType::Saw : TrapType::Mine;
            t.cell = {x, ground};
            t.cycle_ticks = t.type == TrapType::Mine ? 1 : 100;
            t.phase_ticks = 0;
            level.traps.push_back(t);
        }
        if (rng.chance(0.5)) {
            const int ly = ground + 3 + static_cast<int>(rng.uniform_int(0, 3));
            if (ly < kHeight - 3)
                for (int dx = 0; dx < 3; ++dx) level.set(x + dx, ly, Cell::Solid);
        }
    }
    level.start = {2, 1};
    level.exit = {width - 3, 1};
    level.set_meta("name", "Benchmark level");
    return level;
}

InputFrame benchmark_input(std::uint64_t i) {
    InputFrame f;
    const std::uint64_t leg = (i / 600) % 4;  // mostly rightward, sometimes back
    f.bits = leg == 3 ? kInputLeft : kInputRight;
    if (i % 50 < 22) f.bits |= kInputUp;
    if (i % 400 > 390) f.bits |= kInputDown;
    return f;
}

}  // namespace sawtooth
