#pragma once
// A client of sawtooth-server's participant API (docs/online.md "The HTTP API"), as the
// web page uses it: enrol, upload a session database under an upload number, complete,
// withdraw. A request the server could not answer (no connection, a 5xx, a 429) is retried
// with exponential backoff and jitter until it is answered or the attempts run out; a
// refusal (any other 4xx) is not retried. "https://" URLs go through OpenSSL (Debian's
// cpp-httplib is built with it), checking the server's certificate against the system's
// authorities (or $SSL_CERT_FILE); a certificate that does not verify is final. Used by
// the game's uploads (upload_worker.hpp), `sawtooth-lab upload`, the load benchmark and
// the tests. Does not: keep state between calls (the caller holds its participant's key
// and upload numbers). Not thread-safe but for stop(), which another thread may call.

#include "gen/error.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <string>

namespace httplib {
class Client;
}

namespace sawtooth::online {

/// The server refused a request, or never answered it within the attempts.
class ClientError : public Error {
public:
    ClientError(int status, const std::string& message) : Error(message), m_status(status) {}
    int status() const { return m_status; }  ///< HTTP status; 0: no answer

private:
    int m_status;
};

struct RetrySettings {
    int attempts = 10;
    std::chrono::milliseconds first_wait{100};
    std::chrono::milliseconds max_wait{4000};
};

/// Where a client sends: the server's base URL ("http://host:port" or "https://host"), a
/// study label and its token.
struct StudyTarget {
    std::string base_url;
    std::string study;
    std::string token;
};

/// One participant as the page holds them.
struct Participant {
    std::string id;   ///< "P-XXXX-XXXX"
    std::string key;  ///< the secret made at enrolment
};

class OnlineClient {
public:
    OnlineClient(StudyTarget target, RetrySettings retry = {});
    ~OnlineClient();
    OnlineClient(const OnlineClient&) = delete;
    OnlineClient& operator=(const OnlineClient&) = delete;

    nlohmann::json study_info();
    nlohmann::json enrol(const Participant& p, const std::map<std::string, std::string>& recruiter = {});
    nlohmann::json upload(const Participant& p, const std::string& session_uid, int seq,
                          const std::string& db_bytes);
    nlohmann::json resume(const Participant& p);
    nlohmann::json complete(const Participant& p, const std::map<std::string, int>& uploads);
    nlohmann::json withdraw(const std::string& participant_id);
    const StudyTarget& target() const { return m_target; }
    /// Ends a request in flight at once (it fails as unanswered); from any thread.
    void stop();
    /// Attempts the last call needed (1: answered at once).
    int last_attempts() const { return m_last_attempts; }

private:
    struct Request;
    nlohmann::json send(const Request& r);
    StudyTarget m_target;
    RetrySettings m_retry;
    std::unique_ptr<httplib::Client> m_http;
    int m_last_attempts = 0;
};

/// "" when `url` names a server as OnlineClient takes it ("http://HOST[:PORT]" or
/// "https://HOST[:PORT]", no path), else the one-line problem.
std::string server_url_problem(const std::string& url);

/// A new participant key: 32 hex digits from the OS entropy source.
std::string new_participant_key();

}  // namespace sawtooth::online
