#include "telemetry/store/store.hpp"

#include "game/sim/simulation.hpp"
#include "gen/number_text.hpp"
#include "gen/printable.hpp"
#include "telemetry/store/build_info.hpp"
#include "telemetry/store/columns.hpp"
#include "telemetry/store/file_kind.hpp"
#include "telemetry/store/input_rle.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <random>

namespace sawtooth::telemetry {

namespace {

// Schema version 1. Every table is documented column by column in docs/telemetry.md.
// Ids: INTEGER PRIMARY KEY rowids, except participants (pseudonymous text ids). Child
// tables cascade on delete so a participant's deletion removes everything of theirs.
constexpr const char* kSchemaV1 = R"SQL(
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE participants (
  participant_id TEXT PRIMARY KEY,
  created_utc    TEXT NOT NULL
);
CREATE TABLE sessions (
  session_id     INTEGER PRIMARY KEY,
  participant_id TEXT NOT NULL REFERENCES participants(participant_id) ON DELETE CASCADE,
  mode           TEXT NOT NULL,
  build_id       TEXT NOT NULL,
  started_utc    TEXT NOT NULL,
  ended_utc      TEXT,
  end_reason     TEXT
);
CREATE INDEX sessions_by_participant ON sessions(participant_id);
CREATE TABLE levels (
  level_id          INTEGER PRIMARY KEY,
  session_id        INTEGER NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
  seq               INTEGER NOT NULL,
  kind              TEXT NOT NULL,
  name              TEXT NOT NULL,
  seed              TEXT,
  layout            TEXT,
  rooms_w           INTEGER,
  rooms_h           INTEGER,
  room_w            INTEGER,
  room_h            INTEGER,
  level_index       INTEGER,
  alpha             REAL,
  generator_version INTEGER,
  level_hash        TEXT NOT NULL,
  level_text        TEXT NOT NULL,
  width             INTEGER NOT NULL,
  height            INTEGER NOT NULL,
  traps             INTEGER NOT NULL,
  build_id          TEXT NOT NULL,
  tick_rate         INTEGER NOT NULL,
  hash_interval     INTEGER NOT NULL,
  pos_interval      INTEGER NOT NULL,
  input_format      INTEGER NOT NULL,
  started_utc       TEXT NOT NULL,
  ended_utc         TEXT,
  outcome           TEXT,
  deaths            INTEGER NOT NULL DEFAULT 0,
  ticks             INTEGER NOT NULL DEFAULT 0,
  final_hash        TEXT,
  UNIQUE (session_id, seq)
);
CREATE TABLE input_chunks (
  level_id   INTEGER NOT NULL REFERENCES levels(level_id) ON DELETE CASCADE,
  chunk      INTEGER NOT NULL,
  first_tick INTEGER NOT NULL,
  ticks      INTEGER NOT NULL,
  rle        BLOB NOT NULL,
  checksum   INTEGER NOT NULL,
  PRIMARY KEY (level_id, chunk)
) WITHOUT ROWID;
CREATE TABLE events (
  level_id INTEGER NOT NULL REFERENCES levels(level_id) ON DELETE CASCADE,
  seq      INTEGER NOT NULL,
  tick     INTEGER NOT NULL,
  kind     TEXT NOT NULL,
  a        INTEGER NOT NULL,
  b        INTEGER NOT NULL,
  c        INTEGER NOT NULL,
  x        REAL NOT NULL,
  y        REAL NOT NULL,
  vx       REAL NOT NULL,
  vy       REAL NOT NULL,
  PRIMARY KEY (level_id, seq)
) WITHOUT ROWID;
CREATE TABLE state_hashes (
  level_id INTEGER NOT NULL REFERENCES levels(level_id) ON DELETE CASCADE,
  tick     INTEGER NOT NULL,
  hash     TEXT NOT NULL,
  PRIMARY KEY (level_id, tick)
) WITHOUT ROWID;
CREATE TABLE word_levels (
  word_level_id INTEGER PRIMARY KEY,
  session_id    INTEGER NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
  seq           INTEGER NOT NULL,
  mode          TEXT NOT NULL,
  level_number  INTEGER NOT NULL,
  seed          TEXT NOT NULL,
  date          TEXT,
  params_json   TEXT NOT NULL,
  build_id      TEXT NOT NULL,
  started_utc   TEXT NOT NULL,
  ended_utc     TEXT,
  status        TEXT,
  total_score   INTEGER,
  words_found   INTEGER,
  result_hash   TEXT,
  UNIQUE (session_id, seq)
);
CREATE TABLE word_challenges (
  word_level_id INTEGER NOT NULL REFERENCES word_levels(word_level_id) ON DELETE CASCADE,
  number        INTEGER NOT NULL,
  letters       TEXT NOT NULL,
  two_x         INTEGER NOT NULL,
  status        TEXT NOT NULL,
  word          TEXT NOT NULL,
  score         INTEGER NOT NULL,
  two_x_kept    INTEGER NOT NULL,
  kept_mask     INTEGER NOT NULL,
  start_tick    INTEGER NOT NULL,
  end_tick      INTEGER NOT NULL,
  clicks        INTEGER NOT NULL,
  resets        INTEGER NOT NULL,
  PRIMARY KEY (word_level_id, number)
) WITHOUT ROWID;
CREATE TABLE word_actions (
  word_level_id INTEGER NOT NULL REFERENCES word_levels(word_level_id) ON DELETE CASCADE,
  seq           INTEGER NOT NULL,
  tick          INTEGER NOT NULL,
  challenge     INTEGER NOT NULL,
  action        TEXT NOT NULL,
  letter_index  INTEGER NOT NULL,
  letter        TEXT NOT NULL,
  result        TEXT NOT NULL,
  PRIMARY KEY (word_level_id, seq)
) WITHOUT ROWID;
)SQL";

// Schema version 2: the post-level ratings. Built from the scales' constants so
// the CHECK constraints and the game's rating screen cannot disagree. A skipped rating has
// no answers, an answered one both; it rates exactly one platformer or word level.
std::string ratings_table_sql() {
    const std::string e = std::to_string(kEnjoymentMax), d = std::to_string(kDifficultyMax);
    return R"SQL(CREATE TABLE ratings (
  rating_id     INTEGER PRIMARY KEY,
  session_id    INTEGER NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
  level_id      INTEGER REFERENCES levels(level_id) ON DELETE CASCADE,
  word_level_id INTEGER REFERENCES word_levels(word_level_id) ON DELETE CASCADE,
  enjoyment     INTEGER CHECK (enjoyment BETWEEN 1 AND )SQL" +
           e + R"SQL(),
  difficulty    INTEGER CHECK (difficulty BETWEEN 1 AND )SQL" +
           d + R"SQL(),
  skipped       INTEGER NOT NULL CHECK (skipped IN (0, 1)),
  answer_ticks  INTEGER NOT NULL CHECK (answer_ticks >= 0),
  rated_utc     TEXT NOT NULL,
  CHECK ((level_id IS NULL) != (word_level_id IS NULL)),
  CHECK ((skipped = 1 AND enjoyment IS NULL AND difficulty IS NULL) OR
         (skipped = 0 AND enjoyment IS NOT NULL AND difficulty IS NOT NULL))
))SQL";
}

// Schema version 4: one row per questionnaire item answered or skipped. `after_level` is
// the number of the condition's levels played before the questionnaire (the position it
// was placed at; the level count for one at the end). `value` is the Likert point (1..N)
// or the chosen option's number (1..K); `answer_text` the point's anchor or the option as
// shown, so the CSV reads without the protocol file.
constexpr const char* kQuestionnaireAnswersTable = R"SQL(CREATE TABLE questionnaire_answers (
  answer_id        INTEGER PRIMARY KEY,
  session_id       INTEGER NOT NULL REFERENCES sessions(session_id) ON DELETE CASCADE,
  after_level      INTEGER NOT NULL CHECK (after_level >= 0),
  questionnaire_id TEXT NOT NULL,
  item_id          TEXT NOT NULL,
  value            INTEGER CHECK (value >= 1),
  answer_text      TEXT,
  skipped          INTEGER NOT NULL CHECK (skipped IN (0, 1)),
  answer_ticks     INTEGER NOT NULL CHECK (answer_ticks >= 0),
  answered_utc     TEXT NOT NULL,
  CHECK ((skipped = 1 AND value IS NULL AND answer_text IS NULL) OR (skipped = 0 AND value IS NOT NULL))
))SQL";

}  // namespace

// The session store: schema version 1, then one step per version (a new file runs every
// step, so each table is defined once). Steps only add (tables, indexes, nullable
// columns): a read-only view of an older file shows the added tables as empty TEMP copies;
// an added column is absent there, so its readers check schema_version() (merge does).
const FileKind& session_file_kind() {
    static const FileKind kind{
        .name = "Sawtooth database",
        .identity = "Sawtooth session database",
        .format = "",
        .application_id = kApplicationId,
        .schema_version = kSchemaVersion,
        .meta_table = "meta",
        .schema = kSchemaV1,
        .steps =
            {
                {2,
                 {ratings_table_sql(), "CREATE INDEX ratings_by_session ON ratings(session_id)",
                  "CREATE INDEX ratings_by_level ON ratings(level_id)",
                  "CREATE INDEX ratings_by_word_level ON ratings(word_level_id)"}},
                // Schema version 3: a globally unique session id, so the recordings of several
                // machines can be merged (telemetry/store/merge.hpp). NULL for sessions recorded before:
                // merge derives theirs from the row (derived_session_uid), the same on every read.
                {3,
                 {"ALTER TABLE sessions ADD COLUMN session_uid TEXT",
                  "CREATE UNIQUE INDEX sessions_by_uid ON sessions(session_uid)"}},
                // Schema version 4: designed studies. A session played under a study protocol
                // names the protocol (its hash) and the condition; NULL for every other session.
                // The questionnaire answers of such a session, one row per item.
                {4,
                 {"ALTER TABLE sessions ADD COLUMN protocol_hash TEXT",
                  "ALTER TABLE sessions ADD COLUMN condition TEXT", kQuestionnaireAnswersTable,
                  "CREATE INDEX questionnaire_answers_by_session ON questionnaire_answers(session_id)"}},
            },
        .required = {},
        .journal = JournalMode::Wal,
    };
    return kind;
}

namespace {

constexpr int kIdRandomChars = 8;
constexpr int kIdAttempts = 16;

std::string random_participant_id() {
    std::random_device rd;  // OS entropy: ids must not be predictable from a seed
    return crockford_id("P-", (static_cast<std::uint64_t>(rd()) << 32 | rd()), kIdRandomChars);
}

std::optional<std::string> opt_text(const Statement& st, int col) {
    if (st.is_null(col)) return std::nullopt;
    return st.text(col);
}

std::string layout_text(Layout l) { return std::string(layout_name(l)); }

}  // namespace

// ---- helpers ----

std::string utc_now() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

std::string hex64(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

std::uint64_t parse_hex64(std::string_view text) {
    if (text.empty() || text.size() > 16) throw StoreError("bad hash '" + printable(text) + "'");
    std::uint64_t v = 0;
    for (char ch : text) {
        int d = 0;
        if (ch >= '0' && ch <= '9')
            d = ch - '0';
        else if (ch >= 'a' && ch <= 'f')
            d = ch - 'a' + 10;
        else
            throw StoreError("bad hash '" + printable(text) + "'");
        v = v << 4 | static_cast<std::uint64_t>(d);
    }
    return v;
}

nlohmann::json params_to_json(const GenParams& p) {
    return {{"seed", std::to_string(p.seed)},
            {"layout", layout_text(p.layout)},
            {"rooms_w", p.rooms_w},
            {"rooms_h", p.rooms_h},
            {"room_w", p.room_w},
            {"room_h", p.room_h},
            {"level_index", p.level_index},
            {"alpha", p.alpha}};
}

std::string crockford_id(std::string_view prefix, std::uint64_t bits, int chars) {
    // Crockford base32 without I, L, O, U: ids read aloud or copied by hand stay unambiguous.
    constexpr const char* kAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    std::string id(prefix);
    for (int i = 0; i < chars; ++i) {
        if (i > 0 && i % 4 == 0) id += '-';
        id += kAlphabet[bits & 31];
        bits >>= 5;
    }
    return id;
}

std::string random_session_uid() {
    std::random_device rd;  // OS entropy, as participant ids: unique across machines
    return crockford_id("S-", (static_cast<std::uint64_t>(rd()) << 32 | rd()), kSessionUidChars);
}

std::string Store::default_path() {
    namespace fs = std::filesystem;
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        return (fs::path(xdg) / "sawtooth" / "sawtooth.db").string();
    const char* home = std::getenv("HOME");
    return (fs::path(home && *home ? home : ".") / ".local" / "share" / "sawtooth" / "sawtooth.db").string();
}

// ---- open ----

Store::Store(std::unique_ptr<Database> db, int schema_version)
    : m_db(std::move(db)), m_schema_version(schema_version) {}
Store::Store(Store&&) noexcept = default;
Store& Store::operator=(Store&&) noexcept = default;
Store::~Store() = default;

const std::string& Store::path() const { return m_db->path(); }

Store Store::open(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path parent = fs::path(path).parent_path();
    if (!parent.empty()) fs::create_directories(parent, ec);
    OpenedFile f = open_file(session_file_kind(), path, OpenMode::ReadWriteCreate);
    f.db->exec("PRAGMA foreign_keys = ON");
    return Store(std::move(f.db), kSchemaVersion);
}

Store Store::open_read_only(const std::string& path) {
    OpenedFile f = open_file(session_file_kind(), path, OpenMode::ReadOnly);
    return Store(std::move(f.db), f.version_found);
}

// ---- participants ----

std::string Store::create_participant() {
    Statement ins(*m_db, "INSERT OR IGNORE INTO participants(participant_id, created_utc) VALUES (?, ?)");
    for (int attempt = 0; attempt < kIdAttempts; ++attempt) {
        const std::string id = random_participant_id();
        ins.reset();
        ins.bind(1, id).bind(2, utc_now()).run();
        if (m_db->changes() == 1) return id;
    }
    throw StoreError("database '" + path() + "': could not find a free participant id");
}

bool Store::has_participant(const std::string& participant_id) {
    Statement st(*m_db, "SELECT 1 FROM participants WHERE participant_id = ?");
    st.bind(1, participant_id);
    return st.step();
}

std::string Store::default_participant() {
    // Read under the write lock: two processes starting on a new file agree on one default.
    Transaction tx(*m_db);
    std::string existing;
    {
        Statement get(*m_db, "SELECT value FROM meta WHERE key = 'default_participant'");
        if (get.step()) existing = get.text(0);
    }  // finalized: no statement may be pending when the transaction commits
    if (!existing.empty() && has_participant(existing)) return existing;  // else deleted on request
    const std::string id = create_participant();
    Statement set(*m_db, "INSERT OR REPLACE INTO meta(key, value) VALUES ('default_participant', ?)");
    set.bind(1, id).run();
    tx.commit();
    return id;
}

std::vector<ParticipantInfo> Store::participants() {
    Statement st(
        *m_db,
        "SELECT p.participant_id, p.created_utc, (SELECT count(*) FROM sessions s WHERE s.participant_id = "
        "p.participant_id) FROM participants p ORDER BY p.created_utc, p.participant_id");
    std::vector<ParticipantInfo> out;
    while (st.step()) out.push_back({st.text(0), st.text(1), st.int32(2)});
    return out;
}

void Store::delete_participant(const std::string& participant_id) {
    if (!has_participant(participant_id))
        throw StoreError("no participant '" + participant_id + "' in '" + path() + "'");
    // Overwrite deleted content instead of leaving it in free pages: deletion is a promise.
    m_db->exec("PRAGMA secure_delete = ON");
    Transaction tx(*m_db);
    Statement del(*m_db, "DELETE FROM participants WHERE participant_id = ?");
    del.bind(1, participant_id).run();
    // meta rows about the participant: the default participant (value = id) and per-id
    // keys such as the synthetic skill ("synthetic_skill:<id>"). The cascade misses them.
    Statement meta(*m_db, "DELETE FROM meta WHERE value = ?1 OR substr(key, -length(?1) - 1) = ':' || ?1");
    meta.bind(1, participant_id).run();
    tx.commit();
    // The WAL still holds the pages as they were before the delete: copy the new ones into
    // the file and empty the WAL. A reader in another process can hold old pages in it.
    Statement cp(*m_db, "PRAGMA wal_checkpoint(TRUNCATE)");
    if (cp.step() && cp.int64(0) != 0)
        throw StoreError("deleted '" + participant_id + "', but '" + path() +
                         "' is open in another program: its -wal file keeps old copies until that program "
                         "closes (the last one to close empties it)");
}

// ---- sessions ----

std::int64_t Store::begin_session(const std::string& participant_id, SessionMode mode,
                                  const std::optional<SessionProtocol>& protocol) {
    if (!has_participant(participant_id))
        throw StoreError("no participant '" + participant_id + "' in '" + path() +
                         "' (create one with `sawtooth-lab participant new`)");
    Statement st(
        *m_db,
        "INSERT INTO sessions(participant_id, mode, build_id, started_utc, session_uid, protocol_hash, "
        "condition) VALUES (?, ?, ?, ?, ?, ?, ?)");
    st.bind(1, participant_id)
        .bind(2, session_mode_name(mode))
        .bind(3, build_id())
        .bind(4, utc_now())
        .bind(5, random_session_uid());
    if (protocol)
        st.bind(6, protocol->protocol_hash).bind(7, protocol->condition);
    else
        st.bind_null(6).bind_null(7);
    st.run();
    return m_db->last_insert_id();
}

void Store::end_session(std::int64_t session_id, SessionEnd end) {
    Statement st(*m_db, "UPDATE sessions SET ended_utc = ?, end_reason = ? WHERE session_id = ?");
    st.bind(1, utc_now()).bind(2, session_end_name(end)).bind(3, session_id).run();
}

// ---- levels ----

namespace {

/// What a new levels row is made of.
struct NewLevel {
    std::int64_t session_id;
    std::int64_t seq;
    const LevelSource& source;
    int pos_interval;
};

using NewLevelRef = const NewLevel&;

/// A generator-parameter column: the value for generated levels, NULL for the others.
template <auto Read>
constexpr Column<NewLevel> param(const char* name) {
    return {name, "", [](Statement& st, int i, NewLevelRef r) {
                if (r.source.params)
                    st.bind(i, Read(*r.source.params));
                else
                    st.bind_null(i);
            }};
}

// The columns a new level fills (the others are set when it ends); types: kSchemaV1.
constexpr Column<NewLevel> kNewLevelColumns[] = {
    {"session_id", "", [](Statement& st, int i, NewLevelRef r) { st.bind(i, r.session_id); }},
    {"seq", "", [](Statement& st, int i, NewLevelRef r) { st.bind(i, r.seq); }},
    {"kind", "", [](Statement& st, int i, NewLevelRef r) { st.bind(i, level_kind_name(r.source.kind)); }},
    {"name", "", [](Statement& st, int i, NewLevelRef r) { st.bind(i, r.source.name); }},
    param<[](const GenParams& p) { return std::to_string(p.seed); }>("seed"),  // decimal text
    param<[](const GenParams& p) { return std::string(layout_name(p.layout)); }>("layout"),
    param<[](const GenParams& p) { return p.rooms_w; }>("rooms_w"),
    param<[](const GenParams& p) { return p.rooms_h; }>("rooms_h"),
    param<[](const GenParams& p) { return p.room_w; }>("room_w"),
    param<[](const GenParams& p) { return p.room_h; }>("room_h"),
    param<[](const GenParams& p) { return p.level_index; }>("level_index"),
    param<[](const GenParams& p) { return p.alpha; }>("alpha"),
    param<[](const GenParams&) { return kGeneratorVersion; }>("generator_version"),
    {"level_hash", "",
     [](Statement& st, int i, NewLevelRef r) { st.bind(i, hex64(level_hash(r.source.level))); }},
    {"level_text", "",
     [](Statement& st, int i, NewLevelRef r) { st.bind(i, to_level_text(r.source.level)); }},
    {"width", "", [](Statement& st, int i, NewLevelRef r) { st.bind(i, r.source.level.width); }},
    {"height", "", [](Statement& st, int i, NewLevelRef r) { st.bind(i, r.source.level.height); }},
    {"traps", "",
     [](Statement& st, int i, NewLevelRef r) {
         st.bind(i, static_cast<std::int64_t>(r.source.level.traps.size()));
     }},
    {"build_id", "", [](Statement& st, int i, NewLevelRef) { st.bind(i, build_id()); }},
    {"tick_rate", "", [](Statement& st, int i, NewLevelRef) { st.bind(i, kTicksPerSecond); }},
    {"hash_interval", "", [](Statement& st, int i, NewLevelRef) { st.bind(i, kStateHashInterval); }},
    {"pos_interval", "", [](Statement& st, int i, NewLevelRef r) { st.bind(i, r.pos_interval); }},
    {"input_format", "", [](Statement& st, int i, NewLevelRef) { st.bind(i, kInputFormatVersion); }},
    {"started_utc", "", [](Statement& st, int i, NewLevelRef) { st.bind(i, utc_now()); }},
};

/// What a new word_levels row is made of.
struct NewWordLevel {
    std::int64_t session_id;
    std::int64_t seq;
    const WordLevelSource& source;
};

using NewWordLevelRef = const NewWordLevel&;

// The columns a new word level fills (the others are set when it ends); types: kSchemaV1.
constexpr Column<NewWordLevel> kNewWordLevelColumns[] = {
    {"session_id", "", [](Statement& st, int i, NewWordLevelRef r) { st.bind(i, r.session_id); }},
    {"seq", "", [](Statement& st, int i, NewWordLevelRef r) { st.bind(i, r.seq); }},
    {"mode", "", [](Statement& st, int i, NewWordLevelRef r) { st.bind(i, r.source.mode); }},
    {"level_number", "", [](Statement& st, int i, NewWordLevelRef r) { st.bind(i, r.source.level_number); }},
    {"seed", "", [](Statement& st, int i, NewWordLevelRef r) { st.bind(i, std::to_string(r.source.seed)); }},
    {"date", "",
     [](Statement& st, int i, NewWordLevelRef r) {
         r.source.date.empty() ? st.bind_null(i) : st.bind(i, r.source.date);
     }},
    {"params_json", "",
     [](Statement& st, int i, NewWordLevelRef r) {
         st.bind(i, r.source.params_json.empty() ? std::string("{}") : r.source.params_json);
     }},
    {"build_id", "", [](Statement& st, int i, NewWordLevelRef) { st.bind(i, build_id()); }},
    {"started_utc", "", [](Statement& st, int i, NewWordLevelRef) { st.bind(i, utc_now()); }},
};

}  // namespace

std::int64_t Store::begin_level(std::int64_t session_id, const LevelSource& source, int pos_interval,
                                const LevelFlush& first) {
    Transaction tx(*m_db);
    Statement seq_q(*m_db, "SELECT coalesce(max(seq), 0) + 1 FROM levels WHERE session_id = ?");
    seq_q.bind(1, session_id);
    seq_q.step();
    const std::int64_t seq = seq_q.int64(0);
    seq_q.reset();  // no statement may be pending at COMMIT
    const NewLevel row{session_id, seq, source, pos_interval};
    Statement st(*m_db, insert_sql<NewLevel>("INSERT INTO", "levels", kNewLevelColumns));
    bind_columns<NewLevel>(st, kNewLevelColumns, row);
    st.run();
    const std::int64_t id = m_db->last_insert_id();
    write_flush_rows(id, first);
    tx.commit();
    return id;
}

void Store::write_flush(std::int64_t level_id, const LevelFlush& f) {
    Transaction tx(*m_db);
    write_flush_rows(level_id, f);
    tx.commit();
}

void Store::write_flush_rows(std::int64_t level_id, const LevelFlush& f) {
    if (f.chunk_ticks > 0) {
        Statement& chunk = m_db->cached(
            "INSERT OR REPLACE INTO input_chunks(level_id, chunk, first_tick, ticks, rle, checksum) "
            "VALUES (?, ?, ?, ?, ?, ?)");
        chunk.bind(1, level_id).bind(2, f.chunk_index).bind(3, static_cast<std::int64_t>(f.chunk_first_tick));
        chunk.bind(4, static_cast<std::int64_t>(f.chunk_ticks)).bind_blob(5, f.chunk_rle);
        chunk.bind(6, input_checksum(f.chunk_rle)).run();
    }
    if (!f.events.empty()) {
        Statement& ev = m_db->cached(
            "INSERT INTO events(level_id, seq, tick, kind, a, b, c, x, y, vx, vy) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        std::size_t seq = f.first_event_seq;
        for (const EventRow& e : f.events) {
            ev.reset();
            ev.bind(1, level_id)
                .bind(2, static_cast<std::int64_t>(seq++))
                .bind(3, static_cast<std::int64_t>(e.tick));
            ev.bind(4, event_kind_name(e.kind)).bind(5, e.a).bind(6, e.b).bind(7, e.c);
            ev.bind(8, e.x).bind(9, e.y).bind(10, e.vx).bind(11, e.vy).run();
        }
    }
    if (!f.hashes.empty()) {
        Statement& h =
            m_db->cached("INSERT OR REPLACE INTO state_hashes(level_id, tick, hash) VALUES (?, ?, ?)");
        for (const auto& [tick, hash] : f.hashes) {
            h.reset();
            h.bind(1, level_id).bind(2, static_cast<std::int64_t>(tick)).bind(3, hex64(hash)).run();
        }
    }
    Statement& up = m_db->cached("UPDATE levels SET ticks = ?, deaths = ? WHERE level_id = ?");
    up.bind(1, static_cast<std::int64_t>(f.ticks)).bind(2, f.deaths).bind(3, level_id).run();
    if (f.outcome) {
        Statement& end =
            m_db->cached("UPDATE levels SET outcome = ?, final_hash = ?, ended_utc = ? WHERE level_id = ?");
        end.bind(1, outcome_name(*f.outcome));
        if (f.final_hash)
            end.bind(2, hex64(*f.final_hash));
        else
            end.bind_null(2);
        end.bind(3, utc_now()).bind(4, level_id).run();
    }
}

bool Store::has_level(std::int64_t level_id) {
    Statement st(*m_db, "SELECT 1 FROM levels WHERE level_id = ?");
    st.bind(1, level_id);
    return st.step();
}

LevelRecord Store::load_level(std::int64_t level_id) {
    Statement st(*m_db, R"SQL(
SELECT l.level_id, l.session_id, s.participant_id, s.mode, l.seq, l.kind, l.name, l.seed, l.layout, l.rooms_w,
  l.rooms_h, l.room_w, l.room_h, l.level_index, l.alpha, l.generator_version, l.level_hash, l.level_text,
  l.build_id, l.tick_rate, l.hash_interval, l.pos_interval, l.input_format, l.started_utc, l.ended_utc,
  l.outcome, l.deaths, l.ticks, l.final_hash
FROM levels l JOIN sessions s ON s.session_id = l.session_id WHERE l.level_id = ?)SQL");
    st.bind(1, level_id);
    if (!st.step()) {
        if (has_level(level_id))
            throw StoreError("level " + std::to_string(level_id) + " in '" + path() +
                             "' is damaged (table levels: its session row is missing)");
        throw StoreError("no level with id " + std::to_string(level_id) + " in '" + path() + "'");
    }
    LevelRecord r;
    r.level_id = st.int64(0);
    r.session_id = st.int64(1);
    r.participant_id = st.text(2);
    r.session_mode = st.text(3);
    r.seq = st.int32(4);
    const std::string kind = st.text(5);
    const std::optional<LevelKind> parsed_kind = parse_level_kind(kind);
    if (!parsed_kind)
        throw StoreError("level " + std::to_string(level_id) + ": unknown kind '" + printable(kind) + "'");
    r.kind = *parsed_kind;
    r.name = st.text(6);
    if (!st.is_null(7)) {
        GenParams p;
        const std::string seed = st.text(7);
        const std::optional<std::uint64_t> seed_value = read_number<std::uint64_t>(seed);
        if (!seed_value)
            throw StoreError("level " + std::to_string(level_id) + ": " +
                             bad_number_message("seed", seed, number_expectation<std::uint64_t>()));
        p.seed = *seed_value;
        const auto layout = parse_layout(st.text(8));
        if (!layout)
            throw StoreError("level " + std::to_string(level_id) + ": bad layout '" + printable(st.text(8)) +
                             "'");
        p.layout = *layout;
        p.rooms_w = st.int32(9);
        p.rooms_h = st.int32(10);
        p.room_w = st.int32(11);
        p.room_h = st.int32(12);
        p.level_index = st.int32(13);
        p.alpha = st.real(14);
        r.params = p;
        r.generator_version = st.int32(15);
    }
    r.level_hash = parse_hex64(st.text(16));
    r.level_text = st.text(17);
    r.build_id = st.text(18);
    r.tick_rate = st.int32(19);
    r.hash_interval = st.int32(20);
    r.pos_interval = st.int32(21);
    r.input_format = st.int32(22);
    r.started_utc = st.text(23);
    r.ended_utc = opt_text(st, 24).value_or("");
    if (const auto o = opt_text(st, 25)) {
        r.outcome = parse_outcome(*o);
        if (!r.outcome)
            throw StoreError("level " + std::to_string(level_id) + ": bad outcome '" + printable(*o) + "'");
    }
    r.deaths = st.int32(26);
    r.ticks = static_cast<std::uint64_t>(st.int64(27));
    if (const auto h = opt_text(st, 28)) r.final_hash = parse_hex64(*h);
    return r;
}

std::vector<std::int64_t> Store::session_levels(std::int64_t session_id) {
    Statement st(*m_db, "SELECT level_id FROM levels WHERE session_id = ? ORDER BY seq");
    st.bind(1, session_id);
    std::vector<std::int64_t> out;
    while (st.step()) out.push_back(st.int64(0));
    return out;
}

std::vector<InputFrame> Store::load_inputs(std::int64_t level_id, std::uint64_t ticks) {
    Statement st(
        *m_db,
        "SELECT chunk, first_tick, ticks, rle, checksum FROM input_chunks WHERE level_id = ? ORDER BY chunk");
    st.bind(1, level_id);
    std::vector<InputFrame> frames;
    frames.reserve(static_cast<std::size_t>(ticks));
    const std::string where = "level " + std::to_string(level_id);
    int expected_chunk = 0;
    while (st.step()) {
        const int chunk = st.int32(0);
        const std::uint64_t first = static_cast<std::uint64_t>(st.int64(1));
        const std::uint64_t count = static_cast<std::uint64_t>(st.int64(2));
        const auto rle = st.blob(3);
        const std::string cwhere = where + " input chunk " + std::to_string(chunk);
        if (chunk != expected_chunk)
            throw StoreError(where + ": input chunk " + std::to_string(expected_chunk) + " missing");
        if (first != frames.size() + 1)
            throw StoreError(cwhere + " starts at tick " + std::to_string(first) + ", expected " +
                             std::to_string(frames.size() + 1));
        if (input_checksum(rle) != st.int64(4))
            throw StoreError(cwhere + " is corrupted (checksum mismatch)");
        try {
            decode_inputs(rle, count, frames);
        } catch (const InputDecodeError& e) {
            throw StoreError(cwhere + " is corrupted (" + e.what() + ")");
        }
        ++expected_chunk;
    }
    if (frames.size() < ticks)
        throw StoreError(where + ": inputs hold " + std::to_string(frames.size()) +
                         " ticks, the level row says " + std::to_string(ticks));
    // A crash between the chunk write and the row update cannot happen (one transaction),
    // so more frames than `ticks` means a damaged row: trust neither silently.
    if (frames.size() > ticks)
        throw StoreError(where + ": inputs hold " + std::to_string(frames.size()) + " ticks, more than the " +
                         std::to_string(ticks) + " the level row says");
    return frames;
}

std::vector<EventRow> Store::load_events(std::int64_t level_id) {
    Statement st(*m_db,
                 "SELECT tick, kind, a, b, c, x, y, vx, vy FROM events WHERE level_id = ? ORDER BY seq");
    st.bind(1, level_id);
    std::vector<EventRow> out;
    while (st.step()) {
        const auto kind = parse_event_kind(st.text(1));
        if (!kind)
            throw StoreError("level " + std::to_string(level_id) + ": unknown event kind '" +
                             printable(st.text(1)) + "'");
        out.push_back({static_cast<std::uint64_t>(st.int64(0)), *kind, st.int32(2), st.int32(3), st.int32(4),
                       st.real(5), st.real(6), st.real(7), st.real(8)});
    }
    return out;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> Store::load_state_hashes(std::int64_t level_id) {
    Statement st(*m_db, "SELECT tick, hash FROM state_hashes WHERE level_id = ? ORDER BY tick");
    st.bind(1, level_id);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
    while (st.step()) out.emplace_back(static_cast<std::uint64_t>(st.int64(0)), parse_hex64(st.text(1)));
    return out;
}

// ---- words ----

std::int64_t Store::begin_word_level(std::int64_t session_id, const WordLevelSource& s) {
    Transaction tx(*m_db);
    Statement seq_q(*m_db, "SELECT coalesce(max(seq), 0) + 1 FROM word_levels WHERE session_id = ?");
    seq_q.bind(1, session_id);
    seq_q.step();
    const std::int64_t seq = seq_q.int64(0);
    seq_q.reset();  // no statement may be pending at COMMIT
    const NewWordLevel row{session_id, seq, s};
    Statement st(*m_db, insert_sql<NewWordLevel>("INSERT INTO", "word_levels", kNewWordLevelColumns));
    bind_columns<NewWordLevel>(st, kNewWordLevelColumns, row);
    st.run();
    const std::int64_t id = m_db->last_insert_id();
    tx.commit();
    return id;
}

void Store::add_word_actions(std::int64_t word_level_id, const std::vector<WordActionRow>& actions) {
    add_word_progress(word_level_id, actions, {});
}

void Store::add_word_challenge(std::int64_t word_level_id, const WordChallengeRow& c) {
    add_word_progress(word_level_id, {}, {c});
}

void Store::add_word_progress(std::int64_t word_level_id, const std::vector<WordActionRow>& actions,
                              const std::vector<WordChallengeRow>& challenges) {
    if (actions.empty() && challenges.empty()) return;
    Transaction tx(*m_db);
    insert_word_actions(word_level_id, actions);
    for (const WordChallengeRow& c : challenges) insert_word_challenge(word_level_id, c);
    tx.commit();
}

void Store::insert_word_actions(std::int64_t word_level_id, const std::vector<WordActionRow>& actions) {
    if (actions.empty()) return;
    Statement seq_q(*m_db, "SELECT coalesce(max(seq), 0) FROM word_actions WHERE word_level_id = ?");
    seq_q.bind(1, word_level_id);
    seq_q.step();
    std::int64_t seq = seq_q.int64(0);
    seq_q.reset();
    Statement st(
        *m_db,
        "INSERT INTO word_actions(word_level_id, seq, tick, challenge, action, letter_index, letter, result) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    for (const WordActionRow& a : actions) {
        st.reset();
        st.bind(1, word_level_id)
            .bind(2, ++seq)
            .bind(3, static_cast<std::int64_t>(a.tick))
            .bind(4, a.challenge);
        st.bind(5, action_kind_name(a.action))
            .bind(6, a.letter_index)
            .bind(7, a.letter)
            .bind(8, a.result)
            .run();
    }
}

void Store::insert_word_challenge(std::int64_t word_level_id, const WordChallengeRow& c) {
    Statement st(
        *m_db,
        "INSERT OR REPLACE INTO word_challenges(word_level_id, number, letters, two_x, status, word, score, "
        "two_x_kept, kept_mask, start_tick, end_tick, clicks, resets) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)");
    st.bind(1, word_level_id)
        .bind(2, c.number)
        .bind(3, c.letters)
        .bind(4, c.two_x)
        .bind(5, challenge_status_name(c.status));
    st.bind(6, c.word)
        .bind(7, c.score)
        .bind(8, c.two_x_kept ? 1 : 0)
        .bind(9, static_cast<std::int64_t>(c.kept_mask));
    st.bind(10, static_cast<std::int64_t>(c.start_tick)).bind(11, static_cast<std::int64_t>(c.end_tick));
    st.bind(12, c.clicks).bind(13, c.resets).run();
}

void Store::end_word_level(std::int64_t word_level_id, WordLevelEnd end, int total_score, int words_found,
                           std::uint64_t result_hash) {
    Statement st(
        *m_db,
        "UPDATE word_levels SET ended_utc = ?, status = ?, total_score = ?, words_found = ?, result_hash = ? "
        "WHERE word_level_id = ?");
    st.bind(1, utc_now())
        .bind(2, word_level_end_name(end))
        .bind(3, total_score)
        .bind(4, words_found)
        .bind(5, hex64(result_hash));
    st.bind(6, word_level_id).run();
}

// ---- ratings ----

std::int64_t Store::add_rating(const RatingRow& r) {
    const bool answered = r.enjoyment && r.difficulty;
    if (r.level_id.has_value() == r.word_level_id.has_value())
        throw StoreError("a rating must name one platformer level or one word level");
    if (r.skipped ? (r.enjoyment || r.difficulty) : !answered)
        throw StoreError("a rating is either skipped (no answers) or has both answers");
    if (answered && (*r.enjoyment < 1 || *r.enjoyment > kEnjoymentMax || *r.difficulty < 1 ||
                     *r.difficulty > kDifficultyMax))
        throw StoreError("rating out of range: enjoyment " + std::to_string(*r.enjoyment) + " (1-" +
                         std::to_string(kEnjoymentMax) + "), difficulty " + std::to_string(*r.difficulty) +
                         " (1-" + std::to_string(kDifficultyMax) + ")");
    // The session is the rated level's: one fact, read from its row.
    const bool word = r.word_level_id.has_value();
    const std::int64_t id = word ? *r.word_level_id : *r.level_id;
    Statement st(*m_db,
                 std::string("INSERT INTO ratings(session_id, level_id, word_level_id, enjoyment, "
                             "difficulty, skipped, answer_ticks, rated_utc) SELECT session_id, ?, ?, ?, "
                             "?, ?, ?, ? FROM ") +
                     (word ? "word_levels WHERE word_level_id = ?" : "levels WHERE level_id = ?"));
    if (word)
        st.bind_null(1).bind(2, id);
    else
        st.bind(1, id).bind_null(2);
    if (answered)
        st.bind(3, *r.enjoyment).bind(4, *r.difficulty);
    else
        st.bind_null(3).bind_null(4);
    st.bind(5, r.skipped ? 1 : 0).bind(6, static_cast<std::int64_t>(r.answer_ticks)).bind(7, utc_now());
    st.bind(8, id).run();
    if (m_db->changes() != 1)
        throw StoreError(std::string("no ") + (word ? "word level" : "level") + " with id " +
                         std::to_string(id) + " in '" + path() + "' to rate");
    return m_db->last_insert_id();
}

// ---- questionnaire answers ----

std::int64_t Store::add_questionnaire_answer(const QuestionnaireAnswerRow& a) {
    if (a.skipped ? (a.value || !a.answer_text.empty()) : !a.value)
        throw StoreError("a questionnaire answer is either skipped (no value) or has a value");
    if (a.value && *a.value < 1)
        throw StoreError("questionnaire answer value " + std::to_string(*a.value) + " is below 1");
    Statement st(
        *m_db,
        "INSERT INTO questionnaire_answers(session_id, after_level, questionnaire_id, item_id, value, "
        "answer_text, skipped, answer_ticks, answered_utc) SELECT session_id, ?, ?, ?, ?, ?, ?, ?, ? "
        "FROM sessions WHERE session_id = ?");
    st.bind(1, a.after_level).bind(2, a.questionnaire_id).bind(3, a.item_id);
    if (a.value)
        st.bind(4, *a.value).bind(5, a.answer_text);
    else
        st.bind_null(4).bind_null(5);
    st.bind(6, a.skipped ? 1 : 0).bind(7, static_cast<std::int64_t>(a.answer_ticks)).bind(8, utc_now());
    st.bind(9, a.session_id).run();
    if (m_db->changes() != 1)
        throw StoreError("no session with id " + std::to_string(a.session_id) + " in '" + path() +
                         "' for a questionnaire answer");
    return m_db->last_insert_id();
}

}  // namespace sawtooth::telemetry
