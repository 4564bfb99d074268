#include "telemetry/online/upload_ledger.hpp"

#include "telemetry/store/json_reader.hpp"
#include "telemetry/store/session_pack.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>

namespace sawtooth::online {

namespace {

nlohmann::json read_object(const std::string& path) {
    if (!std::filesystem::exists(path)) return nlohmann::json::object();
    nlohmann::json doc =
        with_context(path, [&] { return telemetry::parse_json_text(telemetry::read_file_bytes(path)); });
    if (!doc.is_object()) throw Error(path + ": not a JSON object");
    return doc;
}

// Written whole under another name, made private, then renamed over the old file.
void save(const std::string& path, const nlohmann::json& doc) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        out << doc.dump(1) << "\n";
        if (!out.flush()) throw Error(tmp + ": cannot be written");
    }
    ::chmod(tmp.c_str(), 0600);
    std::filesystem::rename(tmp, path);
}

}  // namespace

UploadLedger::UploadLedger(const std::string& db_path)
    : m_keys_path(db_path + ".upload-keys.json"),
      m_acks_path(db_path + ".upload-acks.json"),
      m_keys(read_object(m_keys_path)),
      m_acks(read_object(m_acks_path)) {}

Participant UploadLedger::participant(const std::string& id) {
    if (!m_keys.contains(id) || !m_keys[id].is_string()) {
        m_keys[id] = new_participant_key();
        save(m_keys_path, m_keys);
    }
    return {id, m_keys[id].get<std::string>()};
}

bool UploadLedger::enrolled(const std::string& study, const std::string& id) const {
    return m_enrolled.count(study + "/" + id) != 0;
}

void UploadLedger::set_enrolled(const std::string& study, const std::string& id) {
    m_enrolled.insert(study + "/" + id);
}

Acked UploadLedger::acked(const std::string& study, const std::string& session_uid) const {
    const auto s = m_acks.find(study);
    if (s == m_acks.end() || !s->is_object()) return {};
    const auto a = s->find(session_uid);
    if (a == s->end() || !a->is_object() || !a->contains("seq") || !(*a)["seq"].is_number_integer() ||
        !a->contains("digest") || !(*a)["digest"].is_string())
        return {};
    return {(*a)["seq"].get<int>(), (*a)["digest"].get<std::string>()};
}

void UploadLedger::acknowledge(const std::string& study, const std::string& session_uid, const Acked& ack) {
    if (!m_acks.contains(study) || !m_acks[study].is_object()) m_acks[study] = nlohmann::json::object();
    m_acks[study][session_uid] = {{"seq", ack.seq}, {"digest", ack.digest}};
    save(m_acks_path, m_acks);
}

}  // namespace sawtooth::online
