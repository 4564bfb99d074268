// `sawtooth-lab bench gen --json`: level generation figures. Times full default levels
// (4x3 maze of 11x7 rooms, graph, routes and traps included) over many seeds, and the
// quick-termination rate of lone 11x7 room attempts (thesis 3.2.2: 90 % within 5000
// iterations; an attempt may restart within that budget, see SolverSettings). Prints figures; nothing here is
// asserted by tests.
#include "gen/generator.hpp"
#include "tools/bench/bench_util.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

namespace sawtooth::lab {

namespace {

/// Most seeds one run times: a larger range is a typo, not a benchmark.
constexpr std::uint64_t kMaxSeeds = 1000000;

/// Lone 11x7 room attempts: how many solve within the iteration budget (thesis 3.2.2) and
/// how long one takes.
struct LoneRoomFigures {
    double quick_rate = 0.0;
    double attempt_median_ms = 0.0;
    double mean_iterations = 0.0;
};

/// Lone 11x7 rooms with uniformly drawn allowed exit configurations (at least 2 exits), one
/// attempt each as the generator makes it (SolverSettings: 5000 iterations, as restarts
/// when restart_iterations is shorter; the thesis: one search).
LoneRoomFigures time_lone_rooms() {
    const std::vector<RoomExits> configs = all_exit_configs(11, 7, 2);
    Rng pick(12345);
    int quick = 0;
    long long iterations = 0;
    const int lone = 2000;
    std::vector<double> attempt_ms;
    for (int i = 0; i < lone; ++i) {
        const RoomExits& e = configs[static_cast<std::size_t>(
            pick.uniform_int(0, static_cast<std::int64_t>(configs.size()) - 1))];
        int used = 0;
        const double t0 = bench::now_seconds();
        quick +=
            solve_room_restarts(11, 7, e, mix_seed(777, static_cast<std::uint64_t>(i)), {}, &used).solved;
        attempt_ms.push_back((bench::now_seconds() - t0) * 1000.0);
        iterations += used;
    }
    return {static_cast<double>(quick) / lone, bench::median(attempt_ms),
            static_cast<double>(iterations) / lone};
}

void run_bench_gen(const std::string& seeds_text, int runs, const std::string& layout_text) {
    using bench::median;
    using bench::now_seconds;
    using bench::quantile;
    const InclusiveRange<std::uint64_t> range = parse_seed_range(seeds_text, "--seeds");
    if (range.last - range.first >= kMaxSeeds)
        throw LabError("bad --seeds '" + seeds_text + "': at most " + std::to_string(kMaxSeeds) + " seeds");
    const int seeds = static_cast<int>(range.last - range.first + 1);
    GenParams base;
    base.layout = parse_layout_arg(layout_text, "--layout");
    std::vector<double> run_median, run_p99;
    int ok = 0, total = 0, attempts = 0, rooms = 0, first = 0, fallbacks = 0;
    ProgressLine progress("generating levels",
                          static_cast<std::size_t>(seeds) * static_cast<std::size_t>(runs));
    for (int run = 0; run < runs; ++run) {
        std::vector<double> ms;
        ms.reserve(static_cast<std::size_t>(seeds));
        for (int s = 0; s < seeds; ++s) {
            GenParams p = base;
            p.seed = range.first + static_cast<std::uint64_t>(s);
            const double t0 = now_seconds();
            const GeneratedLevel g = generate_level(p);
            ms.push_back((now_seconds() - t0) * 1000.0);
            if (run == 0) {
                ++total;
                ok += g.ok;
                attempts += g.stats.room_attempts;
                rooms += p.rooms_w * p.rooms_h;
                first += g.stats.rooms_first_try;
                fallbacks += g.stats.fallbacks;
            }
            progress.advance();
        }
        run_median.push_back(median(ms));
        run_p99.push_back(quantile(ms, 0.99));
    }
    progress.finish();
    const LoneRoomFigures lone = time_lone_rooms();
    const nlohmann::json out = {
        {"median_ms", median(run_median)},
        {"p99_ms", median(run_p99)},
        {"success_rate", total ? static_cast<double>(ok) / total : 0.0},
        {"room_quick_rate", lone.quick_rate},
        {"room_attempt_median_ms", lone.attempt_median_ms},
        {"room_mean_iterations", lone.mean_iterations},
        {"level_room_quick_rate", attempts ? static_cast<double>(rooms - fallbacks) / attempts : 0.0},
        {"level_rooms_first_try_rate", rooms ? static_cast<double>(first) / rooms : 0.0},
        {"fallbacks", fallbacks},
        {"seeds", seeds},
        {"runs", runs},
        {"layout", layout_text}};
    std::printf("%s\n", out.dump(2).c_str());
}

/// Flags of `bench gen`.
struct BenchGenOptions {
    std::string seeds = "1..1000";
    int runs = 3;
    std::string layout = "maze";
    bool json = false;  ///< accepted for symmetry with other benchmarks: JSON is the only format
};

}  // namespace

void register_bench_gen(CLI::App& app) {
    CLI::App* bench = app.get_subcommand("bench");
    auto* cmd = bench->add_subcommand(
        "gen", "level generation: ms per level (median, p99), success and room quick rates");
    // CLI11 writes through these references while parsing; the callback owns the struct so
    // it outlives the parse (a local bound here and not captured was freed before use).
    auto o = std::make_shared<BenchGenOptions>();
    cmd->add_option("--seeds", o->seeds, "seed range A..B: the levels of one run")->capture_default_str();
    cmd->add_option("--runs", o->runs, "repetitions (medians over runs are reported)")
        ->check(CLI::Range(1, 100));
    cmd->add_option("--layout", o->layout, "maze | linear");
    cmd->add_flag("--json", o->json, "JSON output (the only format)");
    cmd->callback([o] { run_bench_gen(o->seeds, o->runs, o->layout); });
}

}  // namespace sawtooth::lab
