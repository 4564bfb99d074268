#pragma once
// One way to open an SQLite file the project writes. A FileKind describes a kind of file
// (what messages call it, its PRAGMA application_id, its schema and the steps of its
// history, its key/value meta table, the meta values a file must hold); open_file() opens
// a file of that kind, checked. The kinds: the session store (telemetry/store.hpp), the
// level catalogue (telemetry/catalog.hpp) and the challenge catalogue
// (telemetry/word_catalog.hpp). Docs: docs/telemetry.md "Opening a file".
//
// open_file checks the file before anything can write to it, in one read snapshot:
// PRAGMA quick_check, the application id, the schema version and the required meta values.
// Refused with one line, every byte left as it was: files that are not SQLite, damaged
// files, files of another kind (named when the project writes that kind too), files of a
// newer schema, files whose required meta differ (levels of another generator version).
// A writable open then upgrades an older schema in one transaction (every step or none: a
// failed upgrade leaves the file byte for byte unchanged) and creates the schema in an empty
// file; a read-only open never writes, and shows the tables added since an older file's
// version as empty TEMP tables, so every reader sees one schema.
//
// Does not: define tables or rows (each kind's .cpp does, from its column tables), or hold
// a connection open (the caller owns the Database). Not thread-safe, like Database.

#include "telemetry/store/sqlite.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::telemetry {

/// One step of a kind's schema history: the statements that take a file from version
/// `to - 1` to `to`. Steps only add (tables, indexes, nullable columns) or, with no
/// statement, widen what the stored values may be.
struct SchemaStep {
    int to = 0;
    std::vector<std::string> statements;
};

/// A meta value every file of a kind holds, written on creation and checked on every open.
struct RequiredMeta {
    std::string key;    ///< e.g. "generator_version"
    std::string value;  ///< this build's value
    std::string holds;  ///< for the refusal: "'p' holds <holds> X, this build ... version <value>"
};

/// How a kind's file keeps its journal.
enum class JournalMode {
    Wal,      ///< a file the game writes while tools read it
    Rollback  ///< shards on network file systems, where WAL's shared memory does not work
};

/// A kind of SQLite file the project writes.
struct FileKind {
    std::string name;      ///< in messages: "'p' is not a <name>", "<name> 'p' is damaged"
    std::string identity;  ///< what another kind's refusal calls it: "'p' is a <identity>, not a ..."
    /// Meta rows `format` and `schema_version`, written on creation (schema_version kept
    /// current by upgrades); empty for the session store, whose meta has neither.
    std::string format;
    std::int32_t application_id = 0;
    int schema_version = 1;
    std::string meta_table;         ///< key/value table (key TEXT PRIMARY KEY, value TEXT)
    std::string schema;             ///< version 1's statements, the meta table included
    std::vector<SchemaStep> steps;  ///< versions 2 .. schema_version, in order
    std::vector<RequiredMeta> required;
    JournalMode journal = JournalMode::Rollback;
};

/// The kinds of file the project writes (each defined beside its schema).
const FileKind& session_file_kind();
const FileKind& level_catalog_file_kind();
const FileKind& challenge_catalog_file_kind();

/// A checked connection and the schema version the file had when it was opened (a
/// writable open upgrades it to the kind's version; 0: the file was empty and is now new).
struct OpenedFile {
    std::unique_ptr<Database> db;
    int version_found = 0;
};

/// Opens `path` as a file of `kind` (see the file comment). ReadWriteCreate creates a
/// missing file; ReadOnly refuses an empty one. Throws StoreError with one line.
OpenedFile open_file(const FileKind& kind, const std::string& path, OpenMode mode);

/// The value of `key` in the kind's meta table; "" when absent.
std::string meta_value(Database& db, const FileKind& kind, const std::string& key);

}  // namespace sawtooth::telemetry
