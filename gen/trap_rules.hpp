#pragma once
// The generator's trap rules read back on any level (the level editor's warnings). The
// generator places traps on the routes between start and exit and keeps the share of
// graph nodes under traps below alpha (gen/traps.hpp, constraint C5); a hand-made level
// may break both, which is allowed: these are warnings for the designer, not errors.
// Pure function of the level; does not check playability (the expert bot does).

#include "gen/level.hpp"

#include <string>
#include <vector>

namespace sawtooth {

/// What the trap rules found on one level.
struct TrapRuleReport {
    int graph_nodes = 0;
    int trap_nodes = 0;                 ///< graph nodes standing or hanging in a trap's cells
    std::vector<int> off_route_traps;   ///< indices into Level::traps on no start -> exit route
    bool exit_reachable = false;        ///< the exit's node is connected to the start's
    std::vector<std::string> warnings;  ///< one line each, in trap order, the alpha rule last
};

/// Checks `level` against the generator's rules with share `alpha` (GenParams::alpha).
TrapRuleReport check_trap_rules(const Level& level, double alpha);

}  // namespace sawtooth
