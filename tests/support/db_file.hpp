#pragma once
// Test helper for tests that check database files byte for byte or damage them on
// purpose: a file's content hash, and SQL run on a file through raw SQLite (past the
// Store, so a test can plant what the Store would refuse). Checks nothing itself beyond
// the statement succeeding.

#include "gen/hash.hpp"
#include "read_file.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <cstdint>
#include <string>

namespace sawtooth::test {

/// FNV-1a of the file's bytes: equal before and after = the file is unchanged.
inline std::uint64_t file_hash(const std::string& path) { return fnv1a64(read_file(path)); }

/// Runs `sql` on the SQLite file `path` directly (REQUIREs success).
inline void raw_exec(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
    INFO((err ? err : ""));
    sqlite3_free(err);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
}

}  // namespace sawtooth::test
