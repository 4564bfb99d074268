#include "game/flows/platformer_study.hpp"

#include "game/flows/synthetic_players.hpp"
#include "gen/error.hpp"
#include "gen/generator.hpp"
#include "gen/study_plan.hpp"
#include "telemetry/analysis/challenge_params.hpp"
#include "telemetry/analysis/event_trace.hpp"
#include "telemetry/analysis/statistics.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/recording/recorder.hpp"
#include "telemetry/recording/replay.hpp"
#include "telemetry/store/store.hpp"

#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

namespace sawtooth::flows {

namespace {

/// One stage of a session, as played and captured for the recorder.
struct Stage {
    telemetry::LevelSource source;
    bot::PlayResult play;
    telemetry::CapturedLevel recording;
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

/// The tutorial levels as recorded ("Tutorial 1", ...).
std::vector<telemetry::LevelSource> tutorial_sources(std::vector<Level> levels) {
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
    if (!drawn.ok) throw Error("study level " + std::to_string(k) + " does not generate: " + drawn.error);
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
            throw Error(file + ": level " + std::to_string(k) + " (" + telemetry::pack_level_title(l) +
                        ") is hand-made; a simulated study plays generated levels");
        out.push_back(generated_source(l.params, telemetry::pack_level(l, file), k, n));
    }
    return out;
}

std::size_t stage_count(const SessionPlan& plan) {
    return plan.tutorials.size() + plan.pack.size() + static_cast<std::size_t>(plan.drawn);
}

/// What participant `seed` draws before playing: the skill, then the session seed (drawn
/// with a pack too: the same players).
Participant draw_participant(std::uint64_t seed, std::uint64_t& session_seed) {
    Rng rng(seed);
    Participant p;
    p.skill = bot::draw_participant_skill(rng);
    session_seed = rng.next_u64();
    return p;
}

/// Stage `i` of the participant of `seed` (who drew `skill` and `session_seed`), played:
/// the tutorials, the pack, then the drawn levels. A pure function of its arguments, so
/// the stages of a participant can be played on different workers.
Stage simulate_stage(std::uint64_t seed, const bot::SkillProfile& skill, std::uint64_t session_seed,
                     const SessionPlan& plan, std::size_t i) {
    Stage st;
    const std::size_t pack_end = plan.tutorials.size() + plan.pack.size();
    if (i < plan.tutorials.size())
        st.source = plan.tutorials[i];
    else if (i < pack_end)
        st.source = plan.pack[i - plan.tutorials.size()];
    else
        st.source = drawn_source(session_seed, static_cast<int>(i - pack_end) + 1);
    CapturedPlay captured = play_and_capture_stage(st.source.level, skill, seed, i);
    st.play = std::move(captured.play);
    st.recording = std::move(captured.level);
    return st;
}

/// Records a participant's captured plays through the real session recorder, with their skill.
std::vector<std::int64_t> record(const std::shared_ptr<telemetry::Store>& store, const Participant& p) {
    const std::string pid = store->create_participant();
    telemetry::SessionRecorder session(store, pid, telemetry::SessionMode::Study);
    std::vector<std::int64_t> ids;
    for (const Stage& st : p.stages) ids.push_back(session.record_captured(st.source, st.recording));
    session.end(telemetry::SessionEnd::Finished);
    record_synthetic_skill(*store, pid, p.skill);
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

/// Participants' stages simulated by workers in any order, taken by the recorder one whole
/// participant at a time, in order.
class OrderedParticipants {
public:
    /// The participants of these seeds, each with `stages` stages to come.
    OrderedParticipants(std::vector<std::uint64_t> seeds, std::size_t stages)
        : m_seeds(std::move(seeds)),
          m_stages(stages),
          m_session_seeds(m_seeds.size()),
          m_left(m_seeds.size(), stages),
          m_errors(m_seeds.size()) {
        for (std::size_t i = 0; i < m_seeds.size(); ++i) {
            m_done.push_back(std::make_unique<Participant>(draw_participant(m_seeds[i], m_session_seeds[i])));
            m_done.back()->stages.resize(stages);
            m_skills.push_back(m_done.back()->skill);
        }
    }

    /// A worker: plays the next stage not taken yet, in participant order (so the last
    /// participant's stages spread over the workers too), until none is left.
    void work(const SessionPlan& plan) {
        const std::size_t jobs = m_seeds.size() * m_stages;
        for (std::size_t j = m_next++; j < jobs; j = m_next++) {
            const std::size_t i = j / m_stages, s = j % m_stages;
            try {
                put(i, s, simulate_stage(m_seeds[i], m_skills[i], m_session_seeds[i], plan, s), "");
            } catch (const std::exception& e) {
                const std::string why = e.what();
                put(i, s, Stage{}, why.empty() ? "simulation failed" : why);
            }
        }
    }

    /// Waits for every stage of participant i; null with `error` set when one failed.
    std::unique_ptr<Participant> take(std::size_t i, std::string& error) {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_ready.wait(lock, [&] { return m_left[i] == 0; });
        error = m_errors[i];
        if (!error.empty()) return nullptr;
        return std::move(m_done[i]);
    }

private:
    /// Hands over stage `s` of participant i, or why it could not be simulated.
    void put(std::size_t i, std::size_t s, Stage stage, std::string error) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_done[i]->stages[s] = std::move(stage);
        if (!error.empty() && m_errors[i].empty()) m_errors[i] = std::move(error);
        if (--m_left[i] == 0) m_ready.notify_all();
    }

    const std::vector<std::uint64_t> m_seeds;
    const std::size_t m_stages;
    std::vector<std::uint64_t> m_session_seeds;  ///< per participant, drawn after the skill
    std::vector<bot::SkillProfile> m_skills;     ///< per participant, as drawn
    /// The next job: participant m_next / m_stages, its stage m_next % m_stages.
    std::atomic<std::size_t> m_next{0};
    std::vector<std::unique_ptr<Participant>> m_done;
    std::vector<std::size_t> m_left;  ///< per participant, stages not handed over yet
    std::vector<std::string> m_errors;
    std::mutex m_mutex;
    std::condition_variable m_ready;
};

/// Deaths of every play by skill group ("ALL" too) and position (0 = first level).
using DeathsByPosition = std::map<std::string, std::vector<std::vector<double>>>;

void add_position_deaths(DeathsByPosition& d, const std::string& group, std::size_t position, int deaths) {
    std::vector<std::vector<double>>& by = d[group];
    if (by.size() <= position) by.resize(position + 1);
    by[position].push_back(deaths);
}

/// The drawn skill group in capitals ("GOOD"), as `model verify` names its groups.
std::string upper_group_name(bot::SkillGroup group) {
    std::string name(bot::skill_group_name(group));
    for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return name;
}

/// Counts participant i's plays into `r` and `d`; hooks.on_play sees each one.
void tally_plays(const Participant& p, int i, std::size_t tutorials, const PlatformerStudyHooks& hooks,
                 PlatformerStudy& r, DeathsByPosition& d) {
    ++r.groups[std::string(bot::skill_group_name(p.skill.group))];
    for (std::size_t s = 0; s < p.stages.size(); ++s) {
        const bot::PlayResult& play = p.stages[s].play;
        r.sim_ticks += play.ticks;
        r.stuck += play.end == bot::PlayEnd::Stuck || play.end == bot::PlayEnd::OutOfTime;
        if (s < tutorials && play.end != bot::PlayEnd::Exit) ++r.skipped_tutorials;
        if (s >= tutorials)
            for (const std::string& g : {std::string("ALL"), upper_group_name(p.skill.group)})
                add_position_deaths(d, g, s - tutorials, play.deaths);
        if (hooks.on_play) hooks.on_play(i, p.skill, p.stages[s].source.name, play);
    }
}

/// The trend of deaths by position per skill group (telemetry/analysis/position_trend.hpp).
std::map<std::string, analysis::PositionTrend> position_means(const DeathsByPosition& d) {
    std::map<std::string, analysis::PositionTrend> out;
    for (const auto& [group, by] : d) {
        analysis::PositionTrend& t = out[group] = analysis::position_trend(by, analysis::BootstrapSettings{});
        t.players = by.empty() ? std::size_t{0} : by.front().size();
    }
    return out;
}

/// Simulates the participants on the workers and records them in participant order.
void simulate_and_record(const PlatformerStudyRequest& req, const SessionPlan& plan,
                         const std::shared_ptr<telemetry::Store>& store, const PlatformerStudyHooks& hooks,
                         PlatformerStudy& r) {
    const int n = req.players;
    std::vector<std::uint64_t> seeds;
    for (int i = 0; i < n; ++i) seeds.push_back(participant_seed(req.seed, i));
    OrderedParticipants results(std::move(seeds), stage_count(plan));
    std::vector<std::thread> pool;
    for (int t = 0; t < req.threads; ++t) pool.emplace_back([&] { results.work(plan); });
    DeathsByPosition deaths;
    std::string failure;
    if (hooks.stage) hooks.stage("simulating and recording participants", static_cast<std::size_t>(n));
    for (int i = 0; i < n && failure.empty(); ++i) {
        std::string error;
        const std::unique_ptr<Participant> p = results.take(static_cast<std::size_t>(i), error);
        if (!p) {
            failure = "participant " + std::to_string(i + 1) + ": " + error;
            continue;
        }
        tally_plays(*p, i, plan.tutorials.size(), hooks, r, deaths);
        const auto ids = record(store, *p);
        r.level_ids.insert(r.level_ids.end(), ids.begin(), ids.end());
        if (hooks.advance) hooks.advance();
    }
    for (std::thread& t : pool) t.join();
    if (!failure.empty()) throw Error(failure);
    r.deaths_by_position = position_means(deaths);
}

/// Replay-verifies every level and cuts its event traces, on the workers (read-only stores).
std::vector<LevelCheck> check_levels(const PlatformerStudyRequest& req, const std::vector<std::int64_t>& ids,
                                     const PlatformerStudyHooks& hooks) {
    std::vector<LevelCheck> checks(ids.size());
    std::atomic<std::size_t> next_level{0};
    std::vector<std::string> check_errors(static_cast<std::size_t>(req.threads));
    if (hooks.stage) hooks.stage(req.verify ? "replay-checking levels" : "cutting event traces", ids.size());
    auto checker = [&](int t) {
        try {
            telemetry::Store ro = telemetry::Store::open_read_only(req.db);
            for (std::size_t k = next_level++; k < ids.size(); k = next_level++) {
                checks[k] = check_level(ro, ids[k], req.verify);
                if (hooks.advance) hooks.advance();
            }
        } catch (const std::exception& e) {
            check_errors[static_cast<std::size_t>(t)] = e.what();
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < req.threads; ++t) pool.emplace_back(checker, t);
    for (std::thread& t : pool) t.join();
    for (const std::string& e : check_errors)
        if (!e.empty()) throw Error("replay check: " + e);
    return checks;
}

/// Fig. 5.1's counts over the recorded levels, with outcomes and deaths as stored.
void count_figures(telemetry::Store& store, const std::vector<LevelCheck>& checks, bool verify,
                   PlatformerStudy& f) {
    const std::vector<std::int64_t>& ids = f.level_ids;
    for (std::size_t k = 0; k < ids.size(); ++k) {
        const LevelCheck& c = checks[k];
        f.verified += c.verified;
        if (verify && !c.verified) f.desyncs.push_back("level " + std::to_string(ids[k]) + " " + c.desync);
        if (!c.generated) continue;
        ++f.levels;
        f.traces += c.traces;
        f.mapped += c.mapped;
    }
    telemetry::Statement st(
        store.db(), "SELECT outcome, deaths FROM levels WHERE kind = ? AND level_id >= ? AND level_id <= ?");
    st.bind(1, telemetry::level_kind_name(telemetry::LevelKind::Generated));
    st.bind(2, ids.empty() ? 0 : ids.front()).bind(3, ids.empty() ? -1 : ids.back());
    while (st.step()) {
        const std::optional<telemetry::RecordedOutcome> outcome =
            st.is_null(0) ? std::nullopt : telemetry::parse_outcome(st.text(0));
        f.switches += outcome == telemetry::RecordedOutcome::Skipped;
        f.completed += outcome == telemetry::RecordedOutcome::Completed;
        f.deaths += st.int32(1);
    }
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

PlatformerStudy run_platformer_study(const PlatformerStudyRequest& request,
                                     const PlatformerStudyHooks& hooks) {
    SessionPlan plan;
    plan.tutorials = tutorial_sources(request.tutorials);
    if (!request.pack.empty())
        plan.pack = pack_sources(request.pack);
    else
        plan.drawn = request.levels;
    const auto store = std::make_shared<telemetry::Store>(telemetry::Store::open(request.db));
    const auto t0 = std::chrono::steady_clock::now();
    PlatformerStudy study;
    simulate_and_record(request, plan, store, hooks, study);
    study.record_seconds = seconds_since(t0);
    const std::vector<LevelCheck> checks = check_levels(request, study.level_ids, hooks);
    study.seconds = seconds_since(t0);
    count_figures(*store, checks, request.verify, study);
    return study;
}

}  // namespace sawtooth::flows
