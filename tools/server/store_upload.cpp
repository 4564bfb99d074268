#include "tools/server/store_upload.hpp"

#include "telemetry/store/json_reader.hpp"
#include "telemetry/store/merge.hpp"
#include "tools/lab/session_pack.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>

namespace sawtooth::server {

namespace {

// participant id -> key, kept beside the database so a second run enrols nobody anew.
class KeyFile {
public:
    explicit KeyFile(std::string path) : m_path(std::move(path)) {
        if (std::filesystem::exists(m_path))
            m_keys = with_context(m_path,
                                  [&] { return telemetry::parse_json_text(lab::read_file_bytes(m_path)); });
        if (!m_keys.is_object()) m_keys = nlohmann::json::object();
    }
    /// The participant's key; `made` tells whether it is new (to be enrolled).
    std::string key(const std::string& participant, bool& made) {
        made = !m_keys.contains(participant);
        if (made) {
            m_keys[participant] = new_participant_key();
            save();
        }
        return m_keys[participant].get<std::string>();
    }

private:
    void save() {
        const std::string tmp = m_path + ".tmp";
        {
            std::ofstream out(tmp, std::ios::trunc);
            out << m_keys.dump(1) << "\n";
        }
        ::chmod(tmp.c_str(), 0600);
        std::filesystem::rename(tmp, m_path);
    }
    std::string m_path;
    nlohmann::json m_keys;
};

}  // namespace

std::size_t count_store_sessions(const std::string& db_path) {
    telemetry::Store store = telemetry::Store::open_read_only(db_path);
    return telemetry::count_sessions(store);
}

StoreUploadSummary upload_store(const std::string& db_path, OnlineClient& client,
                                const std::function<void()>& on_session) {
    telemetry::Store store = telemetry::Store::open_read_only(db_path);
    const std::string hash = client.study_info().at("protocol_hash").get<std::string>();
    KeyFile keys(db_path + ".upload-keys.json");
    StoreUploadSummary sum;
    for (const telemetry::SessionKey& k : telemetry::session_keys(store)) {
        if (on_session) on_session();
        if (!k.ended) {
            ++sum.unfinished;
            continue;
        }
        const lab::PackedSession packed = lab::pack_session(store, k);
        if (packed.protocol_hash != hash) {
            ++sum.other;
            continue;
        }
        bool made = false;
        const Participant p{k.participant_id, keys.key(k.participant_id, made)};
        client.enrol(p);  // idempotent with the same key
        const nlohmann::json ack = client.upload(p, k.uid, 1, packed.bytes);
        sum.most_attempts = std::max(sum.most_attempts, client.last_attempts());
        ++(ack.at("stored").get<bool>() ? sum.uploaded : sum.present);
    }
    return sum;
}

}  // namespace sawtooth::server
