// Level editing operations and the undo/redo history (gen/level_edit.hpp), without SDL:
// every operation, undo/redo restoring the exact level text, the history limit, resize
// edge cases, round trips through the level text format and malformed files.

#include "gen/error.hpp"
#include "gen/generator.hpp"
#include "gen/level_edit.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_level_edit {

using namespace sawtooth;

namespace {

// Every edited level must stay valid and read back equal from its text.
void check_round_trip(const Level& l) {
    CHECK(level_problem(l) == "");
    CHECK(parse_level_text(to_level_text(l)) == l);
}

Trap saw_at(int x, int y, int cycle = 90, int phase = 5) {
    return Trap{TrapType::Saw, {x, y}, 1, cycle, phase};
}

}  // namespace

TEST_CASE("new_empty_level is a closed box with start and exit on the floor") {
    const Level l = new_empty_level(10, 6);
    CHECK(l.width == 10);
    CHECK(l.height == 6);
    CHECK(l.solid(0, 3));
    CHECK(l.solid(9, 3));
    CHECK(l.solid(4, 0));
    CHECK(!l.solid(4, 1));
    CHECK(l.start == CellPos{1, 1});
    CHECK(l.exit == CellPos{8, 1});
    check_round_trip(l);
    CHECK_THROWS_AS(new_empty_level(3, 6), sawtooth::Error);
    CHECK_THROWS_AS(new_empty_level(10, 2), sawtooth::Error);
    CHECK_THROWS_AS(new_empty_level(5000, 6), sawtooth::Error);
}

TEST_CASE("paint_cell walls and opens, keeping the level valid") {
    Level l = new_empty_level(10, 6);
    CHECK(paint_cell(l, {4, 1}, Cell::Solid).changed);
    CHECK(l.solid(4, 1));
    CHECK(!paint_cell(l, {4, 1}, Cell::Solid).changed);  // already solid
    CHECK(paint_cell(l, {4, 1}, Cell::Open).changed);
    CHECK(!l.solid(4, 1));
    CHECK(paint_cell(l, {0, 3}, Cell::Open).changed);  // the border is a cell like any other
    check_round_trip(l);

    const EditResult on_start = paint_cell(l, l.start, Cell::Solid);
    CHECK(!on_start.changed);
    CHECK(on_start.refused.find("start or exit") != std::string::npos);
    CHECK(!l.solid(l.start.x, l.start.y));
    CHECK(paint_cell(l, {20, 1}, Cell::Solid).refused.find("outside") != std::string::npos);
}

TEST_CASE("painting solid over a trap or decoration removes it; opening a spike's wall removes the spike") {
    Level l = new_empty_level(12, 6);
    REQUIRE(place_trap(l, saw_at(3, 1)).changed);
    l.decorations.push_back({DecorationType::Rock, {8, 3}, 1});
    CHECK(paint_cell(l, {4, 1}, Cell::Solid).changed);  // middle cell of the saw
    CHECK(l.traps.empty());
    CHECK(paint_cell(l, {8, 3}, Cell::Solid).changed);
    CHECK(l.decorations.empty());

    REQUIRE(place_trap(l, Trap{TrapType::WallSpike, {1, 3}, 1, 120, 0}).changed);  // wall at x=0
    CHECK(paint_cell(l, {0, 2}, Cell::Open).changed);  // another wall cell: spike stays
    CHECK(l.traps.size() == 1);
    CHECK(paint_cell(l, {0, 3}, Cell::Open).changed);  // the spike's wall
    CHECK(l.traps.empty());
    check_round_trip(l);
}

TEST_CASE("start and exit move, open solid cells, and refuse traps, each other and the outside") {
    Level l = new_empty_level(10, 6);
    CHECK(place_start(l, {2, 3}).changed);
    CHECK(l.start == CellPos{2, 3});
    CHECK(place_exit(l, {9, 2}).changed);  // on the border wall: opened
    CHECK(l.exit == CellPos{9, 2});
    CHECK(!l.solid(9, 2));
    CHECK(!place_exit(l, {9, 2}).changed);
    CHECK(place_exit(l, {2, 3}).refused.find("other end") != std::string::npos);
    CHECK(place_start(l, {-1, 3}).refused.find("outside") != std::string::npos);
    REQUIRE(place_trap(l, saw_at(4, 1)).changed);
    CHECK(place_start(l, {5, 1}).refused.find("trap") != std::string::npos);
    CHECK(l.start == CellPos{2, 3});
    check_round_trip(l);
}

TEST_CASE("every trap kind is placed with its parameters, checked and erased") {
    Level l = new_empty_level(14, 8);
    CHECK(place_trap(l, saw_at(3, 1, 100, 7)).changed);
    CHECK(place_trap(l, Trap{TrapType::Squeeze, {8, 1}, 1, 150, 30}).changed);
    CHECK(place_trap(l, Trap{TrapType::WallSpike, {12, 4}, -1, 80, 79}).changed);  // wall at x=13
    CHECK(place_trap(l, Trap{TrapType::Mine, {10, 1}, 1, 77, 3}).changed);
    REQUIRE(l.traps.size() == 4);
    CHECK(l.traps[0] == Trap{TrapType::Saw, {3, 1}, 1, 100, 7});
    CHECK(l.traps[2].facing == -1);
    CHECK(l.traps[3].cycle_ticks == 1);  // a mine has no timing, as the parser reads it
    CHECK(l.traps[3].phase_ticks == 0);
    check_round_trip(l);

    // Same anchor and type: new timing replaces the old; overlap and bad timing refuse.
    CHECK(place_trap(l, saw_at(3, 1, 60, 0)).changed);
    CHECK(l.traps[0].cycle_ticks == 60);
    CHECK(l.traps.size() == 4);
    CHECK(place_trap(l, saw_at(4, 1)).refused.find("overlaps") != std::string::npos);
    CHECK(place_trap(l, saw_at(11, 1)).refused.find("covers the start or exit") != std::string::npos);
    CHECK(place_trap(l, Trap{TrapType::Mine, {20, 1}, 1, 1, 0}).refused.find("outside") != std::string::npos);
    CHECK(place_trap(l, saw_at(5, 3, 0, 0)).refused.find("cycle") != std::string::npos);
    CHECK(place_trap(l, saw_at(5, 3, 50, 50)).refused.find("phase") != std::string::npos);
    CHECK(place_trap(l, Trap{TrapType::WallSpike, {5, 3}, 1, 80, 0}).refused.find("no wall") !=
          std::string::npos);
    CHECK(place_trap(l, Trap{TrapType::WallSpike, {1, 3}, 0, 80, 0}).refused.find("facing") !=
          std::string::npos);
    CHECK(place_trap(l, Trap{TrapType::Mine, l.start, 1, 1, 0}).refused.find("start") != std::string::npos);
    CHECK(place_trap(l, Trap{TrapType::Mine, {0, 3}, 1, 1, 0}).refused.find("solid") != std::string::npos);
    CHECK(l.traps.size() == 4);

    CHECK(erase_trap_at(l, {8, 2}).changed);  // upper cell of the squeeze
    CHECK(trap_index_at(l, {8, 1}) == -1);
    CHECK(!erase_trap_at(l, {8, 2}).changed);
    CHECK(l.traps.size() == 3);
    check_round_trip(l);
}

TEST_CASE("resize keeps content, shifts it, drops what no longer fits and refuses losing start or exit") {
    Level l = new_empty_level(10, 6);
    REQUIRE(place_trap(l, saw_at(5, 1)).changed);
    l.decorations.push_back({DecorationType::Plant, {3, 4}, 2});
    const Level before = l;

    SUBCASE("grow right and up, new cells solid") {
        CHECK(resize_level(l, {14, 9}).changed);
        CHECK(l.width == 14);
        CHECK(l.height == 9);
        for (int y = 0; y < 6; ++y)
            for (int x = 0; x < 10; ++x) CHECK(l.at(x, y) == before.at(x, y));
        CHECK(l.solid(12, 7));
        CHECK(l.traps == before.traps);
        CHECK(l.decorations == before.decorations);
        check_round_trip(l);
    }
    SUBCASE("grow at the left and bottom with a shift, new cells open") {
        CHECK(resize_level(l, {12, 8, 2, 2, Cell::Open}).changed);
        CHECK(l.start == CellPos{3, 3});
        CHECK(l.traps[0].cell == CellPos{7, 3});
        CHECK(l.decorations[0].cell == CellPos{5, 6});
        CHECK(!l.solid(0, 0));
        CHECK(l.at(2, 2) == Cell::Solid);  // old bottom-left corner
        check_round_trip(l);
    }
    SUBCASE("shrink cutting a trap and a decoration drops them") {
        CHECK(resize_level(l, {9, 4}).changed);  // exit (8, 1) stays, saw 5..7 stays, plant at y=4 goes
        CHECK(l.decorations.empty());
        CHECK(l.traps.size() == 1);
        CHECK(resize_level(l, {9, 4, -2, 0}).refused.find("outside") != std::string::npos);  // start x=-1
        l = before;
        CHECK(resize_level(l, {10, 6, 0, -1}).changed);  // everything one row down: the saw's
        CHECK(l.traps.size() == 1);                      // open cells move with it
        check_round_trip(l);
    }
    SUBCASE("refusals change nothing") {
        CHECK(resize_level(l, {8, 6}).refused.find("outside") != std::string::npos);  // exit at x=8
        CHECK(resize_level(l, {2, 6}).refused.find("[3, 4096]") != std::string::npos);
        CHECK(resize_level(l, {10, 4097}).refused.find("[3, 4096]") != std::string::npos);
        CHECK(l == before);
        CHECK(!resize_level(l, {10, 6}).changed);
    }
}

TEST_CASE("a trap cut by a shrink is dropped whole") {
    Level l = new_empty_level(12, 6);
    REQUIRE(place_exit(l, {3, 3}).changed);
    REQUIRE(place_trap(l, saw_at(7, 1)).changed);  // cells 7..9
    REQUIRE(place_trap(l, Trap{TrapType::Mine, {5, 1}, 1, 1, 0}).changed);
    CHECK(resize_level(l, {9, 6}).changed);  // x = 9 is cut off
    REQUIRE(l.traps.size() == 1);
    CHECK(l.traps[0].type == TrapType::Mine);
    check_round_trip(l);
}

TEST_CASE("every document edit undoes and redoes to the exact level text") {
    LevelDocument doc(new_empty_level(12, 6));
    std::vector<std::string> texts{doc.text()};
    auto step = [&](EditResult r) {
        REQUIRE(r.refused == "");
        REQUIRE(r.changed);
        texts.push_back(doc.text());
    };
    const Level& l = doc.level();
    const CellPos open{4, 2};
    step(doc.paint(open, Cell::Solid));
    step(doc.paint(open, Cell::Open));
    step(doc.set_start(open));
    step(doc.set_exit({open.x, open.y + 1}));
    step(doc.add_trap(Trap{TrapType::Mine, {open.x + 1, open.y}, 1, 1, 0}));
    step(doc.erase_trap({open.x + 1, open.y}));
    step(doc.add_trap(saw_at(6, 1)));
    step(doc.add_trap(saw_at(6, 1, 60, 0)));  // new timing for the same saw
    step(doc.resize({l.width + 2, l.height + 1}));
    REQUIRE(doc.undo_depth() == texts.size() - 1);

    for (std::size_t i = texts.size() - 1; i > 0; --i) {
        REQUIRE(doc.undo());
        CHECK(doc.text() == texts[i - 1]);
    }
    CHECK(!doc.undo());
    CHECK(!doc.modified());
    for (std::size_t i = 1; i < texts.size(); ++i) {
        REQUIRE(doc.redo());
        CHECK(doc.text() == texts[i]);
    }
    CHECK(!doc.redo());
    CHECK(doc.modified());
}

TEST_CASE("a drag is one step, refused and no-op edits are none, a new edit clears redo") {
    LevelDocument doc(new_empty_level(12, 6));
    const std::string before = doc.text();
    doc.begin_step();
    for (int x = 2; x < 8; ++x) doc.paint({x, 3}, Cell::Solid);
    doc.paint(doc.level().start, Cell::Solid);  // refused inside the drag: the rest still counts
    doc.end_step();
    CHECK(doc.undo_depth() == 1);
    const std::string dragged = doc.text();

    doc.begin_step();  // an empty drag records nothing
    doc.end_step();
    CHECK(!doc.paint({3, 3}, Cell::Solid).changed);
    CHECK(doc.paint({0, 0}, Cell::Open).changed);
    CHECK(!doc.set_start({-5, 0}).changed);
    CHECK(doc.undo_depth() == 2);

    REQUIRE(doc.undo());
    REQUIRE(doc.undo());
    CHECK(doc.text() == before);
    REQUIRE(doc.redo());
    CHECK(doc.text() == dragged);
    CHECK(doc.paint({9, 4}, Cell::Solid).changed);
    CHECK(!doc.can_redo());
    const std::string last = doc.text();

    doc.begin_step();  // undo closes an open step first, then undoes it
    doc.paint({9, 3}, Cell::Solid);
    REQUIRE(doc.undo());
    CHECK(doc.text() == last);
}

TEST_CASE("the history keeps the newest steps up to its limit") {
    LevelDocument doc(new_empty_level(40, 8), 100);
    std::vector<std::string> texts{doc.text()};
    for (int i = 0; i < 130; ++i) {
        REQUIRE(doc.paint({1 + i % 38, 2 + (i / 38)}, Cell::Solid).changed);
        texts.push_back(doc.text());
    }
    CHECK(doc.undo_depth() == 100);
    int undone = 0;
    while (doc.undo()) ++undone;
    CHECK(undone == 100);
    CHECK(doc.text() == texts[30]);
    CHECK(doc.redo_depth() == 100);
}

TEST_CASE("documents load from level text and report malformed files by line and column") {
    const Level gen = generate_level(GenParams{}).level;
    const LevelDocument doc = LevelDocument::from_text(to_level_text(gen));
    CHECK(doc.level() == gen);
    CHECK(doc.text() == to_level_text(gen));
    CHECK(!doc.modified());

    try {
        LevelDocument::from_text("sawtooth-level 1\ngrid 5 3\n#####\n#S.E#\n#####\ntrap saw 1 1 x 0\n");
        FAIL("expected a LevelFormatError");
    } catch (const LevelFormatError& e) {
        CHECK(e.line() == 6);
        CHECK(e.column() == 14);
        CHECK(std::string(e.what()).starts_with("line 6, column 14: "));
    }
    // Parses, but a spike without its wall breaks level_problem.
    CHECK_THROWS_AS(LevelDocument::from_text("sawtooth-level 1\ngrid 6 3\n######\n#S.kE#\n######\n"
                                             "trap spike 3 1 1 90 0\n"),
                    sawtooth::Error);
}

}  // namespace test_level_edit
