#pragma once
// The one checked way to read a number from text a user typed or a file stored: the whole
// text, through std::from_chars, so there is no sign on an unsigned number, no blank, no
// leftover byte, no overflow, and (for reals) no infinity or NaN. Two forms:
//     read_number<T>(text)          -> std::optional<T>   (callers that word their own message)
//     parse_number<T>(field, text)  -> T, or NumberError:
//         bad seed '12x': expected a whole number in 0..18446744073709551615
// The message names the field and quotes the text escaped (gen/printable.hpp), so it is one
// printable line whatever the text holds. A range check (parse_number_in) says the range.
// Does not: accept hexadecimal, exponents in whole numbers, or leading '+' signs; trim text.

#include "gen/error.hpp"
#include "gen/printable.hpp"

#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace sawtooth {

/// A number that could not be read; what() is one line naming the field and the text.
class NumberError : public Error {
public:
    using Error::Error;
};

/// The whole of `text` as a T, or nothing (empty, junk, out of T's range, not finite).
template <class T>
requires std::integral<T> || std::floating_point<T> std::optional<T> read_number(std::string_view text) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [p, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || p != end) return std::nullopt;
    if constexpr (std::floating_point<T>)
        if (!std::isfinite(value)) return std::nullopt;
    return value;
}

/// What a T looks like, for messages: "a whole number in 0..255", "a finite number".
template <class T>
std::string number_expectation(T lo = std::numeric_limits<T>::lowest(),
                               T hi = std::numeric_limits<T>::max()) {
    if constexpr (std::floating_point<T>) {
        if (lo == std::numeric_limits<T>::lowest() && hi == std::numeric_limits<T>::max())
            return "a finite number";
        char buf[64];
        std::snprintf(buf, sizeof buf, "a number in %g..%g", static_cast<double>(lo),
                      static_cast<double>(hi));
        return buf;
    } else {
        return "a whole number in " + std::to_string(lo) + ".." + std::to_string(hi);
    }
}

/// "bad FIELD 'TEXT': expected EXPECTED", TEXT escaped.
inline std::string bad_number_message(std::string_view field, std::string_view text,
                                      std::string_view expected) {
    return "bad " + std::string(field) + " '" + printable(text) + "': expected " + std::string(expected);
}

/// The whole of `text` as a T in lo..hi; throws NumberError naming `field` otherwise.
template <class T>
T parse_number_in(std::string_view field, std::string_view text, T lo, T hi) {
    const std::optional<T> v = read_number<T>(text);
    if (!v || *v < lo || *v > hi)
        throw NumberError(bad_number_message(field, text, number_expectation<T>(lo, hi)));
    return *v;
}

/// The whole of `text` as a T; throws NumberError naming `field` otherwise.
template <class T>
T parse_number(std::string_view field, std::string_view text) {
    return parse_number_in<T>(field, text, std::numeric_limits<T>::lowest(), std::numeric_limits<T>::max());
}

}  // namespace sawtooth
