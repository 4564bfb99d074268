#pragma once
// Input scripts: plain text, one step per line, `TICKS KEYS` where KEYS is a '+'-joined
// set of left/right/up/down or `none` (e.g. `45 right`, `12 right+up`). Blank lines and
// lines starting with '#' are ignored. Used by tests, tools and `sawtooth --script`.

#include "game/sim/input.hpp"

#include "gen/error.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sawtooth {

/// A malformed script line (1-based line number in the message and in line()).
class ScriptError : public Error {
public:
    ScriptError(int line, const std::string& message)
        : Error("line " + std::to_string(line) + ": " + message), m_line(line) {}
    int line() const { return m_line; }

private:
    int m_line;
};

/// Largest TICKS on one line (one hour at 60 Hz): guards against typos eating memory.
inline constexpr long kMaxScriptStepTicks = 60L * 60 * 60;
/// Longest whole script (24 hours at 60 Hz): many long lines cannot exhaust memory either.
inline constexpr long kMaxScriptTicks = 24L * 60 * 60 * 60;

/// Parses a script into one InputFrame per tick; throws ScriptError.
std::vector<InputFrame> parse_input_script(std::string_view text);

/// Writes frames as a compact script (runs of equal frames on one line, at most
/// kMaxScriptStepTicks a line); parse_input_script reads it back to the same frames.
std::string format_input_script(const std::vector<InputFrame>& frames);

}  // namespace sawtooth
