#pragma once
// The word-level file: a hand-made Elimination level as text, what the challenge builder
// saves and `sawtooth --words-file FILE` plays. One challenge a line, as `words gen` prints
// its letters and 2X position:
//
//     # comments and blank lines are ignored
//     sawtooth-words-level 1
//     GARDENS 2x:0
//     PLAZAS 2x:-
//
// The first other line names the format and its version; then 1..kChallengesPerLevel
// challenges of 1..kMaxChallengeLength letters a-z (either case; stored lower-case) and the
// 2X position (0-based) or `2x:-` for none. Text in, text out: reading and writing the file
// (atomically) is the caller's job.

#include "gen/error.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gen/words/challenge_gen.hpp"

namespace sawtooth::words {

/// The first line of a word-level file, without the version.
inline constexpr std::string_view kWordLevelFileMagic = "sawtooth-words-level";
/// The format version this build writes and reads.
inline constexpr int kWordLevelFileVersion = 1;

/// A malformed file: what() is "line L, column C: problem"; line and column are 1-based.
class WordLevelFileError : public Error {
public:
    WordLevelFileError(int line, int column, const std::string& problem);
    int line() const { return m_line; }
    int column() const { return m_column; }

private:
    int m_line, m_column;
};

/// The file text of `challenges` (letters and 2X positions; nothing else is kept).
/// Precondition: 1..kChallengesPerLevel challenges with valid letters and 2X positions.
std::string format_word_level_file(const std::vector<Challenge>& challenges);

/// Parses a file; throws WordLevelFileError at the first problem.
std::vector<Challenge> parse_word_level_file(std::string_view text);

}  // namespace sawtooth::words
