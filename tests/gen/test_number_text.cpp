// gen/number_text.hpp: the one checked way to read a number from typed or stored text.
#include "gen/number_text.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_number_text {

using sawtooth::NumberError;
using sawtooth::parse_number;
using sawtooth::parse_number_in;
using sawtooth::read_number;

namespace {

/// The message parse_number<T> throws for `text`, or "" when it reads.
template <class T>
std::string refusal(std::string_view text) {
    try {
        (void)parse_number<T>("seed", text);
    } catch (const NumberError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

TEST_CASE("read_number: the whole text, every value of the type, nothing else") {
    CHECK(read_number<std::uint64_t>("0") == 0u);
    CHECK(read_number<std::uint64_t>("9223372036854775807") == 9223372036854775807ull);
    CHECK(read_number<std::uint64_t>("9223372036854775808") == 9223372036854775808ull);
    CHECK(read_number<std::uint64_t>("18446744073709551615") == 18446744073709551615ull);
    CHECK(read_number<int>("-2147483648") == -2147483647 - 1);
    CHECK(read_number<double>("0.25") == 0.25);
    CHECK(read_number<double>("-1e3") == -1000.0);
}

TEST_CASE("read_number refuses overflow, a sign where none is allowed, trailing junk and empty text") {
    // Overflow, one past the end of each type.
    CHECK(!read_number<std::uint64_t>("18446744073709551616"));
    CHECK(!read_number<int>("2147483648"));
    CHECK(!read_number<int>("-2147483649"));
    CHECK(!read_number<unsigned>("4294967296"));
    CHECK(!read_number<long>("9223372036854775808"));
    CHECK(!read_number<double>("1e999"));
    // Negative where none is allowed.
    CHECK(!read_number<std::uint64_t>("-1"));
    CHECK(!read_number<unsigned>("-0"));
    // Trailing junk, leading blanks and signs std::stoull would take.
    CHECK(!read_number<std::uint64_t>("12x"));
    CHECK(!read_number<std::uint64_t>("12 "));
    CHECK(!read_number<std::uint64_t>(" 12"));
    CHECK(!read_number<std::uint64_t>("+12"));
    CHECK(!read_number<std::uint64_t>("0x10"));
    CHECK(!read_number<int>("1e3"));
    CHECK(!read_number<double>("0.5s"));
    CHECK(!read_number<double>("nan"));
    CHECK(!read_number<double>("inf"));
    // Empty.
    CHECK(!read_number<std::uint64_t>(""));
    CHECK(!read_number<int>(""));
    CHECK(!read_number<double>(""));
}

TEST_CASE("parse_number: one line naming the field, the text escaped, the range expected") {
    const std::string range = "expected a whole number in 0..18446744073709551615";
    CHECK(refusal<std::uint64_t>("18446744073709551616") == "bad seed '18446744073709551616': " + range);
    CHECK(refusal<std::uint64_t>("-1") == "bad seed '-1': " + range);
    CHECK(refusal<std::uint64_t>("12x") == "bad seed '12x': " + range);
    CHECK(refusal<std::uint64_t>("") == "bad seed '': " + range);
    CHECK(refusal<std::uint64_t>("1\n2\x1b") == "bad seed '1\\n2\\x1B': " + range);
    CHECK(refusal<std::uint64_t>("42").empty());
    CHECK(refusal<int>("99999999999") ==
          "bad seed '99999999999': expected a whole number in -2147483648..2147483647");
    CHECK(refusal<double>("1e999") == "bad seed '1e999': expected a finite number");
    CHECK(parse_number<long>("count", "17") == 17);
    CHECK_THROWS_WITH_AS(parse_number_in<int>("month", "13", 1, 12),
                         "bad month '13': expected a whole number in 1..12", NumberError);
    CHECK(parse_number_in<int>("month", "12", 1, 12) == 12);
}

}  // namespace test_number_text
