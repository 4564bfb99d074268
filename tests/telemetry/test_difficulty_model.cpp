// The difficulty model (thesis ch. 4-5) on constructed data whose true answers are known:
// least squares, histogram, t-score / p-value, accuracy, Algorithm 4 on a hand-made level,
// the level model's substitute edges and modified Dijkstra, model files.
#include "gen/level_graph.hpp"
#include "gen/travel_time.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/analysis/event_trace.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/analysis/statistics.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace sawtooth;
using namespace sawtooth::analysis;
using telemetry::EventKind;
using telemetry::EventRow;

namespace {

/// A closed 14 x 4 box: floor row y = 0, one open corridor y = 1..2, saw on (6..8, 1),
/// optionally a mine on (5, 1).
Level corridor(bool with_mine) {
    Level l;
    l.width = 14;
    l.height = 4;
    l.cells.assign(static_cast<std::size_t>(l.width * l.height), Cell::Open);
    for (int x = 0; x < l.width; ++x) {
        l.set(x, 0, Cell::Solid);
        l.set(x, 3, Cell::Solid);
    }
    for (int y = 0; y < l.height; ++y) {
        l.set(0, y, Cell::Solid);
        l.set(l.width - 1, y, Cell::Solid);
    }
    l.start = {1, 1};
    l.exit = {12, 1};
    l.traps.push_back(Trap{TrapType::Saw, {6, 1}, 1, 90, 0});
    if (with_mine) l.traps.push_back(Trap{TrapType::Mine, {5, 1}, 1, 120, 0});
    return l;
}

EventRow event_row(std::uint64_t tick, EventKind kind, int a = 0, int b = 0, int c = -1, double x = 0,
                   double y = 0) {
    return EventRow{tick, kind, a, b, c, x, y, 0, 0};
}

/// A landing row in cell (cx, 1).
EventRow land(std::uint64_t tick, const LevelGraph& g, int cx) {
    return event_row(tick, EventKind::Node, cx, 1, g.stand({cx, 1}), stand_x(cx), stand_y(1));
}

ChallengeModel constant_model(double p) {
    ChallengeModel m;
    m.linear.c0 = p;
    return m;
}

}  // namespace

TEST_CASE("least squares recovers known coefficients") {
    const Coefficients truth{0.9, -0.2, -0.05, 0.1};
    std::vector<ChallengeParams> x;
    std::vector<double> y;
    for (int t = 0; t < 5; ++t)
        for (int j = 0; j < 4; ++j)
            for (int c = 0; c < 3; ++c) {
                const ChallengeParams p{0.1 + 0.25 * t, j, 1.3 + 0.27 * c};
                x.push_back(p);
                y.push_back(truth.eval(p));
            }
    const Coefficients got = least_squares(x, y);
    CHECK(got.c0 == doctest::Approx(truth.c0).epsilon(1e-9));
    CHECK(got.t_timing == doctest::Approx(truth.t_timing).epsilon(1e-9));
    CHECK(got.j == doctest::Approx(truth.j).epsilon(1e-9));
    CHECK(got.t_cycle == doctest::Approx(truth.t_cycle).epsilon(1e-9));
    // Constant t_cycle: the system is singular and must be refused, not solved silently.
    for (auto& p : x) p.t_cycle = 1.5;
    CHECK_THROWS_AS(least_squares(x, y), ModelError);
}

TEST_CASE("histogram bins as thesis 5.1 and the fit recovers a linear truth") {
    Histogram h = build_histogram({}, HistogramSettings{});
    CHECK(h.bins.size() == 60);
    CHECK(h.bin_of({0.0, 0, 1.2}) == 0);
    CHECK(h.bin_of({1.25, 3, 2.0}) == 59);  // upper ends inclusive
    CHECK(h.bin_of({0.26, 1, 1.47}) == (1 * 4 + 1) * 5 + 1);
    CHECK(h.bin_of({1.3, 1, 1.5}) == -1);  // t_timing outside
    CHECK(h.bin_of({0.5, 4, 1.5}) == -1);  // j = 4 is outside [0, 4)
    CHECK(h.bin_of({0.5, 1, 1.1}) == -1);

    // Exact rates per bin from a known linear function, 40 traces per bin at the centre.
    const Coefficients truth{0.8, -0.3, -0.08, 0.15};
    std::vector<Sample> samples;
    for (int c = 0; c < 3; ++c)
        for (int j = 0; j < 4; ++j)
            for (int t = 0; t < 5; ++t) {
                const ChallengeParams p = h.centre(t, j, c);
                const int n = 40, ok = static_cast<int>(std::lround(truth.eval(p) * n));
                for (int i = 0; i < n; ++i) samples.push_back({p, i < ok});
            }
    samples.push_back({{0.5, 1, 1.5}, true});  // one lonely trace in a bin: ignored (< 10)
    samples.back().params.t_timing = 0.1;
    const ChallengeModel m = fit_challenge_model(samples);
    CHECK(m.fitted_bins == 60);
    CHECK(m.linear.t_timing == doctest::Approx(truth.t_timing).epsilon(0.05));
    CHECK(m.linear.j == doctest::Approx(truth.j).epsilon(0.05));
    CHECK(m.linear.t_cycle == doctest::Approx(truth.t_cycle).epsilon(0.1));
    CHECK(m.linear_error < 0.01);                 // only the rounding to whole traces
    CHECK(m.exponential_error > m.linear_error);  // the truth is linear

    std::vector<Sample> few(samples.begin(), samples.begin() + 80);  // 2 bins only
    CHECK_THROWS_AS(fit_challenge_model(few), ModelError);
}

TEST_CASE("the thesis' own Fig. 5.2 histogram gives the expected signs") {
    const ChallengeModel m = thesis_reference_model();
    CHECK(m.fitted_bins == 40);  // the non-empty cells of Fig. 5.2
    CHECK(m.linear.t_timing < 0);
    CHECK(m.linear.j < 0);
    CHECK(m.linear.t_cycle > 0);
    // Thesis 5.1 found both fits close (0.129 vs 0.136 on its own points); at the bin
    // centres the two stay within a factor of 1.5 of each other.
    CHECK(m.exponential_error < m.linear_error * 1.5);
    CHECK(m.linear_error < m.exponential_error * 1.5);
}

TEST_CASE("t-score and two-tailed p-value against known values") {
    // Student's t table: two-tailed 5 % critical values.
    CHECK(two_tailed_p(3.182446, 3) == doctest::Approx(0.05).epsilon(1e-4));
    CHECK(two_tailed_p(2.228139, 10) == doctest::Approx(0.05).epsilon(1e-4));
    CHECK(two_tailed_p(-2.228139, 10) == doctest::Approx(0.05).epsilon(1e-4));
    CHECK(two_tailed_p(0.0, 10) == doctest::Approx(1.0));
    CHECK(two_tailed_p(4.4, 278) < 1e-4);  // thesis 5.3: "p-value of 0.000"
    // Hand-computed: x = 1..5, y = 2 4 5 4 5 -> b = 0.6, a = 2.2, SE(b) = sqrt(0.8 / 10).
    const Regression r = regress({1, 2, 3, 4, 5}, {2, 4, 5, 4, 5});
    REQUIRE(r.valid);
    CHECK(r.slope == doctest::Approx(0.6));
    CHECK(r.intercept == doctest::Approx(2.2));
    CHECK(r.se_slope == doctest::Approx(std::sqrt(0.08)));
    CHECK(r.t_score == doctest::Approx(0.6 / std::sqrt(0.08)));
    CHECK(r.p_value == doctest::Approx(two_tailed_p(0.6 / std::sqrt(0.08), 3)));
    CHECK_FALSE(regress({1, 1, 1}, {1, 2, 3}).valid);
    CHECK_FALSE(regress({1, 2}, {1, 2}).valid);
}

TEST_CASE("histogram accuracy") {
    // Bin 0: 2 training levels (0, 2 deaths -> 1), 2 verification (1, 3 -> 2): |2 - 1| * 2.
    // Bin 9: training 4, 4 -> 4; verification 5, 3 -> 4: no error. Total = 2 * 2 + 2 * 4 = 12.
    const DeathHistogram t = death_histogram({0.05, 0.01, 0.95, 1.0}, {0, 2, 4, 4}, 10);
    const DeathHistogram v = death_histogram({0.02, 0.03, 0.91, 0.99, 0.5}, {1, 3, 5, 3, 7}, 10);
    CHECK(v.levels[9] == 2);
    CHECK(histogram_accuracy(t, v, 2) == doctest::Approx(1.0 - 2.0 / 12.0));
    CHECK(histogram_accuracy(t, v, 3) == -1.0);  // no bin has 3 levels in both sets
}

TEST_CASE("modified Dijkstra maximises the product of success probabilities") {
    // 0 -> 1 -> 3 with 0.9 * 0.5 = 0.45; 0 -> 2 -> 3 with 0.6 * 0.8 = 0.48 (best);
    // 0 -> 3 directly with 0.4.
    std::vector<std::vector<std::pair<int, double>>> out(4);
    out[0] = {{1, 0.9}, {2, 0.6}, {3, 0.4}};
    out[1] = {{3, 0.5}};
    out[2] = {{3, 0.8}};
    std::vector<int> parent;
    const auto v = easiest_values(out, 0, parent);
    CHECK(v[0] == 0.0);
    CHECK(v[1] == doctest::Approx(0.1));
    CHECK(v[3] == doctest::Approx(1.0 - 0.48));
    CHECK(parent[3] == 2);
    CHECK(parent[2] == 0);
    // Unreachable node keeps value 1 and no parent.
    out.emplace_back();
    const auto v2 = easiest_values(out, 0, parent);
    CHECK(v2[4] == 1.0);
    CHECK(parent[4] == -1);
}

TEST_CASE("Algorithm 4 filter keeps the last safe node, mines and the first atomic trap") {
    TrapMap m;
    // nodes: 0 safe, 1 safe, 2 mine, 3 safe, 4 mine, 5 saw, 6 safe
    m.node_cls = {NodeClass::Safe, NodeClass::Safe,   NodeClass::Mine, NodeClass::Safe,
                  NodeClass::Mine, NodeClass::Atomic, NodeClass::Safe};
    CHECK(filter_sub_graph(m, {0, 1, 2, 3, 4, 5, 6}) == std::vector<int>{1, 2, 3, 4, 5});
    CHECK(filter_sub_graph(m, {0, 1, 5}) == std::vector<int>{1, 5});
    CHECK(filter_sub_graph(m, {0, 1, 2, 3}).empty());  // no atomic trap: empty set
}

TEST_CASE("event traces on a hand-made level: cutting, Algorithm 4 mapping and parameters") {
    const Level level = corridor(true);
    REQUIRE(level_problem(level).empty());
    const LevelGraph g = build_level_graph(level);
    const TrapMap traps = classify_nodes(level, g);
    const int n3 = g.stand({3, 1}), n4 = g.stand({4, 1}), n5 = g.stand({5, 1}), n6 = g.stand({6, 1});
    REQUIRE(n3 >= 0);
    REQUIRE(n6 >= 0);
    CHECK(traps.mine(n5));
    CHECK(traps.atomic(n6));
    CHECK(traps.safe(n4));

    std::vector<EventRow> rows = {
        event_row(0, EventKind::Start, 1, 1),
        land(10, g, 1),  // trace 1 opens (no traps: dropped)
        land(20, g, 3),  // trace 2 opens at v_safe = (3, 1)
        event_row(25, EventKind::Trap, 1, 3, -1, stand_x(5), stand_y(1)),        // mine
        event_row(30, EventKind::Trap, 0, 0, -1, stand_x(6) - 0.5, stand_y(1)),  // saw entered
        event_row(31, EventKind::Death, 0, 0, -1, stand_x(6), stand_y(1)),
        event_row(80, EventKind::Respawn, 3, 1),
        land(90, g, 3),                                                                // trace 3 opens
        event_row(95, EventKind::Trap, 0, 0, -1, stand_x(6) - 0.5, stand_y(1) + 1.0),  // jumped over the saw
        land(120, g, 10),  // safe on the far side: success
        land(130, g, 11),  // trace 4 opens; level ends: unfinished? no traps
    };
    TraceStats stats;
    const auto cut = cut_traces(g, traps, rows, &stats);
    REQUIRE(cut.size() == 2);
    CHECK(stats.without_traps == 2);  // (1)->(3) and (10)->(11)
    CHECK_FALSE(cut[0].success);
    CHECK(cut[0].safe_node == n3);
    CHECK(cut[0].death_trap == 0);
    CHECK(cut[1].success);

    MappedTrace died, passed;
    REQUIRE(map_trace(level, g, traps, cut[0], died, &stats));
    REQUIRE(map_trace(level, g, traps, cut[1], passed, &stats));
    CHECK(died.encounter_node == n6);
    CHECK(passed.encounter_node == n6);
    // Shortest path (3)->(6) runs over the mine if walking; its sub-graph keeps (4) before
    // the mine, the mine, and the saw node. A jump edge skipping the mine would be shorter
    // only if its Manhattan weight were below the walk's 3 x 1/2.
    const std::vector<int> path = shortest_path(g, n3, n6);
    REQUIRE(!path.empty());
    CHECK(died.sub_graph == filter_sub_graph(traps, path));
    CHECK(died.sub_graph.back() == n6);
    const ChallengeParams p = challenge_params(level, g, traps, died.sub_graph);
    CHECK(died.params == p);
    CHECK(p.t_cycle == doctest::Approx(90.0 / 60.0));
    // Walking (3)->(4)->(5)->(6) costs 3 x 1/2, less than any jump edge (Manhattan >= 2).
    REQUIRE(died.sub_graph == std::vector<int>{n4, n5, n6});
    // Two level walking steps: 2 x 2 m / 9.5 m/s, no jump; (6, 1) walks on to (7, 1).
    CHECK(p.t_timing == doctest::Approx(2 * 2.0 / 9.5));
    CHECK(p.jumps == 0);
}

TEST_CASE("extra jump rule and travel times") {
    const Level level = corridor(false);
    const LevelGraph g = build_level_graph(level);
    const TrapMap traps = classify_nodes(level, g);
    const int n5 = g.stand({5, 1}), n6 = g.stand({6, 1}), n7 = g.stand({7, 1});
    CHECK(
        horizontal_neighbours(g.nodes[static_cast<std::size_t>(n5)], g.nodes[static_cast<std::size_t>(n6)]));
    CHECK(step_seconds(g.nodes[static_cast<std::size_t>(n5)], g.nodes[static_cast<std::size_t>(n6)]) ==
          doctest::Approx(2.0 / 9.5));
    // Walking on after (6, 1) is possible: no extra jump.
    CHECK(challenge_params(level, g, traps, {n5, n6}).jumps == 0);
    // Arriving at (7, 1) from (6, 1) would still leave (8, 1) to walk on; from (8, 1)'s
    // point of view the only level neighbours are (7, 1) and (9, 1).
    CHECK(challenge_params(level, g, traps, {n6, n7}).jumps == 0);
    // A wall-side trap node: (12, 1) has only (11, 1) beside it -> one extra jump.
    const int n11 = g.stand({11, 1}), n12 = g.stand({12, 1});
    CHECK(challenge_params(level, g, traps, {n11, n12}).jumps == 1);
}

TEST_CASE("level model: substitute edges, removed trap edges, difficulty and easiest path") {
    const Level level = corridor(true);
    const LevelGraph g = build_level_graph(level);
    const int start = g.stand(level.start), exit = g.stand(level.exit);
    // p = 1 everywhere: the level is certain, difficulty 0.
    LevelModelResult r = evaluate_level(level, g, start, exit, constant_model(1.0));
    REQUIRE(r.reachable);
    CHECK(r.difficulty == doctest::Approx(0.0));
    CHECK(r.easiest_path.front() == start);
    CHECK(r.easiest_path.back() == exit);
    // Every substitute edge enters the saw from outside it.
    REQUIRE(!r.challenge_edges.empty());
    for (const ChallengeEdge& e : r.challenge_edges) {
        CHECK(r.traps.atomic(e.to));
        CHECK(e.trap == 0);
        CHECK(r.traps.node_trap[static_cast<std::size_t>(e.from)] != 0);
    }
    // p = 0.5 per challenge: exactly one challenge on the way -> difficulty 0.5.
    r = evaluate_level(level, g, start, exit, constant_model(0.5));
    CHECK(r.difficulty == doctest::Approx(0.5));
    CHECK(r.path_challenges.size() == 1);
    // p = 0: the exit cannot be reached alive.
    r = evaluate_level(level, g, start, exit, constant_model(0.0));
    CHECK(r.difficulty == doctest::Approx(1.0));

    // A model that punishes mines (t_timing) picks the entry without a mine when one exists.
    ChallengeModel m;
    m.linear = Coefficients{0.9, -0.5, 0.0, 0.0};
    r = evaluate_level(level, g, start, exit, m);
    REQUIRE(r.path_challenges.size() == 1);
    const ChallengeEdge& used = r.challenge_edges[static_cast<std::size_t>(r.path_challenges[0])];
    double best = 0;
    for (const ChallengeEdge& e : r.challenge_edges)
        if (level.traps[0].cell.x >= g.nodes[static_cast<std::size_t>(e.from)].cell.x)
            best = std::max(best, e.probability);
    CHECK(used.probability == doctest::Approx(best));
    CHECK(r.difficulty == doctest::Approx(1.0 - best));
}

TEST_CASE("a model whose coefficients would make a prediction NaN is refused") {
    // Found by fuzz_model_json: each coefficient finite, but c0 + j * 1 overflows to inf and
    // t_cycle * 2 to -inf, so predict() returned NaN for an accepted file.
    nlohmann::json j = model_to_json(thesis_reference_model());
    j["coefficients"] = {{"c0", 1e308}, {"t_timing", 0.0}, {"j", 1e308}, {"t_cycle", -1e308}};
    CHECK_THROWS_WITH_AS(model_from_json(j), doctest::Contains("at /coefficients/c0: expected a coefficient"),
                         ModelError);
    j["coefficients"] = {{"c0", 0.5}, {"t_timing", 0.0}, {"j", 0.0}, {"t_cycle", 0.0}};
    j["exponential_log_coefficients"]["t_timing"] = -2e6;
    CHECK_THROWS_WITH_AS(model_from_json(j), doctest::Contains("at /exponential_log_coefficients/t_timing"),
                         ModelError);
    j["exponential_log_coefficients"]["t_timing"] = -1e6;  // the limit itself is accepted
    CHECK(model_from_json(j).predict(ChallengeParams{1.0, 1, 2.0}) == doctest::Approx(0.5));
}

TEST_CASE("model files round-trip and refuse other versions") {
    ChallengeModel m = thesis_reference_model();
    const nlohmann::json j = model_to_json(m);
    const ChallengeModel back = model_from_json(j);
    CHECK(back.linear.c0 == m.linear.c0);
    CHECK(back.linear.t_cycle == m.linear.t_cycle);
    CHECK(back.linear_error == m.linear_error);
    nlohmann::json other = j;
    other["version"] = kModelFormatVersion + 1;
    CHECK_THROWS_WITH_AS(model_from_json(other), doctest::Contains("version"), ModelError);
    CHECK_THROWS_AS(model_from_json(nlohmann::json{{"hello", 1}}), ModelError);
    other = j;
    other.erase("coefficients");
    CHECK_THROWS_AS(model_from_json(other), ModelError);
}
