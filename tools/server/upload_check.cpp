#include "tools/server/upload_check.hpp"

#include "telemetry/store/merge.hpp"
#include "telemetry/store/scratch_folder.hpp"
#include "telemetry/store/store.hpp"
#include "tools/server/refusal.hpp"

#include <fstream>

namespace sawtooth::server {

namespace {

UploadedSession read_session(telemetry::Store& store) {
    telemetry::Statement check(store.db(), "PRAGMA integrity_check");
    if (!check.step() || check.text(0) != "ok")
        throw Refusal(400, "the uploaded session database is damaged (integrity_check failed)");
    const std::vector<telemetry::SessionKey> keys = telemetry::session_keys(store);
    if (keys.size() != 1)
        throw Refusal(400,
                      "the upload holds " + std::to_string(keys.size()) + " sessions, expected exactly one");
    telemetry::Statement st(store.db(),
                            "SELECT participant_id, mode, started_utc, coalesce(ended_utc, ''), "
                            "coalesce(end_reason, ''), coalesce(protocol_hash, ''), coalesce(condition, '') "
                            "FROM sessions WHERE session_id = ?");
    st.bind(1, keys[0].id);
    st.step();
    UploadedSession s;
    s.session_uid = keys[0].uid;
    s.participant_id = st.text(0);
    s.mode = st.text(1);
    s.started_utc = st.text(2);
    s.ended_utc = st.text(3);
    s.end_reason = st.text(4);
    s.protocol_hash = st.text(5);
    s.condition = st.text(6);
    s.digest = telemetry::hex64(telemetry::session_content_digest(store, keys[0].id));
    return s;
}

}  // namespace

UploadedSession check_upload(const std::string& bytes, std::size_t max_bytes) {
    if (bytes.size() > max_bytes)
        throw Refusal(413, "the upload is " + std::to_string(bytes.size()) + " bytes, over the limit of " +
                               std::to_string(max_bytes));
    if (bytes.empty()) throw Refusal(400, "the upload is empty");
    const telemetry::ScratchFolder dir("sawtooth-upload");
    const std::string path = dir.file("upload.db");
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    try {
        telemetry::Store store = telemetry::Store::open_read_only(path);
        return read_session(store);
    } catch (const telemetry::StoreError& e) {
        throw Refusal(400, std::string("the upload is no usable session database: ") + e.what());
    }
}

}  // namespace sawtooth::server
