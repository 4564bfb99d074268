#pragma once
// Requests per client (docs/online.md "Threat model"): a token bucket per client address,
// `per_second` tokens a second up to `burst`; a request takes one or is refused (HTTP 429).
// Thread-safe. Does not: see past a reverse proxy (every client behind one shares its
// address), or persist across restarts.

#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace sawtooth::server {

struct RateSettings {
    double per_second = 20.0;
    double burst = 60.0;
};

class RateLimiter {
public:
    explicit RateLimiter(RateSettings settings) : m_settings(settings) {}
    /// True when `client` may make one more request now (and counts it).
    bool allow(const std::string& client);

private:
    struct Bucket {
        double tokens = 0;
        std::chrono::steady_clock::time_point last;
    };
    RateSettings m_settings;
    std::mutex m_mutex;
    std::unordered_map<std::string, Bucket> m_buckets;
};

}  // namespace sawtooth::server
