#pragma once
// A size as the command lines take it and files record it: "WxH" (rooms 4x3, room size 11x7).

#include <string>

namespace sawtooth {

/// "WxH".
inline std::string size_text(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }

}  // namespace sawtooth
