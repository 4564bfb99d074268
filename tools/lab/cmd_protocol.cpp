// `sawtooth-lab protocol check FILE`, `sawtooth-lab protocol run --protocol FILE --db DB` and
// `sawtooth-lab study-status --db DB --protocol FILE` (or `--from postgresql://...`: the study server, with
// withdrawals, docs/online.md "Monitoring"): designed studies (docs/studies.md "Study protocols"). `check`
// reads a protocol as the game would before a study starts and prints its design, or the one-line reason it
// is refused; it also loads each curve or adaptive condition's model and prints its hash: a condition's
// "model_hash" pins it (the protocol hash then names the model too). `run` plays the protocol with synthetic
// participants (game/flows/protocol_bots.hpp) into a session database, as the game records people.
// `study-status` counts, per condition, the participants who finished and those with partial
// sessions, and the balance of the assignment (the database opened read-only).
#include "game/flows/protocol_bots.hpp"
#include "game/flows/protocol_plan.hpp"
#include "game/flows/synthetic_players.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/store/asset_dir.hpp"
#include "telemetry/store/level_file.hpp"
#include "telemetry/study/study_protocol.hpp"
#include "telemetry/study/study_status.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/deprecated_names.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/store_common.hpp"
#include "tools/lab/study_selection.hpp"
#include "tools/server/remote_status.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

/// ", model FILE (hash H, pinned)" or a hint to pin it; a pinned hash that differs is refused.
std::string model_text(const telemetry::StudyProtocol& p, const telemetry::Condition& c) {
    const telemetry::ConditionLevels& l = c.levels;
    const std::string hash = with_context(p.file + ": condition '" + c.name + "'", [&] {
        return analysis::challenge_model_hash(analysis::load_pinned_model(l.model_file, l.model_hash));
    });
    return ", model " + l.model_file + " (hash " + hash +
           (l.model_hash.empty() ? "; not pinned: add \"model_hash\": \"" + hash + "\" to pin it)"
                                 : ", pinned)");
}

std::string levels_text(const telemetry::StudyProtocol& p, const telemetry::Condition& c) {
    const telemetry::ConditionLevels& l = c.levels;
    std::string out = telemetry::condition_kind_name(l.kind);
    switch (l.kind) {
        case telemetry::ConditionKind::Pack:
            out += " '" + l.pack.name + "' (" + l.pack_file + ")";
            break;
        case telemetry::ConditionKind::Curve:
            out += " " +
                   (l.curve_shape ? std::string(telemetry::curve_shape_name(*l.curve_shape))
                                  : "of " + std::to_string(l.curve.size()) + " points") +
                   model_text(p, c);
            break;
        case telemetry::ConditionKind::Adaptive:
            out += " to success probability " + std::to_string(l.target).substr(0, 4) + model_text(p, c);
            break;
        default:
            break;
    }
    return out;
}

std::string placement_text(const telemetry::QuestionnairePlacement& p) {
    using When = telemetry::QuestionnairePlacement::When;
    if (p.when == When::AtEnd) return "at the end";
    if (p.when == When::AfterEachLevel) return "after each level";
    std::string out = "after level";
    for (std::size_t i = 0; i < p.after_levels.size(); ++i)
        out += (i ? ", " : " ") + std::to_string(p.after_levels[i]);
    return out;
}

void print_design(const telemetry::StudyProtocol& p) {
    std::vector<std::string> levels;  // first, so a refused model prints nothing
    for (const telemetry::Condition& c : p.conditions) levels.push_back(levels_text(p, c));
    std::printf("protocol %s: \"%s\"\nhash %s\n", p.file.c_str(), p.name.c_str(), p.hash.c_str());
    std::printf("tutorials %s, ratings %s, assignment %s", p.tutorials ? "on" : "off",
                p.ratings ? "on" : "off", telemetry::assignment_kind_name(p.assignment.kind));
    if (p.assignment.kind == telemetry::AssignmentKind::Fixed)
        std::printf(" (%s)", p.assignment.condition.c_str());
    std::printf("\n");
    for (std::size_t i = 0; i < p.conditions.size(); ++i) {
        const telemetry::Condition& c = p.conditions[i];
        std::printf("condition %s: %d levels, %s, order %s\n", c.name.c_str(), c.level_count(),
                    levels[i].c_str(), telemetry::level_order_name(c.order));
    }
    for (const telemetry::Questionnaire& q : p.questionnaires)
        std::printf("questionnaire %s: %zu item(s), %s\n", q.id.c_str(), q.items.size(),
                    placement_text(q.placement).c_str());
    for (const telemetry::BreakScreen& b : p.breaks) std::printf("break after level %d\n", b.after_level);
}

struct StatusArgs {
    std::string db;
    std::string from;  ///< the central study store instead of a local database
    std::string protocol;
    bool json = false;
};

// `withdrawn`: per condition, read from the server; empty for a local database.
nlohmann::json status_json(const telemetry::StudyProtocol& p, const telemetry::StudyStatus& s,
                           const std::string& db, const std::vector<int>& withdrawn) {
    nlohmann::json conditions = nlohmann::json::array();
    for (std::size_t i = 0; i < s.conditions.size(); ++i) {
        const telemetry::ConditionStatus& c = s.conditions[i];
        conditions.push_back({{"name", c.name},
                              {"levels", c.levels},
                              {"finished", c.finished},
                              {"partial", c.partial},
                              {"participants", c.participants()}});
        if (!withdrawn.empty()) conditions.back()["withdrawn"] = withdrawn[i];
    }
    return {{"study", p.name},
            {"protocol", p.file},
            {"protocol_hash", p.hash},
            {"db", db},
            {"assignment", telemetry::assignment_kind_name(p.assignment.kind)},
            {"conditions", conditions},
            {"balance", {{"counts", s.counts()}, {"max_minus_min", s.imbalance()}}}};
}

void print_status(const telemetry::StudyProtocol& protocol, const telemetry::StudyStatus& status,
                  const std::string& where, const std::vector<int>& withdrawn) {
    std::printf("study \"%s\" (protocol %s) in %s\n", protocol.name.c_str(), protocol.hash.c_str(),
                where.c_str());
    std::printf("%-24s %7s %9s %8s %13s%s\n", "condition", "levels", "finished", "partial", "participants",
                withdrawn.empty() ? "" : " withdrawn");
    for (std::size_t i = 0; i < status.conditions.size(); ++i) {
        const telemetry::ConditionStatus& c = status.conditions[i];
        std::printf("%-24s %7d %9d %8d %13d", c.name.c_str(), c.levels, c.finished, c.partial,
                    c.participants());
        if (withdrawn.empty())
            std::printf("\n");
        else
            std::printf(" %9d\n", withdrawn[i]);
    }
    std::printf("balance (%s assignment): max - min = %d participant(s)\n",
                telemetry::assignment_kind_name(protocol.assignment.kind), status.imbalance());
}

void run_status(const StatusArgs& args) {
    const telemetry::StudyProtocol protocol = telemetry::read_protocol(args.protocol);
    telemetry::StudyStatus status;
    std::vector<int> withdrawn;
    std::string where;
    if (!args.from.empty()) {
        if (!args.db.empty()) throw LabError("give --db or --from, not both");
        const std::string label = std::filesystem::path(args.protocol).stem().string();
        server::RemoteStatus remote = server::remote_study_status(args.from, protocol, label);
        status = std::move(remote.status);
        withdrawn = std::move(remote.withdrawn);
        where = "the study server (study '" + label + "')";
    } else {
        telemetry::Store store = open_store_read_only(args.db);
        status = telemetry::study_status(store, protocol);
        where = store.path();
    }
    if (args.json)
        std::printf("%s\n", status_json(protocol, status, where, withdrawn).dump(2).c_str());
    else
        print_status(protocol, status, where, withdrawn);
}

struct RunArgs {
    std::string protocol;
    std::string db;
    int players = 10;
    std::uint64_t seed = 1;
    bool json = false;
};

nlohmann::json run_json(const telemetry::StudyProtocol& p, const RunArgs& a,
                        const flows::ProtocolBotsResult& r, const std::string& db) {
    nlohmann::json conditions = nlohmann::json::array();
    for (const flows::ConditionTally& c : r.conditions)
        conditions.push_back({{"name", c.name},
                              {"participants", c.participants},
                              {"levels", c.levels},
                              {"completed", c.completed},
                              {"skipped", c.skipped},
                              {"deaths", c.deaths}});
    return {{"study", p.name},         {"protocol", p.file},
            {"protocol_hash", p.hash}, {"db", db},
            {"players", a.players},    {"seed", a.seed},
            {"sessions", r.sessions},  {"simulated_ticks", r.simulated_ticks},
            {"conditions", conditions}};
}

void print_run(const telemetry::StudyProtocol& p, const RunArgs& a, const flows::ProtocolBotsResult& r,
               const std::string& db) {
    std::printf("protocol %s: \"%s\" (hash %s)\n", p.file.c_str(), p.name.c_str(), p.hash.c_str());
    std::printf(
        "%d synthetic participant(s), seed %llu, recorded into %s: %d session(s), %llu simulated ticks\n",
        a.players, static_cast<unsigned long long>(a.seed), db.c_str(), r.sessions,
        static_cast<unsigned long long>(r.simulated_ticks));
    std::printf("%-24s %12s %7s %9s %7s %6s\n", "condition", "participants", "levels", "completed", "skipped",
                "deaths");
    for (const flows::ConditionTally& c : r.conditions)
        std::printf("%-24s %12d %7d %9d %7d %6d\n", c.name.c_str(), c.participants, c.levels, c.completed,
                    c.skipped, c.deaths);
}

void run_protocol(const RunArgs& a) {
    if (a.players < 1) throw LabError("--players must be at least 1");
    telemetry::StudyProtocol protocol = telemetry::read_protocol(a.protocol);
    if (const std::string err = flows::prepare_protocol(protocol); !err.empty()) throw LabError(err);
    flows::ProtocolBotsRequest request;
    request.players = a.players;
    request.seed = a.seed;
    request.tutorials = flows::read_study_tutorials(telemetry::find_asset_dir(SAWTOOTH_ASSET_DIR));
    const auto store = std::make_shared<telemetry::Store>(open_store(a.db));
    ProgressLine progress("synthetic participants", static_cast<std::size_t>(a.players));
    request.on_participant = [&progress] { progress.advance(); };
    const flows::ProtocolBotsResult result = flows::run_protocol_with_bots(protocol, store, request);
    progress.finish();
    if (a.json)
        std::printf("%s\n", run_json(protocol, a, result, store->path()).dump(2).c_str());
    else
        print_run(protocol, a, result, store->path());
}

}  // namespace

void register_protocol(CLI::App& app) {
    auto file = std::make_shared<std::string>();
    CLI::App* cmd = app.add_subcommand("protocol", "study protocol files: check, run with synthetic players");
    cmd->require_subcommand(1);
    CLI::App* check = cmd->add_subcommand(
        "check", "read a study protocol as a study would and print its design, or why not");
    check->add_option("file", *file, "study protocol (JSON)")->required();
    check->callback([file] { print_design(telemetry::read_protocol(*file)); });

    auto run = std::make_shared<RunArgs>();
    CLI::App* run_cmd = cmd->add_subcommand(
        "run",
        "synthetic participants play a study protocol, recorded into a session database as the game would");
    run_cmd->add_option("--protocol", run->protocol, "study protocol (JSON)")->required();
    run_cmd->add_option("--db", run->db, "session database to record into (created if missing)")->required();
    run_cmd->add_option("--players", run->players, "synthetic participants")->capture_default_str();
    add_seed_option(*run_cmd, "--seed", run->seed, "same seed, same participants and plays")
        ->default_str(std::to_string(run->seed));
    run_cmd->add_flag("--json", run->json, "JSON output");
    run_cmd->callback([run] { run_protocol(*run); });

    auto args = std::make_shared<StatusArgs>();
    CLI::App* status = app.add_subcommand(
        "study-status", "participants finished / partial per condition of a study protocol, and the balance");
    add_db_option(status, args->db);
    status->add_option(
        "--from", args->from,
        "the study server instead: postgresql://USER:PASSWORD@HOST:PORT/DATABASE (docs/online.md)");
    status->add_option("--protocol", args->protocol, "study protocol (JSON; required)");
    add_deprecated_option(*status, "--study", "--protocol", args->protocol);
    status->add_flag("--json", args->json, "JSON output");
    status->callback([status, args] {
        require_option_or_alias(*status, "--protocol", "--study");
        run_status(*args);
    });
}

}  // namespace sawtooth::lab
