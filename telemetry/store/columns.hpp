#pragma once
// Column tables: a table's columns written once, each with its SQL type and how a row of
// the writer's type fills it, from which the column definitions of a CREATE TABLE, the
// INSERT statement and the binding of a row are made (docs/telemetry.md "Opening a file").
// So a column is named in one place and the n-th `?` always binds the n-th column.
// Does not: read rows back (readers name the columns they select), or define keys.

#include "telemetry/store/sqlite.hpp"

#include <span>
#include <string>
#include <string_view>

namespace sawtooth::telemetry {

/// One column that rows of type Row fill.
template <class Row>
struct Column {
    const char* name;
    const char* type;  ///< SQL type and constraints, e.g. "INTEGER NOT NULL"
    void (*bind)(Statement& st, int index, const Row& row);
};

/// "  name type,\n" for every column: the body of a CREATE TABLE.
template <class Row>
std::string column_definitions(std::span<const Column<Row>> columns) {
    std::string s;
    for (const Column<Row>& c : columns) s += "  " + std::string(c.name) + " " + c.type + ",\n";
    return s;
}

/// "name, name, ..." of every column.
template <class Row>
std::string column_names(std::span<const Column<Row>> columns) {
    std::string s;
    for (const Column<Row>& c : columns) s += (s.empty() ? "" : ", ") + std::string(c.name);
    return s;
}

/// "<verb> <table>(name, ...) VALUES (?, ...)", e.g. verb "INSERT OR REPLACE INTO".
template <class Row>
std::string insert_sql(std::string_view verb, std::string_view table, std::span<const Column<Row>> columns) {
    std::string params;
    for (std::size_t i = 0; i < columns.size(); ++i) params += i ? ", ?" : "?";
    return std::string(verb) + " " + std::string(table) + "(" + column_names(columns) + ") VALUES (" +
           params + ")";
}

/// Binds `row` to parameters 1..N in column order.
template <class Row>
void bind_columns(Statement& st, std::span<const Column<Row>> columns, const Row& row) {
    int i = 1;
    for (const Column<Row>& c : columns) c.bind(st, i++, row);
}

}  // namespace sawtooth::telemetry
