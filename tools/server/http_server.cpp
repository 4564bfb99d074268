#include "tools/server/http_server.hpp"

#include "gen/number_text.hpp"
#include "telemetry/store/json_reader.hpp"
#include "telemetry/store/session_pack.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/postgres.hpp"
#include "tools/server/online_store.hpp"
#include "tools/server/refusal.hpp"
#include "tools/server/upload_check.hpp"

#include <httplib.h>

#include <algorithm>
#include <filesystem>
#include <functional>

namespace sawtooth::server {

namespace {

constexpr const char* kTokenHeader = "X-Sawtooth-Token";
constexpr const char* kParticipantHeader = "X-Sawtooth-Participant";
constexpr const char* kKeyHeader = "X-Sawtooth-Key";
constexpr const char* kStudyPattern = R"(/api/studies/([A-Za-z0-9_.-]+))";
constexpr const char* kUidPattern = R"((S-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}))";

// This worker thread's connection, made on first use and dropped after a failure.
lab::PgConnection& connection(const std::string& url, bool reset = false) {
    thread_local std::unique_ptr<lab::PgConnection> conn;
    if (reset) conn.reset();
    if (!conn) conn = std::make_unique<lab::PgConnection>(url);
    return *conn;
}

void send_json(httplib::Response& res, int status, const nlohmann::json& body) {
    res.status = status;
    res.set_content(body.dump(), "application/json");
}

// Runs one request's work; a Refusal is its status and line, a database failure 503.
void respond(httplib::Response& res, const std::string& db_url,
             const std::function<nlohmann::json(lab::PgConnection&)>& work) {
    try {
        const nlohmann::json out = work(connection(db_url));
        if (!out.is_null()) send_json(res, 200, out);  // null: the work set the response itself
    } catch (const Refusal& e) {
        send_json(res, e.status(), {{"error", e.what()}});
    } catch (const lab::LabError& e) {
        try {
            connection(db_url, true);  // reconnect for the next request
        } catch (const lab::LabError&) {
        }
        send_json(res, 503, {{"error", std::string("the study database is unavailable: ") + e.what()}});
    } catch (const Error& e) {
        send_json(res, 400, {{"error", e.what()}});
    }
}

const ServedStudy& find_study(const std::vector<ServedStudy>& studies, const std::string& label) {
    for (const ServedStudy& s : studies)
        if (s.label == label) return s;
    throw Refusal(404, "this server runs no study '" + printable(label, 60) + "'");
}

// Compares every byte whatever the first difference, so timing tells nothing.
bool same_secret(const std::string& given, const std::string& token) {
    if (given.size() != token.size()) return false;
    unsigned diff = 0;
    for (std::size_t i = 0; i < token.size(); ++i) diff |= static_cast<unsigned char>(given[i] ^ token[i]);
    return diff == 0;
}

const ServedStudy& authorised_study(const std::vector<ServedStudy>& studies, const httplib::Request& req) {
    const ServedStudy& s = find_study(studies, req.matches[1]);
    if (!same_secret(req.get_header_value(kTokenHeader), s.token))
        throw Refusal(401, "the request carries no valid token for this study");
    return s;
}

ParticipantCredentials credentials(const httplib::Request& req) {
    return {req.get_header_value(kParticipantHeader), req.get_header_value(kKeyHeader)};
}

nlohmann::json body_json(const httplib::Request& req) {
    if (req.body.empty()) return nlohmann::json::object();
    nlohmann::json doc = nlohmann::json::parse(req.body, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) throw Refusal(400, "the request body is no JSON object");
    return doc;
}

std::map<std::string, std::string> recruiter_ids(const nlohmann::json& body) {
    std::map<std::string, std::string> out;
    if (!body.contains("recruiter")) return out;
    if (!body["recruiter"].is_object()) throw Refusal(400, "\"recruiter\" must be an object of strings");
    for (const auto& [name, value] : body["recruiter"].items()) {
        if (!value.is_string()) throw Refusal(400, "\"recruiter\" must be an object of strings");
        out[name] = value.get<std::string>();
    }
    return out;
}

std::map<std::string, int> upload_list(const nlohmann::json& body) {
    std::map<std::string, int> out;
    if (!body.contains("uploads") || !body["uploads"].is_object())
        throw Refusal(400, "\"uploads\" must map each session id to its last upload number");
    for (const auto& [uid, seq] : body["uploads"].items()) {
        if (!seq.is_number_integer()) throw Refusal(400, "\"uploads\" must map each session id to a number");
        out[uid] = seq.get<int>();
    }
    return out;
}

// null for a participant enrolled before the server assigned conditions (until they enrol again).
nlohmann::json assignment_json(const Assignment& a) {
    if (a.condition.empty()) return nullptr;
    return {{"condition", a.condition}, {"number", a.number}};
}

nlohmann::json resume_json(const ResumeState& state) {
    nlohmann::json sessions = nlohmann::json::array();
    for (const UploadState& s : state.sessions)
        sessions.push_back(
            {{"session_uid", s.session_uid}, {"seq", s.seq}, {"digest", s.digest}, {"ended", s.ended}});
    return {{"finished", state.finished},
            {"sessions", sessions},
            {"assignment", assignment_json(state.assignment)}};
}

}  // namespace

std::string client_address(const std::string& remote_addr, const std::string& forwarded_for,
                           const std::vector<std::string>& trusted_proxies) {
    if (std::find(trusted_proxies.begin(), trusted_proxies.end(), remote_addr) == trusted_proxies.end())
        return remote_addr;
    const std::size_t comma = forwarded_for.rfind(',');
    std::string last = forwarded_for.substr(comma == std::string::npos ? 0 : comma + 1);
    last.erase(0, last.find_first_not_of(" \t"));
    last.erase(last.find_last_not_of(" \t") + 1);
    return last.empty() ? remote_addr : last;
}

std::vector<ServedStudy> load_studies(const std::vector<std::string>& protocol_files,
                                      const std::string& tokens_file) {
    namespace fs = std::filesystem;
    const std::string text = telemetry::read_file_bytes(tokens_file);
    if (text.empty()) throw Error(tokens_file + ": no tokens file (a JSON object: study label -> token)");
    const nlohmann::json tokens = with_context(tokens_file, [&] { return telemetry::parse_json_text(text); });
    std::vector<ServedStudy> out;
    for (const std::string& file : protocol_files) {
        ServedStudy s;
        s.label = fs::path(file).stem().string();
        s.protocol = telemetry::read_protocol(file);
        if (!tokens.is_object() || !tokens.contains(s.label) || !tokens[s.label].is_string() ||
            tokens[s.label].get<std::string>().size() < 16)
            throw Error(tokens_file + ": no token of at least 16 characters for study '" + s.label + "'");
        s.token = tokens[s.label].get<std::string>();
        for (const ServedStudy& other : out)
            if (other.label == s.label) throw Error(file + ": a second study labelled '" + s.label + "'");
        s.public_doc = telemetry::parse_json_text(telemetry::read_file_bytes(file));
        s.public_doc.erase("online");
        out.push_back(std::move(s));
    }
    return out;
}

HttpServer::HttpServer(ServerSettings settings)
    : m_settings(std::move(settings)),
      m_limiter(m_settings.rate),
      m_http(std::make_unique<httplib::Server>()) {
    const int threads = m_settings.threads;
    m_http->new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
    m_http->set_payload_max_length(m_settings.max_upload_bytes * 2);
    m_http->set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
        if (req.path.rfind("/api/", 0) != 0 ||
            m_limiter.allow(client_address(req.remote_addr, req.get_header_value("X-Forwarded-For"),
                                           m_settings.trusted_proxies)))
            return httplib::Server::HandlerResponse::Unhandled;
        send_json(res, 429, {{"error", "too many requests from this address; retry later"}});
        return httplib::Server::HandlerResponse::Handled;
    });
    if (!m_settings.site_dir.empty() && !m_http->set_mount_point("/", m_settings.site_dir))
        throw Error(m_settings.site_dir + ": no such site folder");
    add_routes();
}

HttpServer::~HttpServer() = default;

void HttpServer::add_routes() {
    const std::vector<ServedStudy>& studies = m_settings.studies;
    const std::string& url = m_settings.db_url;
    const std::string study = kStudyPattern;
    m_http->Get(study, [&studies](const httplib::Request& req, httplib::Response& res) {
        try {
            const ServedStudy& s = find_study(studies, req.matches[1]);
            send_json(res, 200,
                      {{"study", s.label},
                       {"protocol_hash", s.protocol.hash},
                       {"recruiter_ids", s.protocol.online.recruiter_ids},
                       {"return_url", !s.protocol.online.return_url.empty()},
                       {"protocol", s.public_doc}});
        } catch (const Refusal& e) {
            send_json(res, e.status(), {{"error", e.what()}});
        }
    });
    m_http->Post(study + "/enrol", [&](const httplib::Request& req, httplib::Response& res) {
        respond(res, url, [&](lab::PgConnection& pg) {
            const ServedStudy& s = authorised_study(studies, req);
            const EnrolResult r = OnlineStore(pg).enrol({s.label, &s.protocol}, credentials(req),
                                                        recruiter_ids(body_json(req)));
            return nlohmann::json{{"resumed", r.resumed},
                                  {"finished", r.finished},
                                  {"assignment", assignment_json(r.assignment)}};
        });
    });
    m_http->Put(study + "/sessions/" + kUidPattern + "/([0-9]{1,9})", [&, this](const httplib::Request& req,
                                                                                httplib::Response& res) {
        respond(res, url, [&](lab::PgConnection& pg) {
            const ServedStudy& s = authorised_study(studies, req);
            const UploadedSession session = check_upload(req.body, m_settings.max_upload_bytes);
            if (session.session_uid != req.matches[2])
                throw Refusal(400, "the upload holds session " + session.session_uid + ", not " +
                                       std::string(req.matches[2]));
            const int seq = parse_number_in<int>("upload number", std::string(req.matches[3]), 1, 999999999);
            const UploadAck ack = OnlineStore(pg).store_upload({s.label, &s.protocol}, credentials(req), seq,
                                                               session, req.body);
            return nlohmann::json{{"ack", ack.seq}, {"stored", ack.stored}, {"digest", ack.digest}};
        });
    });
    m_http->Get(study + "/resume", [&](const httplib::Request& req, httplib::Response& res) {
        respond(res, url, [&](lab::PgConnection& pg) {
            const ServedStudy& s = authorised_study(studies, req);
            return resume_json(OnlineStore(pg).resume({s.label, &s.protocol}, credentials(req)));
        });
    });
    m_http->Get(study + "/sessions/" + kUidPattern, [&](const httplib::Request& req, httplib::Response& res) {
        respond(res, url, [&](lab::PgConnection& pg) {
            const ServedStudy& s = authorised_study(studies, req);
            const std::string bytes =
                OnlineStore(pg).session_bytes({s.label, &s.protocol}, credentials(req), req.matches[2]);
            res.set_content(bytes, "application/vnd.sqlite3");
            return nlohmann::json();
        });
    });
    m_http->Post(study + "/complete", [&](const httplib::Request& req, httplib::Response& res) {
        respond(res, url, [&](lab::PgConnection& pg) {
            const ServedStudy& s = authorised_study(studies, req);
            const Completion c = OnlineStore(pg).complete({s.label, &s.protocol}, credentials(req),
                                                          upload_list(body_json(req)));
            return nlohmann::json{{"completion_code", c.completion_code}, {"return_url", c.return_url}};
        });
    });
    m_http->Post(study + "/withdraw", [&](const httplib::Request& req, httplib::Response& res) {
        respond(res, url, [&](lab::PgConnection& pg) {
            const ServedStudy& s = authorised_study(studies, req);
            const nlohmann::json body = body_json(req);
            if (!body.contains("participant_id") || !body["participant_id"].is_string())
                throw Refusal(400, "name the \"participant_id\" to withdraw");
            const WithdrawResult w = OnlineStore(pg).withdraw({s.label, &s.protocol}, body["participant_id"]);
            return nlohmann::json{{"withdrawn", body["participant_id"]},
                                  {"sessions_deleted", w.sessions_deleted}};
        });
    });
}

void HttpServer::bind() {
    if (!m_http->bind_to_port(m_settings.host, m_settings.port))
        throw Error("cannot listen on " + m_settings.host + ":" + std::to_string(m_settings.port));
}

void HttpServer::serve() { m_http->listen_after_bind(); }

void HttpServer::stop() { m_http->stop(); }

}  // namespace sawtooth::server
