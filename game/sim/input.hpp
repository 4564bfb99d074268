#pragma once
// InputFrame: everything the platformer simulation consumes in one tick. Live play,
// replay, input scripts and bots all produce these; the simulation derives pressed /
// released edges itself from the previous frame, so a replay reproduces presses exactly.

#include <cstdint>
#include <string>
#include <string_view>

namespace sawtooth {

/// Bits of an InputFrame.
enum InputBit : std::uint8_t {
    kInputLeft = 1u << 0,
    kInputRight = 1u << 1,
    kInputUp = 1u << 2,    ///< jump (from ground or from a hang)
    kInputDown = 1u << 3,  ///< let go of a ledge; held = do not grab ledges
};

/// All meaningful bits; recordings reject frames with other bits set.
inline constexpr std::uint8_t kInputMask = kInputLeft | kInputRight | kInputUp | kInputDown;

/// One tick of held buttons.
struct InputFrame {
    std::uint8_t bits = 0;

    /// True if every bit of `b` is held.
    bool held(std::uint8_t b) const { return (bits & b) == b; }
    friend bool operator==(const InputFrame&, const InputFrame&) = default;
};

/// "left+up", "none", ... : the key-set syntax of input scripts.
std::string format_keys(InputFrame frame);

/// Parses "left+up" / "none"; returns false on an unknown key name.
bool parse_keys(std::string_view text, InputFrame& out);

}  // namespace sawtooth
