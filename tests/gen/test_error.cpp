// sawtooth::Error (gen/error.hpp): the one base of every user error. Its message is one
// printable line whatever it was made from; the readers' own errors are caught as it;
// with_context adds the caller's context once and lets other exceptions pass unchanged.
#include "gen/error.hpp"
#include "gen/level.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_error {

using namespace sawtooth;

TEST_CASE("an Error's message is one printable line") {
    const Error e("bad file 'a\nb\tc\x01'");
    CHECK(std::string(e.what()) == "bad file 'a\\nb\\tc\\x01'");
    // Already printable text (UTF-8 and printable()'s escapes included) is kept as it is.
    const Error kept("caf\xC3\xA9: \\x01 is kept");
    CHECK(std::string(kept.what()) == "caf\xC3\xA9: \\x01 is kept");
}

TEST_CASE("a reader's error is a sawtooth::Error with its own line and column") {
    try {
        parse_level_text("not a level");
        FAIL("the text parsed");
    } catch (const Error& e) {
        const auto* format = dynamic_cast<const LevelFormatError*>(&e);
        REQUIRE(format != nullptr);
        CHECK(format->line() >= 1);
        CHECK(std::string(e.what()).rfind("line ", 0) == 0);
    }
}

TEST_CASE("with_context: the caller's context in front, once; results and other exceptions pass") {
    CHECK(with_context("--count 3", [] { return 7; }) == 7);
    try {
        with_context("--count 3", [] { throw Error("too few candidates"); });
        FAIL("nothing thrown");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) == "--count 3: too few candidates");
    }
    CHECK_THROWS_WITH_AS(with_context("x", []() -> int { throw std::logic_error("a bug"); }), "a bug",
                         std::logic_error);
}

}  // namespace test_error
