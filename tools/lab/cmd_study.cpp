// `sawtooth-lab study`: a simulated user study (issue 6, thesis ch. 5). N synthetic
// participants with skills drawn from docs/bots.md's distribution each play the thesis'
// session (two tutorials, then ten generated linear levels with level index 1..10,
// skipping a level when their patience runs out = switch event). Players are simulated on
// all cores; their recordings are written through the real SessionRecorder/LevelRecorder,
// in participant order from one thread, so the same --seed gives the same inputs and
// events whatever the thread count. Every level is then replay-verified, and the figures
// of thesis Fig. 5.1 are printed (levels, event traces, switch events) with throughput.
#include "game/bot/expert_bot.hpp"
#include "gen/generator.hpp"
#include "telemetry/analysis/challenge_params.hpp"
#include "telemetry/analysis/event_trace.hpp"
#include "telemetry/recorder.hpp"
#include "telemetry/replay.hpp"
#include "telemetry/store.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/study_modes.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace sawtooth::lab {

namespace {

constexpr int kTutorials = 2;
constexpr int kStudyLevels = 10;
constexpr int kMaxSeedTries = 8;  ///< as the game: a seed that fails to generate is re-derived

std::map<std::string, StudyRunner>& study_modes() {
    static std::map<std::string, StudyRunner> modes;
    return modes;
}

/// One stage of a session, as played.
struct Stage {
    telemetry::LevelSource source;
    bot::PlayResult play;
};

struct Participant {
    bot::SkillProfile skill;
    std::vector<Stage> stages;
};

std::string read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

/// The two tutorial levels: assets/levels/tutorial{1,2}.txt, else the test level.
std::vector<telemetry::LevelSource> tutorial_sources() {
    std::vector<telemetry::LevelSource> out;
    const std::string dir = SAWTOOTH_ASSET_DIR "/levels/";
    for (int i = 1; i <= kTutorials; ++i) {
        std::string file = dir + "tutorial" + std::to_string(i) + ".txt";
        if (!std::filesystem::exists(file)) file = dir + "test.txt";
        if (!std::filesystem::exists(file)) throw LabError("missing tutorial level " + file);
        telemetry::LevelSource s;
        s.kind = "tutorial";
        s.name = "Tutorial " + std::to_string(i);
        try {
            s.level = parse_level_text(read_file(file));
        } catch (const LevelFormatError& e) {
            throw LabError(file + ": " + e.what());
        }
        out.push_back(std::move(s));
    }
    return out;
}

/// Per-participant seed: everything a participant does follows from it.
std::uint64_t participant_seed(std::uint64_t study_seed, int i) {
    return mix_seed(study_seed, static_cast<std::uint64_t>(i) + 1);
}

Participant simulate(std::uint64_t seed, const std::vector<telemetry::LevelSource>& tutorials, int levels) {
    Rng rng(seed);
    Participant p;
    p.skill = bot::draw_participant_skill(rng);
    const std::uint64_t session_seed = rng.next_u64();
    std::vector<telemetry::LevelSource> sources = tutorials;
    for (int k = 1; k <= levels; ++k) {
        GenParams params = study_level_params(session_seed, k);
        GeneratedLevel g = generate_level(params);
        for (int attempt = 1; !g.ok && attempt < kMaxSeedTries; ++attempt) {
            std::uint64_t s = params.seed;
            params.seed = splitmix64(s);
            g = generate_level(params);
        }
        if (!g.ok) throw LabError("study level " + std::to_string(k) + " does not generate: " + g.error);
        telemetry::LevelSource s;
        s.kind = "generated";
        s.name = "Level " + std::to_string(k) + "/" + std::to_string(kStudyLevels);
        s.params = params;
        s.level = std::move(g.level);
        sources.push_back(std::move(s));
    }
    for (std::size_t i = 0; i < sources.size(); ++i) {
        Stage st;
        st.source = std::move(sources[i]);
        st.play = bot::play_level(st.source.level, p.skill, mix_seed(seed, 1000 + i));
        p.stages.push_back(std::move(st));
    }
    return p;
}

/// Records a participant through the real recorders (same path as a human session:
/// the inputs are fed to a fresh Simulation tick by tick, the recorder sees each step).
std::vector<std::int64_t> record(const std::shared_ptr<telemetry::Store>& store, const Participant& p) {
    const std::string pid = store->create_participant();
    telemetry::SessionRecorder session(store, pid, "study");
    std::vector<std::int64_t> ids;
    for (const Stage& st : p.stages) {
        Simulation sim(st.source.level);
        auto rec = session.begin_level(st.source, sim);
        for (const InputFrame f : st.play.inputs) {
            sim.step(f);
            rec->record_tick(f, sim);
        }
        const bool done = sim.reached_exit();
        rec->finish(done ? telemetry::RecordedOutcome::Completed : telemetry::RecordedOutcome::Skipped, sim);
        ids.push_back(rec->level_id());
    }
    session.end("finished");
    // The synthetic skill, for analyses by skill group (thesis 5.4); humans have none.
    telemetry::Statement st(store->db(), "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");
    st.bind(1, "synthetic_skill:" + pid).bind(2, bot::describe(p.skill)).run();
    return ids;
}

/// What the replay check and the trace cut found for one recorded level.
struct LevelCheck {
    bool generated = false;
    bool verified = false;
    std::string desync;
    int traces = 0;
    int mapped = 0;
};

LevelCheck check_level(telemetry::Store& store, std::int64_t id, bool verify) {
    LevelCheck c;
    const telemetry::LoadedRecording rec = telemetry::load_recording(store, id);
    c.generated = rec.record.params.has_value();
    if (verify) {
        const telemetry::ReplayReport r = telemetry::verify_replay(rec);
        c.verified = !r.desync;
        if (r.desync) c.desync = "tick " + std::to_string(r.desync->tick) + ": " + r.desync->what;
    }
    if (c.generated) {
        const LevelGraph graph = build_level_graph(rec.level);
        const analysis::TrapMap traps = analysis::classify_nodes(rec.level, graph);
        analysis::TraceStats stats;
        for (const auto& t : analysis::cut_traces(graph, traps, rec.events, &stats)) {
            analysis::MappedTrace m;
            if (analysis::map_trace(rec.level, graph, traps, t, m, nullptr)) ++c.mapped;
        }
        c.traces = stats.traces;
    }
    return c;
}

void run_platformer_study(const StudyRequest& req) {
    if (req.players < 1) throw LabError("--players must be at least 1");
    if (req.levels < 1 || req.levels > kStudyLevels) throw LabError("--levels must be in 1..10");
    if (req.db.empty()) throw LabError("--db FILE is required");
    const int threads = worker_count(req.threads);
    const auto tutorials = tutorial_sources();
    std::shared_ptr<telemetry::Store> store;
    try {
        store = std::make_shared<telemetry::Store>(telemetry::Store::open(req.db));
    } catch (const std::exception& e) {
        throw LabError(e.what());
    }
    const auto t0 = std::chrono::steady_clock::now();

    // Workers simulate participants in any order; the main thread records them in order.
    const int n = req.players;
    std::vector<std::unique_ptr<Participant>> done(static_cast<std::size_t>(n));
    std::vector<std::string> errors(static_cast<std::size_t>(n));
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<int> next{0};
    auto worker = [&] {
        for (int i = next++; i < n; i = next++) {
            std::unique_ptr<Participant> p;
            std::string err;
            try {
                p = std::make_unique<Participant>(
                    simulate(participant_seed(req.seed, i), tutorials, req.levels));
            } catch (const std::exception& e) {
                err = e.what();
            }
            const std::lock_guard<std::mutex> lock(mutex);
            done[static_cast<std::size_t>(i)] = std::move(p);
            errors[static_cast<std::size_t>(i)] = err.empty() ? "" : err;
            if (!err.empty() && !done[static_cast<std::size_t>(i)]) errors[static_cast<std::size_t>(i)] = err;
            ready.notify_all();
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);

    std::vector<std::int64_t> level_ids;
    std::map<std::string, int> groups;
    int stuck = 0, skipped_tutorials = 0;
    std::uint64_t sim_ticks = 0;
    std::string failure;
    for (int i = 0; i < n; ++i) {
        std::unique_ptr<Participant> p;
        {
            std::unique_lock<std::mutex> lock(mutex);
            ready.wait(lock, [&] {
                return done[static_cast<std::size_t>(i)] != nullptr ||
                       !errors[static_cast<std::size_t>(i)].empty();
            });
            p = std::move(done[static_cast<std::size_t>(i)]);
        }
        if (!p) {
            failure = "participant " + std::to_string(i + 1) + ": " + errors[static_cast<std::size_t>(i)];
            break;
        }
        ++groups[std::string(bot::skill_group_name(p->skill.group))];
        for (std::size_t s = 0; s < p->stages.size(); ++s) {
            const bot::PlayResult& r = p->stages[s].play;
            sim_ticks += r.ticks;
            stuck += r.end == bot::PlayEnd::Stuck || r.end == bot::PlayEnd::OutOfTime;
            if (s < kTutorials && r.end != bot::PlayEnd::Exit) ++skipped_tutorials;
            if (req.verbose)
                std::fprintf(stderr, "participant %d (%s) %s: %s, %d deaths, %llu ticks%s%s\n", i + 1,
                             bot::describe(p->skill).c_str(), p->stages[s].source.name.c_str(),
                             bot::play_end_name(r.end), r.deaths, static_cast<unsigned long long>(r.ticks),
                             r.note.empty() ? "" : ": ", r.note.c_str());
        }
        const auto ids = record(store, *p);
        level_ids.insert(level_ids.end(), ids.begin(), ids.end());
        if (!req.json) std::fprintf(stderr, "\rparticipant %d/%d recorded", i + 1, n);
    }
    for (std::thread& t : pool) t.join();
    if (!req.json) std::fprintf(stderr, "\n");
    if (!failure.empty()) throw LabError(failure);
    const double sim_secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    // Replay-verify every level and cut its event traces, on all cores (read-only stores).
    std::vector<LevelCheck> checks(level_ids.size());
    std::atomic<std::size_t> next_level{0};
    std::vector<std::string> check_errors(static_cast<std::size_t>(threads));
    auto checker = [&](int t) {
        try {
            telemetry::Store ro = telemetry::Store::open_read_only(req.db);
            for (std::size_t k = next_level++; k < level_ids.size(); k = next_level++)
                checks[k] = check_level(ro, level_ids[k], req.verify);
        } catch (const std::exception& e) {
            check_errors[static_cast<std::size_t>(t)] = e.what();
        }
    };
    pool.clear();
    for (int t = 0; t < threads; ++t) pool.emplace_back(checker, t);
    for (std::thread& t : pool) t.join();
    for (const std::string& e : check_errors)
        if (!e.empty()) throw LabError("replay check: " + e);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    int levels = 0, switches = 0, traces = 0, mapped = 0, verified = 0, deaths = 0, completed = 0;
    std::vector<std::string> desyncs;
    for (std::size_t k = 0; k < level_ids.size(); ++k) {
        const LevelCheck& c = checks[k];
        verified += c.verified;
        if (req.verify && !c.verified)
            desyncs.push_back("level " + std::to_string(level_ids[k]) + " " + c.desync);
        if (!c.generated) continue;
        ++levels;
        traces += c.traces;
        mapped += c.mapped;
    }
    {
        // Outcomes and deaths as stored by the recorder.
        telemetry::Statement st(
            store->db(),
            "SELECT outcome, deaths FROM levels WHERE kind = 'generated' AND level_id >= ? "
            "AND level_id <= ?");
        st.bind(1, level_ids.empty() ? 0 : level_ids.front())
            .bind(2, level_ids.empty() ? -1 : level_ids.back());
        while (st.step()) {
            const std::string outcome = st.is_null(0) ? std::string() : st.text(0);
            switches += outcome == "skipped";
            completed += outcome == "completed";
            deaths += st.int32(1);
        }
    }
    const double ticks_per_sec = secs > 0 ? static_cast<double>(sim_ticks) / secs : 0.0;
    nlohmann::json j;
    j["participants"] = n;
    j["sessions"] = n;
    j["levels"] = levels;
    j["tutorial_levels"] = static_cast<int>(level_ids.size()) - levels;
    j["event_traces"] = traces;
    j["event_traces_mapped"] = mapped;
    j["switch_events"] = switches;
    j["completed"] = completed;
    j["deaths"] = deaths;
    j["stuck"] = stuck;
    j["tutorials_skipped"] = skipped_tutorials;
    j["skill_groups"] = groups;
    j["replay_verified"] = verified;
    j["replay_checked"] = req.verify ? static_cast<int>(level_ids.size()) : 0;
    j["desyncs"] = desyncs;
    j["seed"] = req.seed;
    j["db"] = req.db;
    j["threads"] = threads;
    j["simulate_and_record_seconds"] = sim_secs;
    j["seconds"] = secs;
    j["participants_per_minute"] = secs > 0 ? 60.0 * n / secs : 0.0;
    j["simulated_ticks"] = sim_ticks;
    j["speedup_vs_real_time"] = ticks_per_sec / kTicksPerSecond;
    if (req.json) {
        std::printf("%s\n", j.dump(2).c_str());
    } else {
        std::printf("number of sessions:      %d\n", n);
        std::printf("number of levels:        %d  (+%d tutorial levels)\n", levels,
                    static_cast<int>(level_ids.size()) - levels);
        std::printf("number of event traces:  %d  (%d mapped to a challenge)\n", traces, mapped);
        std::printf("number of switch events: %d\n", switches);
        std::printf("completed levels: %d, deaths: %d, skill groups:", completed, deaths);
        for (const auto& [g, c] : groups) std::printf(" %s %d", g.c_str(), c);
        std::printf("\nreplay --verify: %d/%zu levels exact\n", verified, req.verify ? level_ids.size() : 0);
        std::printf(
            "time: %.1f s on %d threads (%.1f s simulating and recording), %.1f participants/min, "
            "%.0fx real time\n",
            secs, threads, sim_secs, 60.0 * n / std::max(secs, 1e-9), ticks_per_sec / kTicksPerSecond);
    }
    if (!desyncs.empty())
        throw LabError(std::to_string(desyncs.size()) + " recorded levels fail replay: " + desyncs[0]);
}

}  // namespace

void register_study_mode(const std::string& name, StudyRunner runner) { study_modes()[name] = runner; }

void register_study(CLI::App& app) {
    register_study_mode("platformer", &run_platformer_study);
    auto req = std::make_shared<StudyRequest>();
    auto mode = std::make_shared<std::string>("platformer");
    auto no_verify = std::make_shared<bool>(false);
    CLI::App* c = app.add_subcommand(
        "study",
        "simulated user study: synthetic participants play the thesis session, recorded into a database");
    c->add_option("--players", req->players, "participants (thesis: 53)")->capture_default_str();
    c->add_option("--db", req->db, "database file to record into (created if missing)")->required();
    c->add_option("--seed", req->seed, "study seed: same seed, same recordings")->capture_default_str();
    c->add_option("--mode", *mode, "platformer (default) or words")->capture_default_str();
    c->add_option("--threads", req->threads, "worker threads (default: all cores)");
    c->add_flag("--json", req->json, "print the figures as JSON");
    c->add_flag("--verbose", req->verbose, "print each played level's outcome on stderr");
    c->add_option("--levels", req->levels, "generated levels per session (thesis: 10)")
        ->capture_default_str();
    c->add_flag("--no-verify", *no_verify, "skip the replay check of every recorded level");
    c->callback([c, req, mode, no_verify] {
        req->verify = !*no_verify;
        if (*mode != "platformer" && c->count("--levels") == 0) req->levels = 0;  // the mode's default
        const auto it = study_modes().find(*mode);
        if (it == study_modes().end())
            throw LabError("study --mode " + *mode +
                           ": not available in this build (modes register with "
                           "register_study_mode in tools/lab/study_modes.hpp)");
        it->second(*req);
    });
}

}  // namespace sawtooth::lab
