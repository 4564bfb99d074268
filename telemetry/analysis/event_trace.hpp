#pragma once
// Event traces (thesis 4.3) and their mapping onto the level graph (Algorithm 4).
// A trace starts at a safe landing (the player's feet in a cell no trap covers) and ends
// at the next safe landing (success) or at a death (failure); traces without trap or
// death events are dropped. Each kept trace is mapped to a challenge sub-graph
// [safe node, mines..., atomic trap node] whose parameters feed the challenge model.
// Works on recorded event rows (telemetry/store/events.hpp), so it runs on replays and on
// hand-made rows in tests alike. Exact rules: docs/difficulty.md.

#include "telemetry/analysis/challenge_params.hpp"
#include "telemetry/store/events.hpp"

#include <cstdint>
#include <vector>

namespace sawtooth::analysis {

/// One encounter, cut from the event stream.
struct Trace {
    std::uint64_t start_tick = 0;
    std::uint64_t end_tick = 0;
    int safe_node = -1;                    ///< v_safe: node of the safe landing that opened it
    bool success = false;                  ///< ended at a safe landing, not at a death
    std::vector<int> traps_entered;        ///< trap indices in order of E_trap events
    std::vector<double> enter_x, enter_y;  ///< body centre (m) at each E_trap event
    std::vector<int> arrival_nodes;        ///< nodes of landings / hangs inside trap cells, in order
    int death_trap = -1;                   ///< trap that killed (failure only)
    double death_x = 0.0, death_y = 0.0;   ///< body centre at the death (m)
};

/// Counts of what the cutting and mapping kept and dropped.
struct TraceStats {
    int traces = 0;         ///< traces cut (with trap or death events)
    int without_traps = 0;  ///< dropped: no trap and no death event
    int unfinished = 0;     ///< dropped: level ended before a safe landing or death
    int mine_only = 0;      ///< dropped: only mines, no atomic challenge (Algorithm 4 returns empty)
    int unmapped = 0;       ///< dropped: no graph node in the trap, or no path from v_safe
    int mapped = 0;         ///< kept with a sub-graph
    TraceStats& operator+=(const TraceStats& o);
};

/// Cuts the traces out of one level's event rows (any order of kinds; rows sorted by tick).
std::vector<Trace> cut_traces(const LevelGraph& graph, const TrapMap& traps,
                              const std::vector<telemetry::EventRow>& rows, TraceStats* stats = nullptr);

/// A trace mapped onto the graph.
struct MappedTrace {
    Trace trace;
    int encounter_node = -1;     ///< v_encounter
    std::vector<int> sub_graph;  ///< Algorithm 4 result: [safe, mines..., atomic trap node]
    ChallengeParams params;
};

/// Algorithm 4 for one trace; false (and `out` untouched) when it returns the empty set.
bool map_trace(const Level& level, const LevelGraph& graph, const TrapMap& traps, const Trace& trace,
               MappedTrace& out, TraceStats* stats = nullptr);

/// Algorithm 4's filter of a shortest path: keep each safe node followed by a trap node,
/// every mine node, and stop at (and keep) the first atomic trap node; empty when the path
/// has no atomic trap node.
std::vector<int> filter_sub_graph(const TrapMap& traps, const std::vector<int>& path);

/// cut_traces + map_trace for a whole level.
std::vector<MappedTrace> level_traces(const Level& level, const LevelGraph& graph,
                                      const std::vector<telemetry::EventRow>& rows,
                                      TraceStats* stats = nullptr);

}  // namespace sawtooth::analysis
