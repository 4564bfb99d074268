#include "telemetry/store/merge.hpp"

#include "gen/hash.hpp"
#include "gen/printable.hpp"

#include <sqlite3.h>

#include <map>
#include <set>
#include <span>
#include <utility>

namespace sawtooth::telemetry {

namespace {

// A table whose rows belong to one row of a level table: copied and compared with the
// parent id left out (it is local to each file).
struct ChildTable {
    const char* table;
    const char* order;  ///< the rows' natural order within their parent
};

// A table of a session's levels (platformer or Elimination), with its child tables.
struct LevelTable {
    const char* table;
    const char* id_column;
    std::span<const ChildTable> children;
};

constexpr ChildTable kLevelChildren[] = {
    {"input_chunks", "chunk"}, {"events", "seq"}, {"state_hashes", "tick"}};
constexpr ChildTable kWordLevelChildren[] = {{"word_challenges", "number"}, {"word_actions", "seq"}};
constexpr LevelTable kLevelTables[] = {{"levels", "level_id", kLevelChildren},
                                       {"word_levels", "word_level_id", kWordLevelChildren}};

// The columns of a session row that are its content (its ids are the key or local).
constexpr const char* kSessionColumns = "participant_id, mode, build_id, started_utc, ended_utc, end_reason";
// The study protocol columns of schema version 4; NULL in files of older versions.
constexpr const char* kProtocolColumns = "protocol_hash, condition";
// A session's questionnaire answers (schema version 4), without their ids.
constexpr const char* kAnswerColumns =
    "after_level, questionnaire_id, item_id, value, answer_text, skipped, answer_ticks, answered_utc";
// A session's ratings with the rated level named by its position in the session, which
// is the same in every file (the level ids are not).
constexpr const char* kRatingsContentSql =
    "SELECT l.seq, w.seq, r.enjoyment, r.difficulty, r.skipped, r.answer_ticks, r.rated_utc FROM ratings r "
    "LEFT JOIN levels l ON l.level_id = r.level_id LEFT JOIN word_levels w ON w.word_level_id = "
    "r.word_level_id "
    "WHERE r.session_id = ? ORDER BY r.rating_id";

std::string join(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

std::string placeholders(std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += i ? ", ?" : "?";
    return out;
}

// Column `col` of `from`'s current row bound to parameter `index` of `to`, with its
// storage class kept (a copied row is the same bytes, so it hashes and replays the same).
void bind_column(Statement& to, int index, const Statement& from, int col) {
    switch (from.column_type(col)) {
        case SQLITE_INTEGER:
            to.bind(index, from.int64(col));
            break;
        case SQLITE_FLOAT:
            to.bind(index, from.real(col));
            break;
        case SQLITE_TEXT:
            to.bind(index, from.text(col));
            break;
        case SQLITE_BLOB:
            to.bind_blob(index, from.blob(col));
            break;
        default:
            to.bind_null(index);
            break;
    }
}

void hash_column(Hasher& h, const Statement& st, int col) {
    const int type = st.column_type(col);
    h.add_i64(type);
    switch (type) {
        case SQLITE_INTEGER:
            h.add_i64(st.int64(col));
            break;
        case SQLITE_FLOAT:
            h.add_double(st.real(col));
            break;
        case SQLITE_TEXT:
            h.add_string(st.text(col));
            break;
        case SQLITE_BLOB: {
            const std::vector<std::uint8_t> bytes = st.blob(col);
            h.add_u64(bytes.size());
            h.add_bytes(bytes.data(), bytes.size());
            break;
        }
        default:
            break;
    }
}

// Hashes every row `sql` (one `?`: `id`) returns, columns from `first_col` on.
void hash_rows(Hasher& h, Database& db, const std::string& sql, std::int64_t id, int first_col = 0) {
    Statement st(db, sql);
    st.bind(1, id);
    while (st.step()) {
        h.add_u64(0x524f57);  // a row mark: rows cannot run into each other
        for (int c = first_col; c < st.column_count(); ++c) hash_column(h, st, c);
    }
}

// The column names of the target's tables, read once: sources of an older schema have
// the same columns in these tables (the migrations only added tables and session_uid).
class Columns {
public:
    explicit Columns(Database& target) : m_db(target) {}

    /// The columns of `table` except `skip_a` and `skip_b`, in table order.
    const std::vector<std::string>& except(const std::string& table, std::string_view skip_a,
                                           std::string_view skip_b = "") {
        const std::string key = table + '/' + std::string(skip_a) + '/' + std::string(skip_b);
        auto it = m_cache.find(key);
        if (it != m_cache.end()) return it->second;
        std::vector<std::string> names;
        Statement st(m_db, "SELECT name FROM pragma_table_info(?) ORDER BY cid");
        st.bind(1, table);
        while (st.step())
            if (st.text(0) != skip_a && st.text(0) != skip_b) names.push_back(st.text(0));
        return m_cache.emplace(key, std::move(names)).first->second;
    }

private:
    Database& m_db;
    std::map<std::string, std::vector<std::string>> m_cache;
};

// The protocol columns as a file of `schema_version` holds them.
std::string protocol_columns(int schema_version) {
    return schema_version >= 4 ? kProtocolColumns : "NULL, NULL";
}

// Everything of one session that is its content, hashed the same way in every file. The
// protocol columns and answers of schema version 4 add to the hash only when a session has
// them, so every other session keeps the digest it had before (push compares digests).
std::uint64_t session_digest(Database& db, int schema_version, Columns& columns, std::int64_t session_id) {
    Hasher h;
    hash_rows(h, db, std::string("SELECT ") + kSessionColumns + " FROM sessions WHERE session_id = ?",
              session_id);
    if (schema_version >= 4)
        hash_rows(h, db,
                  std::string("SELECT ") + kProtocolColumns +
                      " FROM sessions WHERE session_id = ? AND (protocol_hash IS NOT NULL OR condition IS "
                      "NOT NULL)",
                  session_id);
    for (const LevelTable& lt : kLevelTables) {
        const auto& cols = columns.except(lt.table, lt.id_column, "session_id");
        Statement st(db, std::string("SELECT ") + lt.id_column + ", " + join(cols) + " FROM " + lt.table +
                             " WHERE session_id = ? ORDER BY seq");
        st.bind(1, session_id);
        while (st.step()) {
            h.add_u64(0x4c564c);
            for (int c = 1; c < st.column_count(); ++c) hash_column(h, st, c);
            for (const ChildTable& child : lt.children)
                hash_rows(h, db,
                          "SELECT " + join(columns.except(child.table, lt.id_column)) + " FROM " +
                              child.table + " WHERE " + lt.id_column + " = ? ORDER BY " + child.order,
                          st.int64(0));
        }
    }
    hash_rows(h, db, kRatingsContentSql, session_id);
    hash_rows(h, db,
              std::string("SELECT ") + kAnswerColumns +
                  " FROM questionnaire_answers WHERE session_id = ? ORDER BY answer_id",
              session_id);
    return h.value();
}

// Copies the rows of `child` under `old_parent` in `src` to `new_parent` in `dst`.
void copy_children(Database& src, Database& dst, Columns& columns, const LevelTable& lt,
                   const ChildTable& child, std::int64_t old_parent, std::int64_t new_parent) {
    const auto& cols = columns.except(child.table, lt.id_column);
    Statement read(src, "SELECT " + join(cols) + " FROM " + child.table + " WHERE " + lt.id_column + " = ?");
    read.bind(1, old_parent);
    Statement write(dst, std::string("INSERT INTO ") + child.table + "(" + lt.id_column + ", " + join(cols) +
                             ") VALUES (" + placeholders(cols.size() + 1) + ")");
    while (read.step()) {
        write.bind(1, new_parent);
        for (int c = 0; c < read.column_count(); ++c) bind_column(write, c + 2, read, c);
        write.run();
        write.reset();
    }
}

// Copies a session's rows of one level table with their children; returns old id -> new id.
std::map<std::int64_t, std::int64_t> copy_levels(Database& src, Database& dst, Columns& columns,
                                                 const LevelTable& lt, std::int64_t old_session,
                                                 std::int64_t new_session) {
    const auto& cols = columns.except(lt.table, lt.id_column, "session_id");
    Statement read(src, std::string("SELECT ") + lt.id_column + ", " + join(cols) + " FROM " + lt.table +
                            " WHERE session_id = ? ORDER BY seq");
    read.bind(1, old_session);
    Statement write(dst, std::string("INSERT INTO ") + lt.table + "(session_id, " + join(cols) +
                             ") VALUES (" + placeholders(cols.size() + 1) + ")");
    std::map<std::int64_t, std::int64_t> ids;
    while (read.step()) {
        write.bind(1, new_session);
        for (int c = 1; c < read.column_count(); ++c) bind_column(write, c + 1, read, c);
        write.run();
        write.reset();
        const std::int64_t new_id = dst.last_insert_id();
        ids[read.int64(0)] = new_id;
        for (const ChildTable& child : lt.children)
            copy_children(src, dst, columns, lt, child, read.int64(0), new_id);
    }
    return ids;
}

// The new id of a rated level, or NULL when the rating is of the other kind.
void bind_mapped(Statement& to, int index, const Statement& from, int col,
                 const std::map<std::int64_t, std::int64_t>& ids) {
    if (from.is_null(col)) {
        to.bind_null(index);
        return;
    }
    const auto it = ids.find(from.int64(col));
    if (it == ids.end())
        throw StoreError("a rating names level " + std::to_string(from.int64(col)) +
                         ", which is not in its session");
    to.bind(index, it->second);
}

std::size_t copy_ratings(Database& src, Database& dst, std::int64_t old_session, std::int64_t new_session,
                         const std::map<std::int64_t, std::int64_t>& level_ids,
                         const std::map<std::int64_t, std::int64_t>& word_level_ids) {
    Statement read(
        src,
        "SELECT level_id, word_level_id, enjoyment, difficulty, skipped, answer_ticks, rated_utc FROM "
        "ratings WHERE session_id = ? ORDER BY rating_id");
    read.bind(1, old_session);
    Statement write(
        dst,
        "INSERT INTO ratings(session_id, level_id, word_level_id, enjoyment, difficulty, skipped, "
        "answer_ticks, rated_utc) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    std::size_t n = 0;
    for (; read.step(); ++n) {
        write.bind(1, new_session);
        bind_mapped(write, 2, read, 0, level_ids);
        bind_mapped(write, 3, read, 1, word_level_ids);
        for (int c = 2; c < read.column_count(); ++c) bind_column(write, c + 2, read, c);
        write.run();
        write.reset();
    }
    return n;
}

std::size_t copy_answers(Database& src, Database& dst, std::int64_t old_session, std::int64_t new_session) {
    Statement read(src, std::string("SELECT ") + kAnswerColumns +
                            " FROM questionnaire_answers WHERE session_id = ? ORDER BY answer_id");
    read.bind(1, old_session);
    Statement write(dst, std::string("INSERT INTO questionnaire_answers(session_id, ") + kAnswerColumns +
                             ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    std::size_t n = 0;
    for (; read.step(); ++n) {
        write.bind(1, new_session);
        for (int c = 0; c < read.column_count(); ++c) bind_column(write, c + 2, read, c);
        write.run();
        write.reset();
    }
    return n;
}

}  // namespace

std::string derived_session_uid(const std::string& participant_id, std::int64_t session_id,
                                const std::string& started_utc, const std::string& mode,
                                const std::string& build_id) {
    Hasher h;
    h.add_string(participant_id);
    h.add_i64(session_id);
    h.add_string(started_utc);
    h.add_string(mode);
    h.add_string(build_id);
    return crockford_id("S-", h.value(), kSessionUidChars);
}

std::uint64_t session_content_digest(Store& store, std::int64_t session_id) {
    Columns columns(store.db());
    return session_digest(store.db(), store.schema_version(), columns, session_id);
}

std::size_t count_sessions(Store& store) {
    return static_cast<std::size_t>(store.db().query_int("SELECT count(*) FROM sessions"));
}

std::vector<SessionKey> session_keys(Store& store) {
    const std::string uid_column = store.schema_version() >= 3 ? "session_uid" : "NULL";
    Statement st(store.db(), "SELECT session_id, participant_id, started_utc, mode, build_id, ended_utc, " +
                                 uid_column + " FROM sessions ORDER BY session_id");
    std::vector<SessionKey> out;
    while (st.step()) {
        SessionKey s{st.int64(0), st.text(1), {}, !st.is_null(5)};
        s.uid = st.is_null(6)
                    ? derived_session_uid(s.participant_id, s.id, st.text(2), st.text(3), st.text(4))
                    : st.text(6);
        out.push_back(std::move(s));
    }
    return out;
}

namespace {

// The target's own sessions of before schema version 3 get their derived uid written, so
// a source holding the same session (a copy of the file) finds it by uid.
void store_derived_uids(Store& target) {
    Statement set(target.db(), "UPDATE sessions SET session_uid = ? WHERE session_id = ?");
    for (const SessionKey& s : session_keys(target)) {
        set.bind(1, s.uid).bind(2, s.id).run();  // a no-op for rows that had their uid
        set.reset();
    }
}

// Merges one meta row about a participant ("synthetic_skill:<id>"); a different value
// under the same key is a conflict.
void merge_participant_meta(Store& src, Store& dst, const std::string& participant_id) {
    Statement read(src.db(), "SELECT key, value FROM meta WHERE substr(key, -length(?1) - 1) = ':' || ?1");
    read.bind(1, participant_id);
    while (read.step()) {
        Statement have(dst.db(), "SELECT value FROM meta WHERE key = ?");
        have.bind(1, read.text(0));
        if (!have.step()) {
            Statement add(dst.db(), "INSERT INTO meta(key, value) VALUES (?, ?)");
            add.bind(1, read.text(0)).bind(2, read.text(1)).run();
        } else if (have.text(0) != read.text(1)) {
            throw StoreError("meta '" + printable(read.text(0)) + "' is '" + printable(read.text(1)) +
                             "' in '" + src.path() + "' but '" + printable(have.text(0)) + "' in '" +
                             dst.path() + "' (same key, different value); nothing was merged");
        }
    }
}

// Adds the source's participants the target lacks (with a selection: those of the
// selected sessions). The same id in both is one person (ids are random): the earlier
// creation time is kept.
void merge_participants(Store& src, Store& dst, const std::vector<SessionKey>& selected, bool all,
                        MergeSummary& summary) {
    std::set<std::string> wanted;
    for (const SessionKey& s : selected) wanted.insert(s.participant_id);
    Statement read(src.db(), "SELECT participant_id, created_utc FROM participants ORDER BY participant_id");
    while (read.step()) {
        const std::string id = read.text(0), created = read.text(1);
        if (!all && wanted.count(id) == 0) continue;
        Statement have(dst.db(), "SELECT created_utc FROM participants WHERE participant_id = ?");
        have.bind(1, id);
        if (!have.step()) {
            Statement add(dst.db(), "INSERT INTO participants(participant_id, created_utc) VALUES (?, ?)");
            add.bind(1, id).bind(2, created).run();
            ++summary.participants_added;
        } else if (created < have.text(0)) {
            Statement earlier(dst.db(), "UPDATE participants SET created_utc = ? WHERE participant_id = ?");
            earlier.bind(1, created).bind(2, id).run();
        }
        merge_participant_meta(src, dst, id);
    }
}

std::int64_t copy_session(Store& src, Store& dst, Columns& columns, const SessionKey& s,
                          MergeSummary& summary) {
    Statement read(src.db(), std::string("SELECT ") + kSessionColumns + ", " +
                                 protocol_columns(src.schema_version()) +
                                 " FROM sessions WHERE session_id = ?");
    read.bind(1, s.id);
    if (!read.step())
        throw StoreError("session " + std::to_string(s.id) + " vanished from '" + src.path() + "'");
    Statement write(dst.db(), std::string("INSERT INTO sessions(") + kSessionColumns + ", " +
                                  kProtocolColumns + ", session_uid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (int c = 0; c < read.column_count(); ++c) bind_column(write, c + 1, read, c);
    write.bind(9, s.uid).run();
    const std::int64_t new_id = dst.db().last_insert_id();
    const auto level_ids = copy_levels(src.db(), dst.db(), columns, kLevelTables[0], s.id, new_id);
    const auto word_level_ids = copy_levels(src.db(), dst.db(), columns, kLevelTables[1], s.id, new_id);
    summary.levels_added += level_ids.size();
    summary.word_levels_added += word_level_ids.size();
    summary.ratings_added += copy_ratings(src.db(), dst.db(), s.id, new_id, level_ids, word_level_ids);
    summary.answers_added += copy_answers(src.db(), dst.db(), s.id, new_id);
    ++summary.sessions_added;
    return new_id;
}

// Adds one source session, or checks that the target's session with its uid is the same.
void merge_session(Store& src, Store& dst, Columns& columns, const SessionKey& s, MergeSummary& summary) {
    Statement find(dst.db(), "SELECT session_id FROM sessions WHERE session_uid = ?");
    find.bind(1, s.uid);
    if (!find.step()) {
        copy_session(src, dst, columns, s, summary);
        return;
    }
    if (session_digest(src.db(), src.schema_version(), columns, s.id) !=
        session_digest(dst.db(), dst.schema_version(), columns, find.int64(0)))
        throw StoreError("session " + s.uid + " (participant " + s.participant_id + ") in '" + src.path() +
                         "' differs from the session with that id in '" + dst.path() +
                         "' (same id, different content); nothing was merged");
    ++summary.sessions_present;
}

}  // namespace

MergeSummary merge_stores(Store& target, std::vector<Store>& sources, const MergeSettings& settings) {
    MergeSummary summary;
    Transaction tx(target.db());
    store_derived_uids(target);
    Columns columns(target.db());
    for (Store& src : sources) {
        std::vector<SessionKey> sessions = session_keys(src);
        if (settings.select)
            std::erase_if(sessions, [&](const SessionKey& s) { return !settings.select(s.uid); });
        merge_participants(src, target, sessions, !settings.select, summary);
        for (const SessionKey& s : sessions) {
            merge_session(src, target, columns, s, summary);
            if (settings.on_session) settings.on_session();
        }
    }
    tx.commit();
    return summary;
}

}  // namespace sawtooth::telemetry
