// `sawtooth-lab bench all [--json] [--quick]`: every headline figure in one run (docs/performance.md).
// Each benchmark runs as its own process, as a user would start it (the lab's own commands,
// and the game's --bench-frames: headless, and windowed in the DISPLAY or, without one,
// under xvfb-run), --runs times (--heavy-runs for the playability proof and the study);
// prints one JSON object with each figure's median over its runs, the runs, the machine's
// core count, the build id and the date. --quick shrinks every range for a fast check (the
// JSON says which). tools/bench/bench_table.py turns the JSON into the README's table.
// Figures are printed, never asserted.
#include "telemetry/store/build_info.hpp"
#include "telemetry/store/store.hpp"
#include "tools/bench/bench_util.hpp"
#include "tools/bench/machine.hpp"
#include "tools/lab/child_process.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <thread>

namespace sawtooth::lab {

namespace {

namespace fs = std::filesystem;

/// Flags of `bench all`.
struct BenchAllOptions {
    bool json = false;  ///< accepted for symmetry with other benchmarks: JSON is the only format
    bool quick = false;
    int runs = 3;              ///< runs of each light benchmark
    int heavy_runs = 1;        ///< runs of verify-levels and the study (minutes each)
    int threads = 2;           ///< verify-levels and study threads (the README's figures use 2)
    std::string verify_seeds;  ///< default: 1..1000, quick 1..2
    int players = 0;           ///< default: 53, quick 1
    std::string game;          ///< the game binary; default: `sawtooth` beside this binary
};

/// Where a figure comes from: a number in the child's JSON, or the child's wall time.
struct Figure {
    std::string key;
    std::string json_field;  ///< empty: the wall-clock seconds of the whole child
    std::string unit;
    std::string what;
};

/// One benchmark: the command that measures it and the figures read from each run.
struct Benchmark {
    std::string label;
    std::string program;
    std::vector<std::string> args;
    std::vector<Figure> figures;
    int runs = 1;
    std::string shown;  ///< the command as documented (program name, not its path)
};

std::string joined(const std::vector<std::string>& words) {
    std::string s;
    for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
    return s;
}

// The game's frame benchmark: headless, or windowed (the DISPLAY, else xvfb-run).
Benchmark frames_benchmark(const BenchAllOptions& o, bool headless, int frames) {
    const std::string game =
        o.game.empty() ? (fs::path(own_executable()).parent_path() / "sawtooth").string() : o.game;
    if (::access(game.c_str(), X_OK) != 0)
        throw LabError("bench all: no game binary at '" + game +
                       "' (build the sawtooth target or give --game)");
    std::vector<std::string> args = {"--no-record",          "--seed", "42", "--bench-frames",
                                     std::to_string(frames), "--json"};
    if (headless) {
        args.insert(args.begin(), "--headless");
        return {"headless frames",
                game,
                args,
                {{"frame_headless_median_ms", "median_frame_ms", "ms",
                  "frame, generated level, --headless (software renderer), median"}},
                o.runs,
                "sawtooth " + joined(args)};
    }
    const bool display = std::getenv("DISPLAY") != nullptr;
    if (!display && !in_path("xvfb-run"))
        throw LabError("bench all: no DISPLAY and no xvfb-run for the windowed frames (install xvfb)");
    const std::string shown =
        (display ? "sawtooth " : "xvfb-run -a -s \"-screen 0 1280x720x24\" sawtooth ") + joined(args);
    if (!display) args.insert(args.begin(), {"-a", "-s", "-screen 0 1280x720x24", game});
    return {
        "windowed frames",
        display ? game : "xvfb-run",
        args,
        {{"frame_windowed_median_ms", "median_frame_ms", "ms",
          "frame, same level, windowed (OpenGL, or the software renderer when OpenGL is llvmpipe), median"}},
        o.runs,
        shown};
}

/// The last non-empty line of a child's stderr (its one-line error).
std::string last_line(std::string text) {
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text.substr(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
}

Benchmark lab_benchmark(std::string label, std::vector<std::string> args, std::vector<Figure> figures,
                        int runs, const std::string& study_db = {}) {
    std::vector<std::string> shown = args;
    for (std::string& a : shown)
        if (!study_db.empty() && a == study_db) a = "study.db";  // not the temporary file's name
    return {
        std::move(label), own_executable(), args, std::move(figures), runs, "sawtooth-lab " + joined(shown)};
}

std::vector<Benchmark> benchmarks(const BenchAllOptions& o, const std::string& study_db) {
    const bool q = o.quick;
    const std::string threads = std::to_string(o.threads);
    const std::string seeds = !o.verify_seeds.empty() ? o.verify_seeds : (q ? "1..2" : "1..1000");
    const std::string players = std::to_string(o.players > 0 ? o.players : (q ? 1 : 53));
    std::vector<std::string> study = {"simulate-study", "--players", players,  "--threads",
                                      threads,          "--db",      study_db, "--json"};
    if (q) study.insert(study.end(), {"--levels", "1"});
    std::vector<Benchmark> all;
    all.push_back(lab_benchmark(
        "level generation", {"bench", "gen", "--json", "--runs", "1", "--seeds", q ? "1..10" : "1..1000"},
        {{"room_quick_rate", "room_quick_rate", "share",
          "lone 11x7 room attempts finishing within 5000 iterations"},
         {"maze_level_median_ms", "median_ms", "ms", "full 4x3 maze level with graph, routes, traps, median"},
         {"maze_level_p99_ms", "p99_ms", "ms", "full 4x3 maze level, p99"}},
        o.runs));
    all.push_back(frames_benchmark(o, true, q ? 60 : 600));
    all.push_back(frames_benchmark(o, false, q ? 60 : 600));
    all.push_back(lab_benchmark(
        "playability proof", {"verify-levels", "--seeds", seeds, "--threads", threads, "--json"},
        {{"verify_levels_seconds", "", "s", "playability proof, expert bot both ways, maze " + seeds}},
        o.heavy_runs));
    all.push_back(
        lab_benchmark("study", study,
                      {{"study_seconds", "", "s",
                        "simulated " + players + "-participant study" + (q ? ", 1 level each" : "")}},
                      o.heavy_runs, study_db));
    all.push_back(lab_benchmark(
        "replay",
        q ? std::vector<std::string>{"bench", "replay", "--json", "--minutes", "0.1", "--runs", "1"}
          : std::vector<std::string>{"bench", "replay", "--json"},
        {{"replay_realtime_factor_per_core", "realtime_factor_cpu", "x real time",
          "replay of a recorded 10-level study, per core (CPU time)"}},
        o.runs));
    all.push_back(lab_benchmark(
        "word scan", {"bench", "words", "--json", "--runs", q ? "1" : "5"},
        {{"words_enumerate_us", "enumerate_us", "us", "Elimination word scan of 12 letters"}}, o.runs));
    return all;
}

/// What the runs of one benchmark gave.
struct BenchRuns {
    std::vector<std::vector<double>> values;  ///< per figure, the value of every run
    std::vector<double> loads;                ///< the 1-minute load average before each run
    std::string renderer;                     ///< the frame benchmarks' "renderer" (else empty)
};

// Runs one benchmark `b.runs` times.
BenchRuns run_benchmark(const Benchmark& b, std::size_t index, std::size_t count,
                        const std::string& study_db) {
    BenchRuns runs;
    std::vector<std::vector<double>>& values = runs.values;
    values.resize(b.figures.size());
    ProgressLine progress("bench all " + std::to_string(index) + "/" + std::to_string(count) + ": " + b.label,
                          static_cast<std::size_t>(b.runs));
    for (int run = 0; run < b.runs; ++run) {
        for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(study_db + suffix);
        runs.loads.push_back(bench::load_average());
        const double t0 = bench::now_seconds();
        const ChildResult r = run_child(b.program, b.args);
        const double seconds = bench::now_seconds() - t0;
        if (r.exit_code != 0)
            throw LabError("bench all: '" + b.shown + "' failed (exit " + std::to_string(r.exit_code) +
                           "): " + last_line(r.err));
        nlohmann::json out;
        for (std::size_t f = 0; f < b.figures.size(); ++f) {
            if (b.figures[f].json_field.empty()) {
                values[f].push_back(seconds);
                continue;
            }
            if (out.is_null()) out = nlohmann::json::parse(r.out, nullptr, false);
            const auto it = out.is_object() ? out.find(b.figures[f].json_field) : out.end();
            if (it == out.end() || !it->is_number())
                throw LabError("bench all: '" + b.shown + "' printed no number '" + b.figures[f].json_field +
                               "'");
            values[f].push_back(it->get<double>());
        }
        if (const auto it = out.is_object() ? out.find("renderer") : out.end();
            it != out.end() && it->is_string())
            runs.renderer = it->get<std::string>();
        progress.advance();
    }
    return runs;
}

void run_bench_all(const BenchAllOptions& o) {
    const std::string study_db =
        (fs::temp_directory_path() / ("sawtooth-bench-all-" + std::to_string(::getpid()) + ".db")).string();
    const std::vector<Benchmark> all = benchmarks(o, study_db);
    const double load_start = bench::load_average();
    // In the order of the README's table (ordered_json keeps insertion order).
    nlohmann::ordered_json figures = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < all.size(); ++i) {
        const Benchmark& b = all[i];
        const BenchRuns runs = run_benchmark(b, i + 1, all.size(), study_db);
        for (std::size_t f = 0; f < b.figures.size(); ++f) {
            nlohmann::ordered_json& figure = figures[b.figures[f].key];
            figure = {{"median", bench::median(runs.values[f])},
                      {"runs", b.runs},
                      {"values", runs.values[f]},
                      {"unit", b.figures[f].unit},
                      {"what", b.figures[f].what},
                      {"command", b.shown},
                      {"load_average", runs.loads}};
            if (!runs.renderer.empty()) figure["renderer"] = runs.renderer;
        }
    }
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(study_db + suffix);
    const nlohmann::ordered_json out = {{"format", "sawtooth-bench-all"},
                                        {"version", 1},
                                        {"quick", o.quick},
                                        {"date_utc", telemetry::utc_now()},
                                        {"build_id", std::string(build_id())},
                                        {"cores", std::max(1u, std::thread::hardware_concurrency())},
                                        {"cpu_model", bench::cpu_model()},
                                        {"load_average_start", load_start},
                                        {"load_average_end", bench::load_average()},
                                        {"figures", figures}};
    std::printf("%s\n", out.dump(2).c_str());
}

}  // namespace

void register_bench_all(CLI::App& app) {
    CLI::App* bench = app.get_subcommand("bench");
    auto* cmd = bench->add_subcommand("all", "every benchmark of the README's table, one JSON object");
    // CLI11 writes through these references while parsing; the callback owns the struct.
    auto o = std::make_shared<BenchAllOptions>();
    cmd->add_flag("--json", o->json, "JSON output (the only format)");
    cmd->add_flag("--quick", o->quick,
                  "small ranges for a fast check (10 seeds, 60 frames, proof of maze 1..2, a 1-player "
                  "1-level study, short replay; \"quick\": true in the JSON)");
    cmd->add_option("--runs", o->runs, "runs of each light benchmark (medians reported)")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    cmd->add_option("--heavy-runs", o->heavy_runs, "runs of verify-levels and the study")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    cmd->add_option("--threads", o->threads, "verify-levels and study threads")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    cmd->add_option("--verify-seeds", o->verify_seeds,
                    "maze seeds of the proof (default 1..1000, quick 1..2)");
    cmd->add_option("--players", o->players, "study participants (default 53, quick 1)")
        ->check(CLI::Range(1, 10000));
    cmd->add_option("--game", o->game, "the game binary (default: sawtooth beside sawtooth-lab)");
    cmd->callback([o] { run_bench_all(*o); });
}

}  // namespace sawtooth::lab
