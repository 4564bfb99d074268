// `sawtooth-lab push --db FILE --to URL --label NAME` and `pull --from URL --label NAME
// --db FILE`: the central study store on PostgreSQL (tools/postgres/study_server.sql,
// docs/studies.md). Push uploads every finished session of a local database, one
// transaction per session keyed by its global uid, so it is idempotent and a push that
// was killed resumes by being run again. Each session travels as a session database
// holding just that session (telemetry/store/merge.hpp writes it), so pull merges the exact rows
// back and the pulled file replays exactly.
// Does not: upload unfinished sessions (they may still grow), or change the local file
// on push (it is opened read-only).
#include "gen/number_text.hpp"
#include "gen/printable.hpp"
#include "telemetry/store/merge.hpp"
#include "telemetry/store/scratch_folder.hpp"
#include "telemetry/store/session_pack.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/deprecated_names.hpp"
#include "tools/lab/postgres.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/store_common.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>

namespace sawtooth::lab {

namespace {

namespace fs = std::filesystem;

struct PushArgs {
    std::string db;
    std::string url;
    std::string label;  ///< the study label the sessions are filed under (the server's `study` column)
};

// Compares a session the server already holds (same uid) with the local one: the same
// study and content digest, or a conflict. False when the server holds no such session.
bool already_there(PgConnection& pg, const std::string& study, const telemetry::SessionKey& key,
                   const std::string& digest) {
    const PgResult have =
        pg.exec("SELECT study, digest FROM study_sessions WHERE session_uid = $1", {{key.uid}});
    if (have.rows() == 0) return false;
    if (have.value(0, 0) != study || have.value(0, 1) != digest)
        throw LabError("session " + key.uid + " is on the server with other content or in study '" +
                       printable(have.value(0, 0)) + "' (same id, different content); nothing more pushed");
    return true;
}

// Uploads one session in its own transaction (one INSERT) unless the server holds it;
// returns true when it was new. The digest is the content's, equal in every file, so a
// session already there is checked without packing it.
bool push_session(PgConnection& pg, const std::string& study, telemetry::Store& source,
                  const telemetry::SessionKey& key) {
    if (already_there(pg, study, key, telemetry::hex64(telemetry::session_content_digest(source, key.id))))
        return false;
    const telemetry::PackedSession p = telemetry::pack_session(source, key);
    const PgResult ins = pg.exec(
        "INSERT INTO study_sessions(session_uid, study, participant_id, mode, started_utc, ended_utc, "
        "digest, store, protocol_hash, condition) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULLIF($9, ''), "
        "NULLIF($10, '')) ON CONFLICT (session_uid) DO NOTHING",
        {{key.uid},
         {study},
         {key.participant_id},
         {p.mode},
         {p.started_utc},
         {p.ended_utc},
         {p.digest},
         {p.bytes, true},
         {p.protocol_hash},
         {p.condition}});
    if (ins.affected() == 1) return true;
    // Inserted meanwhile by another push of this site, or held by another site (invisible).
    if (already_there(pg, study, key, p.digest)) return false;
    throw LabError("session " + key.uid + " is on the server, pushed by another site; nothing more pushed");
}

// Test hook: SAWTOOTH_PUSH_FAIL_AFTER=N ends the process abruptly after N new sessions, as
// a kill would, so the resumption can be tested deterministically.
long fail_after() {
    const char* v = std::getenv("SAWTOOTH_PUSH_FAIL_AFTER");
    return v && *v ? parse_number<long>("SAWTOOTH_PUSH_FAIL_AFTER", v) : -1;
}

void run_push(const PushArgs& args) {
    if (args.label.empty()) throw LabError("--label must name the study");
    telemetry::Store source = open_store_read_only(args.db);
    PgConnection pg(args.url);
    std::vector<telemetry::SessionKey> keys = telemetry::session_keys(source);
    const auto unfinished = std::erase_if(keys, [](const telemetry::SessionKey& k) { return !k.ended; });
    ProgressLine progress("pushing sessions", keys.size());
    std::size_t added = 0, present = 0;
    const long stop_after = fail_after();
    for (const telemetry::SessionKey& key : keys) {
        if (push_session(pg, args.label, source, key))
            ++added;
        else
            ++present;
        progress.advance();
        if (stop_after >= 0 && static_cast<long>(added) >= stop_after) std::_Exit(3);
    }
    progress.finish();
    std::printf(
        "pushed %zu session(s) of %s to study '%s': %zu new, %zu already there; %zu unfinished session(s) "
        "not pushed\n",
        keys.size(), args.db.c_str(), args.label.c_str(), added, present, unfinished);
}

struct PullArgs {
    std::string url;
    std::string label;  ///< the study label the sessions are filed under (the server's `study` column)
    std::string db;
};

// The study's sessions as files in `dir`, opened read-only, oldest first.
std::vector<telemetry::Store> download_study(PgConnection& pg, const std::string& study,
                                             const telemetry::ScratchFolder& dir) {
    const PgResult r = pg.exec(
        "SELECT session_uid, store FROM study_sessions WHERE study = $1 ORDER BY started_utc, session_uid",
        {{study}}, true);
    if (r.rows() == 0)
        throw LabError("the study server holds no session of study '" + printable(study) +
                       "' that this role may read");
    std::vector<telemetry::Store> stores;
    for (int i = 0; i < r.rows(); ++i) {
        const std::string path = dir.file("pulled-" + std::to_string(i) + ".db");
        std::ofstream(path, std::ios::binary) << r.value(i, 1);
        try {
            stores.push_back(telemetry::Store::open_read_only(path));
        } catch (const telemetry::StoreError& e) {
            throw LabError("session " + printable(r.value(i, 0)) +
                           " from the server is no session database (" + e.what() + ")");
        }
    }
    return stores;
}

void run_pull(const PullArgs& args) {
    PgConnection pg(args.url);
    const telemetry::ScratchFolder dir("sawtooth-pull");
    std::vector<telemetry::Store> sources = download_study(pg, args.label, dir);
    const bool created = !fs::exists(args.db);
    telemetry::MergeSummary s;
    try {
        telemetry::Store target = telemetry::Store::open(args.db);
        ProgressLine progress("merging pulled sessions", sources.size());
        telemetry::MergeSettings settings;
        settings.on_session = [&progress] { progress.advance(); };
        s = telemetry::merge_stores(target, sources, settings);
    } catch (const telemetry::StoreError&) {  // a failed pull leaves no new file behind
        if (created)
            for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(args.db + suffix);
        throw;
    }
    std::printf("pulled %zu session(s) of study '%s' into %s: %zu new, %zu already there\n", sources.size(),
                args.label.c_str(), args.db.c_str(), s.sessions_added, s.sessions_present);
}

}  // namespace

void register_push_pull(CLI::App& app) {
    auto args = std::make_shared<PushArgs>();
    CLI::App* push =
        app.add_subcommand("push", "upload the finished sessions of a database to a study server");
    add_db_option(push, args->db);
    push->add_option("--to", args->url, "study server: postgresql://USER:PASSWORD@HOST:PORT/DATABASE")
        ->required();
    push->add_option("--label", args->label, "study label the sessions are filed under (required)");
    add_deprecated_option(*push, "--study", "--label", args->label);
    push->callback([push, args] {
        require_option_or_alias(*push, "--label", "--study");
        run_push(*args);
    });

    auto pull_args = std::make_shared<PullArgs>();
    CLI::App* pull =
        app.add_subcommand("pull", "bring a study's sessions from a study server into a database");
    pull->add_option("--from", pull_args->url, "study server: postgresql://USER:PASSWORD@HOST:PORT/DATABASE")
        ->required();
    pull->add_option("--label", pull_args->label, "study label given at push time (required)");
    add_deprecated_option(*pull, "--study", "--label", pull_args->label);
    pull->add_option("--db", pull_args->db, "database to merge into (created when missing)")->required();
    pull->callback([pull, pull_args] {
        require_option_or_alias(*pull, "--label", "--study");
        run_pull(*pull_args);
    });
}

}  // namespace sawtooth::lab
