// Fuzz harness: the rating formula reader (tools/lab/curate_common.cpp, read_formula, which
// `sawtooth-lab curate pick --formula` goes through), fed the input as a whole file. The
// only error it may report is the base error (gen/error.hpp), in one printable line. An
// accepted formula is used as `curate pick` uses it: one score of a row whose every predictor
// is 1e6 (beyond any catalogue column), which must be a finite number, or the ranking would
// sort a NaN.

#include "fuzz_support.hpp"
#include "gen/error.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    const fuzz::TempFile file(data, size, "-formula.json");
    lab::Formula f;
    try {
        f = lab::read_formula(file.path());
    } catch (const Error& e) {
        fuzz::expect_one_printable_line(e.what());
        return 0;
    }
    if (f.names.size() != f.coefficients.size()) fuzz::finding("a formula with more names than coefficients");
    double score = f.intercept;
    for (const double c : f.coefficients) score += c * 1e6;
    if (!std::isfinite(score)) fuzz::finding("an accepted formula scores a row as " + std::to_string(score));
    return 0;
}
