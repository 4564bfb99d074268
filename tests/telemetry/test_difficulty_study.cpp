// The difficulty model on a real (small) recorded database: levels recorded by a scripted
// player through the telemetry recorder, then replayed by load_study. Checks that traces
// come from the replay, deaths match the simulation, mapped sub-graphs have Algorithm 4's
// shape, the bad-input errors (empty database, too few sessions for the split) and what the
// model flow of `model verify` and `report` does with a study too small.
#include "game/sim/simulation.hpp"
#include "gen/generator.hpp"
#include "telemetry/analysis/study_model.hpp"
#include "telemetry/analysis/verification.hpp"
#include "telemetry/analysis/verification_json.hpp"
#include "telemetry/recording/recorder.hpp"
#include "telemetry/store/sqlite.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include "../support/scratch_dir.hpp"

#include <cmath>
#include <filesystem>
#include <memory>

using namespace sawtooth;
using namespace sawtooth::analysis;

namespace {

constexpr int kTicksPerLevel = 1500;

std::string temp_db(const char* name) {
    static const std::filesystem::path dir = sawtooth::test::scratch_dir("sawtooth_difficulty_test");
    const auto p = dir / name;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(p.string() + suffix);
    return p.string();
}

GenParams study_params(std::uint64_t seed, int index) {
    GenParams p;
    p.seed = seed;
    p.layout = Layout::Linear;
    p.rooms_w = 3;
    p.rooms_h = 1;
    p.level_index = index;
    return p;
}

/// Runs, jumping now and then, and turns round when it has made no headway for a while
/// (generated paths wind up, down and back): meets traps, dies, lands.
class Scripted {
public:
    explicit Scripted(int style) : m_style(style) {}

    InputFrame next(const Simulation& sim) {
        const double x = sim.player().x;
        if (std::abs(x - m_mark) > kHeadway) {
            m_mark = x;
            m_still = 0;
        } else if (++m_still > kTurnAfterTicks) {
            m_dir = -m_dir;
            m_still = 0;
        }
        InputFrame f;
        f.bits = m_dir > 0 ? kInputRight : kInputLeft;
        if ((sim.tick() + static_cast<std::uint64_t>(m_style) * 7) % 45 < 12) f.bits |= kInputUp;
        return f;
    }

private:
    static constexpr double kHeadway = 3.0;     // metres that count as getting somewhere
    static constexpr int kTurnAfterTicks = 90;  // then try the other way
    int m_style;
    int m_dir = 1;
    double m_mark = -1e9;
    int m_still = 0;
};

struct RecordedDeaths {
    int levels = 0;
    std::vector<int> deaths;  // per level, in recording order
};

RecordedDeaths record(const std::string& path, int sessions, int levels_per_session) {
    RecordedDeaths out;
    auto store = std::make_shared<telemetry::Store>(telemetry::Store::open(path));
    for (int s = 0; s < sessions; ++s) {
        const std::string who = store->create_participant();
        telemetry::SessionRecorder session(store, who, telemetry::SessionMode::Study);
        for (int k = 1; k <= levels_per_session; ++k) {
            const GenParams p = study_params(1000 + static_cast<std::uint64_t>(s * 10 + k), 4 + k);
            const GeneratedLevel g = generate_level(p);
            REQUIRE(g.ok);
            Simulation sim(g.level);
            telemetry::LevelSource src;
            src.kind = telemetry::LevelKind::Generated;
            src.name = "level " + std::to_string(k);
            src.params = p;
            src.level = g.level;
            auto rec = session.begin_level(src, sim);
            Scripted player(s);
            for (int t = 0; t < kTicksPerLevel && !sim.reached_exit(); ++t) {
                const InputFrame in = player.next(sim);
                sim.step(in);
                rec->record_tick(in, sim);
            }
            rec->finish(sim.reached_exit() ? telemetry::RecordedOutcome::Completed
                                           : telemetry::RecordedOutcome::Skipped,
                        sim);
            ++out.levels;
            out.deaths.push_back(sim.deaths());
        }
        session.end(telemetry::SessionEnd::Finished);
    }
    return out;
}

}  // namespace

TEST_CASE("load_study replays recorded levels and maps their traces") {
    const std::string path = temp_db("study.db");
    const RecordedDeaths rec = record(path, 3, 2);
    const StudyData d = load_study(path);
    CHECK(d.sessions.size() == 3);
    CHECK(d.levels == rec.levels);
    CHECK(d.desynced == 0);
    std::size_t i = 0;
    int traces = 0;
    for (const StudySession& s : d.sessions)
        for (const StudyLevel& l : s.levels) {
            CHECK(l.deaths == rec.deaths[i++]);  // recomputed by the replay
            REQUIRE(l.generated);
            const TrapMap tm = classify_nodes(l.generated->level, l.generated->graph);
            for (const MappedTrace& t : l.traces) {
                ++traces;
                REQUIRE(t.sub_graph.size() >= 2);
                CHECK(tm.safe(t.sub_graph.front()));
                CHECK(tm.atomic(t.sub_graph.back()));
                for (std::size_t k = 1; k + 1 < t.sub_graph.size(); ++k) CHECK(!tm.atomic(t.sub_graph[k]));
                CHECK(t.params.t_timing > 0.0);
                CHECK(t.params.t_cycle >= 1.2 - 1e-9);
                CHECK(t.params.t_cycle <= 2.0 + 1e-9);
                CHECK(t.trace.success == (t.trace.death_trap < 0));
            }
        }
    CHECK(traces == d.trace_stats.mapped);
    CHECK(traces > 0);
    // A dying scripted runner fails more challenges than it passes.
    int deaths = 0;
    for (int x : rec.deaths) deaths += x;
    CHECK(deaths > 0);
    // Three sessions are far too few for a 25-session training set.
    CHECK_THROWS_WITH_AS(verify_model(d), doctest::Contains("at least 26 sessions"), ModelError);
    VerifySettings small;
    small.train_sessions = 2;
    CHECK_THROWS_WITH_AS(verify_model(d, small), doctest::Contains("minimum of 25"), ModelError);
}

// The one flow of `model verify` and `report` (telemetry/analysis/study_model.hpp): for
// `model verify` a study too small for the split is an error naming the condition; the
// report keeps the study's statistics and says why there is no model, the fit's failure first.
TEST_CASE("analyse_study_model: model verify's failures are errors, the report's say why") {
    const std::string path = temp_db("flow.db");
    record(path, 3, 2);
    StudyModelSettings s;
    s.context = "condition 'rising'";
    const std::string split =
        "condition 'rising': the train/verify split needs at least 26 sessions (25 to "
        "train, >= 1 to verify); the database has 3 usable sessions";
    CHECK_THROWS_WITH_AS(analyse_study_model(path, s), split.c_str(), Error);
    s.use = ModelUse::Report;
    const StudyModel r = analyse_study_model(path, s);
    CHECK(r.d.sessions.size() == 3);
    CHECK_FALSE(r.model);
    std::string fit_error;
    try {
        fit_all(r.d);
    } catch (const Error& e) {
        fit_error = e.what();
    }
    CHECK(r.no_model == (fit_error.empty() ? split : fit_error));
}

TEST_CASE("an empty database is refused with one line") {
    const std::string path = temp_db("empty.db");
    { telemetry::Store s = telemetry::Store::open(path); }
    CHECK_THROWS_WITH_AS(load_study(path), doctest::Contains("holds no finished generated platformer levels"),
                         ModelError);
    CHECK_THROWS_AS(load_study(temp_db("missing.db")), telemetry::StoreError);
}

// load_study reads each level from its stored text and builds the graph of that level: the
// same level and graph the generator made (its graph is that of the final level), so the
// model's figures do not depend on regeneration, and a study recorded by an older
// generator version is analysed the same way.
TEST_CASE("load_study analyses the recorded levels, whatever generator version made them") {
    const std::string path = temp_db("versions.db");
    const RecordedDeaths rec = record(path, 2, 2);
    const StudyData d = load_study(path);
    REQUIRE(d.levels == rec.levels);
    {
        telemetry::Store store = telemetry::Store::open_read_only(path);
        for (const StudySession& s : d.sessions)
            for (const StudyLevel& l : s.levels) {
                const GeneratedLevel g = generate_level(*store.load_level(l.level_id).params);
                CHECK(l.generated->level == g.level);
                CHECK(l.generated->start_node == g.start_node);
                CHECK(l.generated->exit_node == g.exit_node);
                REQUIRE(l.generated->graph.nodes.size() == g.graph.nodes.size());
                REQUIRE(l.generated->graph.edges.size() == g.graph.edges.size());
                for (std::size_t i = 0; i < g.graph.edges.size(); ++i) {
                    CHECK(l.generated->graph.edges[i].a == g.graph.edges[i].a);
                    CHECK(l.generated->graph.edges[i].b == g.graph.edges[i].b);
                    CHECK(l.generated->graph.edges[i].weight == g.graph.edges[i].weight);
                }
            }
    }
    {
        telemetry::Store store = telemetry::Store::open(path);
        telemetry::Statement st(store.db(), "UPDATE levels SET generator_version = ?");
        st.bind(1, static_cast<std::int64_t>(kGeneratorVersion - 1)).run();
    }
    const StudyData old = load_study(path);
    CHECK(old.desynced == 0);
    CHECK(old.levels == d.levels);
    CHECK(old.trace_stats.mapped == d.trace_stats.mapped);
    CHECK(old.samples().size() == d.samples().size());
    std::size_t i = 0;
    for (const StudySession& s : old.sessions)
        for (const StudyLevel& l : s.levels) CHECK(l.deaths == rec.deaths[i++]);
}
