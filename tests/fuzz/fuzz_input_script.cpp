// Fuzz harness: the input script reader (game/sim/input_script.cpp, parse_input_script).
// The only error it may report is ScriptError, in one printable line; the frames of a
// script it accepts must come back equal through format_input_script.

#include "fuzz_support.hpp"
#include "game/sim/input_script.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    std::vector<InputFrame> frames;
    try {
        frames = parse_input_script(fuzz::as_text(data, size));
    } catch (const ScriptError& e) {
        fuzz::expect_one_printable_line(e.what());
        return 0;
    }
    try {
        if (parse_input_script(format_input_script(frames)) != frames)
            fuzz::finding("a script's frames change through format_input_script");
    } catch (const ScriptError& e) {
        fuzz::finding(std::string("a formatted script is refused: ") + e.what());
    }
    return 0;
}
