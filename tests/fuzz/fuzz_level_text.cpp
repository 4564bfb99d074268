// Fuzz harness: the level text reader (gen/level_text.cpp, parse_level_text). The only
// error it may report is LevelFormatError, in one printable line; a level it accepts must
// come back equal through its canonical text (gen/level.hpp promises that round trip:
// recordings store the canonical text and replay parses it again).

#include "fuzz_support.hpp"
#include "gen/level.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    Level level;
    try {
        level = parse_level_text(fuzz::as_text(data, size));
    } catch (const LevelFormatError& e) {
        fuzz::expect_one_printable_line(e.what());
        return 0;
    }
    const std::string canonical = to_level_text(level);
    try {
        if (!(parse_level_text(canonical) == level))
            fuzz::finding("a level changes through its canonical text");
    } catch (const LevelFormatError& e) {
        fuzz::finding(std::string("an accepted level's canonical text is refused: ") + e.what());
    }
    return 0;
}
