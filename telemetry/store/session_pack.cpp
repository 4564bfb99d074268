#include "telemetry/store/session_pack.hpp"

#include "telemetry/store/scratch_folder.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>

namespace sawtooth::telemetry {

std::string read_file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The folder lives only while one session is packed: a push killed between two sessions
// leaves nothing behind in the temporary directory.
PackedSession pack_session(Store& source, const SessionKey& key) {
    const ScratchFolder dir("sawtooth-pack");
    const std::string path = dir.file(key.uid + ".db");
    PackedSession p;
    {
        Store one = Store::open(path);
        std::vector<Store> sources;
        sources.push_back(Store::open_read_only(source.path()));
        sources.back().db().exec("BEGIN");  // one snapshot; ended when the connection closes
        MergeSettings only;
        only.select = [&key](const std::string& uid) { return uid == key.uid; };
        merge_stores(one, sources, only);
        p.digest = hex64(session_content_digest(one, 1));
        Statement st(one.db(),
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

}  // namespace sawtooth::telemetry
