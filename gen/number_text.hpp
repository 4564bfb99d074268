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

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

namespace detail {

/// std::from_chars for T. Emscripten's libc++ has none for reals: there the text goes
/// through strtod in the C locale (the only one a web page has), refused where from_chars
/// would refuse it (a leading blank or '+', a range error, bytes left over).
template <class T>
std::from_chars_result chars_to_number(const char* first, const char* last, T& value) {
#if defined(__EMSCRIPTEN__)
    if constexpr (std::floating_point<T>) {
        const std::string copy(first, last);
        if (copy.empty() || copy[0] == '+' || std::isspace(static_cast<unsigned char>(copy[0])))
            return {first, std::errc::invalid_argument};
        char* stop = nullptr;
        errno = 0;
        const double v = std::strtod(copy.c_str(), &stop);
        if (stop == copy.c_str()) return {first, std::errc::invalid_argument};
        if (errno == ERANGE) return {first + (stop - copy.c_str()), std::errc::result_out_of_range};
        value = static_cast<T>(v);
        return {first + (stop - copy.c_str()), std::errc()};
    } else {
        return std::from_chars(first, last, value);
    }
#else
    return std::from_chars(first, last, value);
#endif
}

}  // namespace detail

/// The whole of `text` as a T, or nothing (empty, junk, out of T's range, not finite).
template <class T>
requires std::integral<T> || std::floating_point<T> std::optional<T> read_number(std::string_view text) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [p, ec] = detail::chars_to_number(text.data(), end, value);
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
