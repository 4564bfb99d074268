// Fuzz harness: the Elimination progress file reader (game/app/words/words_context.cpp,
// load_words_progress), fed the input as a whole file. It reports damage only as a warning
// (fresh progress, the file kept aside as .bad), never by throwing: any exception is a
// finding. The warning must be one printable line; damaged progress must be fresh progress.

#include "fuzz_support.hpp"
#include "game/app/words/words_context.hpp"

#include <filesystem>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    const fuzz::TempFile file(data, size, "-words_progress.json");
    std::string warning;
    const app::WordsProgress p = app::load_words_progress(file.path(), warning);
    if (warning.empty()) return 0;
    fuzz::expect_one_printable_line(warning);
    const bool kept_aside = std::filesystem::exists(file.path() + ".bad");
    if (kept_aside && !(p == app::WordsProgress{}))
        fuzz::finding("damaged progress that is not a fresh start");
    return 0;
}
