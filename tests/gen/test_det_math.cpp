// Deterministic maths (gen/det_math.hpp, docs/web.md "Determinism across builds"): the
// functions give stored digests over fixed samples in every build (this file also runs in
// the WebAssembly build under node, tests/web), and natively they equal glibc's FMA
// variants, the functions the native goldens were recorded with, bit for bit.
#include "gen/det_math.hpp"
#include "gen/hash.hpp"
#include "gen/rng.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_det_math {

using namespace sawtooth;

namespace {

/// One function on one domain: the inputs drawn from a seeded Rng, as the game draws them.
struct Domain {
    std::string name;
    std::function<double(double)> det;
    std::function<double(double)> libc;
    std::function<double(Rng&)> draw;
};

double from_bits(std::uint64_t b) {
    double x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

std::vector<Domain> domains() {
    auto det_hypot = [](double x) { return det::hypot(x, 0.75 * x + 1.5); };
    auto libc_hypot = [](double x) { return std::hypot(x, 0.75 * x + 1.5); };
    return {
        // Box-Muller in Rng::normal(): log(u) and cos(2 pi u), u uniform in (0, 1).
        {"log of uniform", det::log, [](double x) { return std::log(x); },
         [](Rng& r) { return 1.0 - r.uniform01(); }},
        {"cos of 2 pi uniform", det::cos, [](double x) { return std::cos(x); },
         [](Rng& r) { return 6.283185307179586 * r.uniform01(); }},
        // Skill factors and word timings: exp of a scaled normal draw.
        {"exp of normal", det::exp, [](double x) { return std::exp(x); },
         [](Rng& r) { return 0.8 * r.normal(); }},
        {"exp wide", det::exp, [](double x) { return std::exp(x); },
         [](Rng& r) { return r.uniform(-745.0, 710.0); }},
        // Every finite positive double, subnormals included, equally likely by bit pattern
        // (not by ldexp, which musl rounds twice into the subnormal range).
        {"log wide", det::log, [](double x) { return std::log(x); },
         [](Rng& r) { return from_bits(r.next_u64() % 0x7ff0000000000000ull); }},
        {"log near 1", det::log, [](double x) { return std::log(x); },
         [](Rng& r) { return r.uniform(0.9, 1.1); }},
        {"log of counts", det::log, [](double x) { return std::log(x); },
         [](Rng& r) { return std::floor(r.uniform(1.0, 100000.0)); }},
        {"log10 of counts", det::log10, [](double x) { return std::log10(x); },
         [](Rng& r) { return 1.0 + std::floor(r.uniform(0.0, 1e6)); }},
        {"cos wide", det::cos, [](double x) { return std::cos(x); },
         [](Rng& r) { return r.uniform(-1e6, 1e6); }},
        {"hypot of cell offsets", det_hypot, libc_hypot, [](Rng& r) { return r.uniform(-40.0, 40.0); }},
    };
}

constexpr int kSamples = 20000;

std::uint64_t digest(const Domain& d) {
    Rng rng(0x5eed);
    Hasher h;
    for (int i = 0; i < kSamples; ++i) h.add_double(d.det(d.draw(rng)));
    return h.value();
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("deterministic maths: stored digests over fixed samples, in every build") {
    // Recorded from the native build, where the functions equal glibc's (next test case). A
    // change means the functions changed, and with them the goldens that use them.
    const std::vector<std::uint64_t> expected = {
        0x3e1f9c52e5c52658ull, 0xa2e85f597aaddb7cull, 0x5e9ccf4a5aa515f4ull, 0x514d0b296f0d21d3ull,
        0xe34fb3e0ccea9facull, 0x12b0b105a733f52eull, 0x598da15374e5784cull, 0xc49118a9c98b5252ull,
        0xadf8017da942f905ull, 0x4ed8e38059330450ull,
    };
    const auto ds = domains();
    REQUIRE(ds.size() == expected.size());
    for (std::size_t i = 0; i < ds.size(); ++i) {
        char hex[32];
        std::snprintf(hex, sizeof hex, "0x%016llxull", static_cast<unsigned long long>(digest(ds[i])));
        INFO(ds[i].name << ": " << hex);
        CHECK(digest(ds[i]) == expected[i]);
    }
}

TEST_CASE("deterministic maths: special inputs") {
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(det::log(1.0) == 0.0);
    CHECK(det::log(0.0) == -inf);
    CHECK(std::isnan(det::log(-1.0)));
    CHECK(det::log(inf) == inf);
    CHECK(det::exp(0.0) == 1.0);
    CHECK(det::exp(-inf) == 0.0);
    CHECK(det::exp(1000.0) == inf);
    CHECK(det::exp(-1000.0) == 0.0);
    CHECK(det::log10(1000.0) == 3.0);
    CHECK(det::log10(0.0) == -inf);
    CHECK(det::cos(0.0) == 1.0);
    CHECK(std::isnan(det::cos(inf)));
    CHECK(det::hypot(3.0, 4.0) == 5.0);
    CHECK(det::hypot(-inf, 1.0) == inf);
    CHECK_THROWS_AS(det::cos(2e8), std::domain_error);
}

#if defined(__x86_64__) && defined(__GLIBC__)
TEST_CASE("deterministic maths: bit for bit glibc's FMA variants (native x86-64)") {
    // glibc picks its FMA variants of exp, log and cos when the CPU has FMA and AVX2; its
    // log10 and hypot have one variant. Elsewhere its non-FMA variants differ on a few
    // inputs in ten thousand, so the comparison holds only here.
    __builtin_cpu_init();
    const bool fma = __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx2");
    if (!fma) {
        MESSAGE("this CPU has no FMA+AVX2: glibc uses its non-FMA variants, not compared");
        return;
    }
    for (const Domain& d : domains()) {
        Rng rng(0xc0ffee);
        int differ = 0;
        for (int i = 0; i < 10 * kSamples; ++i) {
            const double x = d.draw(rng);
            differ += !same_bits(d.det(x), d.libc(x));
        }
        INFO(d.name);
        CHECK(differ == 0);
    }
}
#endif

}  // namespace test_det_math
