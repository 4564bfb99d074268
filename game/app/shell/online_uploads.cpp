#include "game/app/shell/online_uploads.hpp"

#include "game/app/shell/app.hpp"
#include "gen/error.hpp"
#include "telemetry/online/upload_worker.hpp"
#include "telemetry/store/session_pack.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace sawtooth::app {

namespace {

constexpr int kFinishWaitMs = 5000;

class WorkerUploads : public SessionUploads {
public:
    explicit WorkerUploads(online::UploadWorkerSettings settings) : m_worker(std::move(settings)) {}
    void changed() override { m_worker.changed(); }
    UploadProgress progress() const override {
        const online::UploadStatus s = m_worker.status();
        return {s.settled, s.problem};
    }
    bool wait_settled(int ms) override { return m_worker.wait_settled(std::chrono::milliseconds(ms)); }

private:
    online::UploadWorker m_worker;
};

}  // namespace

std::string read_upload_token(const AppOptions& o) {
    if (o.upload_url.empty()) return {};
    if (const std::string problem = online::server_url_problem(o.upload_url); !problem.empty())
        throw Error("--upload: " + problem);
    std::string token = telemetry::read_file_bytes(o.upload_token_file);
    while (!token.empty() && (token.back() == '\n' || token.back() == '\r')) token.pop_back();
    if (token.empty()) throw Error("--upload-token-file: no upload token in '" + o.upload_token_file + "'");
    return token;
}

std::unique_ptr<SessionUploads> start_uploads(const AppOptions& o, const std::string& token,
                                              const std::string& db_path, const std::string& protocol_hash) {
    online::UploadWorkerSettings s;
    s.target = {o.upload_url, std::filesystem::path(o.protocol_file).stem().string(), token};
    s.db_path = db_path;
    s.protocol_hash = protocol_hash;
    return std::make_unique<WorkerUploads>(std::move(s));
}

void finish_uploads(SessionUploads& uploads) {
    if (uploads.wait_settled(kFinishWaitMs)) return;
    const UploadProgress p = uploads.progress();
    std::fprintf(stderr,
                 "sawtooth: upload: not every session is acknowledged yet (%s); the next start with "
                 "--upload sends the rest\n",
                 p.problem.empty() ? "the server has not answered" : p.problem.c_str());
}

}  // namespace sawtooth::app
