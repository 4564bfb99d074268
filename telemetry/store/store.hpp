#pragma once
// The session store (SPEC P5, docs/telemetry.md): one SQLite file in WAL mode holding participants,
// sessions, platformer levels with their inputs / events / state hashes, and Elimination
// word levels with their challenges and actions, and the players' ratings of both kinds of
// level. Schema and columns: docs/telemetry.md.
//
// Opening checks the file before anything can write to it: damaged files, files of other
// applications and files from a newer schema version are refused with a one-line
// StoreError and left byte-for-byte untouched. A writable open upgrades an older schema
// in one transaction (a failed upgrade changes no byte); a read-only open never writes.
// Not thread-safe: one Store per thread.

#include "gen/generator.hpp"
#include "gen/level.hpp"
#include "telemetry/store/events.hpp"
#include "telemetry/store/sqlite.hpp"
#include "telemetry/store/stored_kinds.hpp"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sawtooth::telemetry {

/// Schema version written to PRAGMA user_version; bump with a step in store.cpp
/// (session_file_kind(), telemetry/store/file_kind.hpp). 1: the first schema; 2: table ratings; 3:
/// sessions.session_uid; 4: sessions.protocol_hash and sessions.condition, table questionnaire_answers.
inline constexpr int kSchemaVersion = 4;
/// Random Crockford characters of a session uid ("S-XXXX-XXXX-XXXX": 60 bits).
inline constexpr int kSessionUidChars = 12;
/// PRAGMA application_id of Sawtooth databases ("SAWT").
inline constexpr std::int32_t kApplicationId = 0x53415754;
/// The "format" and "format_version" of Store::export_participant's JSON.
inline constexpr const char* kParticipantExportFormat = "sawtooth-participant-export";
inline constexpr int kParticipantExportVersion = 1;

/// Where a level came from, and the Level itself (its canonical text is always stored).
struct LevelSource {
    LevelKind kind = LevelKind::File;
    std::string name;                 ///< shown in listings (file name, "Level 3/10")
    std::optional<GenParams> params;  ///< set for generated levels: replay regenerates from it
    Level level;
};

/// A levels row.
struct LevelRecord {
    std::int64_t level_id = 0;
    std::int64_t session_id = 0;
    std::string participant_id;
    std::string session_mode;
    int seq = 0;  ///< 1-based position in its session
    LevelKind kind = LevelKind::File;
    std::string name;
    std::optional<GenParams> params;
    int generator_version = 0;
    std::uint64_t level_hash = 0;
    std::string level_text;
    std::string build_id;
    int tick_rate = 0;
    int hash_interval = 0;
    int pos_interval = 0;
    int input_format = 0;
    std::string started_utc;
    std::string ended_utc;                   ///< empty while open (or after a crash)
    std::optional<RecordedOutcome> outcome;  ///< empty while open (or after a crash)
    int deaths = 0;
    std::uint64_t ticks = 0;                  ///< ticks stored (updated at every flush)
    std::optional<std::uint64_t> final_hash;  ///< state hash after the last tick, once ended
};

/// One flush of a level in progress: written in a single transaction.
struct LevelFlush {
    std::uint64_t ticks = 0;  ///< ticks recorded so far
    int deaths = 0;
    int chunk_index = 0;  ///< input chunk being (re)written
    std::uint64_t chunk_first_tick = 1;
    std::uint64_t chunk_ticks = 0;
    std::vector<std::uint8_t> chunk_rle;
    std::vector<EventRow> events;  ///< new rows since the previous flush
    std::size_t first_event_seq = 0;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> hashes;  ///< (tick, hash), new ones
    std::optional<RecordedOutcome> outcome;                       ///< set by the final flush
    std::optional<std::uint64_t> final_hash;
};

/// A participants row.
struct ParticipantInfo {
    std::string participant_id;
    std::string created_utc;
    int sessions = 0;
};

/// A word_levels row's identity (Elimination; written by the word mode).
struct WordLevelSource {
    std::string mode;      ///< "levels", "infinite", "daily"
    int level_number = 0;  ///< 1-based within the mode
    std::uint64_t seed = 0;
    std::string date;         ///< daily mode: "YYYY-MM-DD"
    std::string params_json;  ///< generator parameters as JSON
};

/// One word_challenges row (words::ChallengeResult as stored).
struct WordChallengeRow {
    int number = 0;
    std::string letters;
    int two_x = -1;
    words::ChallengeStatus status = words::ChallengeStatus::Playing;
    std::string word;
    int score = 0;
    bool two_x_kept = false;
    std::uint32_t kept_mask = 0;
    std::uint32_t start_tick = 0;
    std::uint32_t end_tick = 0;
    int clicks = 0;
    int resets = 0;
};

/// One word_actions row.
struct WordActionRow {
    std::uint32_t tick = 0;
    int challenge = 0;  ///< 1-based challenge number the action went to
    words::ActionKind action = words::ActionKind::Tick;
    int letter_index = -1;  ///< original letter position (click), -1 otherwise
    std::string letter;     ///< typed or removed letter, empty when none
    std::string result;     ///< "ignored", "removed", "restored", "solved", "timed_out"
};

/// The rating scales asked after a level: enjoyment 1..kEnjoymentMax, perceived
/// difficulty 1..kDifficultyMax. The ratings table's CHECK constraints are built from them.
inline constexpr int kEnjoymentMax = 10;
inline constexpr int kDifficultyMax = 7;

/// One ratings row to add. Exactly one of level_id / word_level_id is set; the session is
/// the rated level's. A skipped rating has neither answer; an answered one has both.
struct RatingRow {
    std::optional<std::int64_t> level_id;       ///< platformer level (levels.level_id)
    std::optional<std::int64_t> word_level_id;  ///< Elimination level (word_levels.word_level_id)
    std::optional<int> enjoyment;               ///< 1..kEnjoymentMax
    std::optional<int> difficulty;              ///< 1..kDifficultyMax
    bool skipped = false;
    std::uint32_t answer_ticks = 0;  ///< 1/60 s from the rating screen appearing to the answer
};

/// The study protocol a session is played under (telemetry/study/study_protocol.hpp).
struct SessionProtocol {
    std::string protocol_hash;  ///< protocol_hash() of the protocol file
    std::string condition;      ///< the condition's name
};

/// One questionnaire_answers row to add (schema version 4). A skipped item has no value.
struct QuestionnaireAnswerRow {
    std::int64_t session_id = 0;
    int after_level = 0;  ///< levels of the condition played before the questionnaire
    std::string questionnaire_id;
    std::string item_id;
    std::optional<int> value;  ///< Likert point 1..N or the chosen option's number 1..K
    std::string answer_text;   ///< the point's anchor or the option as shown ("" when skipped)
    bool skipped = false;
    std::uint32_t answer_ticks = 0;  ///< 1/60 s from the item appearing to the answer
};

/// The store.
class Store {
public:
    /// $XDG_DATA_HOME/sawtooth/sawtooth.db, else ~/.local/share/sawtooth/sawtooth.db.
    static std::string default_path();

    /// Opens for recording: creates the file (and its folder) and the schema if missing.
    static Store open(const std::string& path);
    /// Opens an existing store without ever writing to it (replay, export, listings).
    static Store open_read_only(const std::string& path);

    Store(Store&&) noexcept;
    Store& operator=(Store&&) noexcept;
    ~Store();

    const std::string& path() const;
    Database& db() { return *m_db; }
    /// The file's schema version (PRAGMA user_version) when it was opened. A writable open
    /// upgrades older files, so this is kSchemaVersion there; a read-only open leaves an
    /// older file as it is and shows the tables added since as empty TEMP tables.
    int schema_version() const { return m_schema_version; }

    // ---- participants ----
    /// A new pseudonymous participant id ("P-XXXX-XXXX", random, never a name).
    std::string create_participant();
    /// True if the participant exists.
    bool has_participant(const std::string& participant_id);
    /// This installation's participant for free play (created on first use).
    std::string default_participant();
    std::vector<ParticipantInfo> participants();
    /// Everything recorded for a participant as JSON (format kParticipantExportFormat,
    /// docs/telemetry.md): their meta rows, sessions, levels with every column, decoded
    /// inputs, events, state hashes, word levels with challenges and actions. Throws
    /// StoreError for an unknown id.
    nlohmann::json export_participant(const std::string& participant_id);
    /// Deletes a participant and everything recorded for them (cascade, their meta rows),
    /// overwriting the freed bytes (secure_delete) and emptying the WAL so the id's bytes
    /// remain nowhere in the files. Throws StoreError when another connection keeps the
    /// WAL from being emptied (the rows are deleted; old copies stay until it closes).
    void delete_participant(const std::string& participant_id);

    // ---- sessions ----
    /// Starts a session for an existing participant, stored as session_mode_name(mode);
    /// `protocol` for a session played under a study protocol. Returns session_id.
    std::int64_t begin_session(const std::string& participant_id, SessionMode mode,
                               const std::optional<SessionProtocol>& protocol = std::nullopt);
    /// Marks a session ended (end_reason: session_end_name(end)).
    void end_session(std::int64_t session_id, SessionEnd end);

    // ---- platformer levels ----
    /// Adds a levels row (level text, hash, params, build id) and returns level_id. `first`
    /// (the start events) is written in the same transaction: a kill never leaves a level
    /// row without them.
    std::int64_t begin_level(std::int64_t session_id, const LevelSource& source, int pos_interval,
                             const LevelFlush& first = {});
    /// Writes one flush in a single transaction.
    void write_flush(std::int64_t level_id, const LevelFlush& flush);
    /// Loads a levels row; throws StoreError("no level with id N ...").
    LevelRecord load_level(std::int64_t level_id);
    /// True when table levels holds a row with this id, however damaged the row is.
    bool has_level(std::int64_t level_id);
    /// Every level id of a session, in play order.
    std::vector<std::int64_t> session_levels(std::int64_t session_id);
    /// Decodes and checks the input chunks of a level (contiguous, checksums, counts).
    std::vector<InputFrame> load_inputs(std::int64_t level_id, std::uint64_t ticks);
    std::vector<EventRow> load_events(std::int64_t level_id);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> load_state_hashes(std::int64_t level_id);

    // ---- Elimination word levels ----
    /// Adds a word_levels row and returns word_level_id.
    std::int64_t begin_word_level(std::int64_t session_id, const WordLevelSource& source);
    /// Appends actions (commit per call; the word mode calls it per click or per second).
    void add_word_actions(std::int64_t word_level_id, const std::vector<WordActionRow>& actions);
    /// Stores a finished challenge.
    void add_word_challenge(std::int64_t word_level_id, const WordChallengeRow& challenge);
    /// Appends actions and stores the challenges they finished in one transaction, so a
    /// crash never leaves the actions of a finished challenge without its row (the replay
    /// check compares the two).
    void add_word_progress(std::int64_t word_level_id, const std::vector<WordActionRow>& actions,
                           const std::vector<WordChallengeRow>& challenges);
    /// Ends a word level.
    void end_word_level(std::int64_t word_level_id, WordLevelEnd end, int total_score, int words_found,
                        std::uint64_t result_hash);

    // ---- ratings ----
    /// Adds a ratings row for a recorded level and returns rating_id; throws StoreError for
    /// an unknown level, values off the scales or a row that is neither skipped nor answered.
    std::int64_t add_rating(const RatingRow& rating);

    // ---- questionnaire answers ----
    /// Adds a questionnaire_answers row and returns answer_id; throws StoreError for an
    /// unknown session or a row that is neither skipped nor answered.
    std::int64_t add_questionnaire_answer(const QuestionnaireAnswerRow& answer);

private:
    Store(std::unique_ptr<Database> db, int schema_version);
    /// write_flush's rows, inside the caller's transaction.
    void write_flush_rows(std::int64_t level_id, const LevelFlush& flush);
    /// add_word_progress's rows, inside the caller's transaction.
    void insert_word_actions(std::int64_t word_level_id, const std::vector<WordActionRow>& actions);
    void insert_word_challenge(std::int64_t word_level_id, const WordChallengeRow& challenge);
    std::unique_ptr<Database> m_db;
    int m_schema_version = kSchemaVersion;
};

/// `prefix` + the low 5 × `chars` bits of `bits` in Crockford base32 (no I, L, O, U),
/// a '-' after every 4 characters: "P-XXXX-XXXX", "S-XXXX-XXXX-XXXX".
std::string crockford_id(std::string_view prefix, std::uint64_t bits, int chars);
/// A new session uid from the OS entropy source: globally unique, never derived from anything.
std::string random_session_uid();

/// Current UTC time as "YYYY-MM-DDTHH:MM:SSZ".
std::string utc_now();
/// 16 lower-case hex digits.
std::string hex64(std::uint64_t v);
/// Parses hex64 output; throws StoreError.
std::uint64_t parse_hex64(std::string_view text);
/// GenParams as JSON and back (the levels row also keeps them in columns).
nlohmann::json params_to_json(const GenParams& p);

}  // namespace sawtooth::telemetry
