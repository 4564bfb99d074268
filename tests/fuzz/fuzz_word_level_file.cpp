// Fuzz harness: the Elimination word-level file reader (game/words/level_file.cpp,
// parse_word_level_file; `sawtooth --words-file FILE`, the challenge builder's files). The
// only error it may report is WordLevelFileError ("line L, column C: ..."), in one printable
// line; an accepted level must come back equal through format_word_level_file.

#include "fuzz_support.hpp"
#include "game/words/level_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    std::vector<words::Challenge> level;
    try {
        level = words::parse_word_level_file(fuzz::as_text(data, size));
    } catch (const words::WordLevelFileError& e) {
        fuzz::expect_one_printable_line(e.what());
        return 0;
    }
    try {
        const std::vector<words::Challenge> back =
            words::parse_word_level_file(words::format_word_level_file(level));
        bool same = back.size() == level.size();
        for (std::size_t i = 0; same && i < back.size(); ++i)
            same = back[i].letters == level[i].letters && back[i].two_x == level[i].two_x;
        if (!same) fuzz::finding("a word-level file changes through format_word_level_file");
    } catch (const words::WordLevelFileError& e) {
        fuzz::finding(std::string("a formatted word-level file is refused: ") + e.what());
    }
    return 0;
}
