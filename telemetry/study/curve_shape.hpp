#pragma once
// The named difficulty curves a protocol file (`"curve": "rising"`) and
// `sawtooth-lab pick-difficulty --curve` ask for, and their one name/parse pair. What each
// curve is lives in telemetry/analysis/difficulty_curve.hpp (rising_curve, flat_curve).

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace sawtooth::telemetry {

/// A curve given by name: rising_curve (easy to hard) or flat_curve (the median).
enum class CurveShape { Rising, Flat };

inline constexpr std::array<std::string_view, 2> kCurveShapeNames = {"rising", "flat"};

/// "rising", "flat".
inline std::string_view curve_shape_name(CurveShape shape) {
    return kCurveShapeNames[static_cast<std::size_t>(shape)];
}

/// Inverse of curve_shape_name; std::nullopt for any other text.
inline std::optional<CurveShape> parse_curve_shape(std::string_view name) {
    for (std::size_t i = 0; i < kCurveShapeNames.size(); ++i)
        if (kCurveShapeNames[i] == name) return static_cast<CurveShape>(i);
    return std::nullopt;
}

}  // namespace sawtooth::telemetry
