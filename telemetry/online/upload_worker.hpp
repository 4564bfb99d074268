#pragma once
// The game's uploads on a lab machine (docs/online.md "Lab machines"): a background thread
// that keeps the sessions of one study protocol in a session database sent to
// sawtooth-server as they change (store_upload.hpp: only a changed session goes up, under
// its next upload number). The game calls changed() after each level, rating,
// questionnaire and at the end; the thread reads the database through its own read-only
// connection (WAL: it never holds up the game's writes), so nothing it does blocks the
// frame loop. The first pass, at start, sends every session of the protocol the server
// has not acknowledged in its present form: what a run before could not send. A pass that
// fails (no answer, a 5xx or 429, a refusal) is retried with exponential backoff, from
// `first_wait` doubling to `max_wait`, for as long as the object lives.
// Does not: stop the game for anything (a refusal is reported in status(), and on stderr
// once per distinct problem), or keep sending after it is destroyed (an upload in flight
// is abandoned and sent again on the next start).

#include "telemetry/online/online_client.hpp"
#include "telemetry/online/upload_ledger.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace sawtooth::online {

struct UploadWorkerSettings {
    StudyTarget target;
    std::string db_path;
    std::string protocol_hash;  ///< only sessions of this protocol go up; the server's study must run it
    std::chrono::milliseconds first_wait{250};
    std::chrono::milliseconds max_wait{15000};
};

/// Where the uploads stand.
struct UploadStatus {
    bool settled = false;    ///< every change announced so far is acknowledged
    int failed_passes = 0;   ///< failed passes since the last one that went through
    std::string problem;     ///< the last failure's line ("" after a pass that went through)
    std::size_t stored = 0;  ///< uploads the server stored for this object
};

class UploadWorker {
public:
    /// Starts the thread and its first pass; throws ClientError for a URL that is none.
    explicit UploadWorker(UploadWorkerSettings settings);
    ~UploadWorker();
    UploadWorker(const UploadWorker&) = delete;
    UploadWorker& operator=(const UploadWorker&) = delete;

    /// The database changed: another pass soon. Never blocks on the network.
    void changed();
    UploadStatus status() const;
    /// Waits until settled or `timeout` passed; true when settled.
    bool wait_settled(std::chrono::milliseconds timeout);

private:
    void run();
    /// One pass over the protocol's sessions; throws on any failure.
    void pass();
    void report(const std::string& problem);

    UploadWorkerSettings m_settings;
    OnlineClient m_client;
    std::unique_ptr<UploadLedger> m_ledger;  ///< read at the first pass (the thread's own)
    mutable std::mutex m_mutex;
    std::condition_variable m_wake, m_settled;
    std::uint64_t m_requested = 1;  ///< changes announced (1: the first pass)
    std::uint64_t m_done = 0;       ///< the last change a pass covered
    bool m_stop = false;
    bool m_protocol_checked = false;  ///< the server's study runs this protocol
    UploadStatus m_status;
    std::string m_last_reported;
    std::thread m_thread;
};

}  // namespace sawtooth::online
