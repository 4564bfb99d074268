#pragma once
// Where an online study stands, read from the central study store (docs/online.md
// "Monitoring"): its sessions (those with the protocol's hash, whoever filed them) are
// merged into a scratch session database and counted by telemetry::study_status, so
// finished and partial mean exactly what they mean for a local database; withdrawals
// are the server's counts per condition (online_withdrawals). Needs a role that reads
// every session (sawtooth_analyst). Does not: change anything on the server.

#include "telemetry/study/study_protocol.hpp"
#include "telemetry/study/study_status.hpp"

#include <string>
#include <vector>

namespace sawtooth::server {

struct RemoteStatus {
    telemetry::StudyStatus status;
    std::vector<int> withdrawn;  ///< per condition, in the protocol's order
    int sessions = 0;            ///< sessions read from the server
};

/// `label` is the study's label on the server (the protocol file's stem).
RemoteStatus remote_study_status(const std::string& url, const telemetry::StudyProtocol& protocol,
                                 const std::string& label);

}  // namespace sawtooth::server
