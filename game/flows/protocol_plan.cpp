#include "game/flows/protocol_plan.hpp"

#include "game/flows/curve_pick.hpp"
#include "gen/printable.hpp"
#include "telemetry/study/study_status.hpp"

#include <algorithm>
#include <cstdio>

namespace sawtooth::flows {

namespace {

using telemetry::ConditionKind;
using telemetry::ConditionLevels;

// A curve condition's levels as `sawtooth-lab pick-difficulty` picks them for the same
// model, curve and candidates (its default shape and tolerance, and the condition's
// playtest): into `levels.seeds`, in curve order. "" or the one-line reason.
std::string pick_condition_levels(ConditionLevels& levels, const analysis::ForEach& for_each) {
    try {
        const analysis::ChallengeModel model =
            analysis::load_pinned_model(levels.model_file, levels.model_hash);
        const analysis::CurveCandidates set =
            levels.catalog_file.empty()
                ? analysis::seed_curve_candidates({analysis::default_curve_shape()}, {1},
                                                  levels.seed_range->first, levels.seed_range->last, model,
                                                  for_each)
                : analysis::catalog_curve_candidates(levels.catalog_file, model, for_each);
        const std::vector<double> targets =
            levels.curve_shape ? analysis::named_curve_targets(*levels.curve_shape, set.list, levels.count)
                               : levels.curve;
        CurvePickRequest request;
        if (levels.playtest) {
            const std::optional<bot::SkillGroup> group = panel_group_named(levels.playtest->group);
            if (!group)
                return "playtest group '" + levels.playtest->group + "': expected good, average or bad";
            request.panel = {levels.playtest->players, *group, levels.playtest->seed};
            request.shortlist = levels.playtest->shortlist;
        }
        const CurveChoice choice = pick_curve_levels(set.list, targets, request, for_each);
        if (!choice.pick.met) {
            char buf[200];
            std::snprintf(buf, sizeof buf,
                          "tolerance %g cannot be met: the best choice of %d levels is %.4f off at its worst "
                          "position (widen the candidates)",
                          request.tolerance, levels.count, choice.pick.best_max_error);
            return buf;
        }
        levels.seeds.clear();
        for (const std::size_t k : choice.pick.chosen) levels.seeds.push_back(set.list[k].level.params);
        return {};
    } catch (const analysis::ModelError& e) {
        return one_line(e.what());
    } catch (const analysis::CurveError& e) {
        return one_line(e.what());
    } catch (const telemetry::PackError& e) {
        return one_line(e.what());
    }
}

// An adaptive condition the library accepts, with a model that loads ("" or why not). The
// candidates are generated when a participant is assigned the condition.
std::string check_adaptive(const ConditionLevels& levels) {
    const analysis::AdaptiveSettings settings = adaptive_settings(levels);
    if (std::string err = analysis::adaptive_settings_problem(settings); !err.empty()) return err;
    try {
        analysis::load_pinned_model(settings.model, settings.model_hash);
    } catch (const analysis::ModelError& e) {
        return one_line(e.what());
    }
    return {};
}

}  // namespace

std::string prepare_protocol(telemetry::StudyProtocol& protocol, const analysis::ForEach& for_each) {
    for (telemetry::Condition& c : protocol.conditions) {
        const std::string where = protocol.file + ": condition '" + c.name + "'";
        if (c.levels.kind == ConditionKind::Adaptive)
            if (std::string err = check_adaptive(c.levels); !err.empty()) return where + ": " + err;
        if (c.levels.kind == ConditionKind::Curve)
            if (std::string err = pick_condition_levels(c.levels, for_each); !err.empty())
                return where + ": " + err;
        // A study session records generator parameters per level, as --study --pack does.
        for (const telemetry::PackLevel& l : c.levels.pack.levels)
            if (l.hand_made())
                return where + ": hand-made pack level '" + l.name + "': a study plays generated levels only";
    }
    return {};
}

namespace {

// The index of `assigned`'s condition in `protocol`.
int assigned_index(const telemetry::StudyProtocol& protocol, const AssignedCondition& assigned) {
    for (std::size_t i = 0; i < protocol.conditions.size(); ++i)
        if (protocol.conditions[i].name == assigned.condition) return static_cast<int>(i);
    throw telemetry::ProtocolError(protocol.file + ": the assigned condition '" + assigned.condition +
                                   "' is not one of the protocol's");
}

}  // namespace

ParticipantPlan plan_participant(telemetry::Store& store, const telemetry::StudyProtocol& protocol,
                                 const std::string& participant, const AssignedCondition& assigned) {
    ParticipantPlan plan;
    const telemetry::ParticipantProgress progress =
        telemetry::participant_progress(store, protocol, participant);
    plan.finished = progress.finished;
    if (plan.finished) return plan;
    plan.condition = progress.condition;
    plan.key = {participant, progress.number};
    if (plan.condition < 0 && !assigned.condition.empty()) {
        plan.condition = assigned_index(protocol, assigned);
        plan.key.number = assigned.number;
    } else if (plan.condition < 0) {
        const std::vector<int> counts = telemetry::study_status(store, protocol).counts();
        plan.condition = telemetry::assign_condition(protocol, {participant, 1}, counts);
        // The participant's number within the condition picks their Latin-square row.
        plan.key.number = counts[static_cast<std::size_t>(plan.condition)] + 1;
    }
    const telemetry::Condition& condition = protocol.conditions[static_cast<std::size_t>(plan.condition)];
    plan.level_count = condition.level_count();
    plan.resume_at = std::min(progress.levels_ended, plan.level_count - 1);
    plan.adaptive = condition.levels.kind == ConditionKind::Adaptive;
    if (plan.adaptive) return plan;
    for (const int i : telemetry::level_order(condition.order, plan.level_count, plan.key)) {
        const auto at = static_cast<std::size_t>(i);
        plan.levels.push_back(condition.levels.kind == ConditionKind::Pack
                                  ? condition.levels.pack.levels[at].params
                                  : condition.levels.seeds[at]);
    }
    return plan;
}

Interlude interlude_after(const telemetry::StudyProtocol& protocol, const telemetry::Condition& condition,
                          int k) {
    using When = telemetry::QuestionnairePlacement::When;
    const bool last = k == condition.level_count();
    Interlude out;
    for (const telemetry::Questionnaire& q : protocol.questionnaires) {
        const auto& at = q.placement.after_levels;
        const bool shown =
            q.placement.when == When::AfterEachLevel || (q.placement.when == When::AtEnd && last) ||
            (q.placement.when == When::AfterLevels && std::find(at.begin(), at.end(), k) != at.end());
        if (shown && !q.items.empty()) out.questionnaires.push_back(&q);
    }
    for (const telemetry::BreakScreen& b : protocol.breaks)
        if (b.after_level == k) out.breaks.push_back(&b);
    return out;
}

analysis::AdaptiveSettings adaptive_settings(const ConditionLevels& levels) {
    analysis::AdaptiveSettings settings;
    settings.count = levels.count;
    settings.target = levels.target;
    settings.model = levels.model_file;
    settings.model_hash = levels.model_hash;
    settings.first_seed = levels.seed_range->first;
    settings.last_seed = levels.seed_range->last;
    return settings;
}

std::unique_ptr<analysis::AdaptiveRun> resume_adaptive_run(telemetry::Store& store,
                                                           const telemetry::StudyProtocol& protocol,
                                                           const telemetry::Condition& condition,
                                                           const std::string& participant) {
    auto run = std::make_unique<analysis::AdaptiveRun>(
        analysis::start_adaptive_run(adaptive_settings(condition.levels)));
    for (const std::int64_t id :
         telemetry::ended_condition_levels(store, protocol, participant, condition.name))
        if (!run->finished()) run->record_outcome(store.load_events(id));
    return run;
}

}  // namespace sawtooth::flows
