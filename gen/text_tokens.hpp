#pragma once
// Splits one line of a text file into whitespace-separated words with their 1-based columns,
// so a reader can name the column of a bad word. Shared by the line-oriented readers (the
// level text format, the Elimination word-level file). Spaces and tabs separate words; the
// line must not hold its newline. Does not interpret comments or quotes.

#include <string_view>
#include <vector>

namespace sawtooth {

/// One word of a line: a view into the line and its 1-based column.
struct TextToken {
    std::string_view text;
    int column = 0;
};

/// The words of `line` in order (empty for a blank line). The views point into `line`.
inline std::vector<TextToken> split_tokens(std::string_view line) {
    std::vector<TextToken> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i >= line.size()) break;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        out.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
    }
    return out;
}

}  // namespace sawtooth
