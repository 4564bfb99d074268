#include "telemetry/analysis/study.hpp"

#include "game/sim/simulation.hpp"
#include "telemetry/recording/replay.hpp"
#include "telemetry/store/build_info.hpp"
#include "telemetry/store/events.hpp"
#include "telemetry/store/input_rle.hpp"
#include "telemetry/store/store.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <thread>

namespace sawtooth::analysis {

using telemetry::EventRow;

int StudyLevel::successes() const {
    int s = 0;
    for (const MappedTrace& t : traces) s += t.trace.success ? 1 : 0;
    return s;
}

std::vector<Sample> StudyData::samples() const {
    std::vector<std::size_t> all(sessions.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    return samples_of(*this, all);
}

std::size_t StudyData::participants() const {
    std::set<std::string> p;
    for (const StudySession& s : sessions) p.insert(s.participant);
    return p.size();
}

std::vector<Sample> samples_of(const StudyData& data, const std::vector<std::size_t>& sessions) {
    std::vector<Sample> out;
    for (std::size_t i : sessions)
        for (const StudyLevel& l : data.sessions[i].levels)
            for (const MappedTrace& t : l.traces) out.push_back(Sample{t.params, t.trace.success});
    return out;
}

double level_difficulty(const StudyLevel& level, const ChallengeModel& model) {
    if (level.challenge_graph) return level.challenge_graph->difficulty(model);
    return evaluate_level(*level.generated, model).difficulty;
}

StudyData resampled_study(const StudyData& data, const std::vector<std::size_t>& picked) {
    StudyData out;
    out.path = data.path;
    std::map<std::size_t, int> times;
    for (const std::size_t i : picked) {
        StudySession s = data.sessions.at(i);
        const int k = ++times[i];
        if (k > 1) s.participant.append(1, '#').append(std::to_string(k));
        out.levels += static_cast<int>(s.levels.size());
        for (const StudyLevel& l : s.levels) out.switch_events += l.skipped ? 1 : 0;
        out.sessions.push_back(std::move(s));
    }
    return out;
}

namespace {

/// What one replay job needs and produces.
struct Job {
    std::size_t session = 0;
    telemetry::LevelRecord record;
    std::vector<InputFrame> inputs;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> hashes;
    // results
    bool ok = false;
    std::string problem;
    StudyLevel level;
    TraceStats stats;
};

// The level as recorded, from its stored text (hash-checked, as telemetry replay does),
// with the graph and the start and exit nodes the model reads. The model's features come
// from the level itself, so a level of any generator version is analysed alike: no
// regeneration (which an older version's parameters could not reproduce anyway).
std::shared_ptr<const GeneratedLevel> recorded_level(const telemetry::LevelRecord& r) {
    auto g = std::make_shared<GeneratedLevel>();
    g->level = telemetry::rebuild_level(r);
    g->graph = build_level_graph(g->level);
    g->start_node = g->graph.stand(g->level.start);
    g->exit_node = g->graph.stand(g->level.exit);
    g->ok = true;
    return g;
}

void replay(Job& job) {
    const telemetry::LevelRecord& r = job.record;
    const std::string where = "level " + std::to_string(r.level_id);
    std::shared_ptr<const GeneratedLevel> g;
    try {
        g = recorded_level(r);
    } catch (const telemetry::ReplayError& e) {
        job.problem = e.what();
        return;
    }
    const std::optional<SimConfig> config = telemetry::replay_config(r.input_format);
    if (!config) {
        job.problem = where + ": input format " + std::to_string(r.input_format) + " is not supported";
        return;
    }
    Simulation sim(g->level, *config);
    const telemetry::EventExtractor extractor(sim.level(), r.pos_interval);
    std::vector<EventRow> rows;
    extractor.start(sim, rows);
    std::size_t next_hash = 0;
    for (const InputFrame in : job.inputs) {
        sim.step(in);
        extractor.after_step(sim, rows);
        while (next_hash < job.hashes.size() && job.hashes[next_hash].first < sim.tick()) ++next_hash;
        if (next_hash < job.hashes.size() && job.hashes[next_hash].first == sim.tick()) {
            if (job.hashes[next_hash].second != sim.state_hash()) {
                job.problem = where + ": replay desynchronised at tick " + std::to_string(sim.tick());
                return;
            }
            ++next_hash;
        }
    }
    job.level.level_id = r.level_id;
    job.level.seq = r.seq;
    job.level.level_index = r.params->level_index;
    job.level.deaths = sim.deaths();
    job.level.skipped = r.outcome == telemetry::RecordedOutcome::Skipped;
    job.level.ticks = sim.tick();
    job.level.traces = level_traces(g->level, g->graph, rows, &job.stats);
    job.level.challenge_graph =
        std::make_shared<ChallengeGraph>(challenge_graph(g->level, g->graph, g->start_node, g->exit_node));
    job.level.generated = std::move(g);
    job.ok = true;
}

struct SessionRow {
    std::int64_t id;
    std::string participant, mode;
};

std::vector<SessionRow> read_sessions(telemetry::Store& store, const telemetry::SessionSelection& selection) {
    const std::set<std::int64_t> selected = telemetry::selected_sessions(store, selection);
    std::vector<SessionRow> rows;
    telemetry::Statement st(store.db(),
                            "SELECT session_id, participant_id, mode FROM sessions ORDER BY session_id");
    while (st.step())
        if (selected.count(st.int64(0)) != 0) rows.push_back({st.int64(0), st.text(1), st.text(2)});
    return rows;
}

/// One replay job per finished generated level of every session (others are counted in
/// `data`); `sessions` gets one entry per row, in order.
std::vector<Job> collect_jobs(telemetry::Store& store, const std::vector<SessionRow>& rows,
                              std::vector<StudySession>& sessions, StudyData& data) {
    std::vector<Job> jobs;
    for (const SessionRow& s : rows) {
        sessions.push_back(StudySession{s.id, s.participant, s.mode, {}});
        for (const std::int64_t id : store.session_levels(s.id)) {
            telemetry::LevelRecord rec = store.load_level(id);
            if (rec.kind != telemetry::LevelKind::Generated || !rec.params) {
                ++data.not_generated;
                continue;
            }
            if (!rec.outcome || *rec.outcome == telemetry::RecordedOutcome::Quit) {
                ++data.unfinished;
                continue;
            }
            if (rec.build_id != sawtooth::build_id()) ++data.other_build;
            Job job;
            job.session = sessions.size() - 1;
            job.inputs = store.load_inputs(id, rec.ticks);
            job.hashes = store.load_state_hashes(id);
            job.record = std::move(rec);
            jobs.push_back(std::move(job));
        }
    }
    return jobs;
}

/// Replays are independent: share them out over a few threads, results kept in job order.
void replay_all(std::vector<Job>& jobs, int max_threads) {
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i = next++; i < jobs.size(); i = next++) replay(jobs[i]);
    };
    const int threads = std::max(1, std::min<int>(max_threads, static_cast<int>(jobs.size())));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
}

/// Moves the replayed levels into their sessions and keeps the sessions that have any.
void gather_levels(std::vector<Job>& jobs, std::vector<StudySession>& sessions, StudyData& data) {
    for (Job& job : jobs) {
        if (!job.ok) {
            ++data.desynced;
            data.warnings.push_back(job.problem);
            continue;
        }
        data.trace_stats += job.stats;
        ++data.levels;
        data.switch_events += job.level.skipped ? 1 : 0;
        sessions[job.session].levels.push_back(std::move(job.level));
    }
    for (StudySession& s : sessions)
        if (!s.levels.empty()) data.sessions.push_back(std::move(s));
}

}  // namespace

StudyData load_study(const std::string& db_path, const LoadSettings& settings) {
    StudyData data;
    data.path = db_path;
    telemetry::Store store = telemetry::Store::open_read_only(db_path);
    const std::vector<SessionRow> rows = read_sessions(store, settings.selection);
    std::vector<StudySession> sessions;
    std::vector<Job> jobs = collect_jobs(store, rows, sessions, data);
    replay_all(jobs, settings.threads);
    gather_levels(jobs, sessions, data);
    if (data.other_build > 0)
        data.warnings.push_back(
            std::to_string(data.other_build) +
            " levels were recorded by another build: replayed best-effort, desyncs excluded");
    // Every level recorded but none replayable (typically a study recorded before a generator
    // version bump): say why, rather than "record a study first".
    if (data.sessions.empty() && data.desynced > 0)
        throw ModelError("'" + db_path + "': none of its " + std::to_string(data.desynced) +
                         " finished generated levels can be replayed by this build (" +
                         data.warnings.front() + "); analyse it with the build that recorded it");
    if (data.sessions.empty() && !settings.selection.selects_all())
        throw ModelError("'" + db_path + "': the " + std::to_string(rows.size()) +
                         " sessions of condition '" + settings.selection.condition +
                         "' of the study protocol hold no finished generated platformer levels");
    if (data.sessions.empty())
        throw ModelError("'" + db_path + "' holds no finished generated platformer levels (" +
                         std::to_string(rows.size()) +
                         " sessions): record a study first, e.g. `sawtooth-lab study`");
    return data;
}

}  // namespace sawtooth::analysis
