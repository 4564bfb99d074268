#pragma once
// Thin RAII wrappers over the sqlite3 C API: a connection, a prepared statement and a
// transaction guard. No ORM, no hidden queries: callers write SQL and bind values. Every
// failure throws StoreError with a one-line message naming the database file.
// Not thread-safe: one Database per thread.

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>
#include "gen/error.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace sawtooth::telemetry {

/// A storage failure; what() is one line, fit for "sawtooth-lab: <what>".
class StoreError : public Error {
public:
    using Error::Error;
};

class Database;

/// One prepared statement. Bind indices are 1-based, column indices 0-based.
class Statement {
public:
    Statement(Database& db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&&) = delete;

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    /// An unsigned 64-bit value (a seed) as SQLite, whose integers are signed, stores it:
    /// the same 64 bits as an INTEGER, so 2^63 .. 2^64 - 1 are stored as -2^63 .. -1
    /// (docs/telemetry.md "Unsigned 64-bit values"). uint64() reads it back; these two are
    /// the only conversions either way.
    Statement& bind_u64(int index, std::uint64_t value) {
        return bind(index, static_cast<std::int64_t>(value));
    }
    Statement& bind_blob(int index, const std::vector<std::uint8_t>& bytes);
    Statement& bind_null(int index);
    /// Binds the value or NULL.
    template <class T>
    Statement& bind(int index, const std::optional<T>& value) {
        return value ? bind(index, *value) : bind_null(index);
    }

    /// Advances; true while a row is available.
    bool step();
    /// Runs to completion (statements without result rows).
    void run();
    /// Resets for another execution and clears the bindings.
    void reset();

    bool is_null(int column) const;
    std::int64_t int64(int column) const;
    int int32(int column) const { return static_cast<int>(int64(column)); }
    /// A value bind_u64 stored.
    std::uint64_t uint64(int column) const { return static_cast<std::uint64_t>(int64(column)); }
    double real(int column) const;
    std::string text(int column) const;
    std::vector<std::uint8_t> blob(int column) const;
    int column_count() const;
    std::string column_name(int column) const;
    /// SQLite storage class of the column in the current row (SQLITE_INTEGER ...).
    int column_type(int column) const;

private:
    Database* m_db;
    sqlite3_stmt* m_stmt = nullptr;
};

/// How to open a database file.
enum class OpenMode {
    ReadOnly,        ///< never writes; the file must exist
    ReadWrite,       ///< the file must exist
    ReadWriteCreate  ///< creates the file when missing
};

/// One connection.
class Database {
public:
    /// Opens `path`; throws StoreError (missing file in the non-creating modes included).
    Database(const std::string& path, OpenMode mode);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    /// Runs one or more statements without results.
    void exec(std::string_view sql);
    /// Runs a query returning one integer (first column of the first row).
    std::int64_t query_int(std::string_view sql);
    /// The statement with this text, prepared on first use and kept, handed out reset: for
    /// statements run over and over (a recorder's flush, every second of play). Valid
    /// until the database closes; like the connection, for one thread at a time.
    Statement& cached(std::string_view sql);
    /// Puts the file in WAL mode (a property of the file: after the first switch there is
    /// nothing to do). SQLite does not run the busy handler for the switch, which needs the
    /// file to itself, so two processes opening one new file at once could fail here at
    /// once with "database is locked": retried with backoff within the busy timeout, and a
    /// file another process switched meanwhile needs nothing. Throws StoreError after that.
    void use_wal();
    /// Rowid of the last INSERT on this connection.
    std::int64_t last_insert_id() const;
    /// Rows changed by the last statement.
    int changes() const;
    const std::string& path() const { return m_path; }
    bool read_only() const { return m_read_only; }
    sqlite3* handle() const { return m_db; }

    /// Throws StoreError("<path>: <context>: <sqlite message>") for a failed call. A write
    /// that failed (SQLITE_FULL, IOERR_WRITE, IOERR_TRUNCATE: a full disk or a file size
    /// limit) says so ("cannot write: the disk is full or a file size limit is reached").
    [[noreturn]] void fail(std::string_view context) const;
    /// Failures so far for want of space (a caller reports the first, not every later one).
    int space_failures() const { return m_space_failures; }

private:
    mutable int m_space_failures = 0;
    sqlite3* m_db = nullptr;
    std::unordered_map<std::string, std::unique_ptr<Statement>> m_cached;  ///< by text, see cached()
    std::string m_path;
    bool m_read_only = false;
};

/// BEGIN IMMEDIATE ... COMMIT; rolls back when destroyed without commit().
class Transaction {
public:
    explicit Transaction(Database& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    Database& m_db;
    bool m_done = false;
};

}  // namespace sawtooth::telemetry
