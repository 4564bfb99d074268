#pragma once
// Deterministic elementary functions: the same bits on every machine and in every build
// (native x86-64, WebAssembly), for the code whose results are hashed, replayed or compared
// across builds (the generators, the simulation, the bots; docs/web.md "Determinism across
// builds"). The C library's functions are not: glibc picks an FMA or a non-FMA variant of
// exp, log and cos by CPU at load time, and emscripten's musl uses other algorithms, so the
// last bit differs on some inputs: from 1 in 10,000 (log) to 1 in 8 (hypot), docs/web.md.
//
// Each function is glibc 2.36's x86-64 implementation, the one the native goldens were
// recorded with, ported with every multiply-add glibc's FMA build fuses written as std::fma
// (correctly rounded on every target: a hardware instruction natively, musl's exact
// software fma in WebAssembly). So the native results stay bit for bit what glibc gives on
// an FMA machine, and the WebAssembly build computes the same bits.
//
// This does not: set errno or raise floating-point exceptions (special inputs give glibc's
// values: log(0) = -inf, log(x < 0) = NaN, exp overflow = inf); follow a rounding mode other
// than round-to-nearest; offer float versions (Box2D's sinf/cosf only ever see angle 0 in
// the simulation; docs/web.md). cos() handles |x| < 105414350 (about 2^26.6) the way glibc
// does and throws std::domain_error beyond, where glibc needs a multi-precision reduction.

namespace sawtooth::det {

/// e^x, glibc's __exp_fma (ARM optimized-routines, 128-entry table): < 0.52 ULP.
double exp(double x);

/// Natural logarithm, glibc's __log_fma (ARM optimized-routines): < 0.52 ULP.
double log(double x);

/// Base-10 logarithm, glibc's __ieee754_log10 (fdlibm's reduction around log()).
double log10(double x);

/// sqrt(x^2 + y^2) without undue overflow, glibc 2.36's __hypot (Borges' correction).
double hypot(double x, double y);

/// Cosine of x radians, glibc's __cos_fma (IBM Accurate Mathematical Library); throws
/// std::domain_error when |x| >= 105414350.
double cos(double x);

}  // namespace sawtooth::det
