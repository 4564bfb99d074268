#include "telemetry/online/store_upload.hpp"

#include "telemetry/store/session_pack.hpp"

#include <algorithm>

namespace sawtooth::online {

namespace {

// The server's last acknowledged upload of `uid` (seq 0 when it holds none).
Acked server_held(OnlineClient& client, const Participant& p, const std::string& uid) {
    for (const nlohmann::json& s : client.resume(p).at("sessions"))
        if (s.at("session_uid") == uid) return {s.at("seq").get<int>(), s.at("digest").get<std::string>()};
    return {};
}

}  // namespace

std::string session_protocol_hash(telemetry::Store& store, std::int64_t session_id) {
    telemetry::Statement st(store.db(),
                            "SELECT coalesce(protocol_hash, '') FROM sessions WHERE session_id = ?");
    st.bind(1, session_id);
    return st.step() ? st.text(0) : std::string();
}

SessionSync sync_session(telemetry::Store& store, const telemetry::SessionKey& key, OnlineClient& client,
                         UploadLedger& ledger) {
    const std::string& study = client.target().study;
    const Acked last = ledger.acked(study, key.uid);
    if (last.digest == telemetry::hex64(telemetry::session_content_digest(store, key.id)))
        return SessionSync::Unchanged;
    const Participant p = ledger.participant(key.participant_id);
    if (!ledger.enrolled(study, p.id)) {
        client.enrol(p);  // idempotent with the same key
        ledger.set_enrolled(study, p.id);
    }
    const telemetry::PackedSession packed = telemetry::pack_session(store, key);
    int seq = last.seq + 1;
    nlohmann::json ack;
    try {
        ack = client.upload(p, key.uid, seq, packed.bytes);
    } catch (const ClientError& e) {
        if (e.status() != 409) throw;  // 409: the server holds this number or a later one
        const Acked held = server_held(client, p, key.uid);
        if (held.digest == packed.digest) {
            ledger.acknowledge(study, key.uid, held);
            return SessionSync::Present;
        }
        seq = held.seq + 1;
        ack = client.upload(p, key.uid, seq, packed.bytes);
    }
    ledger.acknowledge(study, key.uid, {seq, packed.digest});
    return ack.at("stored").get<bool>() ? SessionSync::Stored : SessionSync::Present;
}

std::size_t count_store_sessions(const std::string& db_path) {
    telemetry::Store store = telemetry::Store::open_read_only(db_path);
    return telemetry::count_sessions(store);
}

StoreUploadSummary upload_store(const std::string& db_path, OnlineClient& client,
                                const std::function<void()>& on_session) {
    telemetry::Store store = telemetry::Store::open_read_only(db_path);
    const std::string hash = client.study_info().at("protocol_hash").get<std::string>();
    UploadLedger ledger(db_path);
    StoreUploadSummary sum;
    for (const telemetry::SessionKey& k : telemetry::session_keys(store)) {
        if (on_session) on_session();
        if (!k.ended) {
            ++sum.unfinished;
            continue;
        }
        if (session_protocol_hash(store, k.id) != hash) {
            ++sum.other;
            continue;
        }
        const SessionSync done = sync_session(store, k, client, ledger);
        sum.most_attempts = std::max(sum.most_attempts, client.last_attempts());
        ++(done == SessionSync::Stored ? sum.uploaded : sum.present);
    }
    return sum;
}

}  // namespace sawtooth::online
