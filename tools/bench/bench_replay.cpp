// `sawtooth-lab bench replay [--json]`: records a synthetic ten-level study session (the
// study's linear generated levels 1..10, a fixed scripted input pattern, one minute each
// unless the exit is reached) into a fresh store, then replays and verifies all ten levels
// several times. Prints {"realtime_factor", "bytes_per_minute"}: recorded play time over
// the median wall time of the full replay (load, regenerate, simulate, check events and
// hashes), and store bytes per minute of play (file size after a checkpoint, minus an
// empty store). The levels replay on all cores (--threads); realtime_factor_cpu uses the
// process's CPU time over all threads, i.e. the single-core speed (stable on a loaded box).
#include "telemetry/recorder.hpp"
#include "telemetry/replay.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>

namespace sawtooth::lab {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kStudyLevels = 10;
constexpr std::uint64_t kFirstSeed = 1000;  // seeds tried from here, in order
constexpr int kSeedAttempts = 20;           // per level, if a seed fails to generate

struct BenchArgs {
    bool json = false;
    int runs = 5;
    double minutes = 1.0;
    std::string keep;
    bool file_levels = false;
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
};

// Scripted play: run right, jump in rhythm, turn around now and then, let go of ledges;
// enough variety for deaths, hangs, landings and trap entries.
InputFrame pattern(std::uint64_t t) {
    InputFrame f{kInputRight};
    if (t % 75 < 18) f.bits |= kInputUp;
    if ((t / 420) % 4 == 3) f.bits = static_cast<std::uint8_t>((f.bits & ~kInputRight) | kInputLeft);
    if (t % 200 > 190) f.bits |= kInputDown;
    if (t % 600 > 570) f.bits = 0;
    return f;
}

// CPU time of the whole process (all replay threads), seconds: the figure that does not
// depend on other load; recorded time over it is the single-core replay speed.
double process_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::uintmax_t checkpointed_size(telemetry::Store& store) {
    store.db().exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return fs::file_size(store.path());
}

void run_bench_replay(const BenchArgs& a) {
    const fs::path dir = fs::temp_directory_path();
    const std::string tag = std::to_string(::getpid());
    const std::string empty_path = (dir / ("sawtooth-bench-empty-" + tag + ".db")).string();
    const std::string path =
        a.keep.empty() ? (dir / ("sawtooth-bench-replay-" + tag + ".db")).string() : a.keep;
    for (const std::string& p : {empty_path, path})
        for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(p + suffix);

    std::uintmax_t empty_bytes = 0;
    {
        auto empty = telemetry::Store::open(empty_path);
        empty.create_participant();
        empty_bytes = checkpointed_size(empty);
    }
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(empty_path + suffix);

    // Record.
    auto store = std::make_shared<telemetry::Store>(telemetry::Store::open(path));
    const std::string participant = store->create_participant();
    std::uint64_t recorded_ticks = 0;
    std::vector<std::int64_t> level_ids;
    const auto max_ticks = static_cast<std::uint64_t>(a.minutes * 60.0 * kTicksPerSecond);
    {
        telemetry::SessionRecorder session(store, participant, "study");
        std::uint64_t seed = kFirstSeed;
        for (int index = 1; index <= kStudyLevels; ++index) {
            GeneratedLevel g;
            GenParams p;
            for (int attempt = 0; attempt < kSeedAttempts && !g.ok; ++attempt) {
                p = GenParams{};
                p.seed = seed++;
                p.layout = Layout::Linear;
                p.level_index = index;
                g = generate_level(p);
            }
            if (!g.ok)
                throw LabError("bench replay: no level generated for study index " + std::to_string(index));
            telemetry::LevelSource src{"generated", "Level " + std::to_string(index) + "/10", p, g.level};
            if (a.file_levels) src.params.reset();  // replay parses the stored text instead of regenerating
            Simulation sim(g.level);
            auto rec = session.begin_level(src, sim);
            while (sim.tick() < max_ticks && !sim.reached_exit()) {
                const InputFrame f = pattern(sim.tick());
                sim.step(f);
                rec->record_tick(f, sim);
            }
            rec->finish(
                sim.reached_exit() ? telemetry::RecordedOutcome::Completed : telemetry::RecordedOutcome::Quit,
                sim);
            recorded_ticks += sim.tick();
            level_ids.push_back(rec->level_id());
        }
        session.end("finished");
    }
    const std::uintmax_t bytes = checkpointed_size(*store) - std::min(empty_bytes, checkpointed_size(*store));
    const auto input_bytes =
        static_cast<std::uint64_t>(store->db().query_int("SELECT sum(length(rle)) FROM input_chunks"));
    const auto event_rows = static_cast<std::uint64_t>(store->db().query_int("SELECT count(*) FROM events"));
    store.reset();

    // Replay (read-only, as `sawtooth-lab replay` does), several times. Loading is one
    // connection on this thread; the ten levels are independent, so regeneration and
    // simulation run on `threads` workers (as `study` and `verify-levels` do).
    std::vector<double> seconds, cpu_seconds;
    std::size_t hashes = 0, events = 0;
    for (int run = 0; run < a.runs; ++run) {
        auto ro = telemetry::Store::open_read_only(path);
        const auto t0 = Clock::now();
        const double c0 = process_cpu_seconds();
        std::vector<telemetry::LoadedRecording> recs;
        for (const std::int64_t id : level_ids) recs.push_back(telemetry::load_recording(ro, id));
        std::vector<telemetry::ReplayReport> reports(recs.size());
        std::atomic<std::size_t> next{0};
        auto worker = [&] {
            for (std::size_t i = next++; i < recs.size(); i = next++)
                reports[i] = telemetry::verify_replay(recs[i]);
        };
        std::vector<std::thread> pool;
        for (int t = 1; t < a.threads; ++t) pool.emplace_back(worker);
        worker();
        for (std::thread& t : pool) t.join();
        seconds.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
        cpu_seconds.push_back(process_cpu_seconds() - c0);
        hashes = events = 0;
        for (std::size_t i = 0; i < reports.size(); ++i) {
            const telemetry::ReplayReport& rep = reports[i];
            if (rep.desync)
                throw LabError("bench replay: level " + std::to_string(level_ids[i]) + " desynced at tick " +
                               std::to_string(rep.desync->tick) + ": " + rep.desync->what);
            hashes += rep.hashes_checked;
            events += rep.events_checked;
        }
    }
    std::sort(seconds.begin(), seconds.end());
    std::sort(cpu_seconds.begin(), cpu_seconds.end());
    const double median = seconds[seconds.size() / 2];
    const double median_cpu = cpu_seconds[cpu_seconds.size() / 2];
    const double minutes = static_cast<double>(recorded_ticks) / kTicksPerSecond / 60.0;
    if (a.keep.empty())
        for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);

    const nlohmann::json out = {
        {"realtime_factor", static_cast<double>(recorded_ticks) / kTicksPerSecond / median},
        {"realtime_factor_cpu", static_cast<double>(recorded_ticks) / kTicksPerSecond / median_cpu},
        {"bytes_per_minute", static_cast<double>(bytes) / minutes},
        {"input_bytes_per_minute", static_cast<double>(input_bytes) / minutes},
        {"event_rows_per_minute", static_cast<double>(event_rows) / minutes},
        {"levels", level_ids.size()},
        {"recorded_minutes", minutes},
        {"replay_seconds_median", median},
        {"events_checked", events},
        {"hashes_checked", hashes},
        {"runs", a.runs},
        {"threads", a.threads},
        {"regenerates_levels", !a.file_levels}};
    if (a.json)
        std::printf("%s\n", out.dump(2).c_str());
    else
        std::printf(
            "replay: %.0fx real time (%.2f min of play in %.3f s, median of %d); store: %.0f bytes/min "
            "(inputs %.0f bytes/min)\n",
            out["realtime_factor"].get<double>(), minutes, median, a.runs,
            out["bytes_per_minute"].get<double>(), out["input_bytes_per_minute"].get<double>());
}

}  // namespace

void register_bench_replay(CLI::App& app) {
    CLI::App* bench = app.get_subcommand("bench");
    auto args = std::make_shared<BenchArgs>();
    CLI::App* cmd =
        bench->add_subcommand("replay", "replay speed and store size of a recorded ten-level session");
    cmd->add_flag("--json", args->json, "print JSON");
    cmd->add_option("--runs", args->runs, "replays of the whole session (median reported)")
        ->check(CLI::Range(1, 100));
    cmd->add_option("--minutes", args->minutes,
                    "scripted play per level, minutes (less if the exit is reached)")
        ->check(CLI::Range(0.05, 30.0));
    cmd->add_flag("--file-levels", args->file_levels,
                  "store the levels as text only (replay without regeneration, for comparison)");
    cmd->add_option("--threads", args->threads, "replay threads (default: all cores)")
        ->check(CLI::Range(1, 64));
    cmd->add_option("--keep-db", args->keep, "keep the recorded session in this database file");
    cmd->callback([args] { run_bench_replay(*args); });
}

}  // namespace sawtooth::lab
