#include "game/sim/input_script.hpp"
#include "gen/printable.hpp"

#include <charconv>

namespace sawtooth {

std::vector<InputFrame> parse_input_script(std::string_view text) {
    std::vector<InputFrame> frames;
    int line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) nl = text.size();
        std::string_view line = text.substr(pos, nl - pos);
        pos = nl + 1;
        ++line_no;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.remove_suffix(1);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
        if (line.empty() || line.front() == '#') continue;
        const std::size_t sp = line.find_first_of(" \t");
        if (sp == std::string_view::npos)
            throw ScriptError(line_no, "expected `TICKS KEYS`, e.g. `45 right`");
        const std::string_view count_text = line.substr(0, sp);
        std::string_view keys = line.substr(sp);
        while (!keys.empty() && (keys.front() == ' ' || keys.front() == '\t')) keys.remove_prefix(1);
        long count = 0;
        auto [ptr, ec] = std::from_chars(count_text.data(), count_text.data() + count_text.size(), count);
        if (ec != std::errc() || ptr != count_text.data() + count_text.size() || count <= 0 ||
            count > kMaxScriptStepTicks)
            throw ScriptError(line_no, "TICKS must be an integer in [1, " +
                                           std::to_string(kMaxScriptStepTicks) + "], got '" +
                                           printable(count_text) + "'");
        InputFrame frame;
        if (keys.find_first_of(" \t") != std::string_view::npos || !parse_keys(keys, frame))
            throw ScriptError(line_no, "bad KEYS '" + printable(keys) +
                                           "' (use left, right, up, down joined by '+', or none)");
        if (static_cast<long>(frames.size()) + count > kMaxScriptTicks)
            throw ScriptError(line_no, "the script runs past " + std::to_string(kMaxScriptTicks) +
                                           " ticks (24 hours), the longest allowed");
        frames.insert(frames.end(), static_cast<std::size_t>(count), frame);
    }
    return frames;
}

std::string format_input_script(const std::vector<InputFrame>& frames) {
    std::string out;
    std::size_t i = 0;
    while (i < frames.size()) {
        std::size_t j = i;
        // A run longer than one line may hold is split: parse_input_script refuses TICKS
        // above kMaxScriptStepTicks, and what this writes must read back.
        const std::size_t limit = i + static_cast<std::size_t>(kMaxScriptStepTicks);
        while (j < frames.size() && j < limit && frames[j] == frames[i]) ++j;
        out += std::to_string(j - i) + " " + format_keys(frames[i]) + "\n";
        i = j;
    }
    return out;
}

}  // namespace sawtooth
