#include "game/sim/input.hpp"

namespace sawtooth {

namespace {
struct KeyName {
    std::uint8_t bit;
    std::string_view name;
};
constexpr KeyName kKeyNames[] = {
    {kInputLeft, "left"}, {kInputRight, "right"}, {kInputUp, "up"}, {kInputDown, "down"}};
}  // namespace

std::string format_keys(InputFrame frame) {
    std::string out;
    for (const auto& k : kKeyNames) {
        if (!(frame.bits & k.bit)) continue;
        if (!out.empty()) out += '+';
        out += k.name;
    }
    return out.empty() ? "none" : out;
}

bool parse_keys(std::string_view text, InputFrame& out) {
    out.bits = 0;
    if (text == "none") return true;
    if (text.empty()) return false;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t plus = text.find('+', pos);
        if (plus == std::string_view::npos) plus = text.size();
        const std::string_view part = text.substr(pos, plus - pos);
        bool found = false;
        for (const auto& k : kKeyNames)
            if (part == k.name) {
                out.bits |= k.bit;
                found = true;
            }
        if (!found) return false;
        pos = plus + 1;
    }
    return true;
}

}  // namespace sawtooth
