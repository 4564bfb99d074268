#include "tools/lab/cli_args.hpp"

#include "gen/number_text.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>

namespace sawtooth::lab {

namespace {

constexpr std::string_view kRangeSeparator = "..";

[[noreturn]] void fail(std::string_view option, std::string_view text, std::string_view expected) {
    throw LabError(bad_number_message(option, text, expected));
}

/// The whole of `text` as one number (gen/number_text.hpp's reader, the project's one).
template <class T>
bool read_into(std::string_view text, T& value) {
    const std::optional<T> v = read_number<T>(text);
    if (v) value = *v;
    return v.has_value();
}

bool read_size(std::string_view text, Size& size) {
    const std::size_t x = text.find('x');
    return x != std::string_view::npos && read_into(text.substr(0, x), size.w) &&
           read_into(text.substr(x + 1), size.h);
}

/// Splits `text` at every `sep`; an empty text gives one empty part.
std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> parts;
    std::size_t from = 0;
    for (std::size_t at = text.find(sep); at != std::string_view::npos; at = text.find(sep, from)) {
        parts.push_back(text.substr(from, at - from));
        from = at + 1;
    }
    parts.push_back(text.substr(from));
    return parts;
}

/// A..B or A, each end read by `read`; first <= last.
template <class T, class Read>
InclusiveRange<T> parse_range(std::string_view text, std::string_view option, Read read) {
    InclusiveRange<T> r;
    const std::size_t dots = text.find(kRangeSeparator);
    const bool ok =
        dots == std::string_view::npos
            ? read(text, r.first) && ((r.last = r.first), true)
            : read(text.substr(0, dots), r.first) && read(text.substr(dots + kRangeSeparator.size()), r.last);
    if (!ok || r.last < r.first) fail(option, text, "A..B with A <= B, or one value");
    return r;
}

}  // namespace

std::uint64_t parse_seed(std::string_view text, std::string_view option) {
    std::uint64_t v = 0;
    if (!read_into(text, v)) fail(option, text, number_expectation<std::uint64_t>());
    return v;
}

CLI::Option* add_seed_option(CLI::App& cmd, const std::string& name, std::uint64_t& seed,
                             const std::string& help) {
    // Parsed as text: CLI11's own conversion would also take 0x10 or 1e3, and fail with exit 2.
    return cmd
        .add_option_function<std::string>(
            name, [&seed, name](const std::string& text) { seed = parse_seed(text, name); }, help)
        ->type_name("UINT");
}

int parse_int(std::string_view text, std::string_view option) {
    int v = 0;
    if (!read_into(text, v)) fail(option, text, "an integer");
    return v;
}

Size parse_size(std::string_view text, std::string_view option) {
    Size s;
    if (!read_size(text, s)) fail(option, text, "WxH, e.g. 4x3");
    return s;
}

std::vector<Size> parse_size_list(std::string_view text, std::string_view option) {
    std::vector<Size> out;
    for (std::string_view part : split(text, ',')) {
        Size s;
        if (!read_size(part, s)) fail(option, text, "comma-separated WxH sizes, e.g. 11x7,6x6");
        out.push_back(s);
    }
    return out;
}

std::vector<int> parse_int_list(std::string_view text, std::string_view option) {
    std::vector<int> out;
    for (std::string_view part : split(text, ',')) {
        int v = 0;
        if (!read_into(part, v)) fail(option, text, "comma-separated whole numbers, e.g. 4,5");
        out.push_back(v);
    }
    return out;
}

Layout parse_layout_arg(std::string_view text, std::string_view option) {
    const std::optional<Layout> layout = parse_layout(text);
    if (!layout) fail(option, text, "maze or linear");
    return *layout;
}

InclusiveRange<std::uint64_t> parse_seed_range(std::string_view text, std::string_view option) {
    return parse_range<std::uint64_t>(text, option, read_into<std::uint64_t>);
}

InclusiveRange<int> parse_int_range(std::string_view text, std::string_view option) {
    return parse_range<int>(text, option, read_into<int>);
}

InclusiveRange<double> parse_real_range(std::string_view text, std::string_view option) {
    return parse_range<double>(text, option, read_into<double>);
}

GenParams parse_level_args(const LevelArgs& args) {
    GenParams p;
    p.seed = parse_seed(args.seed, "--seed");
    p.layout = parse_layout_arg(args.layout, "--layout");
    const Size rooms = parse_size(args.rooms, "--rooms");
    const Size room = parse_size(args.room_size, "--room-size");
    p.rooms_w = rooms.w;
    p.rooms_h = rooms.h;
    p.room_w = room.w;
    p.room_h = room.h;
    p.level_index = args.level_index;
    p.alpha = args.alpha;
    if (const std::string err = params_problem(p); !err.empty()) throw LabError(err);
    return p;
}

}  // namespace sawtooth::lab
