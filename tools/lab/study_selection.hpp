#pragma once
// The `--protocol FILE --condition NAME` / `--by-condition` options of the analysis commands
// (model verify, report, words analyze-study; `--study FILE` is a deprecated alias of
// --protocol, docs/studies.md "Renamed commands and options") and the session selections
// they stand for (telemetry/study/session_selection.hpp). Checks the options before anything is
// read or written: a protocol that does not parse, a condition the protocol does not name,
// --condition or --by-condition without --protocol, or both together, is one LabError line.
// Does not: select sessions itself (telemetry::selected_sessions does).

#include "telemetry/study/session_selection.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace sawtooth::lab {

/// What the options hold as given.
struct StudyFilterOptions {
    std::string protocol;       ///< protocol file ("" = no protocol: every session)
    std::string condition;      ///< one condition's sessions ("" = every condition)
    bool by_condition = false;  ///< one result per condition of the protocol
};

/// Which of the options a command offers.
struct StudyFilterSettings {
    bool offer_by_condition = true;
};

/// Adds --protocol (and its alias --study), --condition (and --by-condition) filling `o`.
void add_study_filter_options(CLI::App& cmd, StudyFilterOptions& o, const StudyFilterSettings& settings = {});

/// A condition's sessions and its name for the printout ("" for every session).
struct SelectedCondition {
    std::string name;
    telemetry::SessionSelection selection;
};

/// The selections the options ask for: one with an empty name when --protocol is not given;
/// the named condition; or every condition of the protocol in its order (--by-condition).
/// Throws LabError for the bad combinations and names above. `protocol` receives the read
/// protocol when --protocol is given.
std::vector<SelectedCondition> selected_conditions(
    const StudyFilterOptions& o, std::optional<telemetry::StudyProtocol>* protocol = nullptr);

}  // namespace sawtooth::lab
