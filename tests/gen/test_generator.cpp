// Level generator: determinism (golden hashes), properties over many seeds (SPEC P3,
// docs/generator.md "Measured figures"), the trap truth table, the t_cycle schedule and parameter validation.
#include "../support/golden.hpp"
#include "gen/generator.hpp"
#include "gen/travel_time.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_generator {

using namespace sawtooth;

namespace {

constexpr int kPropertySeeds = 500;  // per layout

GenParams params(std::uint64_t seed, Layout layout) {
    GenParams p;
    p.seed = seed;
    p.layout = layout;
    if (layout == Layout::Linear) {
        p.rooms_w = 5;
        p.rooms_h = 2;
    }
    return p;
}

// Start and exit are mutually reachable in the graph of `level`.
bool exits_connected(const Level& level) {
    const LevelGraph g = build_level_graph(level);
    return connected(g, g.stand(level.start), g.stand(level.exit));
}

// A path from start to exit that touches no trap cell.
bool trap_free_path(const Level& level) {
    const LevelGraph g = build_level_graph(level);
    std::vector<char> trapped(level.cells.size(), 0);
    for (const Trap& t : level.traps)
        for (CellPos c : trap_cells(t)) trapped[static_cast<std::size_t>(c.y * level.width + c.x)] = 1;
    const int s = g.stand(level.start), e = g.stand(level.exit);
    std::vector<char> seen(g.nodes.size(), 0);
    std::vector<int> stack = {s};
    seen[static_cast<std::size_t>(s)] = 1;
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        if (n == e) return true;
        for (auto [m, edge] : g.adj[static_cast<std::size_t>(n)]) {
            const CellPos c = g.nodes[static_cast<std::size_t>(m)].cell;
            if (seen[static_cast<std::size_t>(m)] ||
                trapped[static_cast<std::size_t>(c.y * level.width + c.x)])
                continue;
            seen[static_cast<std::size_t>(m)] = 1;
            stack.push_back(m);
        }
    }
    return false;
}

}  // namespace

TEST_CASE("same seed and parameters give identical level bytes") {
    for (std::uint64_t seed : {1ull, 42ull, 9999ull}) {
        const GeneratedLevel a = generate_level(params(seed, Layout::Maze));
        const GeneratedLevel b = generate_level(params(seed, Layout::Maze));
        REQUIRE(a.ok);
        CHECK(to_level_text(a.level) == to_level_text(b.level));
        CHECK(parse_level_text(to_level_text(a.level)) == a.level);  // the text format round-trips
        const GeneratedLevel c = generate_level(params(seed + 1, Layout::Maze));
        CHECK(level_hash(c.level) != level_hash(a.level));
    }
}

namespace {

// One line of tests/data/level_hashes.txt: GENERATOR_VERSION LAYOUT SEED HASH.
struct GoldenLevel {
    int version = 0;
    std::string layout;
    std::uint64_t seed = 0;
    std::uint64_t hash = 0;
};

std::string golden_line(int version, const std::string& layout, std::uint64_t seed, std::uint64_t hash) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%d %s %llu %016llx\n", version, layout.c_str(),
                  static_cast<unsigned long long>(seed), static_cast<unsigned long long>(hash));
    return buf;
}

// The file's text with this version's lines replaced by freshly generated ones, one for
// each (layout, seed) any version lists: older versions' lines stay (recordings made with
// them name their version), so a new version appends its lines.
std::string golden_text_for_this_version(const std::string& text, const std::vector<GoldenLevel>& lines) {
    std::istringstream in(text);
    std::string out, line;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        int version = 0;
        if (!line.empty() && line[0] != '#' && (words >> version) && version == kGeneratorVersion) continue;
        out += line + "\n";
    }
    std::set<std::pair<std::string, std::uint64_t>> done;
    for (const GoldenLevel& g : lines) {
        if (!done.insert({g.layout, g.seed}).second) continue;
        const GeneratedLevel level = generate_level(params(g.seed, *parse_layout(g.layout)));
        out += golden_line(kGeneratorVersion, g.layout, g.seed, level_hash(level.level));
    }
    return out;
}

}  // namespace

TEST_CASE("golden level hashes (tests/data/level_hashes.txt)" * doctest::test_suite("golden")) {
    const std::string path = SAWTOOTH_SOURCE_DIR "/tests/data/level_hashes.txt";
    std::vector<GoldenLevel> lines;
    std::string text;
    {
        std::ifstream f(path);
        REQUIRE(f.good());
        std::string line;
        while (std::getline(f, line)) {
            text += line + "\n";
            if (line.empty() || line[0] == '#') continue;
            std::istringstream in(line);
            GoldenLevel g;
            in >> g.version >> g.layout >> g.seed >> std::hex >> g.hash;
            REQUIRE(parse_layout(g.layout).has_value());
            lines.push_back(g);
        }
    }
    test::rewrite_golden_if_requested(path, golden_text_for_this_version(text, lines));
    if (test::golden_update_requested()) {  // compare with what was just written
        lines.clear();
        std::ifstream f(path);
        for (std::string line; std::getline(f, line);) {
            if (line.empty() || line[0] == '#') continue;
            std::istringstream in(line);
            GoldenLevel g;
            in >> g.version >> g.layout >> g.seed >> std::hex >> g.hash;
            lines.push_back(g);
        }
    }
    int checked = 0;
    for (const GoldenLevel& g : lines) {
        if (g.version != kGeneratorVersion) continue;  // hashes of another generator version
        const GeneratedLevel level = generate_level(params(g.seed, *parse_layout(g.layout)));
        REQUIRE(level.ok);
        const std::uint64_t got = level_hash(level.level);
        if (got != g.hash)
            std::printf("golden mismatch: %s", golden_line(g.version, g.layout, g.seed, got).c_str());
        CHECK(got == g.hash);
        ++checked;
    }
    CHECK(checked >= 4);
}

TEST_CASE("properties over many seeds, maze and linear") {
    for (Layout layout : {Layout::Maze, Layout::Linear}) {
        int no_trap_free = 0, traps = 0, sequences = 0, fallbacks = 0, with_traps = 0;
        std::set<int> trap_types;
        for (int s = 1; s <= kPropertySeeds; ++s) {
            const GenParams p = params(static_cast<std::uint64_t>(s) * 7919u, layout);
            const GeneratedLevel g = generate_level(p);
            CAPTURE(s);
            CAPTURE(g.error);
            REQUIRE(g.ok);
            const Level& l = g.level;
            REQUIRE(level_problem(l) == "");
            if (layout == Layout::Linear) CHECK(l.exit.x >= (p.rooms_w - 1) * p.room_w);  // rightmost rooms
            // Exits mutually reachable before and after traps (graph is undirected).
            CHECK(g.structure.traps.empty());
            CHECK(exits_connected(g.structure));
            CHECK(exits_connected(l));
            // C5: trap nodes < alpha of graph nodes.
            const LevelGraph graph = build_level_graph(l);
            std::vector<char> trap_cell(l.cells.size(), 0);
            for (const Trap& t : l.traps)
                for (CellPos c : trap_cells(t)) trap_cell[static_cast<std::size_t>(c.y * l.width + c.x)] = 1;
            int trap_nodes = 0;
            for (const GraphNode& n : graph.nodes)
                trap_nodes += trap_cell[static_cast<std::size_t>(n.cell.y * l.width + n.cell.x)];
            CHECK(trap_nodes <= p.alpha * static_cast<double>(graph.nodes.size()));
            // Every trap sits on a route.
            std::vector<char> route_cell(l.cells.size(), 0);
            for (const Route& r : g.routes)
                for (int id : r.nodes) {
                    const CellPos c = g.graph.nodes[static_cast<std::size_t>(id)].cell;
                    route_cell[static_cast<std::size_t>(c.y * l.width + c.x)] = 1;
                }
            // Mines only directly before another trap, at most two in a row.
            int mines_in_row = 0;
            for (const Trap& t : l.traps) {
                bool on_route = false;
                for (CellPos c : trap_cells(t))
                    on_route |= route_cell[static_cast<std::size_t>(c.y * l.width + c.x)] != 0;
                CHECK(on_route);
                trap_types.insert(static_cast<int>(t.type));
            }
            for (const TrapSequence& seq : g.traps.sequences) {
                mines_in_row = 0;
                for (int ti : seq.traps) {
                    const Trap& t = l.traps[static_cast<std::size_t>(ti)];
                    mines_in_row = t.type == TrapType::Mine ? mines_in_row + 1 : 0;
                    CHECK(mines_in_row <= 2);
                }
                CHECK(l.traps[static_cast<std::size_t>(seq.traps.back())].type != TrapType::Mine);
            }
            traps += static_cast<int>(l.traps.size());
            sequences += static_cast<int>(g.traps.sequences.size());
            with_traps += !l.traps.empty();
            fallbacks += g.stats.fallbacks;
            no_trap_free += !trap_free_path(l);
        }
        // Reported, not asserted (docs/generator.md "Measured figures").
        std::printf(
            "[%s] %d seeds: no trap-free start-exit path in %.1f %% of levels; %.1f traps and %.1f sequences "
            "per "
            "level; %d levels with traps; %d fallback rooms\n",
            std::string(layout_name(layout)).c_str(), kPropertySeeds, 100.0 * no_trap_free / kPropertySeeds,
            static_cast<double>(traps) / kPropertySeeds, static_cast<double>(sequences) / kPropertySeeds,
            with_traps, fallbacks);
        CHECK(trap_types.size() == 4);  // every trap type occurs somewhere
    }
}

TEST_CASE("truth table of the trap modifiers (thesis Fig. 3.8)") {
    using M = Modifier;
    using V = CellValue;
    CHECK(modifier_allowed(M::Trap, V::Open));
    CHECK_FALSE(
        modifier_allowed(M::Trap, V::MustOpen));  // a trap never sits on a cell another trap needs open
    CHECK_FALSE(modifier_allowed(M::Trap, V::Solid));
    CHECK(modifier_allowed(M::MustSolid, V::Solid));
    CHECK(modifier_allowed(M::MustSolid, V::MustSolid));
    CHECK_FALSE(modifier_allowed(M::MustSolid, V::Open));
    CHECK(modifier_allowed(M::MustOpen, V::MustOpen));
    CHECK_FALSE(modifier_allowed(M::MustOpen, V::Trap));
    CHECK(modifier_allowed(M::AddSolid, V::Open));
    CHECK_FALSE(modifier_allowed(M::AddSolid, V::MustOpen));
    CHECK(modifier_allowed(M::Dig, V::Solid));
    CHECK_FALSE(modifier_allowed(M::Dig, V::MustSolid));
    for (int v = 0; v < 8; ++v)
        CHECK_FALSE(modifier_allowed(static_cast<M>(v), V::Trap));  // one trap per cell
    CHECK(apply_modifier(M::AddSolid, V::Open) == V::MustSolid);
}

TEST_CASE("t_cycle schedule narrows from [2, 2] s to [1.2, 2] s over levels 1..5") {
    CHECK(cycle_interval_seconds(1) == std::pair<double, double>{2.0, 2.0});
    CHECK(cycle_interval_seconds(3).first == doctest::Approx(1.6));
    CHECK(cycle_interval_seconds(5).first == doctest::Approx(1.2));
    CHECK(cycle_interval_seconds(12).first == doctest::Approx(1.2));
    for (int index : {1, 5}) {
        GenParams p = params(77, Layout::Maze);
        p.level_index = index;
        const GeneratedLevel g = generate_level(p);
        REQUIRE(g.ok);
        REQUIRE(!g.level.traps.empty());
        for (const Trap& t : g.level.traps) {
            if (t.type == TrapType::Mine) continue;
            CHECK(t.cycle_ticks >= static_cast<int>(cycle_interval_seconds(index).first * 60) - 1);
            CHECK(t.cycle_ticks <= 120);
            CHECK(t.phase_ticks < t.cycle_ticks);
        }
    }
}

TEST_CASE("phase offsets inside a sequence equal the integrated travel time") {
    int pairs = 0;
    for (int s = 1; s <= 60 && pairs < 5; ++s) {
        const GeneratedLevel g = generate_level(params(static_cast<std::uint64_t>(s), Layout::Maze));
        REQUIRE(g.ok);
        for (const TrapSequence& seq : g.traps.sequences) {
            std::vector<const Trap*> periodic;
            for (int ti : seq.traps)
                if (g.level.traps[static_cast<std::size_t>(ti)].type != TrapType::Mine)
                    periodic.push_back(&g.level.traps[static_cast<std::size_t>(ti)]);
            REQUIRE(seq.delays.size() + 1 == std::max<std::size_t>(periodic.size(), 1));
            for (std::size_t k = 1; k < periodic.size(); ++k) {
                CHECK(periodic[k]->cycle_ticks == periodic[0]->cycle_ticks);
                CHECK(seq.delays[k - 1] > 0);
                CHECK(periodic[k]->phase_ticks ==
                      (periodic[k - 1]->phase_ticks + seq.delays[k - 1]) % periodic[0]->cycle_ticks);
                ++pairs;
            }
        }
    }
    CHECK(pairs >= 1);
}

TEST_CASE("each phase delay is the integrated travel time along the route between the two traps") {
    // Recomputes every delay from the level's own route: find the sequence's nodes on it,
    // take the node where the route first meets each periodic trap (first route node inside
    // its cells that the trap can reach), and sum travel_ticks over the route edges between
    // the two meeting nodes.
    int pairs = 0, seeds_with_pairs = 0;
    for (const Layout layout : {Layout::Maze, Layout::Linear})
        for (int s = 1; s <= 40; ++s) {
            CAPTURE(s);
            CAPTURE(static_cast<int>(layout));
            const GeneratedLevel g = generate_level(params(static_cast<std::uint64_t>(s), layout));
            REQUIRE(g.ok);
            int pairs_here = 0;
            for (const TrapSequence& seq : g.traps.sequences) {
                std::vector<const Trap*> periodic;
                for (int ti : seq.traps)
                    if (g.level.traps[static_cast<std::size_t>(ti)].type != TrapType::Mine)
                        periodic.push_back(&g.level.traps[static_cast<std::size_t>(ti)]);
                if (periodic.size() < 2) continue;
                REQUIRE(seq.delays.size() + 1 == periodic.size());
                REQUIRE(seq.route >= 0);
                REQUIRE(static_cast<std::size_t>(seq.route) < g.routes.size());
                std::vector<GraphNode> route;
                for (int id : g.routes[static_cast<std::size_t>(seq.route)].nodes)
                    route.push_back(g.graph.nodes[static_cast<std::size_t>(id)]);
                // Where the sequence's cells lie on the route, in order.
                const std::size_t len = seq.cells.size();
                int first = -1;
                for (std::size_t f = 0; first < 0 && f + len <= route.size(); ++f) {
                    bool match = true;
                    for (std::size_t k = 0; match && k < len; ++k) match = route[f + k].cell == seq.cells[k];
                    if (match) first = static_cast<int>(f);
                }
                REQUIRE(first >= 0);
                std::vector<int> meet;  // route index where the route first enters each periodic trap
                int from = first;
                for (const Trap* t : periodic) {
                    const std::vector<CellPos> cells = trap_cells(*t);
                    int at = -1;
                    for (int k = from; at < 0 && k < first + static_cast<int>(len); ++k) {
                        const GraphNode& n = route[static_cast<std::size_t>(k)];
                        // Wall spikes reach 0.9 m out of one wall of a 2 m cell: hanging on
                        // the far side's ledge passes them; only the hang on their wall meets them.
                        if (t->type == TrapType::WallSpike && n.type != NodeType::Stand &&
                            (n.type == NodeType::HangLeft) != (t->facing > 0))
                            continue;
                        for (const CellPos c : cells)
                            if (n.cell == c) at = k;
                    }
                    REQUIRE(at >= 0);
                    meet.push_back(at);
                    from = at + 1;
                }
                for (std::size_t k = 1; k < periodic.size(); ++k) {
                    int expected = 0;
                    for (int i = meet[k - 1] + 1; i <= meet[k]; ++i) {
                        const auto [xa, ya] = node_position(route[static_cast<std::size_t>(i - 1)]);
                        const auto [xb, yb] = node_position(route[static_cast<std::size_t>(i)]);
                        expected += travel_ticks(xa, ya, xb, yb);
                    }
                    CAPTURE(k);
                    CHECK(meet[k] > meet[k - 1]);
                    CHECK(seq.delays[k - 1] == expected);
                    ++pairs;
                    ++pairs_here;
                }
            }
            seeds_with_pairs += pairs_here > 0;
        }
    MESSAGE("travel-time delays checked: " << pairs << " trap pairs on " << seeds_with_pairs << " levels");
    CHECK(seeds_with_pairs >= 3);  // several seeds, not one lucky level
}

TEST_CASE("travel times come from the semi-implicit integrator, not a parabola") {
    const auto [rise, ticks] = jump_apex();
    // Continuous: v^2 / 2g = 3.2 m at 0.4 s; semi-implicit Euler at 1/60 s rises less.
    CHECK(rise < 3.2);
    CHECK(rise == doctest::Approx(3.07).epsilon(0.01));
    CHECK(ticks == 24);  // the last tick with vy > 0: 0.4 s
    // One cell of running: 2 m at 9.5 m/s = 12.6 ticks.
    CHECK(travel_ticks(1.0, 0.75, 3.0, 0.75) == 13);
    // A one-cell step up takes longer than the flat run (jump and land).
    CHECK(travel_ticks(1.0, 0.75, 3.0, 2.75) > 13);
}

TEST_CASE("params_problem rejects bad sizes with a one-line reason") {
    GenParams p;
    CHECK(params_problem(p) == "");
    p.rooms_w = 0;
    CHECK(params_problem(p) != "");
    p = {};
    p.room_w = 3;
    CHECK(params_problem(p) != "");
    p = {};
    p.room_w = 5;  // too narrow for vertical links
    CHECK(params_problem(p) != "");
    p.rooms_h = 1;
    CHECK(params_problem(p) == "");
    p = {};
    p.alpha = 0.0;
    CHECK(params_problem(p) != "");
    p = {};
    p.rooms_w = p.rooms_h = 1;
    CHECK(params_problem(p) != "");
    for (const GenParams& bad :
         {GenParams{.seed = 1, .rooms_w = 99}, GenParams{.seed = 1, .level_index = 0}}) {
        const std::string e = params_problem(bad);
        CHECK(!e.empty());
        CHECK(e.find('\n') == std::string::npos);
        CHECK_FALSE(generate_level(bad).ok);
    }
}

}  // namespace test_generator
