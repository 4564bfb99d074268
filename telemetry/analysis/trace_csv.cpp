#include "telemetry/analysis/trace_csv.hpp"

#include "gen/error.hpp"
#include "telemetry/analysis/challenge_params.hpp"
#include "telemetry/analysis/event_trace.hpp"

#include <algorithm>
#include <cstdio>

namespace sawtooth::analysis {

/// One row per mapped event trace: the model's inputs and label, and where it came from,
/// so the fit can be checked outside the tool (e.g. success rate per j).
void write_traces_csv(const StudyData& d, const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (!f) throw Error("cannot write '" + path + "'");
    std::fprintf(f,
                 "participant,session,level_id,level_index,trap,trap_type,t_timing,j,t_cycle,success,"
                 "sub_graph_nodes,encounter,start_tick,end_tick,sub_graph\n");
    for (const StudySession& s : d.sessions)
        for (const StudyLevel& l : s.levels) {
            const TrapMap traps = classify_nodes(l.generated->level, l.generated->graph);
            for (const MappedTrace& t : l.traces) {
                const int trap = traps.node_trap[static_cast<std::size_t>(t.sub_graph.back())];
                const std::string type =
                    trap >= 0 ? std::string(trap_type_name(
                                    l.generated->level.traps[static_cast<std::size_t>(trap)].type))
                              : "?";
                // How v_encounter was found: landed in the trap area, jumped over (first
                // entry), or the death position.
                const bool landed = std::find(t.trace.arrival_nodes.begin(), t.trace.arrival_nodes.end(),
                                              t.encounter_node) != t.trace.arrival_nodes.end();
                const char* how = !t.trace.success ? "death" : landed ? "landed" : "entered";
                // The challenge's nodes as x:y:kind (S stand, L / R hanging on a ledge to the
                // left / right), so its shape can be looked up in the level.
                std::string nodes;
                for (const int n : t.sub_graph) {
                    const GraphNode& g = l.generated->graph.nodes[static_cast<std::size_t>(n)];
                    const char kind = g.type == NodeType::Stand      ? 'S'
                                      : g.type == NodeType::HangLeft ? 'L'
                                                                     : 'R';
                    if (!nodes.empty()) nodes += ' ';
                    nodes += std::to_string(g.cell.x) + ':' + std::to_string(g.cell.y) + ':' + kind;
                }
                std::fprintf(f, "%s,%lld,%lld,%d,%d,%s,%.6f,%d,%.6f,%d,%zu,%s,%llu,%llu,%s\n",
                             s.participant.c_str(), static_cast<long long>(s.session_id),
                             static_cast<long long>(l.level_id), l.level_index, trap, type.c_str(),
                             t.params.t_timing, t.params.jumps, t.params.t_cycle, t.trace.success ? 1 : 0,
                             t.sub_graph.size(), how, static_cast<unsigned long long>(t.trace.start_tick),
                             static_cast<unsigned long long>(t.trace.end_tick), nodes.c_str());
            }
        }
    if (std::fclose(f) != 0) throw Error("cannot write '" + path + "'");
}

}  // namespace sawtooth::analysis
