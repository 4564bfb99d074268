#pragma once
// A lab machine's upload to sawtooth-server (docs/online.md "Lab machines"): every
// finished session of a local session database played under the server's study protocol
// goes up as upload 1 of its session, each participant enrolled with a key kept in a file
// beside the database (`<db>.upload-keys.json`, created readable by its owner only), so
// running it again acknowledges what is there and sends only what is new.
// Does not: change the session database (opened read-only), or upload unfinished sessions.

#include "tools/server/online_client.hpp"

#include <cstddef>
#include <functional>
#include <string>

namespace sawtooth::server {

struct StoreUploadSummary {
    std::size_t uploaded = 0;    ///< stored as new
    std::size_t present = 0;     ///< acknowledged before
    std::size_t other = 0;       ///< finished sessions of no or another protocol, not sent
    std::size_t unfinished = 0;  ///< not sent
    int most_attempts = 0;       ///< the most attempts one request needed
};

/// Uploads `db_path`'s sessions through `client`; `on_session` after each one considered.
/// Throws ClientError (the server refused or never answered) or StoreError.
StoreUploadSummary upload_store(const std::string& db_path, OnlineClient& client,
                                const std::function<void()>& on_session = {});

/// The sessions upload_store would consider (for a progress line).
std::size_t count_store_sessions(const std::string& db_path);

}  // namespace sawtooth::server
