#include "tools/server/load_run.hpp"

#include "telemetry/store/merge.hpp"
#include "telemetry/store/session_pack.hpp"
#include "telemetry/store/store.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

namespace sawtooth::server {

namespace {

using Clock = std::chrono::steady_clock;

LoadParticipant make_participant(const std::string& copy, const std::string& protocol_hash,
                                 const std::string& condition) {
    telemetry::Store store = telemetry::Store::open(copy);
    LoadParticipant p;
    p.who = {store.create_participant(), online::new_participant_key()};
    p.session_uid = telemetry::random_session_uid();
    if (store.db().query_int("SELECT count(*) FROM sessions") != 1)
        throw Error(copy + ": the template must hold exactly one session");
    telemetry::Statement st(store.db(),
                            "UPDATE sessions SET participant_id = ?, session_uid = ?, protocol_hash = ?, "
                            "condition = ?, end_reason = 'finished'");
    st.bind(1, p.who.id).bind(2, p.session_uid).bind(3, protocol_hash).bind(4, condition).run();
    const telemetry::SessionKey key = telemetry::session_keys(store).at(0);
    const std::string ended = telemetry::pack_session(store, key).bytes;
    store.db().exec("UPDATE sessions SET ended_utc = NULL, end_reason = NULL");
    p.uploads = {telemetry::pack_session(store, key).bytes, ended};
    return p;
}

}  // namespace

std::vector<LoadParticipant> synthetic_participants(const std::string& template_db,
                                                    const std::string& protocol_hash,
                                                    const std::string& condition, int count,
                                                    const std::string& scratch_dir) {
    namespace fs = std::filesystem;
    std::vector<LoadParticipant> out;
    for (int i = 0; i < count; ++i) {
        const std::string copy =
            (fs::path(scratch_dir) / ("participant-" + std::to_string(i) + ".db")).string();
        fs::copy_file(template_db, copy, fs::copy_options::overwrite_existing);
        out.push_back(make_participant(copy, protocol_hash, condition));
        fs::remove(copy);
    }
    return out;
}

double LoadFigures::percentile(double p) const {
    if (latency_ms.empty()) return 0;
    const auto i = static_cast<std::size_t>(p / 100.0 * static_cast<double>(latency_ms.size() - 1) + 0.5);
    return latency_ms[std::min(i, latency_ms.size() - 1)];
}

LoadFigures run_load(const online::StudyTarget& target, const std::vector<LoadParticipant>& participants,
                     const LoadSettings& settings) {
    LoadFigures fig;
    std::mutex mutex;
    std::atomic<std::size_t> next{0};
    const auto start = Clock::now();
    auto worker = [&] {
        online::OnlineClient client(target, settings.retry);
        std::vector<double> mine;
        int attempts = 0;
        auto timed = [&](auto&& call) {
            const auto t0 = Clock::now();
            call();
            mine.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            attempts = std::max(attempts, client.last_attempts());
        };
        for (std::size_t i = next++; i < participants.size(); i = next++) {
            const LoadParticipant& p = participants[i];
            try {
                timed([&] { client.enrol(p.who, p.recruiter); });
                for (std::size_t s = 0; s < p.uploads.size(); ++s)
                    timed(
                        [&] { client.upload(p.who, p.session_uid, static_cast<int>(s + 1), p.uploads[s]); });
                timed([&] { client.complete(p.who, {{p.session_uid, static_cast<int>(p.uploads.size())}}); });
                const std::lock_guard lock(mutex);
                ++fig.completed;
            } catch (const Error& e) {
                const std::lock_guard lock(mutex);
                fig.failures.push_back(p.who.id + ": " + e.what());
            }
            if (settings.on_participant) settings.on_participant();
        }
        const std::lock_guard lock(mutex);
        fig.latency_ms.insert(fig.latency_ms.end(), mine.begin(), mine.end());
        fig.most_attempts = std::max(fig.most_attempts, attempts);
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < settings.threads; ++t) pool.emplace_back(worker);
    for (std::thread& t : pool) t.join();
    fig.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::sort(fig.latency_ms.begin(), fig.latency_ms.end());
    return fig;
}

}  // namespace sawtooth::server
