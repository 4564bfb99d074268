#include "gen/rng.hpp"

#include "gen/det_math.hpp"

#include <cmath>

namespace sawtooth {

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

namespace {
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

Rng::Rng(std::uint64_t seed) {
    std::uint64_t sm = seed;
    for (auto& s : m_s) s = splitmix64(sm);
}

std::uint64_t Rng::next_u64() {
    const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
    const std::uint64_t t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

std::int64_t Rng::uniform_int(std::int64_t lo, std::int64_t hi) {
    const std::uint64_t span = static_cast<std::uint64_t>(hi - lo) + 1;
    if (span == 0) return static_cast<std::int64_t>(next_u64());  // full 64-bit range
    // Rejection sampling: discard the top partial bucket so every value is equally likely.
    const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % span) - 1;
    std::uint64_t x;
    do {
        x = next_u64();
    } while (x > limit);
    return lo + static_cast<std::int64_t>(x % span);
}

double Rng::uniform01() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double Rng::uniform(double lo, double hi) { return lo + (hi - lo) * uniform01(); }

bool Rng::chance(double p) {
    if (p <= 0.0) return false;
    if (p >= 1.0) return true;
    return uniform01() < p;
}

double Rng::normal() {
    // Box-Muller; 1 - u keeps the log argument in (0, 1].
    const double u1 = 1.0 - uniform01();
    const double u2 = uniform01();
    return std::sqrt(-2.0 * det::log(u1)) * det::cos(6.283185307179586 * u2);
}

Rng Rng::fork() { return Rng(next_u64()); }

std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b) {
    std::uint64_t s = a ^ (b * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull);
    return splitmix64(s);
}

}  // namespace sawtooth
