#pragma once
// The values sawtooth-lab commands take on the command line: seeds, whole numbers, sizes
// (WxH), comma lists and inclusive ranges. Every command parses through these, so one
// syntax holds everywhere; ranges are always written A..B (A alone means A..A):
//     --seeds 1..100   --levels 1..30   --band 0..10   --skill 0.2..0.8
// Each parser throws LabError with one line that names the option and the bad text:
//     bad --seeds '9..3': expected A..B with A <= B, or one value
// Also: the level options `gen` and `difficulty` share, turned into generator parameters.
// Does not: check what a value means to a command (a level within 1..30, a room size the
// generator accepts); the command checks that after parsing, with its own message.

#include "gen/generator.hpp"
#include "gen/size_text.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace sawtooth::lab {

/// Width and height, written WxH (e.g. 4x3 rooms, 11x7 cells per room).
struct Size {
    int w = 0;
    int h = 0;
    bool operator==(const Size&) const = default;
};

/// Inclusive range first..last with first <= last.
template <class T>
struct InclusiveRange {
    T first{};
    T last{};
    bool operator==(const InclusiveRange&) const = default;
};

/// A seed: a whole number in 0..2^64-1.
std::uint64_t parse_seed(std::string_view text, std::string_view option);
/// Adds a seed option (e.g. "--seed") that fills `seed` through parse_seed, so every
/// command takes and refuses the same seeds; `seed` keeps its value when not given. A bad
/// seed throws LabError from the command-line parse (exit 1, one line).
CLI::Option* add_seed_option(CLI::App& cmd, const std::string& name, std::uint64_t& seed,
                             const std::string& help);
/// A whole number that fits an int (may be negative).
int parse_int(std::string_view text, std::string_view option);
/// WxH, e.g. 4x3.
Size parse_size(std::string_view text, std::string_view option);
/// WxH,WxH,..., e.g. 11x7,6x6.
std::vector<Size> parse_size_list(std::string_view text, std::string_view option);
/// N,N,..., e.g. 4,5.
std::vector<int> parse_int_list(std::string_view text, std::string_view option);

/// maze or linear.
Layout parse_layout_arg(std::string_view text, std::string_view option);

/// A..B of seeds, or one seed.
InclusiveRange<std::uint64_t> parse_seed_range(std::string_view text, std::string_view option);
/// A..B of whole numbers, or one number.
InclusiveRange<int> parse_int_range(std::string_view text, std::string_view option);
/// LO..HI of finite real numbers (e.g. 0.2..0.8), or one number.
InclusiveRange<double> parse_real_range(std::string_view text, std::string_view option);

/// The level options of `gen` and `difficulty`, as typed (each command sets its defaults).
struct LevelArgs {
    std::string seed;       ///< --seed
    std::string layout;     ///< --layout
    std::string rooms;      ///< --rooms WxH
    std::string room_size;  ///< --room-size WxH
    int level_index = 1;    ///< --level-index
    double alpha = GenParams{}.alpha;
};

/// Generator parameters of those options; throws LabError naming the bad option, or
/// params_problem's reason.
GenParams parse_level_args(const LevelArgs& args);

}  // namespace sawtooth::lab
