#include "tools/lab/postgres.hpp"

#include "gen/number_text.hpp"
#include "gen/printable.hpp"
#include "tools/lab/commands.hpp"

#include <libpq-fe.h>

namespace sawtooth::lab {

PgResult::~PgResult() {
    if (m_r) PQclear(m_r);
}

int PgResult::rows() const { return PQntuples(m_r); }

bool PgResult::is_null(int row, int col) const { return PQgetisnull(m_r, row, col) != 0; }

std::string PgResult::value(int row, int col) const {
    return std::string(PQgetvalue(m_r, row, col), static_cast<std::size_t>(PQgetlength(m_r, row, col)));
}

long PgResult::affected() const {
    const std::string n = PQcmdTuples(m_r);
    // libpq's count of rows a command changed: "" for commands that change none.
    return n.empty() ? 0 : parse_number<long>("PostgreSQL changed-row count", n);
}

PgConnection::PgConnection(const std::string& url) {
    // libpq parses the URL itself; a malformed one fails here with its reason (which names
    // the part it could not read, never the password).
    m_conn = PQconnectdb(url.c_str());
    if (!m_conn || PQstatus(m_conn) != CONNECTION_OK) {
        const std::string why = m_conn ? PQerrorMessage(m_conn) : "out of memory";
        if (m_conn) PQfinish(m_conn);
        m_conn = nullptr;
        throw LabError("cannot connect to the study server: " + one_line(why));
    }
}

PgConnection::~PgConnection() {
    if (m_conn) PQfinish(m_conn);
}

PgResult PgConnection::exec(const std::string& sql, const std::vector<PgParam>& params, bool binary_results) {
    std::vector<const char*> values;
    std::vector<int> lengths, formats;
    for (const PgParam& p : params) {
        values.push_back(p.value.data());
        lengths.push_back(static_cast<int>(p.value.size()));
        formats.push_back(p.binary ? 1 : 0);
    }
    pg_result* raw = PQexecParams(m_conn, sql.c_str(), static_cast<int>(params.size()), nullptr,
                                  values.data(), lengths.data(), formats.data(), binary_results ? 1 : 0);
    PgResult r(raw);
    const ExecStatusType status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        throw LabError("the study server refused a statement: " +
                       one_line(raw ? PQresultErrorMessage(raw) : PQerrorMessage(m_conn)));
    return r;
}

}  // namespace sawtooth::lab
