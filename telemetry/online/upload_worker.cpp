#include "telemetry/online/upload_worker.hpp"

#include "gen/printable.hpp"
#include "telemetry/online/store_upload.hpp"
#include "telemetry/store/merge.hpp"

#include <algorithm>
#include <cstdio>

namespace sawtooth::online {

namespace {

RetrySettings one_attempt() { return {1, std::chrono::milliseconds(1), std::chrono::milliseconds(1)}; }

}  // namespace

UploadWorker::UploadWorker(UploadWorkerSettings settings)
    : m_settings(std::move(settings)), m_client(m_settings.target, one_attempt()) {
    m_thread = std::thread([this] { run(); });
}

UploadWorker::~UploadWorker() {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_client.stop();
    m_thread.join();
}

void UploadWorker::changed() {
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        ++m_requested;
        m_status.settled = false;
    }
    m_wake.notify_all();
}

UploadStatus UploadWorker::status() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_status;
}

bool UploadWorker::wait_settled(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(m_mutex);
    return m_settled.wait_for(lock, timeout, [this] { return m_done == m_requested; });
}

void UploadWorker::run() {
    auto wait = m_settings.first_wait;
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stop) {
        m_wake.wait(lock, [this] { return m_stop || m_done != m_requested; });
        if (m_stop) break;
        const std::uint64_t covering = m_requested;
        lock.unlock();
        std::string problem;
        try {
            pass();
        } catch (const std::exception& e) {  // the thread's edge: every failure is a status
            problem = one_line(e.what());
        }
        lock.lock();
        if (m_stop) break;
        if (problem.empty()) {
            m_done = covering;
            m_status = {m_done == m_requested, 0, "", m_status.stored};
            wait = m_settings.first_wait;
            m_settled.notify_all();
            continue;
        }
        ++m_status.failed_passes;
        m_status.problem = problem;
        lock.unlock();
        report(problem);
        lock.lock();
        m_wake.wait_for(lock, wait, [this] { return m_stop; });  // back off; changes wait too
        wait = std::min(wait * 2, m_settings.max_wait);
    }
}

// A refusal of one session (a 4xx but 429) does not hold up the others; a server that
// does not answer ends the pass.
void UploadWorker::pass() {
    if (!m_protocol_checked) {
        const std::string served = m_client.study_info().at("protocol_hash").get<std::string>();
        if (served != m_settings.protocol_hash)
            throw Error("the server's study '" + m_settings.target.study + "' runs protocol " + served +
                        ", not this one (" + m_settings.protocol_hash + ")");
        m_protocol_checked = true;
    }
    if (!m_ledger) m_ledger = std::make_unique<UploadLedger>(m_settings.db_path);
    telemetry::Store store = telemetry::Store::open_read_only(m_settings.db_path);
    std::string refused;
    for (const telemetry::SessionKey& k : telemetry::session_keys(store)) {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            if (m_stop) return;
        }
        if (session_protocol_hash(store, k.id) != m_settings.protocol_hash) continue;
        try {
            if (sync_session(store, k, m_client, *m_ledger) == SessionSync::Stored) {
                std::lock_guard<std::mutex> lock(m_mutex);
                ++m_status.stored;
            }
        } catch (const ClientError& e) {
            if (e.status() == 0 || e.status() == 429 || e.status() >= 500) throw;
            if (refused.empty()) refused = "session " + k.uid + ": " + e.what();
        }
    }
    if (!refused.empty()) throw Error(refused);
}

// One line on stderr per distinct problem, so a server down for an hour is one line.
void UploadWorker::report(const std::string& problem) {
    if (problem == m_last_reported) return;
    m_last_reported = problem;
    std::fprintf(stderr, "sawtooth: upload to %s: %s (retrying)\n", m_settings.target.base_url.c_str(),
                 problem.c_str());
}

}  // namespace sawtooth::online
