#pragma once
// Escapes bytes that came from a file or a user for an error message: the message stays one
// printable line and a file's control bytes never reach a terminal. Printable ASCII and
// well-formed UTF-8 pass through; newline, carriage return and tab become \n, \r and \t;
// other control bytes, DEL and bytes of malformed UTF-8 become \xNN; a backslash becomes \\.
// Text longer than a limit is cut (at a character boundary) and ends with "…".
// Does not quote, and does not decide whether a message should show input at all.

#include <cstddef>
#include <string>
#include <string_view>

namespace sawtooth {

/// Input bytes shown in one message at most (before escaping); longer text is cut with "…".
inline constexpr std::size_t kPrintableMaxBytes = 80;

namespace printable_detail {

// Length of the well-formed UTF-8 sequence at s[i] (2..4), or 0 when it is not one.
inline std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    unsigned lo = 0x80, hi = 0xBF;  // allowed range of the second byte (no overlongs, surrogates)
    if (b >= 0xC2 && b <= 0xDF)
        n = 2;
    else if (b >= 0xE0 && b <= 0xEF) {
        n = 3;
        if (b == 0xE0) lo = 0xA0;
        if (b == 0xED) hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4;
        if (b == 0xF0) lo = 0x90;
        if (b == 0xF4) hi = 0x8F;
    }
    if (n == 0 || i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        const auto c = static_cast<unsigned char>(s[i + k]);
        if (c < (k == 1 ? lo : 0x80) || c > (k == 1 ? hi : 0xBF)) return 0;
    }
    return n;
}

// How a run of text is escaped.
struct EscapeSettings {
    std::size_t max_bytes = kPrintableMaxBytes;  ///< input bytes shown; the rest becomes "…"
    bool escape_backslash = true;                ///< false for our own messages, already holding escapes
};

inline void append_escaped_byte(std::string& out, unsigned char b, const EscapeSettings& how) {
    static const char* const kHex = "0123456789ABCDEF";
    switch (b) {
        case '\n':
            out += "\\n";
            return;
        case '\r':
            out += "\\r";
            return;
        case '\t':
            out += "\\t";
            return;
        case '\\':
            out += how.escape_backslash ? "\\\\" : "\\";
            return;
        default:
            break;
    }
    if (b >= 0x20 && b < 0x7F) {
        out += static_cast<char>(b);
        return;
    }
    out += "\\x";
    out += kHex[b >> 4];
    out += kHex[b & 0xF];
}

inline std::string escape(std::string_view text, const EscapeSettings& how) {
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t n = utf8_length(text, i);
        if (how.max_bytes != std::string_view::npos && i + (n ? n : 1) > how.max_bytes) break;
        // U+0080..U+009F are C1 control characters: escaped like C0 controls.
        const bool c1 = n == 2 && static_cast<unsigned char>(text[i]) == 0xC2 &&
                        static_cast<unsigned char>(text[i + 1]) < 0xA0;
        if (n > 1 && !c1) {
            out.append(text.substr(i, n));
            i += n;
            continue;
        }
        for (std::size_t k = 0; k < (n ? n : 1); ++k)
            append_escaped_byte(out, static_cast<unsigned char>(text[i + k]), how);
        i += n ? n : 1;
    }
    if (i < text.size()) out += "\xE2\x80\xA6";  // "…"
    return out;
}

}  // namespace printable_detail

/// Input bytes escaped for a one-line message (see the file comment); at most `max_bytes`.
inline std::string printable(std::string_view text, std::size_t max_bytes = kPrintableMaxBytes) {
    return printable_detail::escape(text, {max_bytes, true});
}

/// Makes a message one line: newlines and other control bytes in it are escaped, no length
/// cut, backslashes kept (the message may already hold printable()'s escapes). The last
/// guard where a program prints an error, and for library text such as SQLite's check verdict.
inline std::string one_line(std::string_view message) {
    return printable_detail::escape(message, {std::string_view::npos, false});
}

}  // namespace sawtooth
