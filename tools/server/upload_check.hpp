#pragma once
// The checks every uploaded session database passes before any of it is stored
// (docs/online.md "Threat model"): a size limit, then the store's one checked open
// read-only (telemetry/store/file_kind.hpp: SQLite, application id, schema version,
// quick_check), a full PRAGMA integrity_check, exactly one session, and its columns.
// Does not: decide whether the session belongs to the study or participant (the caller
// compares the columns), or keep the file (it lives in a scratch folder while checked).

#include <cstddef>
#include <string>

namespace sawtooth::server {

/// The one session an upload holds.
struct UploadedSession {
    std::string session_uid;
    std::string participant_id;
    std::string mode, started_utc, ended_utc;  ///< ended_utc "" while the session runs
    std::string end_reason;                    ///< "" while it runs
    std::string protocol_hash, condition;      ///< "" for a session of no protocol
    std::string digest;                        ///< hex64 of telemetry::session_content_digest
};

/// Checks `bytes` as a session database of at most `max_bytes`; throws Refusal (413 too
/// large, 400 anything else) naming the problem.
UploadedSession check_upload(const std::string& bytes, std::size_t max_bytes);

}  // namespace sawtooth::server
