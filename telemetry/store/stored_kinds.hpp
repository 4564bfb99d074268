#pragma once
// Kinds the session store keeps as text: what a session was (sessions.mode), where a level
// came from (levels.kind), how a word
// level ended (word_levels.status), the state of a word challenge (word_challenges.status) and
// a word action (word_actions.action).
// Each is an enum in code with one name/parse pair here, at the storage boundary; the text
// form is what the database, CSV export and JSON export hold (docs/telemetry.md).

#include <cstdint>
#include <optional>
#include <string_view>

#include "game/words/modes.hpp"
#include "game/words/play.hpp"

namespace sawtooth::telemetry {

/// What a session was: the mode the game recorded it under (sessions.mode).
enum class SessionMode : std::uint8_t {
    Study,          ///< the thesis study (tutorials and study levels) or a protocol run
    Free,           ///< play the player chose: free play, packs, adaptive play, the editor
    Single,         ///< the one level named on the game's command line
    Scripted,       ///< a headless run of the game from an input script (no player)
    WordsLevels,    ///< Elimination, Levels mode
    WordsInfinite,  ///< Elimination, Infinite mode
    WordsDaily,     ///< Elimination, Daily mode
    WordsCustom,    ///< Elimination, a hand-made level
};
/// "study", "free", "single", "scripted", "words-levels", "words-infinite", "words-daily", "words-custom".
std::string_view session_mode_name(SessionMode mode);
/// Inverse of session_mode_name.
std::optional<SessionMode> parse_session_mode(std::string_view name);
/// The session mode of an Elimination level of `mode`.
SessionMode words_session_mode(words::Mode mode);

/// Where a platformer level came from.
enum class LevelKind : std::uint8_t {
    Generated,  ///< from GenParams: a replay regenerates it
    File,       ///< a level file (hand-made, a pack's, the editor's)
    Tutorial,   ///< a tutorial level of the thesis study
};
/// "generated", "file", "tutorial".
std::string_view level_kind_name(LevelKind kind);
/// Inverse of level_kind_name.
std::optional<LevelKind> parse_level_kind(std::string_view name);

/// How a word level ended (word_levels.status).
enum class WordLevelEnd : std::uint8_t {
    Complete,  ///< every challenge finished before the level's time ran out
    TimedOut,  ///< the level's time ran out
    Quit,      ///< the player left mid-level (or the window closed)
};
/// "complete", "timed_out", "quit".
std::string_view word_level_end_name(WordLevelEnd end);
/// Inverse of word_level_end_name.
std::optional<WordLevelEnd> parse_word_level_end(std::string_view name);
/// The end of a level whose play stopped in `status` (Playing: the player quit).
WordLevelEnd word_level_end(words::LevelStatus status);

/// "click", "type", "reset", "timeout" (word_actions.action; Tick is stored as "timeout":
/// only a tick that ended a challenge is logged).
std::string_view action_kind_name(words::ActionKind kind);
/// Inverse of action_kind_name.
std::optional<words::ActionKind> parse_action_kind(std::string_view name);

/// "solved", "timed_out", "playing" (word_challenges.status).
std::string_view challenge_status_name(words::ChallengeStatus status);
/// Inverse of challenge_status_name.
std::optional<words::ChallengeStatus> parse_challenge_status(std::string_view name);

}  // namespace sawtooth::telemetry
