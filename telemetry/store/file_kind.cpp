#include "telemetry/store/file_kind.hpp"

#include "gen/printable.hpp"
#include "telemetry/store/build_info.hpp"
#include "telemetry/store/store.hpp"

namespace sawtooth::telemetry {

namespace {

std::string quoted(const Database& db) { return "'" + db.path() + "'"; }

/// The other kind of file the project writes with this application id, if any.
const FileKind* known_kind(std::int64_t app_id) {
    for (const FileKind* k :
         {&session_file_kind(), &level_catalog_file_kind(), &challenge_catalog_file_kind()})
        if (k->application_id == app_id) return k;
    return nullptr;
}

void check_integrity(Database& db, const FileKind& kind) {
    std::string verdict;
    try {
        Statement qc(db, "PRAGMA quick_check(1)");
        verdict = qc.step() ? qc.text(0) : "no answer";
    } catch (const StoreError& e) {
        const std::string what = e.what();
        const std::string reason = what.substr(what.rfind(": ") + 2);
        if (reason.find("not a database") != std::string::npos)
            throw StoreError(quoted(db) + " is not a " + kind.name + " (not an SQLite database: " + reason +
                             ")");
        throw StoreError(kind.name + " " + quoted(db) + " is damaged (" + reason + ")");
    }
    // SQLite's verdict may span lines: the message stays one line.
    if (verdict != "ok")
        throw StoreError(kind.name + " " + quoted(db) + " is damaged (" + one_line(verdict) + ")");
}

void check_required_meta(Database& db, const FileKind& kind) {
    for (const RequiredMeta& m : kind.required) {
        const std::string found = meta_value(db, kind, m.key);
        if (found != m.value)
            throw StoreError(kind.name + " " + quoted(db) + " holds " + m.holds + " " + printable(found) +
                             ", this build generates version " + m.value + " (start a new " + kind.name +
                             ")");
    }
}

// The checks, in the caller's read transaction. Returns the schema version (0: empty file).
int check_contents(Database& db, const FileKind& kind) {
    check_integrity(db, kind);
    const std::int64_t version = db.query_int("PRAGMA user_version");
    const std::int64_t app_id = db.query_int("PRAGMA application_id");
    const std::int64_t tables = db.query_int("SELECT count(*) FROM sqlite_schema WHERE type = 'table'");
    if (version == 0 && tables == 0 && (app_id == 0 || app_id == kind.application_id)) return 0;
    if (app_id != kind.application_id) {
        if (const FileKind* other = known_kind(app_id))
            throw StoreError(quoted(db) + " is a " + other->identity + ", not a " + kind.name);
        throw StoreError(quoted(db) + " is not a " + kind.name + " (application_id " +
                         std::to_string(app_id) + ")");
    }
    if (version > kind.schema_version)
        throw StoreError(kind.name + " " + quoted(db) + " has schema version " + std::to_string(version) +
                         ", newer than this build's " + std::to_string(kind.schema_version) +
                         "; refusing to use it (update Sawtooth)");
    if (version < 1)
        throw StoreError(kind.name + " " + quoted(db) + " has no schema version; refusing to use it");
    check_required_meta(db, kind);
    return static_cast<int>(version);
}

// Reads in one transaction, so every header field and table count comes from one snapshot:
// a file another process is creating right now is seen either empty or whole.
int check_file(Database& db, const FileKind& kind) {
    db.exec("BEGIN");
    int version = 0;
    try {
        version = check_contents(db, kind);
    } catch (...) {
        try {
            db.exec("ROLLBACK");
        } catch (const StoreError&) {  // the refusal says what matters
        }
        throw;
    }
    db.exec("COMMIT");
    return version;
}

void run_steps(Database& db, const FileKind& kind, std::int64_t from) {
    for (const SchemaStep& step : kind.steps)
        if (step.to > from)
            for (const std::string& statement : step.statements) db.exec(statement);
}

void put_meta(Database& db, const FileKind& kind,
              const std::vector<std::pair<std::string, std::string>>& rows) {
    Statement st(db, "INSERT OR REPLACE INTO " + kind.meta_table + "(key, value) VALUES (?, ?)");
    for (const auto& [k, v] : rows) {
        st.bind(1, k).bind(2, v).run();
        st.reset();  // no statement may be pending at COMMIT
    }
}

// Upgrades an older file in place, in one transaction: either every step and the new
// user_version are committed, or nothing is and the file keeps every byte (runs before the
// switch to WAL, so a file in rollback-journal mode is not touched either).
void upgrade(Database& db, const FileKind& kind, int from) {
    const std::string to = std::to_string(kind.schema_version);
    try {
        Transaction tx(db);
        // Another process may have upgraded it meanwhile: read again under the write lock.
        const std::int64_t now = db.query_int("PRAGMA user_version");
        if (now >= kind.schema_version) return;
        run_steps(db, kind, now);
        std::vector<std::pair<std::string, std::string>> meta = {
            {"upgraded_to_schema_" + to, utc_now() + " by " + std::string(build_id())}};
        if (!kind.format.empty()) meta.emplace_back("schema_version", to);
        put_meta(db, kind, meta);
        db.exec("PRAGMA user_version = " + to);
        tx.commit();
    } catch (const StoreError& e) {
        const std::string what = e.what();
        throw StoreError(kind.name + " " + quoted(db) + " could not be upgraded from schema version " +
                         std::to_string(from) + " to " + to + " (" + what.substr(what.rfind(": ") + 2) +
                         "); it is unchanged");
    }
}

void create(Database& db, const FileKind& kind) {
    // Two processes may open the same new file at once: the version is read again under
    // the write lock, so exactly one of them writes the schema (the other's is a no-op).
    Transaction tx(db);
    if (db.query_int("PRAGMA user_version") != 0) return;  // created meanwhile; nothing written
    db.exec(kind.schema);
    run_steps(db, kind, 1);
    std::vector<std::pair<std::string, std::string>> meta;
    if (!kind.format.empty()) {
        meta.emplace_back("format", kind.format);
        meta.emplace_back("schema_version", std::to_string(kind.schema_version));
    }
    for (const RequiredMeta& m : kind.required) meta.emplace_back(m.key, m.value);
    meta.emplace_back("created_utc", utc_now());
    meta.emplace_back("created_by_build", std::string(build_id()));
    put_meta(db, kind, meta);
    db.exec("PRAGMA application_id = " + std::to_string(kind.application_id));
    db.exec("PRAGMA user_version = " + std::to_string(kind.schema_version));
    tx.commit();
}

// A read-only connection to an older file: the tables added since its version exist as
// empty TEMP tables (in memory, never in the file).
void add_temp_tables(Database& db, const FileKind& kind, int from) {
    // query_only (set by Database for read-only opens) refuses even TEMP tables: lifted
    // for these statements alone, which cannot name the file's own schema.
    db.exec("PRAGMA temp_store = MEMORY; PRAGMA query_only = OFF");
    const std::string create_table = "CREATE TABLE ";
    for (const SchemaStep& step : kind.steps)
        if (step.to > from)
            for (const std::string& statement : step.statements)
                if (statement.rfind(create_table, 0) == 0)
                    db.exec("CREATE TEMP TABLE " + statement.substr(create_table.size()));
    db.exec("PRAGMA query_only = ON");
}

}  // namespace

std::string meta_value(Database& db, const FileKind& kind, const std::string& key) {
    Statement st(db, "SELECT value FROM " + kind.meta_table + " WHERE key = ?");
    st.bind(1, key);
    return st.step() ? st.text(0) : std::string();
}

OpenedFile open_file(const FileKind& kind, const std::string& path, OpenMode mode) {
    auto db = std::make_unique<Database>(path, mode);
    const int found = check_file(*db, kind);
    if (mode == OpenMode::ReadOnly) {
        if (found == 0) throw StoreError(quoted(*db) + " is empty, not a " + kind.name);
        if (found < kind.schema_version) add_temp_tables(*db, kind, found);
        return {std::move(db), found};
    }
    // Only now, with a file known to be of this kind (or new), may anything write.
    if (found > 0 && found < kind.schema_version) upgrade(*db, kind, found);
    // WAL or rollback journal with synchronous NORMAL: a commit survives a killed process
    // (it is in the OS once COMMIT returns); only a power cut can lose the last commits.
    if (kind.journal == JournalMode::Wal) db->use_wal();
    db->exec("PRAGMA synchronous = NORMAL");
    if (found == 0) create(*db, kind);
    return {std::move(db), found};
}

}  // namespace sawtooth::telemetry
