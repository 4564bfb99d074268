#include "tools/lab/study_server_sync.hpp"

#include "gen/printable.hpp"
#include "telemetry/store/merge.hpp"
#include "telemetry/store/scratch_folder.hpp"
#include "telemetry/store/session_pack.hpp"
#include "tools/lab/commands.hpp"

#include <filesystem>
#include <fstream>

namespace sawtooth::lab {

namespace {

namespace fs = std::filesystem;

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

}  // namespace

PushSummary push_sessions(telemetry::Store& source, PgConnection& pg, const std::string& label,
                          const PushSettings& settings) {
    std::vector<telemetry::SessionKey> keys = telemetry::session_keys(source);
    PushSummary s;
    s.unfinished = std::erase_if(keys, [](const telemetry::SessionKey& k) { return !k.ended; });
    s.sessions = keys.size();
    if (settings.start) settings.start(keys.size());
    for (const telemetry::SessionKey& key : keys) {
        if (push_session(pg, label, source, key))
            ++s.added;
        else
            ++s.present;
        if (settings.after_session && !settings.after_session(s.added)) {
            s.stopped = true;
            break;
        }
    }
    return s;
}

PullSummary pull_sessions(PgConnection& pg, const std::string& label, const std::string& db,
                          const PullSettings& settings) {
    const telemetry::ScratchFolder dir("sawtooth-pull");
    std::vector<telemetry::Store> sources = download_study(pg, label, dir);
    const bool created = !fs::exists(db);
    PullSummary s;
    s.sessions = sources.size();
    try {
        telemetry::Store target = telemetry::Store::open(db);
        if (settings.start) settings.start(sources.size());
        telemetry::MergeSettings merge;
        merge.on_session = settings.on_session;
        const telemetry::MergeSummary m = telemetry::merge_stores(target, sources, merge);
        s.added = m.sessions_added;
        s.present = m.sessions_present;
    } catch (const telemetry::StoreError&) {  // a failed pull leaves no new file behind
        if (created)
            for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db + suffix);
        throw;
    }
    return s;
}

}  // namespace sawtooth::lab
