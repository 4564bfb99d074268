#pragma once
// A libpq connection to the central study store (tools/postgres/study_server.sql) for
// `push` and `pull`: connect by URL, run parameterised statements, read results. Every
// failure is a LabError of one line that never repeats the URL (it may hold a password).
// Does not: pool connections, retry, or know the store's tables (cmd_push.cpp does).

#include <cstdint>
#include <string>
#include <vector>

struct pg_conn;
struct pg_result;

namespace sawtooth::lab {

/// One statement parameter: text, or bytes sent as binary (bytea).
struct PgParam {
    std::string value;
    bool binary = false;
};

/// A statement's result (RAII over PGresult).
class PgResult {
public:
    explicit PgResult(pg_result* r) : m_r(r) {}
    ~PgResult();
    PgResult(PgResult&& other) noexcept : m_r(other.m_r) { other.m_r = nullptr; }
    PgResult(const PgResult&) = delete;
    PgResult& operator=(const PgResult&) = delete;
    PgResult& operator=(PgResult&&) = delete;

    int rows() const;
    bool is_null(int row, int col) const;
    /// The value's bytes (text, or raw bytes for a binary result column).
    std::string value(int row, int col) const;
    /// Rows an INSERT / UPDATE / DELETE changed.
    long affected() const;

private:
    pg_result* m_r;
};

/// One connection.
class PgConnection {
public:
    /// Connects (`url`: postgresql://user:password@host:port/db or a libpq keyword string).
    explicit PgConnection(const std::string& url);
    ~PgConnection();
    PgConnection(const PgConnection&) = delete;
    PgConnection& operator=(const PgConnection&) = delete;

    /// Runs one statement; `binary_results` asks for every result column in binary form.
    PgResult exec(const std::string& sql, const std::vector<PgParam>& params = {},
                  bool binary_results = false);

private:
    pg_conn* m_conn = nullptr;
};

}  // namespace sawtooth::lab
