#include "tools/server/remote_status.hpp"

#include "gen/number_text.hpp"
#include "telemetry/store/merge.hpp"
#include "telemetry/store/scratch_folder.hpp"
#include "tools/lab/postgres.hpp"

#include <fstream>

namespace sawtooth::server {

namespace {

// The protocol's sessions as read-only stores in `dir`.
std::vector<telemetry::Store> download(lab::PgConnection& pg, const std::string& hash,
                                       const telemetry::ScratchFolder& dir) {
    const lab::PgResult r = pg.exec(
        "SELECT store FROM study_sessions WHERE protocol_hash = $1 ORDER BY session_uid", {{hash}}, true);
    std::vector<telemetry::Store> out;
    for (int i = 0; i < r.rows(); ++i) {
        const std::string path = dir.file(std::to_string(i) + ".db");
        std::ofstream(path, std::ios::binary) << r.value(i, 0);
        out.push_back(telemetry::Store::open_read_only(path));
    }
    return out;
}

std::vector<int> withdrawals(lab::PgConnection& pg, const telemetry::StudyProtocol& protocol,
                             const std::string& label) {
    std::vector<int> out(protocol.conditions.size(), 0);
    const lab::PgResult r = pg.exec(
        "SELECT coalesce(condition, ''), count(*) FROM online_withdrawals WHERE study = $1 GROUP BY 1",
        {{label}});
    for (int i = 0; i < r.rows(); ++i)
        for (std::size_t c = 0; c < protocol.conditions.size(); ++c)
            if (protocol.conditions[c].name == r.value(i, 0))
                out[c] = parse_number<int>("withdrawal count", r.value(i, 1));
    return out;
}

}  // namespace

RemoteStatus remote_study_status(const std::string& url, const telemetry::StudyProtocol& protocol,
                                 const std::string& label) {
    lab::PgConnection pg(url);
    const telemetry::ScratchFolder dir("sawtooth-status");
    std::vector<telemetry::Store> sources = download(pg, protocol.hash, dir);
    RemoteStatus out;
    out.sessions = static_cast<int>(sources.size());
    telemetry::Store merged = telemetry::Store::open(dir.file("merged.db"));
    telemetry::merge_stores(merged, sources);
    out.status = telemetry::study_status(merged, protocol);
    out.withdrawn = withdrawals(pg, protocol, label);
    return out;
}

}  // namespace sawtooth::server
