#pragma once
// What a machine has sent to sawtooth-server from one session database (docs/online.md
// "Lab machines"), in two files beside it, created readable by their owner only and
// rewritten whole (a new file renamed into place):
//   <db>.upload-keys.json  participant id -> the key it was enrolled with
//   <db>.upload-acks.json  study label -> session uid -> the last acknowledged upload
//                          number and the content digest it carried
// so the game and `sawtooth-lab upload` enrol nobody twice and send a session again only
// when it has changed, under the next number. Does not: talk to a server, or read the
// database; not thread-safe (one uploader owns it).

#include "telemetry/online/online_client.hpp"

#include <nlohmann/json.hpp>

#include <set>
#include <string>

namespace sawtooth::online {

/// The last upload of a session the server acknowledged (seq 0: none).
struct Acked {
    int seq = 0;
    std::string digest;
};

class UploadLedger {
public:
    /// Reads the files beside `db_path` (missing files are empty); throws Error naming a
    /// file that does not read.
    explicit UploadLedger(const std::string& db_path);

    /// The participant with their key, made and kept on first use.
    Participant participant(const std::string& id);
    /// Whether `id` was enrolled in `study` by this object (enrolment is idempotent; this
    /// saves the request).
    bool enrolled(const std::string& study, const std::string& id) const;
    void set_enrolled(const std::string& study, const std::string& id);

    Acked acked(const std::string& study, const std::string& session_uid) const;
    void acknowledge(const std::string& study, const std::string& session_uid, const Acked& ack);

private:
    std::string m_keys_path, m_acks_path;
    nlohmann::json m_keys, m_acks;
    std::set<std::string> m_enrolled;  ///< "study/participant"
};

}  // namespace sawtooth::online
