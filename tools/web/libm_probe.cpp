// Prints the C library's results for one function over a fixed sample of inputs, one line
// per input (the result's bits in hex). tools/web/libm_compare.sh compiles it natively and
// with emscripten and counts the lines that differ: how often glibc and emscripten's musl
// disagree, the reason for gen/det_math.hpp (docs/web.md "Determinism across builds").
// Usage: libm_probe FUNCTION COUNT, FUNCTION one of log cos exp log10 hypot.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

std::uint64_t g_state = 88172645463325252ull;

double uniform01() {  // xorshift64, 53 bits: the same sample in both builds
    g_state ^= g_state << 13;
    g_state ^= g_state >> 7;
    g_state ^= g_state << 17;
    return static_cast<double>(g_state >> 11) * 0x1.0p-53;
}

double evaluate(const std::string& f, long i) {
    const double u = uniform01();
    if (f == "log") return std::log(1.0 - u);                           // Box-Muller's log(u)
    if (f == "cos") return std::cos(6.283185307179586 * u);             // Box-Muller's cos(2 pi u)
    if (f == "exp") return std::exp(4.0 * (u - 0.5));                   // skill factors
    if (f == "log10") return std::log10(1.0 + static_cast<double>(i));  // word counts
    if (f == "hypot") return std::hypot(40.0 * (u - 0.5), 40.0 * (uniform01() - 0.5));
    std::fprintf(stderr, "libm_probe: unknown function %s (log cos exp log10 hypot)\n", f.c_str());
    std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: libm_probe FUNCTION COUNT\n");
        return 2;
    }
    const std::string f = argv[1];
    const long n = std::atol(argv[2]);
    for (long i = 0; i < n; ++i) {
        const double r = evaluate(f, i);
        std::uint64_t bits;
        std::memcpy(&bits, &r, sizeof bits);
        std::printf("%016llx\n", static_cast<unsigned long long>(bits));
    }
    return 0;
}
