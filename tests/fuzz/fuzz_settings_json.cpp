// Fuzz harness: the settings file reader (game/app/core/settings.cpp, load_settings), fed the
// input as a whole file. It reports damage only as a warning (defaults kept), never by
// throwing: any exception is a finding. The warning must be one printable line and the
// loaded volume a number in 0..1.

#include "fuzz_support.hpp"
#include "game/app/core/settings.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    const fuzz::TempFile file(data, size, "-settings.json");
    std::string warning;
    const app::Settings s = app::load_settings(file.path(), warning);
    if (!warning.empty()) fuzz::expect_one_printable_line(warning);
    if (!(s.volume >= 0.0 && s.volume <= 1.0)) fuzz::finding("a volume outside 0..1");
    return 0;
}
