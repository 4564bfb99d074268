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

namespace {
// The benchmark level's shape is arbitrary but fixed: the golden hash in tests/data/ and
// the benchmark figures run on it.
constexpr int kBenchHeight = 24;                   // cells
constexpr std::uint64_t kBenchSeed = 0x5A77007Bu;  // the level's only randomness
constexpr int kStepWidth = 4;                      // columns per floor step; also the flat ends
constexpr int kMaxFloor = 6;                       // the floor rises at most to this row
constexpr int kTrapsFrom = 12;                     // no traps near the start
constexpr double kTrapChance = 0.25;               // per floor step
constexpr int kSawCycleTicks = 100;
constexpr double kLedgeChance = 0.5;  // per floor step: a floating ledge above it
constexpr int kLedgeWidth = 3;        // cells
constexpr int kLedgeLift = 3;         // rows above the floor, plus 0..3 at random
constexpr int kLedgeHeadroom = 3;     // rows kept free under the ceiling
// The benchmark input: legs of running right, every fourth leg left; hops and presses of
// down at fixed periods.
constexpr std::uint64_t kLegTicks = 600;
constexpr std::uint64_t kHopPeriod = 50, kHopHeldTicks = 22;
constexpr std::uint64_t kDownPeriod = 400, kDownFrom = 390;
}  // namespace

Level make_benchmark_level(int width) {
    Level level;
    level.width = width;
    level.height = kBenchHeight;
    level.cells.assign(static_cast<std::size_t>(width * kBenchHeight), Cell::Open);
    Rng rng(kBenchSeed);
    // Closed box with a rolling floor of steps and gaps, and floating ledges above.
    for (int x = 0; x < width; ++x) {
        level.set(x, 0, Cell::Solid);
        level.set(x, kBenchHeight - 1, Cell::Solid);
    }
    for (int y = 0; y < kBenchHeight; ++y) {
        level.set(0, y, Cell::Solid);
        level.set(width - 1, y, Cell::Solid);
    }
    int ground = 1;
    for (int x = kStepWidth; x < width - kStepWidth; x += kStepWidth) {
        const int step = static_cast<int>(rng.uniform_int(-1, 1));
        ground = std::max(1, std::min(kMaxFloor, ground + step));
        for (int dx = 0; dx < kStepWidth; ++dx)
            for (int y = 1; y < ground; ++y) level.set(x + dx, y, Cell::Solid);
        // Traps on some flat stretches, so the benchmark pays for trap updates too.
        if (x > kTrapsFrom && rng.chance(kTrapChance)) {
            Trap t;
            t.type = rng.chance(0.5) ? TrapType::Saw : TrapType::Mine;
            t.cell = {x, ground};
            t.cycle_ticks = t.type == TrapType::Mine ? 1 : kSawCycleTicks;
            t.phase_ticks = 0;
            level.traps.push_back(t);
        }
        if (rng.chance(kLedgeChance)) {
            const int ly = ground + kLedgeLift + static_cast<int>(rng.uniform_int(0, 3));
            if (ly < kBenchHeight - kLedgeHeadroom)
                for (int dx = 0; dx < kLedgeWidth; ++dx) level.set(x + dx, ly, Cell::Solid);
        }
    }
    level.start = {2, 1};
    level.exit = {width - 3, 1};
    level.set_meta("name", "Benchmark level");
    return level;
}

InputFrame benchmark_input(std::uint64_t i) {
    InputFrame f;
    const std::uint64_t leg = (i / kLegTicks) % 4;
    f.bits = leg == 3 ? kInputLeft : kInputRight;
    if (i % kHopPeriod < kHopHeldTicks) f.bits |= kInputUp;
    if (i % kDownPeriod > kDownFrom) f.bits |= kInputDown;
    return f;
}

}  // namespace sawtooth
