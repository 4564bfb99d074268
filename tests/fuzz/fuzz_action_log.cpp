// Fuzz harness: the Elimination word action log reader (game/words/play.cpp,
// parse_action_log; `sawtooth --words-actions FILE`). The only error it may report is
// sawtooth::Error ("line N: ..."), in one printable line; an accepted log must come
// back equal through format_action_log.

#include "fuzz_support.hpp"
#include "game/words/play.hpp"
#include "gen/error.hpp"

#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    std::vector<words::Action> actions;
    try {
        actions = words::parse_action_log(fuzz::as_text(data, size));
    } catch (const sawtooth::Error& e) {
        fuzz::expect_one_printable_line(e.what());
        return 0;
    }
    try {
        if (words::parse_action_log(words::format_action_log(actions)) != actions)
            fuzz::finding("an action log changes through format_action_log");
    } catch (const sawtooth::Error& e) {
        fuzz::finding(std::string("a formatted action log is refused: ") + e.what());
    }
    return 0;
}
