// Ports of glibc 2.36's x86-64 FMA variants (gen/det_math.hpp). Each std::fma stands where
// GCC, compiling glibc's C with -mfma, fuses a multiply into the add or subtract that uses
// it; every other operation is the C source's, in its order. The project compiles with
// -ffp-contract=off, so nothing else is fused. Checked against the native C library on
// millions of inputs by tests/gen/test_det_math.cpp.
#include "gen/det_math.hpp"

#include "gen/det_math_tables.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace sawtooth::det {

namespace {

using tables::exp_tab;
using tables::log_tab;
using tables::sincos_tab;

// memcpy rather than std::bit_cast, which emscripten 3.1.6's libc++ lacks.
std::uint64_t bits(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}
double from_bits(std::uint64_t b) {
    double x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}
std::uint32_t top12(double x) { return static_cast<std::uint32_t>(bits(x) >> 52); }

// exp: e^x = 2^(k/N) e^r with |r| <= ln2/2N (ARM optimized-routines, glibc e_exp.c).
constexpr int kExpN = tables::kExpTableSize;
constexpr double kInvLn2N = 0x1.71547652b82fep0 * kExpN;
constexpr double kNegLn2hiN = -0x1.62e42fefa0000p-8;
constexpr double kNegLn2loN = -0x1.cf79abc9e3b3ap-47;
constexpr double kExpShift = 0x1.8p52;
constexpr double kExpC2 = 0x1.ffffffffffdbdp-2, kExpC3 = 0x1.555555555543cp-3;
constexpr double kExpC4 = 0x1.55555cf172b91p-5, kExpC5 = 0x1.1111167a4d017p-7;

// scale * (1 + tmp) where the exponent of scale over- or underflowed (glibc specialcase).
double exp_special(double tmp, std::uint64_t sbits, std::uint64_t ki) {
    if ((ki & 0x80000000) == 0) {
        sbits -= 1009ull << 52;
        const double scale = from_bits(sbits);
        return 0x1p1009 * std::fma(scale, tmp, scale);
    }
    sbits += 1022ull << 52;
    const double scale = from_bits(sbits);
    // Not fused: scale * tmp is one product used in two blocks, which GCC does not fuse.
    const double scaled = scale * tmp;
    double y = scale + scaled;
    if (y < 1.0) {
        double lo = scale - y + scaled;
        const double hi = 1.0 + y;
        lo = 1.0 - hi + y + lo;
        y = (hi + lo) - 1.0;
        if (y == 0.0) y = 0.0;
    }
    return 0x1p-1022 * y;
}

// log: x = 2^k z, log(x) = k ln2 + log(c) + log1p(z/c - 1) (ARM optimized-routines).
constexpr int kLogN = tables::kLogTableSize;
constexpr std::uint64_t kLogOff = 0x3fe6000000000000ull;
constexpr double kLn2hi = 0x1.62e42fefa3800p-1, kLn2lo = 0x1.ef35793c76730p-45;
constexpr double kLogA[5] = {-0x1.0000000000001p-1, 0x1.555555551305bp-2, -0x1.fffffffeb459p-3,
                             0x1.999b324f10111p-3, -0x1.55575e506c89fp-3};
constexpr double kLogB[11] = {-0x1p-1,
                              0x1.5555555555577p-2,
                              -0x1.ffffffffffdcbp-3,
                              0x1.999999995dd0cp-3,
                              -0x1.55555556745a7p-3,
                              0x1.24924a344de3p-3,
                              -0x1.fffffa4423d65p-4,
                              0x1.c7184282ad6cap-4,
                              -0x1.999eb43b068ffp-4,
                              0x1.78182f7afd085p-4,
                              -0x1.5521375d145cdp-4};

// log(x) for x within [1 - 2^-4, 1 + 0x1.09p-4], x != 1: a polynomial in r = x - 1.
double log_near_one(double x) {
    const double* B = kLogB;
    const double r = x - 1.0;
    const double r2 = r * r;
    const double r3 = r * r2;
    const double inner = std::fma(r3, B[10], std::fma(r2, B[9], std::fma(r, B[8], B[7])));
    const double mid = std::fma(r3, inner, std::fma(r2, B[6], std::fma(r, B[5], B[4])));
    const double poly = std::fma(r3, mid, std::fma(r2, B[3], std::fma(r, B[2], B[1])));
    double w = r * 0x1p27;
    const double rhi = r + w - w;
    const double rlo = r - rhi;
    w = rhi * rhi * B[0];  // exact: rhi has 26 bits, B[0] = -0.5
    const double hi = r + w;
    double lo = r - hi + w;
    lo = std::fma(B[0] * rlo, rhi + r, lo);
    const double y = std::fma(r3, poly, lo);
    return y + hi;
}

// sin and cos (IBM Accurate Mathematical Library, glibc s_sin.c and usncs.h).
constexpr double kS1 = -0x1.5555555555555p-3, kS2 = 0x1.1111111110ECEp-7, kS3 = -0x1.A01A019DB08B8p-13;
constexpr double kS4 = 0x1.71DE27B9A7ED9p-19, kS5 = -0x1.ADDFFC2FCDF59p-26;
constexpr double kBig = 0x1.8000000000000p45;
constexpr double kHp0 = 0x1.921FB54442D18p0, kHp1 = 0x1.1A62633145C07p-54;
constexpr double kMp1 = 0x1.921FB58000000p0, kMp2 = -0x1.DDE973C000000p-27;
constexpr double kPp3 = -0x1.CB3B398000000p-55, kPp4 = -0x1.d747f23e32ed7p-83;
constexpr double kHpInv = 0x1.45F306DC9C883p-1, kToInt = 0x1.8000000000000p52;
constexpr double kSn3 = -1.66666666666664880952546298448555E-01,
                 kSn5 = 8.33333214285722277379541354343671E-03;
constexpr double kCs2 = 4.99999999999999999999950396842453E-01,
                 kCs4 = -4.16666666666664434524222570944589E-02,
                 kCs6 = 1.38888874007937613028114285595617E-03;

struct SinCosEntry {
    double sn, ssn, cs, ccs;  ///< sin, its tail, cos, its tail at the table point
};

// The table point nearest |x| (a multiple of 1/128): the low word of big + |x|.
SinCosEntry table_entry(double u) {
    const auto k = static_cast<std::uint32_t>(bits(u)) << 2;
    return {from_bits(sincos_tab[k]), from_bits(sincos_tab[k + 1]), from_bits(sincos_tab[k + 2]),
            from_bits(sincos_tab[k + 3])};
}

// cos(x + dx), |x| < 0.855469 (glibc do_cos).
double do_cos(double x, double dx) {
    if (x < 0) dx = -dx;
    const double u = kBig + std::fabs(x);
    x = std::fabs(x) - (u - kBig) + dx;
    const double xx = x * x;
    const double s = std::fma(x * xx, std::fma(xx, kSn5, kSn3), x);
    const double c = xx * std::fma(xx, std::fma(xx, kCs6, kCs4), kCs2);
    const SinCosEntry t = table_entry(u);
    double cor = std::fma(-s, t.ssn, t.ccs);
    cor = std::fma(-t.cs, c, cor);
    cor = std::fma(-t.sn, s, cor);
    return t.cs + cor;
}

// sin(x + dx) for small |x| by its Taylor series (glibc TAYLOR_SIN).
double taylor_sin(double x, double dx) {
    const double xx = x * x;
    const double p2 = std::fma(std::fma(std::fma(kS5, xx, kS4), xx, kS3), xx, kS2);
    const double poly = std::fma(p2, xx, kS1);
    const double t = std::fma(std::fma(poly, x, -(0.5 * dx)), xx, dx);
    return x + t;
}

// sin(x + dx), |x| < 0.855469 (glibc do_sin).
double do_sin(double x, double dx) {
    const double xold = x;
    if (std::fabs(x) < 0.126) return taylor_sin(x, dx);
    if (x <= 0) dx = -dx;
    const double u = kBig + std::fabs(x);
    x = std::fabs(x) - (u - kBig);
    const double xx = x * x;
    const double s = x + std::fma(x * xx, std::fma(xx, kSn5, kSn3), dx);
    const double c = std::fma(x, dx, xx * std::fma(xx, std::fma(xx, kCs6, kCs4), kCs2));
    const SinCosEntry t = table_entry(u);
    double cor = std::fma(s, t.ccs, t.ssn);
    cor = std::fma(-t.sn, c, cor);
    cor = std::fma(t.cs, s, cor);
    return std::copysign(t.sn + cor, xold);
}

struct Reduced {
    double a, da;  ///< x - n pi/2 as a + da
    int n;         ///< quadrant, 0..3
};

// x - n pi/2 to 136 bits for |x| < 105414350 (glibc reduce_sincos).
Reduced reduce_sincos(double x) {
    const double t = std::fma(x, kHpInv, kToInt);
    const double xn = t - kToInt;
    const double y = std::fma(-xn, kMp2, std::fma(-xn, kMp1, x));
    const int n = static_cast<int>(static_cast<std::uint32_t>(bits(t)) & 3);
    const double t2 = std::fma(-xn, kPp3, y);
    double db = std::fma(-xn, kPp3, y - t2);
    const double b = std::fma(-xn, kPp4, t2);
    db += std::fma(-xn, kPp4, t2 - b);
    return {b, db, n};
}

}  // namespace

double exp(double x) {
    std::uint32_t abstop = top12(x) & 0x7ff;
    if (abstop - top12(0x1p-54) >= top12(512.0) - top12(0x1p-54)) {
        if (abstop - top12(0x1p-54) >= 0x80000000) return 1.0 + x;  // tiny x
        if (abstop >= top12(1024.0)) {
            if (bits(x) == bits(-std::numeric_limits<double>::infinity())) return 0.0;
            if (abstop >= top12(std::numeric_limits<double>::infinity())) return 1.0 + x;
            return (bits(x) >> 63) ? 0.0 : std::numeric_limits<double>::infinity();
        }
        abstop = 0;  // large |x|: exp_special below
    }
    double kd = std::fma(kInvLn2N, x, kExpShift);
    const std::uint64_t ki = bits(kd);
    kd -= kExpShift;
    const double r = std::fma(kd, kNegLn2loN, std::fma(kd, kNegLn2hiN, x));
    const std::uint64_t idx = 2 * (ki % kExpN);
    const std::uint64_t top = ki << (52 - 7);
    const double tail = from_bits(exp_tab[idx]);
    const std::uint64_t sbits = exp_tab[idx + 1] + top;
    const double r2 = r * r;
    const double low = std::fma(r2, std::fma(r, kExpC3, kExpC2), tail + r);
    const double tmp = std::fma(r2 * r2, std::fma(r, kExpC5, kExpC4), low);
    if (abstop == 0) return exp_special(tmp, sbits, ki);
    const double scale = from_bits(sbits);
    return std::fma(scale, tmp, scale);
}

double log(double x) {
    std::uint64_t ix = bits(x);
    const auto top = static_cast<std::uint32_t>(ix >> 48);
    constexpr std::uint64_t kLo = 0x3fee000000000000ull;  // bits of 1 - 2^-4
    constexpr std::uint64_t kHi = 0x3ff1090000000000ull;  // bits of 1 + 0x1.09p-4
    if (ix - kLo < kHi - kLo) return ix == bits(1.0) ? 0.0 : log_near_one(x);
    if (top - 0x0010 >= 0x7ff0 - 0x0010) {
        if (ix * 2 == 0) return -std::numeric_limits<double>::infinity();
        if (ix == bits(std::numeric_limits<double>::infinity())) return x;
        if ((top & 0x8000) || (top & 0x7ff0) == 0x7ff0) return std::numeric_limits<double>::quiet_NaN();
        ix = bits(x * 0x1p52);  // subnormal: normalise
        ix -= 52ull << 52;
    }
    const std::uint64_t tmp = ix - kLogOff;
    const int i = static_cast<int>((tmp >> (52 - 7)) % kLogN);
    const int k = static_cast<int>(static_cast<std::int64_t>(tmp) >> 52);
    const std::uint64_t iz = ix - (tmp & 0xfffull << 52);
    const double invc = log_tab[i].invc;
    const double logc = log_tab[i].logc;
    const double z = from_bits(iz);
    const double r = std::fma(z, invc, -1.0);
    const double kd = static_cast<double>(k);
    const double w = std::fma(kd, kLn2hi, logc);
    const double hi = w + r;
    const double lo = std::fma(kd, kLn2lo, w - hi + r);
    const double r2 = r * r;
    const double* A = kLogA;
    const double p = std::fma(r2, std::fma(r, A[4], A[3]), std::fma(r, A[2], A[1]));
    const double y = std::fma(r * r2, p, std::fma(r2, A[0], lo));
    return y + hi;
}

double log10(double x) {
    constexpr double kTwo54 = 1.80143985094819840000e+16;
    constexpr double kIvLn10 = 4.34294481903251816668e-01;
    constexpr double kLog10_2hi = 3.01029995663611771306e-01;
    constexpr double kLog10_2lo = 3.69423907715893078616e-13;
    auto hx = static_cast<std::int64_t>(bits(x));
    std::int32_t k = 0;
    if (hx < INT64_C(0x0010000000000000)) {
        if ((hx & INT64_C(0x7fffffffffffffff)) == 0) return -kTwo54 / std::fabs(x);
        if (hx < 0) return std::numeric_limits<double>::quiet_NaN();
        k -= 54;
        x *= kTwo54;
        hx = static_cast<std::int64_t>(bits(x));
    }
    if (hx >= INT64_C(0x7ff0000000000000)) return x + x;
    k += static_cast<std::int32_t>((hx >> 52) - 1023);
    const std::int64_t i = static_cast<std::int64_t>((static_cast<std::uint64_t>(k) & 0x80000000u) >> 31);
    hx = (hx & INT64_C(0x000fffffffffffff)) | ((0x3ff - i) << 52);
    const double y = static_cast<double>(k + i);
    x = from_bits(static_cast<std::uint64_t>(hx));
    const double z = y * kLog10_2lo + kIvLn10 * det::log(x);
    return z + y * kLog10_2hi;
}

double hypot(double x, double y) {
    constexpr double kScale = 0x1p-600, kLarge = 0x1p+511, kTiny = 0x1p-459, kEps = 0x1p-54;
    if (!std::isfinite(x) || !std::isfinite(y)) {
        if (std::isinf(x) || std::isinf(y)) return std::numeric_limits<double>::infinity();
        return x + y;
    }
    x = std::fabs(x);
    y = std::fabs(y);
    double ax = x < y ? y : x;
    double ay = x < y ? x : y;
    // Borges' correction of sqrt(ax^2 + ay^2), ax >= ay >= 0 (glibc's kernel without fma).
    auto kernel = [](double bx, double by) {
        double h = std::sqrt(bx * bx + by * by);
        double t1, t2;
        if (h <= 2.0 * by) {
            const double delta = h - by;
            t1 = bx * (2.0 * delta - bx);
            t2 = (delta - 2.0 * (bx - by)) * delta;
        } else {
            const double delta = h - bx;
            t1 = 2.0 * delta * (bx - 2.0 * by);
            t2 = (4.0 * delta - by) * by + delta * delta;
        }
        return h - (t1 + t2) / (2.0 * h);
    };
    if (ax > kLarge) {
        if (ay <= ax * kEps) return ax + ay;
        return kernel(ax * kScale, ay * kScale) / kScale;
    }
    if (ay < kTiny) {
        if (ax >= ay / kEps) return ax + ay;
        return kernel(ax / kScale, ay / kScale) * kScale;
    }
    if (ay <= ax * kEps) return ax + ay;
    return kernel(ax, ay);
}

double cos(double x) {
    const auto k = static_cast<std::uint32_t>(bits(x) >> 32) & 0x7fffffff;
    if (k < 0x3e400000) return 1.0;             // |x| < 2^-27
    if (k < 0x3feb6000) return do_cos(x, 0.0);  // |x| < 0.855469
    if (k < 0x400368fd) {                       // |x| < 2.426265
        const double y = kHp0 - std::fabs(x);
        const double a = y + kHp1;
        const double da = (y - a) + kHp1;
        return do_sin(a, da);
    }
    if (k < 0x419921FB) {  // |x| < 105414350
        const Reduced r = reduce_sincos(x);
        const int n = r.n + 1;
        const double v = (n & 1) ? do_cos(r.a, r.da) : do_sin(r.a, r.da);
        return (n & 2) ? -v : v;
    }
    if (k >= 0x7ff00000) return x - x;  // inf or NaN: NaN
    throw std::domain_error("det::cos: |x| >= 105414350 is outside the deterministic range");
}

}  // namespace sawtooth::det
