#include "tools/server/online_store.hpp"

#include "gen/number_text.hpp"
#include "gen/printable.hpp"
#include "tools/server/refusal.hpp"

#include <algorithm>
#include <regex>

namespace sawtooth::server {

namespace {

using lab::PgResult;

// One transaction: committed by commit(), rolled back when it goes out of scope before.
class Transaction {
public:
    explicit Transaction(lab::PgConnection& pg) : m_pg(pg) { m_pg.exec("BEGIN"); }
    ~Transaction() {
        if (!m_done) {
            try {
                m_pg.exec("ROLLBACK");
            } catch (...) {  // a broken connection rolls back by itself
            }
        }
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit() {
        m_pg.exec("COMMIT");
        m_done = true;
    }

private:
    lab::PgConnection& m_pg;
    bool m_done = false;
};

// The page's key must be long enough that guessing it is hopeless.
void check_credentials(const ParticipantCredentials& who) {
    if (!plausible_participant_id(who.participant_id))
        throw Refusal(400, "'" + printable(who.participant_id, 40) + "' is no participant id (P-XXXX-XXXX)");
    if (who.key.size() < 16 || who.key.size() > 200)
        throw Refusal(400, "the participant key must be 16 to 200 characters");
}

// Only the first recruiter id names the participant (PROLIFIC_PID); the others (STUDY_ID,
// SESSION_ID) are shared by many participants or new each time.
void refuse_repeat(lab::PgConnection& pg, const StudyRef& study,
                   const std::map<std::string, std::string>& recruiter) {
    if (study.protocol->online.recruiter_ids.empty()) return;
    const std::string& name = study.protocol->online.recruiter_ids.front();
    const auto it = recruiter.find(name);
    if (it == recruiter.end() || it->second.empty()) return;
    const PgResult r = pg.exec(
        "SELECT p.finished_at IS NOT NULL FROM online_recruiter_ids r JOIN online_participants p "
        "USING (participant_id) WHERE p.study = $1 AND r.name = $2 AND r.value = $3 LIMIT 1",
        {{study.label}, {name}, {it->second}});
    if (r.rows() == 0) return;
    throw Refusal(409, r.value(0, 0) == "t"
                           ? "this " + name + " has already taken part in the study"
                           : "this " + name + " has already started the study in another browser");
}

void store_recruiter_ids(lab::PgConnection& pg, const StudyRef& study, const std::string& participant,
                         const std::map<std::string, std::string>& recruiter) {
    for (const std::string& name : study.protocol->online.recruiter_ids) {
        const auto it = recruiter.find(name);
        if (it == recruiter.end() || it->second.empty()) continue;
        if (it->second.size() > 200) throw Refusal(400, name + " is longer than 200 characters");
        pg.exec("INSERT INTO online_recruiter_ids(participant_id, name, value) VALUES ($1, $2, $3)",
                {{participant}, {name}, {it->second}});
    }
}

// Assigns `participant` a condition of `study` as the native game would (flows::plan_participant)
// over the counts of the participants assigned so far. Holds the study's assignment lock until
// the transaction ends, so a concurrent enrolment counts this one.
Assignment assign(lab::PgConnection& pg, const StudyRef& study, const std::string& participant) {
    pg.exec("SELECT pg_advisory_xact_lock(hashtext('sawtooth-assign'), hashtext($1))", {{study.label}});
    const std::vector<telemetry::Condition>& conditions = study.protocol->conditions;
    std::vector<int> counts(conditions.size(), 0);
    const PgResult r = pg.exec(
        "SELECT condition, count(*) FROM online_participants WHERE study = $1 AND condition IS NOT NULL "
        "GROUP BY condition",
        {{study.label}});
    for (int row = 0; row < r.rows(); ++row)
        for (std::size_t i = 0; i < conditions.size(); ++i)
            if (conditions[i].name == r.value(row, 0))
                counts[i] = parse_number<int>("assigned participants", r.value(row, 1));
    const int c = telemetry::assign_condition(*study.protocol, {participant, 1}, counts);
    const auto at = static_cast<std::size_t>(c);
    return {conditions[at].name, counts[at] + 1};
}

Assignment stored_assignment(const PgResult& r, int condition_column) {
    if (r.value(0, condition_column).empty()) return {};
    return {r.value(0, condition_column),
            parse_number<int>("condition number", r.value(0, condition_column + 1))};
}

// The session must be the participant's own, of this study's protocol and one of its conditions.
void check_session_fits(const StudyRef& study, const ParticipantCredentials& who, const UploadedSession& s) {
    if (s.participant_id != who.participant_id)
        throw Refusal(403, "the uploaded session belongs to another participant");
    if (s.protocol_hash != study.protocol->hash)
        throw Refusal(400, "the uploaded session was not played under this study's protocol");
    if (!study.protocol->find_condition(s.condition))
        throw Refusal(400, "the uploaded session's condition is not one of the protocol's");
}

// Refuses a session another participant or study uploaded; returns the highest seq stored (0: none).
int latest_seq(lab::PgConnection& pg, const ParticipantCredentials& who, const std::string& session_uid) {
    const PgResult owner = pg.exec(
        "SELECT participant_id, max(seq) FROM online_uploads WHERE session_uid = $1 GROUP BY participant_id",
        {{session_uid}});
    if (owner.rows() == 0) {
        const PgResult pushed =
            pg.exec("SELECT 1 FROM study_sessions WHERE session_uid = $1", {{session_uid}});
        if (pushed.rows() != 0) throw Refusal(409, "session " + session_uid + " is already on the server");
        return 0;
    }
    if (owner.value(0, 0) != who.participant_id)
        throw Refusal(403, "the session belongs to another participant");
    return parse_number<int>("stored upload number", owner.value(0, 1));
}

void write_session_row(lab::PgConnection& pg, const StudyRef& study, const UploadedSession& s,
                       const std::string& bytes) {
    pg.exec(
        "INSERT INTO study_sessions(session_uid, study, participant_id, mode, started_utc, ended_utc, "
        "digest, "
        "store, protocol_hash, condition) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) "
        "ON CONFLICT (session_uid) DO UPDATE SET ended_utc = EXCLUDED.ended_utc, digest = EXCLUDED.digest, "
        "store = EXCLUDED.store, pushed_at = now()",
        {{s.session_uid},
         {study.label},
         {s.participant_id},
         {s.mode},
         {s.started_utc},
         {s.ended_utc},
         {s.digest},
         {bytes, true},
         {s.protocol_hash},
         {s.condition}});
}

}  // namespace

bool plausible_participant_id(const std::string& id) {
    static const std::regex form("^P-[0-9A-Z]{4}-[0-9A-Z]{4}$");
    return std::regex_match(id, form);
}

void OnlineStore::authenticate(const StudyRef& study, const ParticipantCredentials& who) {
    check_credentials(who);
    const PgResult r = m_pg.exec(
        "SELECT study = $2 AND key_sha256 = sha256(convert_to($3, 'UTF8')) FROM online_participants "
        "WHERE participant_id = $1",
        {{who.participant_id}, {study.label}, {who.key}});
    if (r.rows() == 0)
        throw Refusal(404, "participant " + who.participant_id + " is not enrolled in this study");
    if (r.value(0, 0) != "t") throw Refusal(403, "the participant id and key do not match");
}

EnrolResult OnlineStore::enrol(const StudyRef& study, const ParticipantCredentials& who,
                               const std::map<std::string, std::string>& recruiter) {
    check_credentials(who);
    Transaction tx(m_pg);
    const PgResult have = m_pg.exec(
        "SELECT study = $2 AND key_sha256 = sha256(convert_to($3, 'UTF8')), finished_at IS NOT NULL, "
        "coalesce(condition, ''), condition_number FROM online_participants WHERE participant_id = $1 FOR "
        "UPDATE",
        {{who.participant_id}, {study.label}, {who.key}});
    if (have.rows() != 0) {
        if (have.value(0, 0) != "t")
            throw Refusal(403, "this participant id is taken by another participant");
        EnrolResult out{true, have.value(0, 1) == "t", stored_assignment(have, 2)};
        if (out.assignment.condition.empty()) {  // enrolled before the server assigned conditions
            out.assignment = assign(m_pg, study, who.participant_id);
            m_pg.exec(
                "UPDATE online_participants SET condition = $2, condition_number = $3 WHERE participant_id = "
                "$1",
                {{who.participant_id}, {out.assignment.condition}, {std::to_string(out.assignment.number)}});
            tx.commit();
        }
        return out;
    }
    if (!study.protocol->online.repeat) refuse_repeat(m_pg, study, recruiter);
    EnrolResult out;
    out.assignment = assign(m_pg, study, who.participant_id);
    m_pg.exec(
        "INSERT INTO online_participants(participant_id, study, key_sha256, condition, condition_number) "
        "VALUES ($1, $2, sha256(convert_to($3, 'UTF8')), $4, $5)",
        {{who.participant_id},
         {study.label},
         {who.key},
         {out.assignment.condition},
         {std::to_string(out.assignment.number)}});
    store_recruiter_ids(m_pg, study, who.participant_id, recruiter);
    tx.commit();
    return out;
}

UploadAck OnlineStore::store_upload(const StudyRef& study, const ParticipantCredentials& who, int seq,
                                    const UploadedSession& session, const std::string& bytes) {
    authenticate(study, who);
    check_session_fits(study, who, session);
    Transaction tx(m_pg);
    m_pg.exec("SELECT 1 FROM online_participants WHERE participant_id = $1 FOR UPDATE",
              {{who.participant_id}});
    const PgResult same = m_pg.exec("SELECT digest FROM online_uploads WHERE session_uid = $1 AND seq = $2",
                                    {{session.session_uid}, {std::to_string(seq)}});
    if (same.rows() != 0) {
        if (same.value(0, 0) != session.digest)
            throw Refusal(409, "upload " + std::to_string(seq) + " of session " + session.session_uid +
                                   " was acknowledged with other content (same id, different content)");
        return {seq, false, session.digest};
    }
    const int latest = latest_seq(m_pg, who, session.session_uid);
    if (seq < latest)
        throw Refusal(409, "upload " + std::to_string(seq) + " of session " + session.session_uid +
                               " comes after upload " + std::to_string(latest));
    write_session_row(m_pg, study, session, bytes);
    m_pg.exec(
        "INSERT INTO online_uploads(session_uid, seq, participant_id, digest, ended) VALUES ($1, $2, $3, $4, "
        "$5)",
        {{session.session_uid},
         {std::to_string(seq)},
         {who.participant_id},
         {session.digest},
         {session.end_reason == "finished" ? "true" : "false"}});
    tx.commit();
    return {seq, true, session.digest};
}

ResumeState OnlineStore::resume(const StudyRef& study, const ParticipantCredentials& who) {
    authenticate(study, who);
    ResumeState out;
    const PgResult f = m_pg.exec(
        "SELECT finished_at IS NOT NULL, coalesce(condition, ''), condition_number FROM online_participants "
        "WHERE participant_id = $1",
        {{who.participant_id}});
    out.finished = f.rows() != 0 && f.value(0, 0) == "t";
    if (f.rows() != 0) out.assignment = stored_assignment(f, 1);
    const PgResult r = m_pg.exec(
        "SELECT DISTINCT ON (session_uid) session_uid, seq, digest, ended FROM online_uploads "
        "WHERE participant_id = $1 ORDER BY session_uid, seq DESC",
        {{who.participant_id}});
    for (int i = 0; i < r.rows(); ++i)
        out.sessions.push_back({r.value(i, 0), parse_number<int>("stored upload number", r.value(i, 1)),
                                r.value(i, 2), r.value(i, 3) == "t"});
    return out;
}

std::string OnlineStore::session_bytes(const StudyRef& study, const ParticipantCredentials& who,
                                       const std::string& session_uid) {
    authenticate(study, who);
    const PgResult r = m_pg.exec(
        "SELECT store FROM study_sessions WHERE session_uid = $1 AND participant_id = $2 AND study = $3",
        {{session_uid}, {who.participant_id}, {study.label}}, true);
    if (r.rows() == 0)
        throw Refusal(404, "no session " + printable(session_uid, 40) + " of this participant");
    return r.value(0, 0);
}

Completion OnlineStore::complete(const StudyRef& study, const ParticipantCredentials& who,
                                 const std::map<std::string, int>& uploads) {
    const ResumeState state = resume(study, who);
    if (uploads.empty()) throw Refusal(400, "name the uploads to complete");
    bool any_ended = false;
    for (const auto& [uid, seq] : uploads) {
        const auto it = std::find_if(state.sessions.begin(), state.sessions.end(),
                                     [&id = uid](const UploadState& s) { return s.session_uid == id; });
        if (it == state.sessions.end() || it->seq != seq)
            throw Refusal(409, "upload " + std::to_string(seq) + " of session " + printable(uid, 40) +
                                   " is not acknowledged yet");
        any_ended = any_ended || it->ended;
    }
    if (!any_ended) throw Refusal(409, "no session of the participant has finished yet");
    m_pg.exec(
        "UPDATE online_participants SET finished_at = coalesce(finished_at, now()) WHERE participant_id = $1",
        {{who.participant_id}});
    return {study.protocol->online.completion_code, study.protocol->online.return_url};
}

WithdrawResult OnlineStore::withdraw(const StudyRef& study, const std::string& participant_id) {
    if (!plausible_participant_id(participant_id))
        throw Refusal(400, "'" + printable(participant_id, 40) + "' is no participant id (P-XXXX-XXXX)");
    Transaction tx(m_pg);
    const PgResult cond =
        m_pg.exec("SELECT condition FROM study_sessions WHERE participant_id = $1 AND study = $2 LIMIT 1",
                  {{participant_id}, {study.label}});
    const long sessions = m_pg.exec("DELETE FROM study_sessions WHERE participant_id = $1 AND study = $2",
                                    {{participant_id}, {study.label}})
                              .affected();
    const long enrolled =
        m_pg.exec("DELETE FROM online_participants WHERE participant_id = $1 AND study = $2",
                  {{participant_id}, {study.label}})
            .affected();
    if (sessions == 0 && enrolled == 0)
        throw Refusal(404, "participant " + participant_id + " has no data in this study");
    m_pg.exec("INSERT INTO online_withdrawals(study, condition) VALUES ($1, NULLIF($2, ''))",
              {{study.label}, {cond.rows() ? cond.value(0, 0) : std::string()}});
    tx.commit();
    return {sessions};
}

}  // namespace sawtooth::server
