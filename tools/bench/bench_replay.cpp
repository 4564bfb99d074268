// `sawtooth-lab bench replay [--json]`: records a synthetic ten-level study session (the
// study's linear generated levels 1..10, a fixed scripted input pattern, one minute each
// unless the exit is reached) into a fresh store, then replays and verifies all ten levels
// several times. Prints {"realtime_factor", "bytes_per_minute"}: recorded play time over
// the median wall time of the full replay (load, rebuild the level from its stored text,
// simulate, check events and hashes), and store bytes per minute of play (file size after a checkpoint, minus
// an empty store). The levels replay on all cores (--threads); realtime_factor_cpu uses the process's CPU
// time over all threads, i.e. the single-core speed (stable on a loaded box).
#include "telemetry/recording/recorder.hpp"
#include "telemetry/recording/replay.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"

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
    bool regenerate = false;  ///< also regenerate each level (the check replay skips by default)
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

void remove_store_files(const std::string& path) {
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);
}

/// Bytes of a store holding one participant and nothing else: the baseline a recording adds to.
std::uintmax_t empty_store_bytes(const std::string& empty_path) {
    std::uintmax_t bytes = 0;
    {
        auto empty = telemetry::Store::open(empty_path);
        empty.create_participant();
        bytes = checkpointed_size(empty);
    }
    remove_store_files(empty_path);
    return bytes;
}

/// What recording the scripted session produced.
struct Recording {
    std::vector<std::int64_t> level_ids;
    std::uint64_t ticks = 0;
    std::uintmax_t bytes = 0;  ///< store bytes over an empty store
    std::uint64_t input_bytes = 0;
    std::uint64_t event_rows = 0;
};

/// The study's linear level of this index, from the first seed at or after `seed` that
/// generates (advances `seed` past the seeds used).
telemetry::LevelSource study_level(int index, std::uint64_t& seed) {
    GeneratedLevel g;
    GenParams p;
    for (int attempt = 0; attempt < kSeedAttempts && !g.ok; ++attempt) {
        p = GenParams{};
        p.seed = seed++;
        p.layout = Layout::Linear;
        p.level_index = index;
        g = generate_level(p);
    }
    if (!g.ok) throw LabError("bench replay: no level generated for study index " + std::to_string(index));
    return telemetry::LevelSource{telemetry::LevelKind::Generated, "Level " + std::to_string(index) + "/10",
                                  p, g.level};
}

/// Plays the scripted pattern on one level (until the exit or `max_ticks`), recording it.
std::int64_t record_level(telemetry::SessionRecorder& session, const telemetry::LevelSource& src,
                          std::uint64_t max_ticks, std::uint64_t& recorded_ticks) {
    Simulation sim(src.level);
    auto rec = session.begin_level(src, sim);
    while (sim.tick() < max_ticks && !sim.reached_exit()) {
        const InputFrame f = pattern(sim.tick());
        sim.step(f);
        rec->record_tick(f, sim);
    }
    rec->finish(sim.reached_exit() ? telemetry::RecordedOutcome::Completed : telemetry::RecordedOutcome::Quit,
                sim);
    recorded_ticks += sim.tick();
    return rec->level_id();
}

Recording record_session(const BenchArgs& a, const std::string& path, std::uintmax_t empty_bytes) {
    auto store = std::make_shared<telemetry::Store>(telemetry::Store::open(path));
    const std::string participant = store->create_participant();
    Recording r;
    const auto max_ticks = static_cast<std::uint64_t>(a.minutes * 60.0 * kTicksPerSecond);
    {
        telemetry::SessionRecorder session(store, participant, telemetry::SessionMode::Study);
        std::uint64_t seed = kFirstSeed;
        ProgressLine progress("recording levels", kStudyLevels);
        for (int index = 1; index <= kStudyLevels; ++index) {
            r.level_ids.push_back(record_level(session, study_level(index, seed), max_ticks, r.ticks));
            progress.advance();
        }
        session.end(telemetry::SessionEnd::Finished);
    }
    r.bytes = checkpointed_size(*store) - std::min(empty_bytes, checkpointed_size(*store));
    r.input_bytes =
        static_cast<std::uint64_t>(store->db().query_int("SELECT sum(length(rle)) FROM input_chunks"));
    r.event_rows = static_cast<std::uint64_t>(store->db().query_int("SELECT count(*) FROM events"));
    return r;
}

/// Timings of the replay runs and what the last one checked.
struct ReplayTimes {
    std::vector<double> seconds;
    std::vector<double> cpu_seconds;
    std::size_t hashes = 0;
    std::size_t events = 0;
};

/// One replay of every level: loads on this thread, verifies on `threads` workers.
std::vector<telemetry::ReplayReport> replay_once(telemetry::Store& ro, const std::vector<std::int64_t>& ids,
                                                 const BenchArgs& a) {
    telemetry::RebuildSettings rebuild;
    rebuild.regenerate = a.regenerate;
    std::vector<telemetry::LoadedRecording> recs;
    for (const std::int64_t id : ids) recs.push_back(telemetry::load_recording(ro, id, rebuild));
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
    return reports;
}

// Replay (read-only, as `sawtooth-lab replay` does), several times. Loading is one
// connection on this thread; the ten levels are independent, so their simulations run
// on `threads` workers (as `study` and `verify-levels` do).
ReplayTimes replay_runs(const BenchArgs& a, const std::string& path, const std::vector<std::int64_t>& ids) {
    ReplayTimes t;
    ProgressLine progress("replaying the session", static_cast<std::size_t>(a.runs));
    for (int run = 0; run < a.runs; ++run) {
        auto ro = telemetry::Store::open_read_only(path);
        const auto t0 = Clock::now();
        const double c0 = process_cpu_seconds();
        const std::vector<telemetry::ReplayReport> reports = replay_once(ro, ids, a);
        t.seconds.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
        t.cpu_seconds.push_back(process_cpu_seconds() - c0);
        t.hashes = t.events = 0;
        for (std::size_t i = 0; i < reports.size(); ++i) {
            const telemetry::ReplayReport& rep = reports[i];
            if (rep.desync)
                throw LabError("bench replay: level " + std::to_string(ids[i]) + " desynced at tick " +
                               std::to_string(rep.desync->tick) + ": " + rep.desync->what);
            t.hashes += rep.hashes_checked;
            t.events += rep.events_checked;
        }
        progress.advance();
    }
    return t;
}

void print_bench_replay(const BenchArgs& a, const Recording& r, ReplayTimes t) {
    std::sort(t.seconds.begin(), t.seconds.end());
    std::sort(t.cpu_seconds.begin(), t.cpu_seconds.end());
    const double median = t.seconds[t.seconds.size() / 2];
    const double median_cpu = t.cpu_seconds[t.cpu_seconds.size() / 2];
    const double minutes = static_cast<double>(r.ticks) / kTicksPerSecond / 60.0;
    const nlohmann::json out = {
        {"realtime_factor", static_cast<double>(r.ticks) / kTicksPerSecond / median},
        {"realtime_factor_cpu", static_cast<double>(r.ticks) / kTicksPerSecond / median_cpu},
        {"bytes_per_minute", static_cast<double>(r.bytes) / minutes},
        {"input_bytes_per_minute", static_cast<double>(r.input_bytes) / minutes},
        {"event_rows_per_minute", static_cast<double>(r.event_rows) / minutes},
        {"levels", r.level_ids.size()},
        {"recorded_minutes", minutes},
        {"replay_seconds_median", median},
        {"events_checked", t.events},
        {"hashes_checked", t.hashes},
        {"runs", a.runs},
        {"threads", a.threads},
        {"regenerates_levels", a.regenerate}};
    if (a.json)
        std::printf("%s\n", out.dump(2).c_str());
    else
        std::printf(
            "replay: %.0fx real time (%.2f min of play in %.3f s, median of %d); store: %.0f bytes/min "
            "(inputs %.0f bytes/min)\n",
            out["realtime_factor"].get<double>(), minutes, median, a.runs,
            out["bytes_per_minute"].get<double>(), out["input_bytes_per_minute"].get<double>());
}

void run_bench_replay(const BenchArgs& a) {
    const fs::path dir = fs::temp_directory_path();
    const std::string tag = std::to_string(::getpid());
    const std::string empty_path = (dir / ("sawtooth-bench-empty-" + tag + ".db")).string();
    const std::string path =
        a.keep.empty() ? (dir / ("sawtooth-bench-replay-" + tag + ".db")).string() : a.keep;
    remove_store_files(empty_path);
    remove_store_files(path);
    const std::uintmax_t empty_bytes = empty_store_bytes(empty_path);
    const Recording recording = record_session(a, path, empty_bytes);
    const ReplayTimes times = replay_runs(a, path, recording.level_ids);
    if (a.keep.empty()) remove_store_files(path);
    print_bench_replay(a, recording, times);
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
    cmd->add_flag(
        "--regenerate", args->regenerate,
        "also regenerate every level from its seed while loading (replay --regenerate; for comparison)");
    cmd->add_option("--threads", args->threads, "replay threads (default: all cores)")
        ->check(CLI::Range(1, 64));
    cmd->add_option("--keep-db", args->keep, "keep the recorded session in this database file");
    cmd->callback([args] { run_bench_replay(*args); });
}

}  // namespace sawtooth::lab
