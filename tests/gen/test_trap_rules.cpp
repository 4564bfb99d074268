// The generator's trap rules read back on hand-made levels (gen/trap_rules.hpp): a trap on
// no start -> exit route and too many graph nodes under traps are warnings.
#include "gen/level_edit.hpp"
#include "gen/trap_rules.hpp"

#include <doctest/doctest.h>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_trap_rules {

using namespace sawtooth;

TEST_CASE("a trap on the floor between start and exit is on the route; one in mid-air is not") {
    Level l = new_empty_level(20, 6);
    REQUIRE(place_trap(l, Trap{TrapType::Saw, {8, 1}, 1, 90, 0}).changed);
    TrapRuleReport r = check_trap_rules(l, 0.25);
    CHECK(r.exit_reachable);
    CHECK(r.trap_nodes >= 3);
    CHECK(r.off_route_traps.empty());
    CHECK(r.warnings.empty());

    REQUIRE(place_trap(l, Trap{TrapType::Mine, {12, 4}, 1, 1, 0}).changed);  // nothing to stand on
    r = check_trap_rules(l, 0.25);
    REQUIRE(r.off_route_traps == std::vector<int>{1});
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0] == "mine at (12, 4) is on no route from start to exit");
}

TEST_CASE("too many nodes under traps breaks alpha; a walled-off exit has no route") {
    Level l = new_empty_level(20, 6);
    REQUIRE(place_trap(l, Trap{TrapType::Saw, {8, 1}, 1, 90, 0}).changed);
    const TrapRuleReport low = check_trap_rules(l, 0.05);
    REQUIRE(low.warnings.size() == 1);
    CHECK(low.warnings[0].find("graph nodes are under traps (generator keeps < 5 %)") != std::string::npos);

    for (int y = 1; y < 5; ++y) REQUIRE(paint_cell(l, {14, y}, Cell::Solid).changed);
    const TrapRuleReport walled = check_trap_rules(l, 0.25);
    CHECK(!walled.exit_reachable);
    CHECK(walled.off_route_traps == std::vector<int>{0});
}

}  // namespace test_trap_rules
