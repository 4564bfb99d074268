#include "tools/lab/study_selection.hpp"

#include "tools/lab/commands.hpp"
#include "tools/lab/deprecated_names.hpp"

#include <CLI/CLI.hpp>

namespace sawtooth::lab {

void add_study_filter_options(CLI::App& cmd, StudyFilterOptions& o, const StudyFilterSettings& settings) {
    cmd.add_option("--protocol", o.protocol, "study protocol file: analyse only sessions played under it");
    add_deprecated_option(cmd, "--study", "--protocol", o.protocol);
    cmd.add_option("--condition", o.condition, "with --protocol: only this condition's sessions");
    if (settings.offer_by_condition)
        cmd.add_flag("--by-condition", o.by_condition, "with --protocol: one result per condition");
}

std::vector<SelectedCondition> selected_conditions(const StudyFilterOptions& o,
                                                   std::optional<telemetry::StudyProtocol>* protocol) {
    if (o.protocol.empty()) {
        if (!o.condition.empty())
            throw LabError("--condition needs --protocol FILE (the protocol naming it)");
        if (o.by_condition)
            throw LabError("--by-condition needs --protocol FILE (the protocol naming the conditions)");
        return {SelectedCondition{}};
    }
    if (!o.condition.empty() && o.by_condition)
        throw LabError("give either --condition NAME or --by-condition, not both");
    telemetry::ProtocolReadSettings read;
    read.generate_levels = false;
    telemetry::StudyProtocol p = telemetry::read_protocol(o.protocol, read);
    if (!o.condition.empty() && p.find_condition(o.condition) == nullptr) {
        std::string names;
        for (const telemetry::Condition& c : p.conditions) names += (names.empty() ? "" : ", ") + c.name;
        throw LabError(o.protocol + ": no condition '" + o.condition + "' (it has " + names + ")");
    }
    std::vector<SelectedCondition> out;
    for (const telemetry::Condition& c : p.conditions)
        if (o.by_condition || o.condition == c.name) out.push_back({c.name, {p.hash, c.name}});
    if (out.empty()) out.push_back({"", {p.hash, ""}});  // --protocol alone: every condition together
    if (protocol) *protocol = std::move(p);
    return out;
}

}  // namespace sawtooth::lab
