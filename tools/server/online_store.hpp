#pragma once
// The server's rows in the central study store (tools/postgres/online_server.sql,
// docs/online.md "What the server stores"): enrolled participants with the hash of their
// key, their recruiter ids kept apart, every acknowledged upload, the sessions themselves
// in study_sessions exactly as `push` files them (so `pull` and every analysis read them
// unchanged), and withdrawals as counts. Every operation is one transaction: it stores all
// of its rows or none. Refusals are Refusal (refusal.hpp); a database failure is the
// PostgreSQL client's LabError.
// Does not: check an upload's bytes (upload_check.hpp), speak HTTP (http_server.hpp), or
// pool connections (the caller gives one per thread).

#include "telemetry/study/study_protocol.hpp"
#include "tools/lab/postgres.hpp"
#include "tools/server/upload_check.hpp"

#include <map>
#include <string>
#include <vector>

namespace sawtooth::server {

/// A study the server runs: its label (the `study` column), its protocol and online settings.
struct StudyRef {
    std::string label;
    const telemetry::StudyProtocol* protocol = nullptr;
};

/// Who is asking: a participant id and the secret key their page made at enrolment.
struct ParticipantCredentials {
    std::string participant_id;
    std::string key;
};

/// The condition the server assigned a participant at enrolment (docs/online.md "Condition
/// assignment"): its name and the participant's 1-based number within it, which picks
/// their Latin-square row of the level order.
struct Assignment {
    std::string condition;
    int number = 0;
};

struct EnrolResult {
    bool resumed = false;   ///< the participant was enrolled before with this key
    bool finished = false;  ///< and has finished
    Assignment assignment;  ///< the same on every enrolment call of the participant
};

/// One session's latest acknowledged upload.
struct UploadState {
    std::string session_uid;
    int seq = 0;
    std::string digest;
    bool ended = false;
};

/// A participant's resume state: only their own rows.
struct ResumeState {
    bool finished = false;
    Assignment assignment;
    std::vector<UploadState> sessions;
};

struct UploadAck {
    int seq = 0;
    bool stored = false;  ///< false: the same upload was acknowledged before (nothing changed)
    std::string digest;
};

/// What a participant gets once every upload is acknowledged.
struct Completion {
    std::string completion_code;
    std::string return_url;
};

struct WithdrawResult {
    long sessions_deleted = 0;
};

/// A participant id as the page makes it ("P-XXXX-XXXX").
bool plausible_participant_id(const std::string& id);

class OnlineStore {
public:
    explicit OnlineStore(lab::PgConnection& pg) : m_pg(pg) {}

    /// Enrols (or resumes) a participant; `recruiter` holds the recruiter ids the page read
    /// from the link (only the protocol's names are kept). A participant new to the server
    /// (or enrolled before assignment existed) is assigned a condition by the protocol's
    /// assignment (telemetry's assign_condition) over the counts of the study's participants
    /// assigned so far; the study's enrolments take turns for it, so concurrent ones count
    /// each other. Refuses another participant's
    /// id (403) and, unless the protocol allows repeats, a recruiter id already enrolled (409).
    EnrolResult enrol(const StudyRef& study, const ParticipantCredentials& who,
                      const std::map<std::string, std::string>& recruiter);
    /// Stores upload `seq` of a session (already checked) for `who`; idempotent per (session, seq).
    UploadAck store_upload(const StudyRef& study, const ParticipantCredentials& who, int seq,
                           const UploadedSession& session, const std::string& bytes);
    ResumeState resume(const StudyRef& study, const ParticipantCredentials& who);
    /// The latest upload of one of `who`'s own sessions (the session database's bytes).
    std::string session_bytes(const StudyRef& study, const ParticipantCredentials& who,
                              const std::string& session_uid);
    /// Marks `who` finished and returns the completion code, once every session in
    /// `uploads` (uid -> the page's last seq) is acknowledged at that seq and one has ended.
    Completion complete(const StudyRef& study, const ParticipantCredentials& who,
                        const std::map<std::string, int>& uploads);
    /// Deletes every row of the participant (sessions, uploads, recruiter ids) and counts
    /// the withdrawal under its condition.
    WithdrawResult withdraw(const StudyRef& study, const std::string& participant_id);

private:
    /// Refuses (403) unless `who` is enrolled in `study` with this key.
    void authenticate(const StudyRef& study, const ParticipantCredentials& who);
    lab::PgConnection& m_pg;
};

}  // namespace sawtooth::server
