// `sawtooth-lab bench` (the group) and `bench sim`: simulation throughput on a large test
// level with traps, the player driven by the shared benchmark input pattern.
#include "game/sim/determinism.hpp"
#include "game/sim/simulation.hpp"
#include "tools/bench/bench_util.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>

namespace sawtooth::lab {

namespace {

struct SimBenchOptions {
    int runs = 7;
    int ticks = 20000;
    int width = 400;
    bool json = false;
};

// Median seconds of `o.runs` runs of `o.ticks` ticks; `deaths` = deaths of the last run.
double time_runs(const Level& level, const SimBenchOptions& o, bool traps_kill, int& deaths) {
    std::vector<double> seconds;
    std::uint64_t checksum = 0;
    for (int run = 0; run < o.runs; ++run) {
        SimConfig config;
        config.traps_enabled = traps_kill;
        Simulation sim(level, config);
        const double t0 = bench::now_seconds();
        for (int i = 0; i < o.ticks; ++i) sim.step(benchmark_input(static_cast<std::uint64_t>(i)));
        seconds.push_back(bench::now_seconds() - t0);
        checksum ^= sim.state_hash();  // keeps the work observable
        deaths = sim.deaths();
    }
    (void)checksum;
    return bench::median(seconds);
}

void run_sim_bench(const SimBenchOptions& o) {
    const Level level = make_benchmark_level(o.width);
    // The headline figure runs with deaths off (trap states are still evaluated every
    // tick) so every tick moves the player: dead ticks are cheap and would flatter it. The
    // second run has traps killing, so the hit tests and respawns are measured too.
    int deaths = 0, deaths_on = 0;
    const double median = time_runs(level, o, false, deaths);
    const double median_on = time_runs(level, o, true, deaths_on);
    const double tps = o.ticks / median;
    const double rt = tps / kTicksPerSecond;
    if (o.json) {
        nlohmann::json j{{"ticks_per_second", tps},
                         {"realtime_factor", rt},
                         {"us_per_tick", 1e6 / tps},
                         {"runs", o.runs},
                         {"ticks_per_run", o.ticks},
                         {"level_cells", o.width * level.height},
                         {"traps", level.traps.size()},
                         {"deaths_per_run", deaths},
                         {"realtime_factor_traps_kill", o.ticks / median_on / kTicksPerSecond},
                         {"deaths_per_run_traps_kill", deaths_on}};
        std::printf("%s\n", j.dump().c_str());
    } else {
        std::printf(
            "sim: %.0f ticks/s = %.0fx real time (%.2f us/tick), median of %d runs of %d ticks, %zu traps\n",
            tps, rt, 1e6 / tps, o.runs, o.ticks, level.traps.size());
        std::printf("sim with traps killing: %.0fx real time (%d deaths per run)\n",
                    o.ticks / median_on / kTicksPerSecond, deaths_on);
    }
}

}  // namespace

void register_bench(CLI::App& app) {
    CLI::App* bench =
        app.add_subcommand("bench", "benchmarks: print measured figures (median of several runs)");
    bench->require_subcommand(1);
    auto opts = std::make_shared<SimBenchOptions>();
    CLI::App* sim = bench->add_subcommand("sim", "simulation ticks per second on a large level with traps");
    sim->add_option("--runs", opts->runs, "repetitions (median reported)")->check(CLI::Range(1, 1000));
    sim->add_option("--ticks", opts->ticks, "ticks per run")->check(CLI::Range(100, 100000000));
    sim->add_option("--width", opts->width, "level width in cells")->check(CLI::Range(20, 4000));
    sim->add_flag("--json", opts->json, "print JSON");
    sim->callback([opts] { run_sim_bench(*opts); });
}

}  // namespace sawtooth::lab
