#include "telemetry/store/session_listing.hpp"

#include "telemetry/store/sqlite.hpp"

namespace sawtooth::telemetry {

namespace {

// Columns enjoyment, difficulty (the means of the answered ratings, NULL when none) and
// ratings (their count, NULL when the level has no ratings row) of a level's ratings,
// summarised by the one rule of docs/telemetry.md "Repeated ratings".
std::string rating_summary_join(const char* id_column, const char* level) {
    return std::string("LEFT JOIN (SELECT ") + id_column +
           " AS id, avg(enjoyment) AS enjoyment, avg(difficulty) AS difficulty, count(*) AS ratings FROM "
           "ratings "
           "WHERE " +
           id_column + " IS NOT NULL GROUP BY " + id_column + ") r ON r.id = " + level;
}

RatingSummary rating_at(const Statement& st, int first_col) {
    RatingSummary r;
    if (!st.is_null(first_col + 2)) r.ratings = st.int64(first_col + 2);
    if (!st.is_null(first_col)) r.enjoyment = st.real(first_col);
    if (!st.is_null(first_col + 1)) r.difficulty = st.real(first_col + 1);
    return r;
}

void read_levels(Statement& l, std::int64_t session_id, std::vector<ListedLevel>& out) {
    l.reset();
    l.bind(1, session_id);
    while (l.step())
        out.push_back({l.int64(0), l.int64(1), l.text(2), l.text(3), l.text(4), l.text(5), l.int64(6),
                       l.int64(7), rating_at(l, 8)});
}

void read_word_levels(Statement& w, std::int64_t session_id, std::vector<ListedWordLevel>& out) {
    w.reset();
    w.bind(1, session_id);
    while (w.step())
        out.push_back({w.int64(0), w.int64(1), w.text(2), w.int64(3), w.text(4), w.text(5), w.int64(6),
                       rating_at(w, 7)});
}

}  // namespace

std::vector<ListedSession> list_sessions(Store& store, const std::string& participant) {
    // The study condition exists from schema version 4 (older files are read as they are).
    const std::string condition = store.schema_version() >= 4 ? "coalesce(condition, '')" : "''";
    Statement s(store.db(),
                "SELECT session_id, participant_id, mode, started_utc, coalesce(end_reason, '(open)'), " +
                    condition + " FROM sessions WHERE ?1 = '' OR participant_id = ?1 ORDER BY session_id");
    s.bind(1, participant);
    Statement l(
        store.db(),
        "SELECT l.level_id, l.seq, l.kind, l.name, coalesce(l.seed, ''), coalesce(l.outcome, '(open)'), "
        "l.deaths, l.ticks, r.enjoyment, r.difficulty, r.ratings FROM levels l " +
            rating_summary_join("level_id", "l.level_id") + " WHERE l.session_id = ? ORDER BY l.seq");
    Statement w(
        store.db(),
        "SELECT w.word_level_id, w.seq, w.mode, w.level_number, w.seed, coalesce(w.status, '(open)'), "
        "coalesce(w.total_score, 0), r.enjoyment, r.difficulty, r.ratings FROM word_levels w " +
            rating_summary_join("word_level_id", "w.word_level_id") +
            " WHERE w.session_id = ? ORDER BY w.seq");
    std::vector<ListedSession> out;
    while (s.step()) {
        ListedSession session{s.int64(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), {}, {}};
        read_levels(l, session.session_id, session.levels);
        read_word_levels(w, session.session_id, session.word_levels);
        out.push_back(std::move(session));
    }
    return out;
}

}  // namespace sawtooth::telemetry
