#pragma once
// The stored form of an Elimination word level (docs/elimination.md §11): writes its rows and
// params_json, loads it back, and verifies it by replay. Shared by the game's live recorder
// (game/app/words/words_level_recorder), `sawtooth-lab study --mode words` and `replay --verify`,
// so every writer stores the same params_json and every reader checks recordings the same
// way. Watching the screen and deciding when to write is the live recorder's job, not this.
//
// Verification regenerates the challenges from the stored seed and parameters (proving the
// generator is deterministic), compares them with the stored letters and 2X positions,
// then re-runs the stored actions through LevelPlay and compares every action's
// outcome, every challenge result, the totals and the result hash. When the generator
// version or dictionary differs from the recording's, it warns and replays on the stored
// letters instead (best effort, as the platformer replay does for another build).

#include "game/words/modes.hpp"
#include "game/words/play.hpp"
#include "gen/error.hpp"
#include "telemetry/store/store.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sawtooth::telemetry {

/// Thrown when a stored word level cannot be read back (bad seed, params, action rows).
class WordRecordingError : public Error {
public:
    using Error::Error;
};

/// Identifies a word list: FNV-1a 64 of the file text it was parsed from (the game hashes
/// the asset the same way, so recordings of the game and of the tools compare).
std::uint64_t dictionary_text_hash(std::string_view text);

/// params_json of a word level: the LevelParams plus `word_gen_version`, `dictionary_hash`,
/// `start_tick` and `transition_ticks` (all a replay needs besides the seed). The game's
/// recorder (game/app/words/words_level_recorder.cpp) writes the same keys.
std::string word_params_json(const words::LevelParams& params, std::uint64_t dict_hash,
                             std::uint32_t start_tick, const words::LevelPlaySettings& settings);

/// The word_levels identity of a generated mode level (`params_json` from word_params_json);
/// throws sawtooth::Error for a Custom level (see custom_word_level_source).
WordLevelSource word_level_source(const words::ModeLevel& level, std::uint64_t dict_hash,
                                  std::uint32_t start_tick, const words::LevelPlaySettings& settings = {});

/// The word_levels identity of a custom (hand-made) level: mode "custom", seed 0, and
/// params_json holding its challenges (letters and 2X positions) instead of generator
/// parameters, so a replay plays the whole level as it was, not only the challenges reached.
WordLevelSource custom_word_level_source(const std::vector<words::Challenge>& challenges,
                                         std::uint64_t dict_hash, std::uint32_t start_tick,
                                         const words::LevelPlaySettings& settings = {});

/// Stored form of a result.
WordChallengeRow word_challenge_row(const words::ChallengeResult& r);
/// "ignored", "removed", "restored", "solved", "timed_out".
const char* outcome_name(words::Outcome o);
/// "complete", "timed_out", "playing": a replay's state in messages (the stored end of a
/// level is a WordLevelEnd, telemetry/store/stored_kinds.hpp).
const char* level_status_name(words::LevelStatus s);

/// Applies `a` to `play` and returns its stored row (challenge number before the action,
/// the letter clicked or typed, the outcome). The game's recorder calls this per action;
/// `outcome`, when given, receives what the action did.
WordActionRow apply_and_describe(words::LevelPlay& play, const words::Action& a,
                                 words::Outcome* outcome = nullptr);

/// Records a whole finished (or abandoned) level in one go: word_levels row, every action,
/// every finished challenge, the end row. Used by simulated studies; returns word_level_id.
std::int64_t record_word_level(Store& store, std::int64_t session_id, const words::ModeLevel& level,
                               const words::Dictionary& dict, std::uint64_t dict_hash,
                               const std::vector<words::Challenge>& challenges,
                               const std::vector<words::Action>& actions, std::uint32_t start_tick = 0,
                               const words::LevelPlaySettings& settings = {});

/// A word level as stored.
struct WordRecording {
    std::int64_t word_level_id = 0;
    std::int64_t session_id = 0;
    std::string participant_id;
    std::string mode;
    int level_number = 0;
    std::uint64_t seed = 0;
    std::string date;
    std::string params_json;
    std::string build_id;
    std::optional<WordLevelEnd> status;  ///< empty while never ended
    int total_score = 0;
    int words_found = 0;
    std::optional<std::uint64_t> result_hash;
    std::vector<WordChallengeRow> challenges;  ///< finished challenges, numbered 1, 2, ...
    std::optional<WordChallengeRow> open;      ///< a quit level's unfinished challenge ("playing")
    std::vector<WordActionRow> actions;
    // decoded from params_json (when present)
    std::optional<words::LevelParams> params;
    std::optional<int> gen_version;
    std::optional<std::uint64_t> dict_hash;
    std::optional<std::uint64_t> root_seed;           ///< the mode or run seed (Levels, Infinite)
    std::vector<words::Challenge> custom_challenges;  ///< a custom level's challenges (letters, 2X)
    std::uint32_t start_tick = 0;
    words::LevelPlaySettings settings;
};

/// True if a word level with this id exists.
bool has_word_level(Store& store, std::int64_t word_level_id);
/// Word level ids of a session, in play order.
std::vector<std::int64_t> session_word_levels(Store& store, std::int64_t session_id);
/// Loads and decodes a word level; throws StoreError ("no word level with id N ...") or
/// WordRecordingError naming the bad field (one line).
WordRecording load_word_recording(Store& store, std::int64_t word_level_id);

/// Outcome of a verification.
struct WordReplayReport {
    bool regenerated = false;  ///< challenges came from the generator (else stored letters)
    int actions_checked = 0;
    int challenges_checked = 0;
    int total_score = 0;
    int words_found = 0;
    words::LevelStatus status = words::LevelStatus::Playing;  ///< where the replay's play stopped
    std::uint64_t result_hash = 0;
    std::vector<std::string> warnings;
    std::optional<std::string> mismatch;  ///< first difference, e.g. "action 7 (tick 412 click 3): ..."
};

/// Regenerates a recorded level as this build generates it: through its mode's run when the
/// recording stores a root seed (the level avoids its run's earlier challenges), else from
/// its seed and parameters alone. Throws WordRecordingError without parameters, and what
/// generation throws.
words::GeneratedLevel regenerate_word_level(const words::Dictionary& dict, const WordRecording& rec);

/// Regenerates and replays a recording (see the header comment; a custom level replays on
/// the challenges its params_json holds, checked against the stored ones); `dict_hash` is
/// dictionary_text_hash of the word list `dict` came from. Throws WordRecordingError when
/// the recording cannot be replayed at all (no parameters and no stored letters).
WordReplayReport verify_word_replay(const words::Dictionary& dict, std::uint64_t dict_hash,
                                    const WordRecording& rec);

/// LevelParams to/from JSON (the fields word_params_json writes).
std::string level_params_json(const words::LevelParams& p);
/// Parses the LevelParams part of params_json; throws WordRecordingError.
words::LevelParams parse_level_params(const std::string& params_json);

}  // namespace sawtooth::telemetry
