#include "telemetry/store/stored_kinds.hpp"

#include <array>
#include <cstddef>

namespace sawtooth::telemetry {

namespace {

// In SessionMode order.
constexpr std::array<std::string_view, 8> kSessionModeNames = {
    "study", "free", "single", "scripted", "words-levels", "words-infinite", "words-daily", "words-custom"};
constexpr std::array<std::string_view, 3> kLevelKindNames = {"generated", "file", "tutorial"};
constexpr std::array<std::string_view, 3> kWordLevelEndNames = {"complete", "timed_out", "quit"};
// In words::ActionKind order: Click, Type, Reset, Tick.
constexpr std::array<std::string_view, 4> kActionKindNames = {"click", "type", "reset", "timeout"};
// In words::ChallengeStatus order: Playing, Solved, TimedOut.
constexpr std::array<std::string_view, 3> kChallengeStatusNames = {"playing", "solved", "timed_out"};

template <typename Enum, std::size_t N>
std::optional<Enum> parse_name(const std::array<std::string_view, N>& names, std::string_view name) {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == name) return static_cast<Enum>(i);
    return std::nullopt;
}

}  // namespace

std::string_view session_mode_name(SessionMode mode) {
    return kSessionModeNames[static_cast<std::size_t>(mode)];
}

std::optional<SessionMode> parse_session_mode(std::string_view name) {
    return parse_name<SessionMode>(kSessionModeNames, name);
}

SessionMode words_session_mode(words::Mode mode) {
    switch (mode) {
        case words::Mode::Levels:
            return SessionMode::WordsLevels;
        case words::Mode::Infinite:
            return SessionMode::WordsInfinite;
        case words::Mode::Daily:
            return SessionMode::WordsDaily;
        case words::Mode::Custom:
            break;
    }
    return SessionMode::WordsCustom;
}

std::string_view level_kind_name(LevelKind kind) { return kLevelKindNames[static_cast<std::size_t>(kind)]; }

std::optional<LevelKind> parse_level_kind(std::string_view name) {
    return parse_name<LevelKind>(kLevelKindNames, name);
}

std::string_view word_level_end_name(WordLevelEnd end) {
    return kWordLevelEndNames[static_cast<std::size_t>(end)];
}

std::optional<WordLevelEnd> parse_word_level_end(std::string_view name) {
    return parse_name<WordLevelEnd>(kWordLevelEndNames, name);
}

WordLevelEnd word_level_end(words::LevelStatus status) {
    switch (status) {
        case words::LevelStatus::Complete:
            return WordLevelEnd::Complete;
        case words::LevelStatus::TimedOut:
            return WordLevelEnd::TimedOut;
        case words::LevelStatus::Playing:
            break;
    }
    return WordLevelEnd::Quit;
}

std::string_view action_kind_name(words::ActionKind kind) {
    return kActionKindNames[static_cast<std::size_t>(kind)];
}

std::optional<words::ActionKind> parse_action_kind(std::string_view name) {
    return parse_name<words::ActionKind>(kActionKindNames, name);
}

std::string_view challenge_status_name(words::ChallengeStatus status) {
    return kChallengeStatusNames[static_cast<std::size_t>(status)];
}

std::optional<words::ChallengeStatus> parse_challenge_status(std::string_view name) {
    return parse_name<words::ChallengeStatus>(kChallengeStatusNames, name);
}

}  // namespace sawtooth::telemetry
