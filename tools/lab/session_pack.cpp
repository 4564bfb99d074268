#include "tools/lab/session_pack.hpp"

#include "tools/lab/scratch_folder.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

namespace sawtooth::lab {

std::string read_file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The folder lives only while one session is packed: a push killed between two sessions
// leaves nothing behind in the temporary directory.
PackedSession pack_session(telemetry::Store& source, const telemetry::SessionKey& key) {
    const ScratchFolder dir("sawtooth-pack");
    const std::string path = dir.file(key.uid + ".db");
    PackedSession p;
    {
        telemetry::Store one = telemetry::Store::open(path);
        std::vector<telemetry::Store> sources;
        sources.push_back(telemetry::Store::open_read_only(source.path()));
        telemetry::MergeSettings only;
        only.select = [&key](const std::string& uid) { return uid == key.uid; };
        telemetry::merge_stores(one, sources, only);
        p.digest = telemetry::hex64(telemetry::session_content_digest(one, 1));
        telemetry::Statement st(
            one.db(),
            "SELECT mode, started_utc, coalesce(ended_utc, ''), coalesce(protocol_hash, ''), "
            "coalesce(condition, '') FROM sessions WHERE session_id = 1");
        st.step();
        p.mode = st.text(0);
        p.started_utc = st.text(1);
        p.ended_utc = st.text(2);
        p.protocol_hash = st.text(3);
        p.condition = st.text(4);
    }  // closed: the WAL is folded into the file and removed
    p.bytes = read_file_bytes(path);
    std::filesystem::remove(path);
    return p;
}

}  // namespace sawtooth::lab
