#pragma once
// One session as it travels to a study server (docs/studies.md "Push and pull",
// docs/online.md): a session database holding only that session (merge.hpp writes it),
// with the columns a server listing keeps. `push` sends it to PostgreSQL, `upload`, the
// game's uploads and the load benchmark to sawtooth-server. The source is read in one
// read transaction, so a game writing the same file meanwhile (WAL) never shows half a
// write in it.
// Does not: talk to any server, or change the source store (it is read, never written).

#include "telemetry/store/merge.hpp"
#include "telemetry/store/store.hpp"

#include <string>

namespace sawtooth::telemetry {

/// A session database holding one session, and that session's columns.
struct PackedSession {
    std::string bytes;
    std::string digest;  ///< hex64 of session_content_digest
    std::string mode, started_utc, ended_utc;
    std::string protocol_hash, condition;  ///< "" for a session played under no protocol
};

/// Packs session `key` of `source` through a private scratch file removed before returning.
PackedSession pack_session(Store& source, const SessionKey& key);

/// The whole content of a file ("" when it cannot be read).
std::string read_file_bytes(const std::string& path);

}  // namespace sawtooth::telemetry
