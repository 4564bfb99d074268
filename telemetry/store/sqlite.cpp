#include "telemetry/store/sqlite.hpp"

#include "gen/printable.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <thread>

namespace sawtooth::telemetry {

namespace {
// How long a writer waits for another connection's lock before failing (a lab tool may be
// reading while the game writes; WAL makes such waits rare and short).
constexpr int kBusyTimeoutMs = 5000;

// A write that failed for want of space (full disk, quota, file size limit). SQLite says
// "disk I/O error" for most of these (a short write is SQLITE_IOERR_WRITE, and the errno
// it keeps is not reliable), which sends users looking for broken hardware.
bool out_of_space(sqlite3* db) {
    const int code = sqlite3_extended_errcode(db);
    return (code & 0xff) == SQLITE_FULL || code == SQLITE_IOERR_WRITE || code == SQLITE_IOERR_TRUNCATE;
}

// The connection's last error in words (`fallback`: the text sqlite3_exec gave, if any).
std::string error_text(sqlite3* db, const char* fallback) {
    if (out_of_space(db)) {
        const int e = sqlite3_system_errno(db);
        return std::string("cannot write: the disk is full or a file size limit is reached") +
               (e ? " (" + std::string(std::strerror(e)) + ")" : std::string()) +
               "; what was committed before is kept";
    }
    // SQLite's text can quote bytes of a damaged file (a table name in "malformed database
    // schema (...)"): escaped here, so every StoreError is one printable line.
    return one_line(fallback ? fallback : sqlite3_errmsg(db));
}
}  // namespace

// ---- Database ----

Database::Database(const std::string& path, OpenMode mode)
    : m_path(path), m_read_only(mode == OpenMode::ReadOnly) {
    std::error_code ec;
    if (mode != OpenMode::ReadWriteCreate && !std::filesystem::is_regular_file(path, ec))
        throw StoreError("no database file at '" + path + "'");
    int flags = SQLITE_OPEN_NOMUTEX;
    switch (mode) {
        case OpenMode::ReadOnly:
            // Read-write handle with query_only (below) when the file allows it: as the last
            // connection it then removes the -wal/-shm files on close, which a read-only
            // handle leaves behind. It can never write a row; closing may only fold an
            // already committed WAL (after a crash) back into the file.
            flags |= SQLITE_OPEN_READWRITE;
            break;
        case OpenMode::ReadWrite:
            flags |= SQLITE_OPEN_READWRITE;
            break;
        case OpenMode::ReadWriteCreate:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
            break;
    }
    int rc = sqlite3_open_v2(path.c_str(), &m_db, flags, nullptr);
    if (rc != SQLITE_OK && mode == OpenMode::ReadOnly) {  // read-only file or folder
        sqlite3_close(m_db);
        m_db = nullptr;
        rc = sqlite3_open_v2(path.c_str(), &m_db, SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_READONLY, nullptr);
    }
    if (rc != SQLITE_OK) {
        const std::string msg = one_line(m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc));
        sqlite3_close(m_db);
        m_db = nullptr;
        throw StoreError("cannot open database '" + path + "': " + msg);
    }
    sqlite3_extended_result_codes(m_db, 1);
    sqlite3_busy_timeout(m_db, kBusyTimeoutMs);
    if (m_read_only && sqlite3_exec(m_db, "PRAGMA query_only = ON", nullptr, nullptr, nullptr) != SQLITE_OK) {
        const std::string msg = one_line(sqlite3_errmsg(m_db));
        sqlite3_close(m_db);
        m_db = nullptr;
        throw StoreError("cannot open database '" + path + "': " + msg);
    }
}

Database::~Database() {
    m_cached.clear();  // finalised before the connection closes
    if (m_db) sqlite3_close_v2(m_db);
}

Statement& Database::cached(std::string_view sql) {
    auto it = m_cached.find(std::string(sql));
    if (it == m_cached.end())
        return *m_cached.emplace(sql, std::make_unique<Statement>(*this, sql)).first->second;
    it->second->reset();
    return *it->second;
}

void Database::fail(std::string_view context) const {
    if (out_of_space(m_db)) ++m_space_failures;
    throw StoreError("database '" + m_path + "': " + std::string(context) + ": " + error_text(m_db, nullptr));
}

void Database::exec(std::string_view sql) {
    char* err = nullptr;
    const std::string s(sql);
    if (sqlite3_exec(m_db, s.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        const std::string msg = error_text(m_db, err ? err : "unknown error");
        sqlite3_free(err);
        if (out_of_space(m_db)) ++m_space_failures;
        throw StoreError("database '" + m_path + "': " + msg);
    }
}

void Database::use_wal() {
    const auto mode = [this] {
        Statement st(*this, "PRAGMA journal_mode");
        return st.step() ? st.text(0) : std::string();
    };
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
    for (int wait_ms = 1;; wait_ms = std::min(2 * wait_ms, 50)) {
        if (mode() == "wal") return;
        // Refused for a lock, the switch fails with SQLITE_BUSY (or leaves the old mode).
        if (sqlite3_exec(m_db, "PRAGMA journal_mode = WAL", nullptr, nullptr, nullptr) != SQLITE_OK) {
            const int code = sqlite3_extended_errcode(m_db) & 0xff;
            if (code != SQLITE_BUSY && code != SQLITE_LOCKED)
                throw StoreError("database '" + m_path +
                                 "': cannot switch to WAL: " + error_text(m_db, nullptr));
        } else if (mode() == "wal") {
            return;
        }
        if (std::chrono::steady_clock::now() > deadline)
            throw StoreError("database '" + m_path + "': database is locked (another process kept it for " +
                             std::to_string(kBusyTimeoutMs / 1000) + " s while it was switched to WAL)");
        std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms));
    }
}

std::int64_t Database::query_int(std::string_view sql) {
    Statement st(*this, sql);
    if (!st.step()) throw StoreError("database '" + m_path + "': query returned no row: " + std::string(sql));
    return st.int64(0);
}

std::int64_t Database::last_insert_id() const { return sqlite3_last_insert_rowid(m_db); }

int Database::changes() const { return sqlite3_changes(m_db); }

// ---- Statement ----

Statement::Statement(Database& db, std::string_view sql) : m_db(&db) {
    if (sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &m_stmt, nullptr) !=
        SQLITE_OK)
        db.fail("prepare");
}

Statement::~Statement() {
    if (m_stmt) sqlite3_finalize(m_stmt);
}

Statement::Statement(Statement&& other) noexcept : m_db(other.m_db), m_stmt(other.m_stmt) {
    other.m_stmt = nullptr;
}

Statement& Statement::bind(int index, std::int64_t value) {
    if (sqlite3_bind_int64(m_stmt, index, value) != SQLITE_OK) m_db->fail("bind");
    return *this;
}

Statement& Statement::bind(int index, double value) {
    if (sqlite3_bind_double(m_stmt, index, value) != SQLITE_OK) m_db->fail("bind");
    return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
    if (sqlite3_bind_text(m_stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT) !=
        SQLITE_OK)
        m_db->fail("bind");
    return *this;
}

Statement& Statement::bind_blob(int index, const std::vector<std::uint8_t>& bytes) {
    // A zero-length blob must still be a BLOB, not NULL: pass a non-null pointer.
    static const std::uint8_t empty = 0;
    const void* data = bytes.empty() ? &empty : bytes.data();
    if (sqlite3_bind_blob(m_stmt, index, data, static_cast<int>(bytes.size()), SQLITE_TRANSIENT) != SQLITE_OK)
        m_db->fail("bind");
    return *this;
}

Statement& Statement::bind_null(int index) {
    if (sqlite3_bind_null(m_stmt, index) != SQLITE_OK) m_db->fail("bind");
    return *this;
}

bool Statement::step() {
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    m_db->fail("query");
}

void Statement::run() {
    while (step()) {
    }
}

void Statement::reset() {
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

bool Statement::is_null(int column) const { return sqlite3_column_type(m_stmt, column) == SQLITE_NULL; }

std::int64_t Statement::int64(int column) const { return sqlite3_column_int64(m_stmt, column); }

double Statement::real(int column) const { return sqlite3_column_double(m_stmt, column); }

std::string Statement::text(int column) const {
    const auto* p = sqlite3_column_text(m_stmt, column);
    const int n = sqlite3_column_bytes(m_stmt, column);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n)) : std::string();
}

std::vector<std::uint8_t> Statement::blob(int column) const {
    const auto* p = static_cast<const std::uint8_t*>(sqlite3_column_blob(m_stmt, column));
    const int n = sqlite3_column_bytes(m_stmt, column);
    return p ? std::vector<std::uint8_t>(p, p + n) : std::vector<std::uint8_t>();
}

int Statement::column_count() const { return sqlite3_column_count(m_stmt); }

std::string Statement::column_name(int column) const { return sqlite3_column_name(m_stmt, column); }

int Statement::column_type(int column) const { return sqlite3_column_type(m_stmt, column); }

// ---- Transaction ----

Transaction::Transaction(Database& db) : m_db(db) { m_db.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
    if (!m_done) sqlite3_exec(m_db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    m_db.exec("COMMIT");
    m_done = true;
}

}  // namespace sawtooth::telemetry
