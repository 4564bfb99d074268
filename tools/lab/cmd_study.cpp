// `sawtooth-lab simulate-study` (old name `study`, a deprecated alias): a simulated user
// study (thesis ch. 5). N synthetic
// participants with skills drawn from docs/bots.md's distribution each play the thesis'
// session (two tutorials, then ten generated linear levels with level index 1..10,
// skipping a level when their patience runs out = switch event). Players are simulated on
// all cores; their recordings are written through the real SessionRecorder/LevelRecorder,
// in participant order from one thread, so the same --seed gives the same inputs and
// events whatever the thread count. Every level is then replay-verified, and the figures
// of thesis Fig. 5.1 are printed (levels, event traces, switch events) with throughput,
// and the mean deaths by position in the session per skill group with Spearman's rho
// between position and mean deaths (docs/difficulty.md §11). With --pack every session plays the
// pack's levels in its order after the tutorials, as the game's `sawtooth --thesis-session --pack`.
#include "game/bot/expert_bot.hpp"
#include "game/flows/synthetic_players.hpp"
#include "gen/generator.hpp"
#include "gen/study_plan.hpp"
#include "telemetry/analysis/challenge_params.hpp"
#include "telemetry/analysis/event_trace.hpp"
#include "telemetry/analysis/position_trend.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/recording/recorder.hpp"
#include "telemetry/recording/replay.hpp"
#include "telemetry/store/asset_dir.hpp"
#include "telemetry/store/level_file.hpp"
#include "telemetry/store/store.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/deprecated_names.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/study_modes.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace sawtooth::lab {

namespace {

constexpr int kTutorials = std::size(kStudyTutorialFiles);

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

/// What every session plays: the tutorials, then the pack's levels (the same for everyone)
/// or, without a pack, `drawn` levels drawn from each session's seed.
struct SessionPlan {
    std::vector<telemetry::LevelSource> tutorials;
    std::vector<telemetry::LevelSource> pack;
    int drawn = 0;
};

/// The two tutorial levels (flows::read_study_tutorials).
std::vector<telemetry::LevelSource> tutorial_sources() {
    std::vector<Level> levels = flows::read_study_tutorials(telemetry::find_asset_dir(SAWTOOTH_ASSET_DIR));
    std::vector<telemetry::LevelSource> out;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        telemetry::LevelSource s;
        s.kind = telemetry::LevelKind::Tutorial;
        s.name = "Tutorial " + std::to_string(i + 1);
        s.level = std::move(levels[i]);
        out.push_back(std::move(s));
    }
    return out;
}

telemetry::LevelSource generated_source(const GenParams& params, Level level, int k, int of) {
    telemetry::LevelSource s;
    s.kind = telemetry::LevelKind::Generated;
    s.name = "Level " + std::to_string(k) + "/" + std::to_string(of);
    s.params = params;
    s.level = std::move(level);
    return s;
}

/// Study level k of a session, drawn from its seed as the game draws it (gen/study_plan.hpp).
telemetry::LevelSource drawn_source(std::uint64_t session_seed, int k) {
    StudyLevel drawn = draw_study_level(session_seed, k);
    if (!drawn.ok) throw LabError("study level " + std::to_string(k) + " does not generate: " + drawn.error);
    return generated_source(drawn.params, std::move(drawn.level), k, kStudyLevels);
}

/// The pack's levels, read, regenerated and hash-checked once (telemetry::read_pack).
std::vector<telemetry::LevelSource> pack_sources(const std::string& file) {
    const telemetry::Pack pack = telemetry::read_pack(file);
    std::vector<telemetry::LevelSource> out;
    const int n = static_cast<int>(pack.levels.size());
    for (int k = 1; k <= n; ++k) {
        const telemetry::PackLevel& l = pack.levels[static_cast<std::size_t>(k - 1)];
        if (l.hand_made())
            throw LabError(file + ": level " + std::to_string(k) + " (" + telemetry::pack_level_title(l) +
                           ") is hand-made; a simulated study plays generated levels");
        out.push_back(generated_source(l.params, telemetry::pack_level(l, file), k, n));
    }
    return out;
}

Participant simulate(std::uint64_t seed, const SessionPlan& plan) {
    Rng rng(seed);
    Participant p;
    p.skill = bot::draw_participant_skill(rng);
    const std::uint64_t session_seed = rng.next_u64();  // drawn with a pack too: same players
    std::vector<telemetry::LevelSource> sources = plan.tutorials;
    sources.insert(sources.end(), plan.pack.begin(), plan.pack.end());
    for (int k = 1; k <= plan.drawn; ++k) sources.push_back(drawn_source(session_seed, k));
    for (std::size_t i = 0; i < sources.size(); ++i) {
        Stage st;
        st.source = std::move(sources[i]);
        st.play = flows::play_stage(st.source.level, p.skill, seed, i);
        p.stages.push_back(std::move(st));
    }
    return p;
}

/// Records a participant through the real recorders (flows::record_play), with their skill.
std::vector<std::int64_t> record(const std::shared_ptr<telemetry::Store>& store, const Participant& p) {
    const std::string pid = store->create_participant();
    telemetry::SessionRecorder session(store, pid, "study");
    std::vector<std::int64_t> ids;
    for (const Stage& st : p.stages) ids.push_back(flows::record_play(session, st.source, st.play));
    session.end(telemetry::SessionEnd::Finished);
    flows::record_synthetic_skill(*store, pid, p.skill);
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

/// Participants simulated by workers in any order, taken by the recorder in order.
class OrderedParticipants {
public:
    explicit OrderedParticipants(int n) : m_done(static_cast<std::size_t>(n)), m_errors(m_done.size()) {}

    /// Hands over participant i, or why it could not be simulated.
    void put(int i, std::unique_ptr<Participant> p, std::string error) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_done[static_cast<std::size_t>(i)] = std::move(p);
        m_errors[static_cast<std::size_t>(i)] = std::move(error);
        m_ready.notify_all();
    }

    /// Waits for participant i; null with `error` set when it failed.
    std::unique_ptr<Participant> take(int i, std::string& error) {
        const auto k = static_cast<std::size_t>(i);
        std::unique_lock<std::mutex> lock(m_mutex);
        m_ready.wait(lock, [&] { return m_done[k] != nullptr || !m_errors[k].empty(); });
        error = m_errors[k];
        return std::move(m_done[k]);
    }

private:
    std::vector<std::unique_ptr<Participant>> m_done;
    std::vector<std::string> m_errors;
    std::mutex m_mutex;
    std::condition_variable m_ready;
};

/// What simulating and recording the participants produced.
struct RecordedStudy {
    std::vector<std::int64_t> level_ids;
    std::map<std::string, int> groups;
    int stuck = 0;
    int skipped_tutorials = 0;
    std::uint64_t sim_ticks = 0;
    /// Deaths of every play by skill group ("ALL" too) and position (0 = first level).
    std::map<std::string, std::vector<std::vector<double>>> position_deaths;
};

void add_position_deaths(RecordedStudy& r, const std::string& group, std::size_t position, int deaths) {
    std::vector<std::vector<double>>& by = r.position_deaths[group];
    if (by.size() <= position) by.resize(position + 1);
    by[position].push_back(deaths);
}

/// The drawn skill group in capitals ("GOOD"), as `model verify` names its groups.
std::string upper_group_name(bot::SkillGroup group) {
    std::string name(bot::skill_group_name(group));
    for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return name;
}

/// Counts participant i's plays into `r`; --verbose prints each one.
void tally_plays(const Participant& p, int i, bool verbose, RecordedStudy& r) {
    ++r.groups[std::string(bot::skill_group_name(p.skill.group))];
    for (std::size_t s = 0; s < p.stages.size(); ++s) {
        const bot::PlayResult& play = p.stages[s].play;
        r.sim_ticks += play.ticks;
        r.stuck += play.end == bot::PlayEnd::Stuck || play.end == bot::PlayEnd::OutOfTime;
        if (s < kTutorials && play.end != bot::PlayEnd::Exit) ++r.skipped_tutorials;
        if (s >= kTutorials)
            for (const std::string& g : {std::string("ALL"), upper_group_name(p.skill.group)})
                add_position_deaths(r, g, s - kTutorials, play.deaths);
        if (verbose)
            std::fprintf(stderr, "participant %d (%s) %s: %s, %d deaths, %llu ticks%s%s\n", i + 1,
                         bot::describe(p.skill).c_str(), p.stages[s].source.name.c_str(),
                         bot::play_end_name(play.end), play.deaths,
                         static_cast<unsigned long long>(play.ticks), play.note.empty() ? "" : ": ",
                         play.note.c_str());
    }
}

/// Simulates the participants on `threads` workers and records them in participant order.
RecordedStudy simulate_and_record(const StudyRequest& req, int threads, const SessionPlan& plan,
                                  const std::shared_ptr<telemetry::Store>& store) {
    const int n = req.players;
    OrderedParticipants results(n);
    std::atomic<int> next{0};
    auto worker = [&] {
        for (int i = next++; i < n; i = next++) {
            try {
                results.put(
                    i, std::make_unique<Participant>(simulate(flows::participant_seed(req.seed, i), plan)),
                    "");
            } catch (const std::exception& e) {
                const std::string why = e.what();
                results.put(i, nullptr, why.empty() ? "simulation failed" : why);
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
    RecordedStudy r;
    std::string failure;
    ProgressSettings shown;
    shown.show = shown.show && !req.verbose;  // --verbose prints its own line per level
    ProgressLine progress("simulating and recording participants", static_cast<std::size_t>(n), shown);
    for (int i = 0; i < n && failure.empty(); ++i) {
        std::string error;
        const std::unique_ptr<Participant> p = results.take(i, error);
        if (!p) {
            failure = "participant " + std::to_string(i + 1) + ": " + error;
            continue;
        }
        tally_plays(*p, i, req.verbose, r);
        const auto ids = record(store, *p);
        r.level_ids.insert(r.level_ids.end(), ids.begin(), ids.end());
        progress.advance();
    }
    progress.finish();
    for (std::thread& t : pool) t.join();
    if (!failure.empty()) throw LabError(failure);
    return r;
}

/// Replay-verifies every level and cuts its event traces, on all cores (read-only stores).
std::vector<LevelCheck> check_levels(const StudyRequest& req, const std::vector<std::int64_t>& ids,
                                     int threads) {
    std::vector<LevelCheck> checks(ids.size());
    std::atomic<std::size_t> next_level{0};
    std::vector<std::string> check_errors(static_cast<std::size_t>(threads));
    ProgressLine progress(req.verify ? "replay-checking levels" : "cutting event traces", ids.size());
    auto checker = [&](int t) {
        try {
            telemetry::Store ro = telemetry::Store::open_read_only(req.db);
            for (std::size_t k = next_level++; k < ids.size(); k = next_level++) {
                checks[k] = check_level(ro, ids[k], req.verify);
                progress.advance();
            }
        } catch (const std::exception& e) {
            check_errors[static_cast<std::size_t>(t)] = e.what();
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(checker, t);
    for (std::thread& t : pool) t.join();
    progress.finish();
    for (const std::string& e : check_errors)
        if (!e.empty()) throw LabError("replay check: " + e);
    return checks;
}

/// Fig. 5.1's counts over the recorded levels.
struct StudyFigures {
    int levels = 0;
    int switches = 0;
    int traces = 0;
    int mapped = 0;
    int verified = 0;
    int deaths = 0;
    int completed = 0;
    std::vector<std::string> desyncs;
};

StudyFigures count_figures(telemetry::Store& store, const std::vector<std::int64_t>& ids,
                           const std::vector<LevelCheck>& checks, bool verify) {
    StudyFigures f;
    for (std::size_t k = 0; k < ids.size(); ++k) {
        const LevelCheck& c = checks[k];
        f.verified += c.verified;
        if (verify && !c.verified) f.desyncs.push_back("level " + std::to_string(ids[k]) + " " + c.desync);
        if (!c.generated) continue;
        ++f.levels;
        f.traces += c.traces;
        f.mapped += c.mapped;
    }
    // Outcomes and deaths as stored by the recorder.
    telemetry::Statement st(store.db(),
                            "SELECT outcome, deaths FROM levels WHERE kind = 'generated' AND level_id >= ? "
                            "AND level_id <= ?");
    st.bind(1, ids.empty() ? 0 : ids.front()).bind(2, ids.empty() ? -1 : ids.back());
    while (st.step()) {
        const std::string outcome = st.is_null(0) ? std::string() : st.text(0);
        f.switches += outcome == "skipped";
        f.completed += outcome == "completed";
        f.deaths += st.int32(1);
    }
    return f;
}

/// Wall-clock figures of a run.
struct StudyTiming {
    int threads = 0;
    double sim_secs = 0.0;  ///< simulating and recording
    double secs = 0.0;      ///< everything
};

/// Mean deaths at each position per skill group, Spearman's rho between position and that
/// mean (null when it is undefined: one position, or equal means everywhere) and its
/// participant bootstrap interval (telemetry/analysis/position_trend.hpp; 1000 replicates,
/// 90 %, seed 1).
nlohmann::json position_json(const RecordedStudy& r) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [group, by] : r.position_deaths) {
        const analysis::PositionTrend t = analysis::position_trend(by, analysis::BootstrapSettings{});
        const analysis::Interval& i = t.rho_interval;
        out[group] = {{"players", by.empty() ? std::size_t{0} : by.front().size()},
                      {"mean_deaths", t.means},
                      {"spearman_rho", t.rho ? nlohmann::json(*t.rho) : nlohmann::json(nullptr)},
                      {"spearman_rho_interval",
                       i.replicates == 0 ? nlohmann::json(nullptr)
                                         : nlohmann::json{{"lo", i.lo},
                                                          {"hi", i.hi},
                                                          {"replicates", i.replicates},
                                                          {"level", analysis::BootstrapSettings{}.level}}}};
    }
    return out;
}

nlohmann::json figures_json(const StudyRequest& req, const RecordedStudy& r, const StudyFigures& f,
                            const StudyTiming& t) {
    const double ticks_per_sec = t.secs > 0 ? static_cast<double>(r.sim_ticks) / t.secs : 0.0;
    nlohmann::json j;
    j["participants"] = req.players;
    j["sessions"] = req.players;
    j["levels"] = f.levels;
    j["tutorial_levels"] = static_cast<int>(r.level_ids.size()) - f.levels;
    j["event_traces"] = f.traces;
    j["event_traces_mapped"] = f.mapped;
    j["switch_events"] = f.switches;
    j["completed"] = f.completed;
    j["deaths"] = f.deaths;
    j["stuck"] = r.stuck;
    j["tutorials_skipped"] = r.skipped_tutorials;
    j["skill_groups"] = r.groups;
    j["replay_verified"] = f.verified;
    j["replay_checked"] = req.verify ? static_cast<int>(r.level_ids.size()) : 0;
    j["desyncs"] = f.desyncs;
    j["pack"] = req.pack.empty() ? nlohmann::json(nullptr) : nlohmann::json(req.pack);
    j["deaths_by_position"] = position_json(r);
    j["seed"] = req.seed;
    j["db"] = req.db;
    j["threads"] = t.threads;
    j["simulate_and_record_seconds"] = t.sim_secs;
    j["seconds"] = t.secs;
    j["participants_per_minute"] = t.secs > 0 ? 60.0 * req.players / t.secs : 0.0;
    j["simulated_ticks"] = r.sim_ticks;
    j["speedup_vs_real_time"] = ticks_per_sec / kTicksPerSecond;
    return j;
}

void print_figures(const StudyRequest& req, const RecordedStudy& r, const StudyFigures& f,
                   const StudyTiming& t) {
    const int n = req.players;
    const double ticks_per_sec = t.secs > 0 ? static_cast<double>(r.sim_ticks) / t.secs : 0.0;
    std::printf("number of sessions:      %d\n", n);
    std::printf("number of levels:        %d  (+%d tutorial levels)\n", f.levels,
                static_cast<int>(r.level_ids.size()) - f.levels);
    std::printf("number of event traces:  %d  (%d mapped to a challenge)\n", f.traces, f.mapped);
    std::printf("number of switch events: %d\n", f.switches);
    std::printf("completed levels: %d, deaths: %d, skill groups:", f.completed, f.deaths);
    for (const auto& [g, c] : r.groups) std::printf(" %s %d", g.c_str(), c);
    std::printf("\nreplay --verify: %d/%zu levels exact\n", f.verified, req.verify ? r.level_ids.size() : 0);
    std::printf("mean deaths by position (Spearman rho of position and mean deaths):\n");
    const nlohmann::json by_position = position_json(r);
    for (const auto& [group, v] : by_position.items()) {
        const nlohmann::json& rho = v["spearman_rho"];
        const nlohmann::json& iv = v["spearman_rho_interval"];
        if (rho.is_null())
            std::printf("  %-8s rho      - |", group.c_str());
        else if (iv.is_null())
            std::printf("  %-8s rho %+.3f |", group.c_str(), rho.get<double>());
        else
            std::printf("  %-8s rho %+.3f [%+.2f, %+.2f] |", group.c_str(), rho.get<double>(),
                        iv["lo"].get<double>(), iv["hi"].get<double>());
        for (const auto& m : v["mean_deaths"]) std::printf(" %.2f", m.get<double>());
        std::printf("\n");
    }
    std::printf(
        "time: %.1f s on %d threads (%.1f s simulating and recording), %.1f participants/min, "
        "%.0fx real time\n",
        t.secs, t.threads, t.sim_secs, 60.0 * n / std::max(t.secs, 1e-9), ticks_per_sec / kTicksPerSecond);
}

void run_platformer_study(const StudyRequest& req) {
    if (req.players < 1) throw LabError("--players must be at least 1");
    if (req.levels < 1 || req.levels > kStudyLevels) throw LabError("--levels must be in 1..10");
    if (req.db.empty()) throw LabError("--db FILE is required");
    StudyTiming t;
    t.threads = worker_count(req.threads);
    SessionPlan plan;
    plan.tutorials = tutorial_sources();
    if (!req.pack.empty())
        plan.pack = pack_sources(req.pack);
    else
        plan.drawn = req.levels;
    std::shared_ptr<telemetry::Store> store;
    store = std::make_shared<telemetry::Store>(telemetry::Store::open(req.db));
    const auto t0 = std::chrono::steady_clock::now();
    const RecordedStudy recorded = simulate_and_record(req, t.threads, plan, store);
    t.sim_secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::vector<LevelCheck> checks = check_levels(req, recorded.level_ids, t.threads);
    t.secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const StudyFigures f = count_figures(*store, recorded.level_ids, checks, req.verify);
    if (req.json)
        std::printf("%s\n", figures_json(req, recorded, f, t).dump(2).c_str());
    else
        print_figures(req, recorded, f, t);
    if (!f.desyncs.empty())
        throw LabError(std::to_string(f.desyncs.size()) + " recorded levels fail replay: " + f.desyncs[0]);
}

}  // namespace

void register_study_mode(const std::string& name, StudyRunner runner) { study_modes()[name] = runner; }

namespace {

// The simulated-study command under `name`; `old_name` set: the deprecated alias (hidden, one
// line on stderr, then the same run).
void add_study_command(CLI::App& app, const std::string& name, const std::string& old_name) {
    auto req = std::make_shared<StudyRequest>();
    auto mode = std::make_shared<std::string>("platformer");
    auto no_verify = std::make_shared<bool>(false);
    CLI::App* c = app.add_subcommand(
        old_name.empty() ? name : old_name,
        "simulated user study: synthetic participants play the thesis session, recorded into a database");
    if (!old_name.empty()) {
        c->group("");  // hidden from --help
        c->preparse_callback([name, old_name](std::size_t) { print_deprecated(old_name, name); });
    }
    c->add_option("--players", req->players, "participants (thesis: 53)")->capture_default_str();
    c->add_option("--db", req->db, "database file to record into (created if missing)")->required();
    add_seed_option(*c, "--seed", req->seed, "study seed: same seed, same recordings")
        ->default_str(std::to_string(req->seed));
    c->add_option("--mode", *mode, "platformer (default) or words")->capture_default_str();
    c->add_option("--threads", req->threads, "worker threads (default: all cores)");
    c->add_flag("--json", req->json, "print the figures as JSON");
    c->add_flag("--verbose", req->verbose, "print each played level's outcome on stderr");
    c->add_option("--levels", req->levels, "generated levels per session (thesis: 10)")
        ->capture_default_str();
    c->add_flag("--no-verify", *no_verify, "skip the replay check of every recorded level");
    CLI::Option* pack = c->add_option(
        "--pack", req->pack,
        "platformer: every session plays this level pack's levels in order (after the tutorials)");
    c->get_option("--levels")->excludes(pack);
    c->callback([c, req, mode, no_verify] {
        const std::string used = c->get_name();
        req->verify = !*no_verify;
        if (*mode != "platformer" && !req->pack.empty())
            throw LabError(used + " --pack plays platformer levels: not with --mode " + *mode);
        if (*mode != "platformer" && c->count("--levels") == 0) req->levels = 0;  // the mode's default
        const auto it = study_modes().find(*mode);
        if (it == study_modes().end())
            throw LabError(used + " --mode " + *mode +
                           ": not available in this build (modes register with "
                           "register_study_mode in tools/lab/study_modes.hpp)");
        it->second(*req);
    });
}

}  // namespace

void register_study(CLI::App& app) {
    register_study_mode("platformer", &run_platformer_study);
    add_study_command(app, "simulate-study", "");
    add_study_command(app, "simulate-study", "study");
}

}  // namespace sawtooth::lab
