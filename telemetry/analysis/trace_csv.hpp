#pragma once
// Every mapped event trace of a study as CSV (`sawtooth-lab model fit --traces FILE`): the
// challenge model's inputs and label per trace and where it came from, so the fit can be
// checked outside the tool (e.g. the success rate per j). Columns: participant, session,
// level_id, level_index, trap, trap_type, t_timing, j, t_cycle, success, sub_graph_nodes,
// encounter (landed, entered or death), start_tick, end_tick, sub_graph (x:y:kind nodes).

#include "telemetry/analysis/study.hpp"

#include <string>

namespace sawtooth::analysis {

/// Writes the CSV to `path`; throws Error "cannot write 'PATH'".
void write_traces_csv(const StudyData& d, const std::string& path);

}  // namespace sawtooth::analysis
