#pragma once
// Many participants uploading at once to sawtooth-server (docs/online.md "Under load"):
// each enrols, uploads its session after every step (upload 1: the session running,
// upload 2: the session ended) and asks for its completion code, through OnlineClient's
// retries, from a pool of threads. The load test and `sawtooth-lab bench server` run it.
// Does not: start the server or the database, or check what was stored (the caller pulls).

#include "telemetry/online/online_client.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace sawtooth::server {

/// One simulated participant: who, their session and its uploads in order (seq 1, 2, ...).
struct LoadParticipant {
    online::Participant who;
    std::string session_uid;
    std::vector<std::string> uploads;
    std::map<std::string, std::string> recruiter;
};

/// Copies the one recorded session of `template_db` `count` times as sessions of new
/// participants (new participant id, session uid, `protocol_hash` and `condition`,
/// end_reason "finished"), each packed running and ended. Work files live in `scratch_dir`.
std::vector<LoadParticipant> synthetic_participants(const std::string& template_db,
                                                    const std::string& protocol_hash,
                                                    const std::string& condition, int count,
                                                    const std::string& scratch_dir);

struct LoadSettings {
    int threads = 16;
    online::RetrySettings retry{40, std::chrono::milliseconds(50), std::chrono::milliseconds(1000)};
    std::function<void()> on_participant;  ///< after each participant's last request (from any thread)
};

struct LoadFigures {
    std::vector<double> latency_ms;     ///< every request, retries included, sorted
    double seconds = 0;                 ///< wall time of the whole run
    std::size_t completed = 0;          ///< participants who got their completion answer
    std::vector<std::string> failures;  ///< one line per participant that did not
    int most_attempts = 0;
    double percentile(double p) const;  ///< of latency_ms (p in 0..100)
};

LoadFigures run_load(const online::StudyTarget& target, const std::vector<LoadParticipant>& participants,
                     const LoadSettings& settings);

}  // namespace sawtooth::server
