#include "tools/server/rate_limit.hpp"

#include <algorithm>

namespace sawtooth::server {

namespace {
// Buckets kept before the full ones (clients quiet long enough) are dropped.
constexpr std::size_t kMaxBuckets = 100000;
}  // namespace

bool RateLimiter::allow(const std::string& client) {
    const auto now = std::chrono::steady_clock::now();
    const std::lock_guard lock(m_mutex);
    if (m_buckets.size() >= kMaxBuckets)
        std::erase_if(m_buckets, [&](const auto& kv) {
            const double age = std::chrono::duration<double>(now - kv.second.last).count();
            return kv.second.tokens + age * m_settings.per_second >= m_settings.burst;
        });
    auto [it, added] = m_buckets.try_emplace(client, Bucket{m_settings.burst, now});
    Bucket& b = it->second;
    const double age = std::chrono::duration<double>(now - b.last).count();
    b.tokens = std::min(m_settings.burst, b.tokens + age * m_settings.per_second);
    b.last = now;
    if (b.tokens < 1.0) return false;
    b.tokens -= 1.0;
    return true;
}

}  // namespace sawtooth::server
