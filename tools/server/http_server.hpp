#pragma once
// sawtooth-server's HTTP side (docs/online.md "The HTTP API"): the static web site, each
// study's public description, and the participant's API (enrol, upload, resume, complete,
// withdraw) over the central study store (online_store.hpp). Every /api request is
// rate-limited per client address; every write carries the study's token; every
// participant request carries the participant's id and key; every upload passes
// upload_check.hpp before a row is written. Each worker thread keeps one PostgreSQL
// connection and reconnects after a failure, so a restarted database is picked up.
// Behind a reverse proxy (docs/online.md "HTTPS in production") the client's address is
// the last one of the X-Forwarded-For header, taken only from the proxies it is told to
// trust; from anyone else the header is ignored.
// Does not: terminate TLS (the reverse proxy in front does), or log request bodies.

#include "telemetry/study/study_protocol.hpp"
#include "tools/server/rate_limit.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace httplib {
class Server;
}

namespace sawtooth::server {

/// A study the server runs: label (the protocol file's stem; the `study` column and the
/// URL's name), the token uploads must carry, the protocol as read and checked.
struct ServedStudy {
    std::string label;
    std::string token;
    telemetry::StudyProtocol protocol;
    nlohmann::json public_doc;  ///< the protocol document without its "online" object
};

struct ServerSettings {
    std::string db_url;
    std::string site_dir;  ///< "" serves no static files
    std::string host = "127.0.0.1";
    int port = 8080;
    std::vector<ServedStudy> studies;
    std::size_t max_upload_bytes = 32u << 20;
    RateSettings rate;
    int threads = 8;                           ///< worker threads (each with its PostgreSQL connection)
    std::vector<std::string> trusted_proxies;  ///< addresses whose X-Forwarded-For names the client
};

/// The address a request's client has for the rate limit: the connection's, or when that
/// is a trusted proxy, the last address of its X-Forwarded-For (the one the proxy added).
std::string client_address(const std::string& remote_addr, const std::string& forwarded_for,
                           const std::vector<std::string>& trusted_proxies);

/// The studies of `protocol_files` with their tokens from `tokens_file` (a JSON object
/// label -> token of at least 16 characters). Throws sawtooth::Error naming the file.
std::vector<ServedStudy> load_studies(const std::vector<std::string>& protocol_files,
                                      const std::string& tokens_file);

class HttpServer {
public:
    explicit HttpServer(ServerSettings settings);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    /// Binds the address; throws sawtooth::Error when it cannot.
    void bind();
    /// Serves until stop() (from another thread).
    void serve();
    void stop();

private:
    void add_routes();
    ServerSettings m_settings;
    RateLimiter m_limiter;
    std::unique_ptr<httplib::Server> m_http;
};

}  // namespace sawtooth::server
