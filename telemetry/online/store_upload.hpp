#pragma once
// A session database's sessions to sawtooth-server (docs/online.md "Lab machines"): each
// session goes up as one upload (the session's own one-session database,
// telemetry/store/session_pack.hpp) whenever its content differs from the one the server
// acknowledged last, under the next upload number, its participant enrolled with a key
// kept beside the database (upload_ledger.hpp). The game sends its protocol sessions this
// way as they go (upload_worker.hpp); `sawtooth-lab upload` sends a database's finished
// ones. Does not: change the session database (it is read only).

#include "telemetry/online/online_client.hpp"
#include "telemetry/online/upload_ledger.hpp"
#include "telemetry/store/merge.hpp"
#include "telemetry/store/store.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace sawtooth::online {

/// What became of one session.
enum class SessionSync {
    Unchanged,  ///< its content is the one acknowledged last: nothing sent
    Stored,     ///< sent and stored
    Present,    ///< sent, and the server held it already
};

/// Brings session `key` of `store` up to date on `client`'s server. When the server holds
/// a later upload of it than the ledger knows (the ledger lost or copied), asks the server
/// where it stands (`resume`) and goes on after its number. Throws ClientError or StoreError.
SessionSync sync_session(telemetry::Store& store, const telemetry::SessionKey& key, OnlineClient& client,
                         UploadLedger& ledger);

/// The protocol hash a session was played under ("" for none).
std::string session_protocol_hash(telemetry::Store& store, std::int64_t session_id);

struct StoreUploadSummary {
    std::size_t uploaded = 0;    ///< stored as new
    std::size_t present = 0;     ///< acknowledged before
    std::size_t other = 0;       ///< finished sessions of no or another protocol, not sent
    std::size_t unfinished = 0;  ///< not sent
    int most_attempts = 0;       ///< the most attempts one request needed
};

/// `sawtooth-lab upload`: every finished session of `db_path` played under the protocol
/// of the server's study; `on_session` after each one considered. Throws ClientError (the
/// server refused or never answered) or StoreError.
StoreUploadSummary upload_store(const std::string& db_path, OnlineClient& client,
                                const std::function<void()>& on_session = {});

/// The sessions upload_store would consider (for a progress line).
std::size_t count_store_sessions(const std::string& db_path);

}  // namespace sawtooth::online
