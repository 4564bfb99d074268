#include "telemetry/online/online_client.hpp"

#include "gen/printable.hpp"

#include <httplib.h>

#include <cstdio>
#include <random>
#include <thread>

namespace sawtooth::online {

struct OnlineClient::Request {
    std::string method;  ///< "GET", "POST", "PUT"
    std::string path;
    httplib::Headers headers;
    std::string body;
    std::string content_type = "application/json";
};

namespace {

httplib::Headers participant_headers(const std::string& token, const Participant& p) {
    return {{"X-Sawtooth-Token", token}, {"X-Sawtooth-Participant", p.id}, {"X-Sawtooth-Key", p.key}};
}

// Answered requests come back; transport failures are nullopt.
httplib::Result perform(httplib::Client& http, const std::string& method, const std::string& path,
                        const httplib::Headers& headers, const std::string& body, const std::string& type) {
    if (method == "GET") return http.Get(path, headers);
    if (method == "PUT") return http.Put(path, headers, body, type);
    return http.Post(path, headers, body, type);
}

// A certificate that does not verify is no passing trouble: it is not retried.
bool certificate_refused(const httplib::Result& res) {
    return !res && (res.error() == httplib::Error::SSLServerVerification ||
                    res.error() == httplib::Error::SSLLoadingCerts);
}

bool worth_retrying(const httplib::Result& res) {
    const int status = res ? res->status : 0;
    return (status == 0 && !certificate_refused(res)) || status == 429 || status >= 500;
}

std::string error_line(const httplib::Result& res) {
    if (certificate_refused(res))
        return "the server's certificate does not verify (" + httplib::to_string(res.error()) +
               "; for a certificate of your own, set SSL_CERT_FILE to it)";
    if (!res) return "no answer from the server (" + httplib::to_string(res.error()) + ")";
    const nlohmann::json doc = nlohmann::json::parse(res->body, nullptr, false);
    if (doc.is_object() && doc.contains("error") && doc["error"].is_string())
        return doc["error"].get<std::string>();
    return "HTTP " + std::to_string(res->status);
}

}  // namespace

std::string server_url_problem(const std::string& url) {
    const std::size_t rest = url.rfind("https://", 0) == 0 ? 8 : url.rfind("http://", 0) == 0 ? 7 : 0;
    if (rest == 0 || url.size() == rest || url.find('/', rest) != std::string::npos ||
        !httplib::Client(url).is_valid()) {
        std::string problem(1, '\'');
        problem += printable(url, 80);
        return problem + "' is no server URL (http://HOST:PORT or https://HOST, no path)";
    }
    return {};
}

std::string new_participant_key() {
    std::random_device rd;  // OS entropy
    std::string key;
    for (int i = 0; i < 4; ++i) {
        char part[9];
        std::snprintf(part, sizeof part, "%08x", rd());
        key += part;
    }
    return key;
}

OnlineClient::OnlineClient(StudyTarget target, RetrySettings retry)
    : m_target(std::move(target)),
      m_retry(retry),
      m_http(std::make_unique<httplib::Client>(m_target.base_url)) {
    if (const std::string problem = server_url_problem(m_target.base_url); !problem.empty())
        throw ClientError(0, problem);
    m_http->set_connection_timeout(5);
    m_http->set_read_timeout(30);
    m_http->set_keep_alive(true);
}

OnlineClient::~OnlineClient() = default;

void OnlineClient::stop() { m_http->stop(); }

nlohmann::json OnlineClient::send(const Request& r) {
    std::mt19937 jitter(std::random_device{}());
    auto wait = m_retry.first_wait;
    for (m_last_attempts = 1;; ++m_last_attempts) {
        const httplib::Result res = perform(*m_http, r.method, r.path, r.headers, r.body, r.content_type);
        const int status = res ? res->status : 0;
        if (status == 200) {
            if (res->get_header_value("Content-Type") != "application/json") return nlohmann::json(res->body);
            return nlohmann::json::parse(res->body);
        }
        if (!worth_retrying(res) || m_last_attempts >= m_retry.attempts)
            throw ClientError(status, error_line(res));
        std::uniform_int_distribution<long> spread(0, wait.count());
        std::this_thread::sleep_for(wait + std::chrono::milliseconds(spread(jitter)));
        wait = std::min(wait * 2, m_retry.max_wait);
    }
}

nlohmann::json OnlineClient::study_info() { return send({"GET", "/api/studies/" + m_target.study, {}, ""}); }

nlohmann::json OnlineClient::enrol(const Participant& p,
                                   const std::map<std::string, std::string>& recruiter) {
    const nlohmann::json body = {{"recruiter", recruiter}};
    return send({"POST", "/api/studies/" + m_target.study + "/enrol", participant_headers(m_target.token, p),
                 body.dump()});
}

nlohmann::json OnlineClient::upload(const Participant& p, const std::string& session_uid, int seq,
                                    const std::string& db_bytes) {
    return send({"PUT",
                 "/api/studies/" + m_target.study + "/sessions/" + session_uid + "/" + std::to_string(seq),
                 participant_headers(m_target.token, p), db_bytes, "application/vnd.sqlite3"});
}

nlohmann::json OnlineClient::resume(const Participant& p) {
    return send(
        {"GET", "/api/studies/" + m_target.study + "/resume", participant_headers(m_target.token, p), ""});
}

nlohmann::json OnlineClient::complete(const Participant& p, const std::map<std::string, int>& uploads) {
    const nlohmann::json body = {{"uploads", uploads}};
    return send({"POST", "/api/studies/" + m_target.study + "/complete",
                 participant_headers(m_target.token, p), body.dump()});
}

nlohmann::json OnlineClient::withdraw(const std::string& participant_id) {
    const nlohmann::json body = {{"participant_id", participant_id}};
    return send({"POST",
                 "/api/studies/" + m_target.study + "/withdraw",
                 {{"X-Sawtooth-Token", m_target.token}},
                 body.dump()});
}

}  // namespace sawtooth::online
