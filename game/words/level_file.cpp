#include "game/words/level_file.hpp"

#include "gen/text_tokens.hpp"

#include <cctype>
#include <charconv>

#include "gen/printable.hpp"
#include "gen/words/dictionary.hpp"
#include "gen/words/level_table.hpp"

namespace sawtooth::words {

WordLevelFileError::WordLevelFileError(int line, int column, const std::string& problem)
    : Error("line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + problem),
      m_line(line),
      m_column(column) {}

std::string format_word_level_file(const std::vector<Challenge>& challenges) {
    std::string out = "# Elimination word level: play it with `sawtooth --words-file FILE`\n";
    out += std::string(kWordLevelFileMagic) + " " + std::to_string(kWordLevelFileVersion) + "\n";
    for (const Challenge& c : challenges)
        out += to_upper(c.letters) +
               (c.two_x >= 0 ? " 2x:" + std::to_string(c.two_x) : std::string(" 2x:-")) + "\n";
    return out;
}

namespace {

using Token = TextToken;

void parse_header(const std::vector<Token>& t, int line_no) {
    if (t[0].text != kWordLevelFileMagic)
        throw WordLevelFileError(line_no, t[0].column,
                                 "expected '" + std::string(kWordLevelFileMagic) + " " +
                                     std::to_string(kWordLevelFileVersion) + "', got '" +
                                     printable(t[0].text) + "'");
    if (t.size() < 2) throw WordLevelFileError(line_no, t[0].column, "the format version is missing");
    if (t[1].text != std::to_string(kWordLevelFileVersion))
        throw WordLevelFileError(line_no, t[1].column,
                                 "version '" + printable(t[1].text) +
                                     "' is not supported (this build reads " +
                                     std::to_string(kWordLevelFileVersion) + ")");
    if (t.size() > 2) throw WordLevelFileError(line_no, t[2].column, "unexpected text after the version");
}

int parse_two_x(const Token& t, std::size_t letters, int line_no) {
    const std::string_view s = t.text;
    if (s.size() < 4 || s.substr(0, 3) != "2x:")
        throw WordLevelFileError(line_no, t.column, "expected the 2X position as 2x:N or 2x:-");
    if (s.substr(3) == "-") return -1;
    int pos = 0;
    const auto [p, ec] = std::from_chars(s.data() + 3, s.data() + s.size(), pos);
    if (ec != std::errc{} || p != s.data() + s.size())
        throw WordLevelFileError(line_no, t.column + 3,
                                 "2X position '" + printable(s.substr(3)) + "' is not a number");
    if (pos < 0 || pos >= static_cast<int>(letters))
        throw WordLevelFileError(line_no, t.column + 3,
                                 "2X position " + std::to_string(pos) + " is outside the letters (0.." +
                                     std::to_string(letters - 1) + ")");
    return pos;
}

Challenge parse_challenge(const std::vector<Token>& t, int line_no) {
    const Token& letters = t[0];
    for (std::size_t i = 0; i < letters.text.size(); ++i) {
        const unsigned char ch = static_cast<unsigned char>(letters.text[i]);
        if (ch >= 0x80 || !std::isalpha(ch))
            throw WordLevelFileError(line_no, letters.column + static_cast<int>(i),
                                     "'" + printable(letters.text.substr(i, 1)) + "' is not a letter a-z");
    }
    if (letters.text.size() > static_cast<std::size_t>(kMaxChallengeLength))
        throw WordLevelFileError(
            line_no, letters.column,
            "a challenge has at most " + std::to_string(kMaxChallengeLength) + " letters");
    if (t.size() < 2)
        throw WordLevelFileError(line_no, letters.column + static_cast<int>(letters.text.size()),
                                 "the 2X position (2x:N or 2x:-) is missing");
    Challenge c;
    c.letters = to_lower(letters.text);
    c.two_x = parse_two_x(t[1], letters.text.size(), line_no);
    if (t.size() > 2) throw WordLevelFileError(line_no, t[2].column, "unexpected text after the 2X position");
    return c;
}

}  // namespace

std::vector<Challenge> parse_word_level_file(std::string_view text) {
    std::vector<Challenge> out;
    bool header = false;
    int line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const std::vector<Token> t = split_tokens(line);
        if (t.empty() || t[0].text[0] == '#') continue;
        if (!header) {
            parse_header(t, line_no);
            header = true;
            continue;
        }
        if (out.size() == static_cast<std::size_t>(kChallengesPerLevel))
            throw WordLevelFileError(
                line_no, t[0].column,
                "a level holds at most " + std::to_string(kChallengesPerLevel) + " challenges");
        out.push_back(parse_challenge(t, line_no));
    }
    if (!header)
        throw WordLevelFileError(line_no + (line_no == 0 ? 1 : 0), 1,
                                 "empty file: expected '" + std::string(kWordLevelFileMagic) + " " +
                                     std::to_string(kWordLevelFileVersion) + "'");
    if (out.empty()) throw WordLevelFileError(line_no + 1, 1, "no challenges after the header");
    return out;
}

}  // namespace sawtooth::words
