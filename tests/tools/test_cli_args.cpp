// tools/lab/cli_args: the one syntax every sawtooth-lab command parses seeds, sizes, lists
// and ranges with (README "Research workflows"), and its one-line errors naming the option and the
// bad text.
#include "tools/lab/cli_args.hpp"

#include "tools/lab/commands.hpp"

#include <doctest/doctest.h>
#include <CLI/CLI.hpp>

#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_cli_args {

using namespace sawtooth;
using namespace sawtooth::lab;

namespace {

/// The LabError message `parse` throws ("" when it does not throw).
template <class Parse>
std::string error_of(Parse parse) {
    try {
        parse();
    } catch (const LabError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("seeds: every 64-bit value, nothing else") {
    CHECK(parse_seed("0", "--seed") == 0u);
    CHECK(parse_seed("42", "--seed") == 42u);
    CHECK(parse_seed("18446744073709551615", "--seed") == 18446744073709551615ull);
    for (const char* bad : {"", "abc", "-1", "18446744073709551616", "4 2", "42x", " 42", "+1"}) {
        CAPTURE(bad);
        CHECK(error_of([&] { parse_seed(bad, "--seed"); }) ==
              "bad --seed '" + std::string(bad) + "': expected a whole number in 0..18446744073709551615");
    }
}

TEST_CASE("integers and integer lists") {
    CHECK(parse_int("-3", "--n") == -3);
    CHECK(parse_int("10", "--n") == 10);
    CHECK(error_of([] { parse_int("ten", "--level-index"); }) ==
          "bad --level-index 'ten': expected an integer");
    CHECK(parse_int_list("4,5", "--sources") == std::vector<int>{4, 5});
    CHECK(parse_int_list("3", "--sources") == std::vector<int>{3});
    for (const char* bad : {"", "4,", ",4", "4,,5", "4;5", "4,x"}) {
        CAPTURE(bad);
        CHECK(error_of([&] { parse_int_list(bad, "--sources"); }) ==
              "bad --sources '" + std::string(bad) + "': expected comma-separated whole numbers, e.g. 4,5");
    }
}

TEST_CASE("sizes WxH and size lists") {
    CHECK(parse_size("4x3", "--rooms") == Size{4, 3});
    CHECK(parse_size("11x7", "--room-size") == Size{11, 7});
    for (const char* bad : {"", "4", "4by3", "4x", "x3", "4x3x2", "4X3", "4x3 "}) {
        CAPTURE(bad);
        CHECK(error_of([&] { parse_size(bad, "--rooms"); }) ==
              "bad --rooms '" + std::string(bad) + "': expected WxH, e.g. 4x3");
    }
    CHECK(parse_size_list("11x7,6x6", "--sizes") == std::vector<Size>{{11, 7}, {6, 6}});
    CHECK(error_of([] { parse_size_list("11x7,5x", "--sizes"); }) ==
          "bad --sizes '11x7,5x': expected comma-separated WxH sizes, e.g. 11x7,6x6");
}

TEST_CASE("ranges are A..B, or one value for A..A") {
    CHECK(parse_seed_range("1..100", "--seeds") == InclusiveRange<std::uint64_t>{1, 100});
    CHECK(parse_seed_range("7", "--seeds") == InclusiveRange<std::uint64_t>{7, 7});
    CHECK(parse_seed_range("5..5", "--seeds") == InclusiveRange<std::uint64_t>{5, 5});
    CHECK(parse_seed_range("0..18446744073709551615", "--seeds").last == 18446744073709551615ull);
    CHECK(parse_int_range("1..30", "--levels") == InclusiveRange<int>{1, 30});
    CHECK(parse_int_range("-2..3", "--levels") == InclusiveRange<int>{-2, 3});
    CHECK(parse_real_range("0.2..0.8", "--skill") == InclusiveRange<double>{0.2, 0.8});
    CHECK(parse_real_range("0..10", "--band") == InclusiveRange<double>{0.0, 10.0});
    CHECK(parse_real_range("0.5", "--skill") == InclusiveRange<double>{0.5, 0.5});
}

TEST_CASE("bad ranges: one line naming the option and the text") {
    const auto expect = [](const std::string& option, const std::string& text) {
        return "bad " + option + " '" + text + "': expected A..B with A <= B, or one value";
    };
    for (const char* bad : {"", "9..3", "1-30", "1..", "..5", "1...5", "a..b", "1..2..3", "1 ..2"}) {
        CAPTURE(bad);
        CHECK(error_of([&] { parse_seed_range(bad, "--seeds"); }) == expect("--seeds", bad));
        CHECK(error_of([&] { parse_int_range(bad, "--levels"); }) == expect("--levels", bad));
    }
    for (const char* bad : {"", "0.8..0.2", "0.2-0.8", "nan", "0..inf", "nine"}) {
        CAPTURE(bad);
        CHECK(error_of([&] { parse_real_range(bad, "--skill"); }) == expect("--skill", bad));
    }
}

TEST_CASE("layouts and the level options of gen and difficulty") {
    CHECK(parse_layout_arg("maze", "--layout") == Layout::Maze);
    CHECK(parse_layout_arg("linear", "--layout") == Layout::Linear);
    CHECK(error_of([] { parse_layout_arg("spiral", "--layout"); }) ==
          "bad --layout 'spiral': expected maze or linear");

    LevelArgs args{.seed = "42", .layout = "linear", .rooms = "3x2", .room_size = "7x6", .level_index = 5};
    const GenParams p = parse_level_args(args);
    CHECK(p.seed == 42u);
    CHECK(p.layout == Layout::Linear);
    CHECK(p.rooms_w == 3);
    CHECK(p.rooms_h == 2);
    CHECK(p.room_w == 7);
    CHECK(p.room_h == 6);
    CHECK(p.level_index == 5);
    CHECK(p.alpha == GenParams{}.alpha);
    args.room_size = "3x3";  // parses, but the generator refuses it
    CHECK(error_of([&] { parse_level_args(args); }).find("room size") != std::string::npos);
}

TEST_CASE("seed options of every command parse through parse_seed") {
    CLI::App app;
    std::uint64_t seed = 7;
    add_seed_option(app, "--seed", seed, "seed");
    app.parse("", false);
    CHECK(seed == 7u);  // not given: the command's default stays
    app.parse("--seed 18446744073709551615", false);
    CHECK(seed == 18446744073709551615ull);
    for (const char* bad : {"0x10", "1e3", "-1", "abc"}) {
        CAPTURE(bad);
        CHECK(error_of([&] { app.parse(std::string("--seed ") + bad, false); }) ==
              "bad --seed '" + std::string(bad) + "': expected a whole number in 0..18446744073709551615");
    }
}

}  // namespace test_cli_args
