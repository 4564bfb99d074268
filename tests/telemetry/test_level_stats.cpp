// The catalogue's level statistics (telemetry/analysis/level_stats) on hand-made levels
// whose figures can be counted by eye, and on a generated level where they must agree
// with the generator's own structures.
#include "gen/generator.hpp"
#include "gen/level.hpp"
#include "telemetry/analysis/level_stats.hpp"

#include <doctest/doctest.h>

using namespace sawtooth;

namespace {

// Bottom row y = 0. A walk from S (1,1) to (4,1), a one-cell step up onto (5,2), the exit
// at (6,2); a mine on the walk at (3,1).
const char* kStepLevel =
    "sawtooth-level 1\n"
    "grid 9 6\n"
    "#########\n"
    "#.......#\n"
    "#.......#\n"
    "#.....E.#\n"
    "#S.m.####\n"
    "#########\n"
    "trap mine 3 1\n";

GeneratedLevel hand_made(const char* text) {
    GeneratedLevel g;
    g.ok = true;
    g.level = parse_level_text(text);
    g.graph = build_level_graph(g.level);
    g.start_node = g.graph.stand(g.level.start);
    g.exit_node = g.graph.stand(g.level.exit);
    g.routes = compute_routes(g.graph, g.start_node, g.exit_node);
    return g;
}

}  // namespace

TEST_CASE("level statistics of a walk and a step, counted by hand") {
    const GeneratedLevel g = hand_made(kStepLevel);
    REQUIRE(g.start_node >= 0);
    REQUIRE(g.exit_node >= 0);
    GenParams p;
    p.rooms_w = 1;
    p.rooms_h = 1;
    const analysis::LevelStats s = analysis::level_stats(p, g);
    CHECK(s.width == 9);
    CHECK(s.height == 6);
    CHECK(s.cells == 54);
    CHECK(s.rooms == 1);
    // Open: rows y=4,3,2 (7 each, E included), y=1 four (S, two dots, the mine cell).
    CHECK(s.open_cells == 25);
    CHECK(s.open_share == doctest::Approx(25.0 / 54.0));
    CHECK(s.traps == 1);
    CHECK(s.mines == 1);
    CHECK(s.saws + s.spikes + s.squeezes == 0);
    CHECK(s.trap_sequences == 0);  // hand-made: no generator sequences
    CHECK(s.longest_sequence == 0);
    // (1,1) (2,1) (3,1) (4,1) -> step -> (5,2) (6,2)
    CHECK(s.path_steps == 5);
    CHECK(s.path_jumps == 1);
    CHECK(s.path_climb == 1);
    CHECK(s.path_descent == 0);
    CHECK(s.path_hangs == 0);
    CHECK(s.path_trap_nodes == 1);
    CHECK(s.path_length == doctest::Approx(4 * 0.5 + 2.0));
    CHECK(s.routes == static_cast<int>(g.routes.size()));
    CHECK(s.graph_nodes == static_cast<int>(g.graph.nodes.size()));
}

TEST_CASE("level statistics of a generated level agree with the generator's structures") {
    GenParams p;
    p.seed = 42;
    const GeneratedLevel g = generate_level(p);
    REQUIRE(g.ok);
    const analysis::LevelStats s = analysis::level_stats(p, g);
    CHECK(s.rooms == 12);
    CHECK(s.cells == g.level.width * g.level.height);
    CHECK(s.traps == s.saws + s.spikes + s.squeezes + s.mines);
    CHECK(s.traps == static_cast<int>(g.level.traps.size()));
    CHECK(s.trap_sequences == static_cast<int>(g.traps.sequences.size()));
    CHECK(s.longest_sequence >= 1);
    CHECK(s.alt_routes == s.routes - 1);
    CHECK(s.graph_edges == static_cast<int>(g.graph.edges.size()));
    CHECK(s.path_steps >= 1);
    CHECK(s.path_jumps <= s.path_steps);
    // The path goes from the start's cell to the exit's: its net height is theirs.
    CHECK(s.path_climb - s.path_descent == g.level.exit.y - g.level.start.y);
    CHECK(analysis::level_stats(p, generate_level(p)) == s);
}
