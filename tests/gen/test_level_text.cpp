#include "gen/level.hpp"

#include <doctest/doctest.h>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_level_text {

using namespace sawtooth;

namespace {
const char* kSmall =
    "sawtooth-level 1\n"
    "; a comment\n"
    "meta name tiny test\n"
    "grid 8 5\n"
    "########\n"
    "#......#\n"
    "#S.#k.E#\n"
    "#.sss..#\n"
    "########\n"
    "trap saw 2 1 90 10\n"
    "trap spike 4 2 1 120 0\n"
    "deco rock 6 1 2\n";
}

TEST_CASE("level text round-trips and hashes stably") {
    Level l = parse_level_text(kSmall);
    CHECK(l.width == 8);
    CHECK(l.height == 5);
    CHECK(l.start == CellPos{1, 2});
    CHECK(l.exit == CellPos{6, 2});
    CHECK(l.solid(0, 0));
    CHECK(!l.solid(1, 1));
    CHECK(l.solid(3, 2));
    REQUIRE(l.traps.size() == 2);
    CHECK(l.traps[0].type == TrapType::Saw);
    CHECK(l.traps[0].cycle_ticks == 90);
    CHECK(l.traps[1].facing == 1);
    CHECK(l.meta_value("name") == "tiny test");
    CHECK(level_problem(l) == "");
    const std::string text = to_level_text(l);
    Level again = parse_level_text(text);
    CHECK(again == l);
    CHECK(level_hash(again) == level_hash(l));
    l.set(4, 3, Cell::Solid);
    CHECK(level_hash(again) != level_hash(l));
}

TEST_CASE("malformed level text names line and column") {
    auto fails_at = [](const std::string& text, int line, int col) {
        try {
            parse_level_text(text);
        } catch (const LevelFormatError& e) {
            CHECK(e.line() == line);
            CHECK(e.column() == col);
            return;
        }
        FAIL("expected a LevelFormatError");
    };
    fails_at("nonsense 1\n", 1, 1);
    fails_at("sawtooth-level 2\n", 1, 16);
    fails_at("sawtooth-level 1\ngrid 4 3\n####\n#SX#\n####\n", 4, 3);                     // unknown char
    fails_at("sawtooth-level 1\ngrid 4 3\n####\n#S.\n####\n", 4, 4);                      // short row
    fails_at("sawtooth-level 1\ngrid 4 3\n####\n#S.E\n", 5, 1);                           // missing row
    fails_at("sawtooth-level 1\ngrid 4 3\n####\n#S.E\n####\nfoo\n", 6, 1);                // keyword
    fails_at("sawtooth-level 1\ngrid 5 3\n#####\n#SkE#\n#####\n", 4, 3);                  // letter w/o trap
    fails_at("sawtooth-level 1\ngrid 5 3\n#####\n#S.E#\n#####\ntrap mine 2 1\n", 6, 11);  // no letter
    fails_at("sawtooth-level 1\ngrid 5 3\n#####\n#S.E#\n#####\ntrap saw 1 1 x 0\n", 6, 14);
    fails_at("sawtooth-level 1\ngrid 5 3\n#####\n#..E#\n#####\n", 3, 1);  // no start
}

}  // namespace test_level_text
