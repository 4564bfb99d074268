#pragma once
// The project's random number generator: xoshiro256** seeded through splitmix64, with our
// own range mapping. Same seed -> same numbers on every standard library and machine,
// which std::*_distribution does not promise. Not for cryptography.

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace sawtooth {

/// splitmix64 step: advances `state` and returns the next 64-bit output.
std::uint64_t splitmix64(std::uint64_t& state);

/// Deterministic PRNG (xoshiro256**). Copyable: a copy continues the same stream.
class Rng {
public:
    /// Seeds the four state words from `seed` with splitmix64.
    explicit Rng(std::uint64_t seed = 0);

    /// Next raw 64-bit value.
    std::uint64_t next_u64();
    /// Uniform integer in [lo, hi] inclusive; requires lo <= hi. Unbiased (rejection).
    std::int64_t uniform_int(std::int64_t lo, std::int64_t hi);
    /// Uniform double in [0, 1) with 53 random bits.
    double uniform01();
    /// Uniform double in [lo, hi).
    double uniform(double lo, double hi);
    /// True with probability p (p clamped to [0, 1]).
    bool chance(double p);
    /// Standard normal sample (Box-Muller on our own uniforms; deterministic).
    double normal();
    /// A new generator whose stream is derived from this one (for sub-tasks).
    Rng fork();

    /// Fisher-Yates shuffle with this generator.
    template <class T>
    void shuffle(std::span<T> v) {
        for (std::size_t i = v.size(); i > 1; --i) {
            auto j = static_cast<std::size_t>(uniform_int(0, static_cast<std::int64_t>(i) - 1));
            std::swap(v[i - 1], v[j]);
        }
    }
    /// The same shuffle of a whole vector.
    template <class T>
    void shuffle(std::vector<T>& v) {
        shuffle(std::span<T>(v));
    }

private:
    std::uint64_t m_s[4];
};

/// Mixes two 64-bit values into a well-spread seed (for per-room / per-level sub-seeds).
std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b);

}  // namespace sawtooth
