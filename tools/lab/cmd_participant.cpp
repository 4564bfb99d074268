// `sawtooth-lab participant new|list|export|delete` and `sawtooth-lab sessions`:
// pseudonymous participants (random ids, never names), their data as JSON, deletion on
// request (cascade over sessions, levels, inputs, events, hashes, word data, ratings,
// questionnaire answers, their meta rows; bytes overwritten, WAL emptied). The id is given as `ID` or `--id
// ID`. `sessions` lists each session's platformer and word levels with their ratings.
#include "telemetry/store/export.hpp"
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

// Columns enjoyment, difficulty (the means of the answered ratings, NULL when none) and
// ratings (their count, NULL when the level has no ratings row) of a level's ratings,
// summarised by the one rule of docs/telemetry.md "Repeated ratings".
std::string rating_summary_join(const char* id_column, const char* level) {
    return std::string("LEFT JOIN (SELECT ") + id_column +
           " AS id, avg(enjoyment) AS enjoyment, avg(difficulty) AS difficulty, count(*) AS ratings FROM "
           "ratings "
           "WHERE " +
           id_column + " IS NOT NULL GROUP BY " + id_column + ") r ON r.id = " + level;
}

std::string mean_text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

// " rated enjoyment 7/10, difficulty 3/7" (means when rated more than once), " rating
// skipped" (every rating skipped) or "" (not rated).
std::string rating_text(const telemetry::Statement& st, int first_col) {
    if (st.is_null(first_col + 2)) return {};
    if (st.is_null(first_col)) return "  rating skipped";
    return "  rated enjoyment " + mean_text(st.real(first_col)) + "/" +
           std::to_string(telemetry::kEnjoymentMax) + ", difficulty " + mean_text(st.real(first_col + 1)) +
           "/" + std::to_string(telemetry::kDifficultyMax);
}

void list_session_levels(telemetry::Statement& l, telemetry::Statement& w, std::int64_t session_id) {
    l.reset();
    l.bind(1, session_id);
    while (l.step())
        std::printf("  level %-6lld #%-2lld %-9s %-24s seed %-20s %-9s deaths %-3lld %6.1f s%s\n",
                    static_cast<long long>(l.int64(0)), static_cast<long long>(l.int64(1)), l.text(2).c_str(),
                    l.text(3).c_str(), l.text(4).c_str(), l.text(5).c_str(),
                    static_cast<long long>(l.int64(6)), static_cast<double>(l.int64(7)) / 60.0,
                    rating_text(l, 8).c_str());
    w.reset();
    w.bind(1, session_id);
    while (w.step())
        std::printf("  word level %-6lld #%-2lld %-8s level %-4lld seed %-20s %-9s score %-4lld%s\n",
                    static_cast<long long>(w.int64(0)), static_cast<long long>(w.int64(1)), w.text(2).c_str(),
                    static_cast<long long>(w.int64(3)), w.text(4).c_str(), w.text(5).c_str(),
                    static_cast<long long>(w.int64(6)), rating_text(w, 7).c_str());
}

void list_sessions(const std::string& db, const std::string& participant) {
    telemetry::Store store = open_store_read_only(db);
    // The study condition exists from schema version 4 (older files are read as they are).
    const std::string condition = store.schema_version() >= 4 ? "coalesce(condition, '')" : "''";
    telemetry::Statement s(store.db(),
                           "SELECT session_id, participant_id, mode, started_utc, coalesce(end_reason, "
                           "'(open)'), " +
                               condition +
                               " FROM sessions WHERE ?1 = '' OR participant_id = ?1 ORDER BY "
                               "session_id");
    s.bind(1, participant);
    telemetry::Statement l(store.db(),
                           "SELECT l.level_id, l.seq, l.kind, l.name, coalesce(l.seed, ''), "
                           "coalesce(l.outcome, '(open)'), l.deaths, l.ticks, r.enjoyment, r.difficulty, "
                           "r.ratings FROM levels l " +
                               rating_summary_join("level_id", "l.level_id") +
                               " WHERE l.session_id = ? ORDER BY l.seq");
    telemetry::Statement w(store.db(),
                           "SELECT w.word_level_id, w.seq, w.mode, w.level_number, w.seed, "
                           "coalesce(w.status, '(open)'), coalesce(w.total_score, 0), r.enjoyment, "
                           "r.difficulty, r.ratings FROM word_levels w " +
                               rating_summary_join("word_level_id", "w.word_level_id") +
                               " WHERE w.session_id = ? ORDER BY w.seq");
    std::size_t sessions = 0;
    while (s.step()) {
        ++sessions;
        const std::string in_condition = s.text(5).empty() ? "" : "  condition " + s.text(5);
        std::printf("session %lld  %s  %s  started %s  %s%s\n", static_cast<long long>(s.int64(0)),
                    s.text(1).c_str(), s.text(2).c_str(), s.text(3).c_str(), s.text(4).c_str(),
                    in_condition.c_str());
        list_session_levels(l, w, s.int64(0));
    }
    if (sessions == 0) std::printf("no sessions in '%s'\n", store.path().c_str());
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
