// gen/printable.hpp: input bytes shown in an error message stay one printable line.
#include "gen/printable.hpp"

#include <doctest/doctest.h>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_printable {

using sawtooth::one_line;
using sawtooth::printable;

namespace {

bool has_control_byte(const std::string& s) {
    for (const char c : s) {
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x20 || b == 0x7F) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("printable escapes control bytes, newlines and malformed UTF-8") {
    CHECK(printable("plain text") == "plain text");
    CHECK(printable("a\nb\tc\r") == "a\\nb\\tc\\r");
    CHECK(printable("\x1b[31mred") == "\\x1B[31mred");
    CHECK(printable(std::string("nul\0byte", 8)) == "nul\\x00byte");
    CHECK(printable("del\x7f") == "del\\x7F");
    CHECK(printable("back\\slash") == "back\\\\slash");
    CHECK(printable("caf\xC3\xA9") == "caf\xC3\xA9");       // well-formed UTF-8 passes
    CHECK(printable("bad\xC3") == "bad\\xC3");              // truncated sequence
    CHECK(printable("\xC0\xAF") == "\\xC0\\xAF");           // overlong encoding
    CHECK(printable("\xED\xA0\x80") == "\\xED\\xA0\\x80");  // surrogate
    CHECK(printable("c1\xC2\x85") == "c1\\xC2\\x85");       // C1 control (NEL)
}

TEST_CASE("printable cuts long text at a character boundary and marks the cut") {
    const std::string long_text(500, 'x');
    const std::string shown = printable(long_text);
    CHECK(shown.size() == sawtooth::kPrintableMaxBytes + 3);
    CHECK(shown.substr(shown.size() - 3) == "\xE2\x80\xA6");
    // A two-byte character that would straddle the limit is left out whole.
    CHECK(printable("ab\xC3\xA9", 3) == "ab\xE2\x80\xA6");
}

TEST_CASE("one_line keeps a message's own escapes and removes its line breaks") {
    const std::string verdict = "*** in database main ***\nPage 5: btreeInitPage() returns error code 11";
    const std::string m = one_line("database 'x.db' is damaged (" + verdict + ")");
    CHECK(m.find('\n') == std::string::npos);
    CHECK(m.find("\\nPage 5") != std::string::npos);
    CHECK(one_line("got '" + printable("\x07") + "'") == "got '\\x07'");  // not escaped twice
    CHECK_FALSE(has_control_byte(one_line("a\x1b\x01\n\r")));
}

}  // namespace test_printable
