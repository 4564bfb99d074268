#pragma once
// Trap placement (thesis 3.3.2 and 3.3.4, Algorithm 3). A trap sequence is a graph
// pattern (consecutive nodes of a route) plus cell modifiers checked with the truth table
// of Fig. 3.8; sequences are placed by random search without backtracking under
// constraints C0-C5, re-checking after every placement that start and exit are still
// connected. Consecutive periodic traps of a sequence share a cycle and are phase-delayed
// by the travel time between them (gen/travel_time). Works on a Level and its graph; does
// not decide where the level's start and exit are.

#include "gen/level.hpp"
#include "gen/level_graph.hpp"
#include "gen/rng.hpp"

#include <utility>
#include <vector>

namespace sawtooth {

/// Cell values of thesis 3.3.2.
enum class CellValue : unsigned char {
    Solid,      ///< [#] solid, not obliged to be
    Open,       ///< [o] open, not obliged to be
    MustSolid,  ///< [=]
    MustOpen,   ///< [.]
    Trap,       ///< [t] periodically active trap
    Deadly,     ///< [d] trap that cannot be traversed
};

/// Modifier values: the cell values plus add-solid [\] and dig [+].
enum class Modifier : unsigned char { Solid, Open, MustSolid, MustOpen, Trap, Deadly, AddSolid, Dig };

/// Fig. 3.8: may modifier m be applied to a cell holding value v?
bool modifier_allowed(Modifier m, CellValue v);

/// The value a cell holds after an allowed modifier.
CellValue apply_modifier(Modifier m, CellValue v);

/// t_cycle interval in seconds for a level index (SPEC P2): [2, 2] at level 1 narrowing
/// linearly to [1.2, 2] at level 5 and staying there.
std::pair<double, double> cycle_interval_seconds(int level_index);

/// Trap placement settings.
struct TrapSettings {
    double alpha = 0.25;       ///< C5: trap-sequence nodes < alpha * graph nodes (and per route)
    int level_index = 1;       ///< picks the t_cycle interval
    int max_mines_before = 2;  ///< mines only directly before another trap, at most this many
};

/// One placed sequence.
struct TrapSequence {
    std::vector<int> traps;      ///< indices into Level::traps, in route order
    std::vector<CellPos> cells;  ///< cells of the sequence's route nodes (its graph G_j)
    int route = 0;               ///< index of the route it was placed on
    std::vector<int> delays;     ///< ticks between consecutive periodic traps (phase offsets)
};

/// Result of Algorithm 3.
struct TrapPlacement {
    std::vector<TrapSequence> sequences;
    int sequence_nodes = 0;    ///< sum of |G_j|
    int candidates_tried = 0;  ///< fits attempted (diagnostics)
};

/// Places traps on `level` along `routes` (node ids of `graph`). Modifies the level's cells
/// and traps; rebuilds `graph` when cells change and remaps `routes` onto it.
/// `start` and `exit` are cells whose nodes must stay connected (C4).
TrapPlacement place_traps(Level& level, LevelGraph& graph, std::vector<Route>& routes, CellPos start,
                          CellPos exit, const TrapSettings& settings, Rng& rng);

}  // namespace sawtooth
