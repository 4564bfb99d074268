// `sawtooth-lab participant new|list|export|delete` and `sawtooth-lab sessions`:
// pseudonymous participants (random ids, never names), their data as JSON, deletion on
// request (cascade over sessions, levels, inputs, events, hashes, word data, ratings,
// questionnaire answers, their meta rows; bytes overwritten, WAL emptied). The id is given as `ID` or `--id
// ID`. `sessions` lists each session's platformer and word levels with their ratings.
#include "telemetry/store/export.hpp"
#include "telemetry/store/session_listing.hpp"
#include "telemetry/store/store.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/store_common.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <string>

namespace sawtooth::lab {

namespace {

struct ParticipantArgs {
    std::string db;
    std::string id;
    std::string out;
    bool yes = false;
    bool json = false;
};

std::string mean_text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

// " rated enjoyment 7/10, difficulty 3/7" (means when rated more than once), " rating
// skipped" (every rating skipped) or "" (not rated).
std::string rating_text(const telemetry::RatingSummary& r) {
    if (!r.ratings) return {};
    if (!r.enjoyment) return "  rating skipped";
    return "  rated enjoyment " + mean_text(*r.enjoyment) + "/" + std::to_string(telemetry::kEnjoymentMax) +
           ", difficulty " + mean_text(r.difficulty.value_or(0.0)) + "/" +
           std::to_string(telemetry::kDifficultyMax);
}

void print_session(const telemetry::ListedSession& s) {
    const std::string in_condition = s.condition.empty() ? "" : "  condition " + s.condition;
    std::printf("session %lld  %s  %s  started %s  %s%s\n", static_cast<long long>(s.session_id),
                s.participant_id.c_str(), s.mode.c_str(), s.started_utc.c_str(), s.end_reason.c_str(),
                in_condition.c_str());
    for (const telemetry::ListedLevel& l : s.levels)
        std::printf("  level %-6lld #%-2lld %-9s %-24s seed %-20s %-9s deaths %-3lld %6.1f s%s\n",
                    static_cast<long long>(l.level_id), static_cast<long long>(l.seq), l.kind.c_str(),
                    l.name.c_str(), l.seed.c_str(), l.outcome.c_str(), static_cast<long long>(l.deaths),
                    static_cast<double>(l.ticks) / 60.0, rating_text(l.rating).c_str());
    for (const telemetry::ListedWordLevel& w : s.word_levels)
        std::printf("  word level %-6lld #%-2lld %-8s level %-4lld seed %-20s %-9s score %-4lld%s\n",
                    static_cast<long long>(w.word_level_id), static_cast<long long>(w.seq), w.mode.c_str(),
                    static_cast<long long>(w.level_number), w.seed.c_str(), w.status.c_str(),
                    static_cast<long long>(w.total_score), rating_text(w.rating).c_str());
}

void list_sessions(const std::string& db, const std::string& participant) {
    telemetry::Store store = open_store_read_only(db);
    const std::vector<telemetry::ListedSession> sessions = telemetry::list_sessions(store, participant);
    for (const telemetry::ListedSession& s : sessions) print_session(s);
    if (sessions.empty()) std::printf("no sessions in '%s'\n", store.path().c_str());
}

}  // namespace

void register_participant(CLI::App& app) {
    auto args = std::make_shared<ParticipantArgs>();
    CLI::App* cmd = app.add_subcommand("participant", "pseudonymous participants: new, list, export, delete");
    cmd->require_subcommand(1);

    CLI::App* add = cmd->add_subcommand("new", "create a participant and print its random id");
    add_db_option(add, args->db);
    add->callback([args] {
        telemetry::Store store = open_store(args->db);
        std::printf("%s\n", store.create_participant().c_str());
    });

    CLI::App* list = cmd->add_subcommand("list", "list participants");
    add_db_option(list, args->db);
    list->add_flag("--json", args->json, "JSON output");
    list->callback([args] {
        telemetry::Store store = open_store_read_only(args->db);
        nlohmann::json out = nlohmann::json::array();
        for (const auto& p : store.participants()) {
            if (args->json)
                out.push_back({{"participant_id", p.participant_id},
                               {"created_utc", p.created_utc},
                               {"sessions", p.sessions}});
            else
                std::printf("%s  created %s  %d sessions\n", p.participant_id.c_str(), p.created_utc.c_str(),
                            p.sessions);
        }
        if (args->json) std::printf("%s\n", out.dump(2).c_str());
    });

    CLI::App* exp = cmd->add_subcommand("export", "everything recorded for a participant, as JSON");
    add_db_option(exp, args->db);
    exp->add_option("id,--id", args->id, "participant id")->required();
    exp->add_option("--out", args->out, "write to this file (default: stdout)");
    exp->callback([args] {
        telemetry::Store store = open_store_read_only(args->db);
        const nlohmann::json j = store.export_participant(args->id);
        if (args->out.empty()) {
            std::printf("%s\n", j.dump(1).c_str());
            return;
        }
        // written aside and renamed: --out never names a partial export
        telemetry::write_file_atomically(args->out, j.dump(1) + "\n");
        std::printf("wrote %s\n", args->out.c_str());
    });

    CLI::App* del = cmd->add_subcommand("delete", "delete a participant and all their data (irreversible)");
    add_db_option(del, args->db);
    del->add_option("id,--id", args->id, "participant id")->required();
    del->add_flag("--yes", args->yes, "confirm the deletion");
    del->callback([args] {
        if (!args->yes) throw LabError("deleting '" + args->id + "' is irreversible: add --yes to confirm");
        // Check first through a read-only connection: an unknown id or a bad file is
        // reported without the store ever being opened for writing.
        if (!open_store_read_only(args->db).has_participant(args->id))
            throw LabError("no participant '" + args->id + "' in '" + db_path(args->db) + "'");
        telemetry::Store store = open_store(args->db);
        store.delete_participant(args->id);
        std::printf("deleted %s\n", args->id.c_str());
    });

    auto sargs = std::make_shared<ParticipantArgs>();
    CLI::App* sessions =
        app.add_subcommand("sessions", "list recorded sessions and their levels (ids for replay)");
    add_db_option(sessions, sargs->db);
    sessions->add_option("--participant", sargs->id, "only this participant");
    sessions->callback([sargs] { list_sessions(sargs->db, sargs->id); });
}

}  // namespace sawtooth::lab
