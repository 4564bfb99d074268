#include "telemetry/store/export.hpp"

#include "telemetry/store/input_rle.hpp"

#include <sqlite3.h>

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace sawtooth::telemetry {

namespace {

namespace fs = std::filesystem;

// Tables exported as they are, with their row order. input_chunks is exported decoded
// (inputs.csv) and levels without its multi-line level_text (written as files instead).
struct TableExport {
    const char* file;
    const char* sql;
};
constexpr TableExport kTables[] = {
    // meta holds the store's creation, the default participant and, for simulated
    // studies, each synthetic participant's skill profile (synthetic_skill:<id>).
    {"meta", "SELECT key, value FROM meta ORDER BY key"},
    {"participants",
     "SELECT participant_id, created_utc FROM participants ORDER BY created_utc, participant_id"},
    {"sessions", "SELECT * FROM sessions ORDER BY session_id"},
    {"levels",
     "SELECT level_id, session_id, seq, kind, name, seed, layout, rooms_w, rooms_h, room_w, room_h, "
     "level_index, "
     "alpha, generator_version, level_hash, width, height, traps, build_id, tick_rate, hash_interval, "
     "pos_interval, "
     "input_format, started_utc, ended_utc, outcome, deaths, ticks, final_hash FROM levels ORDER BY "
     "level_id"},
    {"events", "SELECT * FROM events ORDER BY level_id, seq"},
    {"state_hashes", "SELECT * FROM state_hashes ORDER BY level_id, tick"},
    {"word_levels", "SELECT * FROM word_levels ORDER BY word_level_id"},
    {"word_challenges", "SELECT * FROM word_challenges ORDER BY word_level_id, number"},
    {"word_actions", "SELECT * FROM word_actions ORDER BY word_level_id, seq"},
    // participant_id is the session's, joined in so a rating analysis needs no join.
    {"ratings",
     "SELECT r.rating_id, r.session_id, s.participant_id, r.level_id, r.word_level_id, r.enjoyment, "
     "r.difficulty, r.skipped, r.answer_ticks, r.rated_utc FROM ratings r JOIN sessions s ON s.session_id = "
     "r.session_id ORDER BY r.rating_id"},
    // Schema version 4; the session's condition is in sessions.csv (protocol_hash, condition).
    {"questionnaire_answers",
     "SELECT a.answer_id, a.session_id, s.participant_id, a.after_level, a.questionnaire_id, a.item_id, "
     "a.value, "
     "a.answer_text, a.skipped, a.answer_ticks, a.answered_utc FROM questionnaire_answers a JOIN sessions s "
     "ON "
     "s.session_id = a.session_id ORDER BY a.answer_id"},
};

std::string number_text(double v) {
    char buf[32];
#ifdef __EMSCRIPTEN__
    // Emscripten 3.1.6's libc++ has no floating-point to_chars: the fewest significant
    // digits that read back exactly, in printf's %g layout (docs/web.md).
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
#else
    const auto res = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back exactly
    return std::string(buf, res.ptr);
#endif
}

std::string field_of(const Statement& st, int col) {
    switch (st.column_type(col)) {
        case SQLITE_NULL:
            return {};
        case SQLITE_INTEGER:
            return std::to_string(st.int64(col));
        case SQLITE_FLOAT:
            return number_text(st.real(col));
        case SQLITE_BLOB:
            return {};  // no table exported as-is holds blobs
        default:
            return csv_field(st.text(col));
    }
}

std::ofstream open_out(const fs::path& p) {
    std::ofstream out(p, std::ios::binary);
    if (!out) throw StoreError("cannot write '" + p.string() + "'");
    return out;
}

std::string keys_text(InputFrame f) { return format_keys(f); }

}  // namespace

std::string csv_field(const std::string& value) {
    if (value.find_first_of(",\"\n\r") == std::string::npos) return value;
    std::string out = "\"";
    for (char ch : value) {
        if (ch == '"') out += '"';
        out += ch;
    }
    out += '"';
    return out;
}

namespace {

/// One table as TABLE.csv; returns the rows written.
std::size_t export_table(Database& db, const TableExport& t, const fs::path& out_dir) {
    Statement st(db, t.sql);
    std::ofstream out = open_out(out_dir / (std::string(t.file) + ".csv"));
    for (int c = 0; c < st.column_count(); ++c) out << (c ? "," : "") << st.column_name(c);
    out << "\n";
    std::size_t rows = 0;
    while (st.step()) {
        for (int c = 0; c < st.column_count(); ++c) out << (c ? "," : "") << field_of(st, c);
        out << "\n";
        ++rows;
    }
    return rows;
}

/// inputs.csv: one row per run of equal frames, ticks 1-based and inclusive.
std::size_t export_inputs(Database& db, const fs::path& out_dir) {
    Statement st(db,
                 "SELECT level_id, chunk, first_tick, ticks, rle FROM input_chunks ORDER BY level_id, chunk");
    std::ofstream out = open_out(out_dir / "inputs.csv");
    out << "level_id,chunk,first_tick,last_tick,ticks,keys,left,right,up,down\n";
    std::size_t rows = 0;
    while (st.step()) {
        const std::int64_t level = st.int64(0);
        std::uint64_t tick = static_cast<std::uint64_t>(st.int64(2));
        std::vector<InputRun> runs;
        try {
            runs = decode_runs(st.blob(4));
        } catch (const InputDecodeError& e) {
            throw StoreError("level " + std::to_string(level) + " input chunk " +
                             std::to_string(st.int64(1)) + " is corrupted (" + e.what() + ")");
        }
        for (const InputRun& r : runs) {
            out << level << "," << st.int64(1) << "," << tick << "," << tick + r.ticks - 1 << "," << r.ticks
                << "," << keys_text(r.frame) << "," << int(r.frame.held(kInputLeft)) << ","
                << int(r.frame.held(kInputRight)) << "," << int(r.frame.held(kInputUp)) << ","
                << int(r.frame.held(kInputDown)) << "\n";
            tick += r.ticks;
            ++rows;
        }
    }
    return rows;
}

/// level_texts/level_ID.txt for every level; returns how many.
std::size_t export_level_texts(Database& db, const fs::path& out_dir) {
    Statement st(db, "SELECT level_id, level_text FROM levels ORDER BY level_id");
    std::size_t n = 0;
    while (st.step()) {
        std::ofstream out =
            open_out(out_dir / "level_texts" / ("level_" + std::to_string(st.int64(0)) + ".txt"));
        out << st.text(1);
        ++n;
    }
    return n;
}

}  // namespace

namespace {

/// `<parent>/.<name>.partial-<pid>`: beside the destination, so the final rename stays on
/// one file system (atomic), and hidden, so it is never taken for a finished export.
fs::path partial_name(const fs::path& final_path) {
    fs::path p = final_path;
    if (p.filename().empty()) p = p.parent_path();  // "out/" names the folder "out"
    std::string name = ".";
    name += p.filename().string();
    name += ".partial-";
    name += std::to_string(::getpid());
    return p.parent_path() / name;
}

/// Refuses a destination that holds anything: an export never mixes with other files.
void check_free_destination(const fs::path& out) {
    std::error_code ec;
    if (!fs::exists(out, ec)) return;
    if (!fs::is_directory(out, ec) || !fs::is_empty(out, ec))
        throw StoreError("'" + out.string() +
                         "' already exists and is not an empty folder: choose a new one");
}

/// The tables of one snapshot into `dir`.
ExportSummary write_tables(Database& db, const fs::path& dir) {
    ExportSummary summary;
    // One read transaction: every file sees the same snapshot even while the game writes.
    db.exec("BEGIN");
    try {
        for (const TableExport& t : kTables)
            summary.files.emplace_back(std::string(t.file) + ".csv", export_table(db, t, dir));
        summary.files.emplace_back("inputs.csv", export_inputs(db, dir));
        summary.files.emplace_back("level_texts/", export_level_texts(db, dir));
    } catch (...) {
        db.exec("ROLLBACK");
        throw;
    }
    db.exec("COMMIT");
    return summary;
}

}  // namespace

ExportSummary export_csv(Store& store, const std::string& out_dir) {
    const fs::path out = fs::path(out_dir).lexically_normal();
    check_free_destination(out);
    const fs::path partial = partial_name(out);
    std::error_code ec;
    fs::remove_all(partial, ec);  // left by a killed export of this same pid number
    fs::create_directories(partial / "level_texts", ec);
    if (ec) throw StoreError("cannot create '" + partial.string() + "': " + ec.message());
    ExportSummary summary;
    try {
        summary = write_tables(store.db(), partial);
        // A folder rename is atomic: the final name holds a whole export or nothing. An
        // empty folder at the final name is replaced.
        fs::rename(partial, out, ec);
        if (ec)
            throw StoreError("cannot rename '" + partial.string() + "' to '" + out.string() +
                             "': " + ec.message());
    } catch (...) {
        fs::remove_all(partial, ec);
        throw;
    }
    return summary;
}

void write_file_atomically(const std::string& path, const std::string& bytes) {
    const fs::path final_path(path);
    const fs::path partial = partial_name(final_path);
    const int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw StoreError("cannot write '" + path + "': " + std::strerror(errno));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += static_cast<std::size_t>(n);
    }
    const int err = done == bytes.size() ? (::fsync(fd) == 0 ? 0 : errno) : errno;
    ::close(fd);
    if (err == 0 && ::rename(partial.c_str(), final_path.c_str()) == 0) return;
    const int rename_err = err ? err : errno;
    ::unlink(partial.c_str());
    throw StoreError("cannot write '" + path + "': " + std::strerror(rename_err));
}

// ---- participant export (declared in store.hpp) ----

namespace {

using nlohmann::json;

json optional_text(const Statement& st, int c) { return st.is_null(c) ? json(nullptr) : json(st.text(c)); }

/// A level's recorded inputs as runs of equal frames.
json level_inputs_json(Database& db, std::int64_t lid) {
    json runs = json::array();
    Statement ch(db, "SELECT rle FROM input_chunks WHERE level_id = ? ORDER BY chunk");
    ch.bind(1, lid);
    while (ch.step()) {
        try {
            for (const InputRun& run : decode_runs(ch.blob(0)))
                runs.push_back({{"keys", format_keys(run.frame)}, {"ticks", run.ticks}});
        } catch (const InputDecodeError& e) {
            throw StoreError("level " + std::to_string(lid) + ": input chunk is corrupted (" + e.what() +
                             ")");
        }
    }
    return runs;
}

json events_json(const std::vector<EventRow>& rows) {
    json events = json::array();
    for (const EventRow& e : rows)
        events.push_back({{"tick", e.tick},
                          {"kind", event_kind_name(e.kind)},
                          {"a", e.a},
                          {"b", e.b},
                          {"c", e.c},
                          {"x", e.x},
                          {"y", e.y},
                          {"vx", e.vx},
                          {"vy", e.vy}});
    return events;
}

/// One platformer level with its inputs, events and state hashes.
json level_json(Store& store, std::int64_t lid) {
    const LevelRecord r = store.load_level(lid);
    json jl = {{"level_id", lid},
               {"seq", r.seq},
               {"kind", level_kind_name(r.kind)},
               {"name", r.name},
               {"level_hash", hex64(r.level_hash)},
               {"level_text", r.level_text},
               {"build_id", r.build_id},
               {"started_utc", r.started_utc},
               {"ended_utc", r.ended_utc.empty() ? json(nullptr) : json(r.ended_utc)},
               {"outcome", r.outcome ? json(outcome_name(*r.outcome)) : json(nullptr)},
               {"deaths", r.deaths},
               {"ticks", r.ticks},
               {"final_hash", r.final_hash ? json(hex64(*r.final_hash)) : json(nullptr)}};
    if (r.params) {
        jl["params"] = params_to_json(*r.params);
        jl["generator_version"] = r.generator_version;
    }
    Statement grid(store.db(),
                   "SELECT width, height, traps, tick_rate, hash_interval, pos_interval, input_format FROM "
                   "levels WHERE level_id = ?");
    grid.bind(1, lid);
    if (grid.step()) {
        const char* names[] = {"width",         "height",       "traps",       "tick_rate",
                               "hash_interval", "pos_interval", "input_format"};
        for (int c = 0; c < 7; ++c) jl[names[c]] = grid.int64(c);
    }
    jl["inputs"] = level_inputs_json(store.db(), lid);
    jl["events"] = events_json(store.load_events(lid));
    json hashes = json::array();
    for (const auto& [tick, hash] : store.load_state_hashes(lid))
        hashes.push_back({{"tick", tick}, {"hash", hex64(hash)}});
    jl["state_hashes"] = std::move(hashes);
    return jl;
}

json word_challenges_json(Database& db, std::int64_t wid) {
    json challenges = json::array();
    Statement c(db,
                "SELECT number, letters, two_x, status, word, score, two_x_kept, kept_mask, start_tick, "
                "end_tick, clicks, resets FROM word_challenges WHERE word_level_id = ? ORDER BY number");
    c.bind(1, wid);
    while (c.step())
        challenges.push_back({{"number", c.int64(0)},
                              {"letters", c.text(1)},
                              {"two_x", c.int64(2)},
                              {"status", c.text(3)},
                              {"word", c.text(4)},
                              {"score", c.int64(5)},
                              {"two_x_kept", c.int64(6) != 0},
                              {"kept_mask", c.int64(7)},
                              {"start_tick", c.int64(8)},
                              {"end_tick", c.int64(9)},
                              {"clicks", c.int64(10)},
                              {"resets", c.int64(11)}});
    return challenges;
}

json word_actions_json(Database& db, std::int64_t wid) {
    json actions = json::array();
    Statement a(db,
                "SELECT tick, challenge, action, letter_index, letter, result FROM word_actions WHERE "
                "word_level_id = ? ORDER BY seq");
    a.bind(1, wid);
    while (a.step())
        actions.push_back({{"tick", a.int64(0)},
                           {"challenge", a.int64(1)},
                           {"action", a.text(2)},
                           {"letter_index", a.int64(3)},
                           {"letter", a.text(4)},
                           {"result", a.text(5)}});
    return actions;
}

/// The word levels of a session with their challenges and actions.
json session_word_levels_json(Database& db, std::int64_t sid) {
    json words = json::array();
    Statement w(
        db,
        "SELECT word_level_id, seq, mode, level_number, seed, date, params_json, build_id, started_utc, "
        "ended_utc, status, total_score, words_found, result_hash FROM word_levels WHERE session_id = ? "
        "ORDER BY seq");
    w.bind(1, sid);
    while (w.step()) {
        const std::int64_t wid = w.int64(0);
        json jw = {{"word_level_id", wid},
                   {"seq", w.int64(1)},
                   {"mode", w.text(2)},
                   {"level_number", w.int64(3)},
                   {"seed", w.text(4)},
                   {"date", optional_text(w, 5)},
                   {"params", json::parse(w.text(6), nullptr, false)},
                   {"build_id", w.text(7)},
                   {"started_utc", w.text(8)},
                   {"ended_utc", optional_text(w, 9)},
                   {"status", optional_text(w, 10)},
                   {"total_score", w.is_null(11) ? json(nullptr) : json(w.int64(11))},
                   {"words_found", w.is_null(12) ? json(nullptr) : json(w.int64(12))},
                   {"result_hash", optional_text(w, 13)}};
        jw["challenges"] = word_challenges_json(db, wid);
        jw["actions"] = word_actions_json(db, wid);
        words.push_back(std::move(jw));
    }
    return words;
}

/// The ratings given in a session.
json session_ratings_json(Database& db, std::int64_t sid) {
    json ratings = json::array();
    Statement r(db,
                "SELECT rating_id, level_id, word_level_id, enjoyment, difficulty, skipped, answer_ticks, "
                "rated_utc FROM ratings WHERE session_id = ? ORDER BY rating_id");
    r.bind(1, sid);
    auto opt_int = [&](int col) { return r.is_null(col) ? json(nullptr) : json(r.int64(col)); };
    while (r.step())
        ratings.push_back({{"rating_id", r.int64(0)},
                           {"level_id", opt_int(1)},
                           {"word_level_id", opt_int(2)},
                           {"enjoyment", opt_int(3)},
                           {"difficulty", opt_int(4)},
                           {"skipped", r.int64(5) != 0},
                           {"answer_ticks", r.int64(6)},
                           {"rated_utc", r.text(7)}});
    return ratings;
}

/// The questionnaire answers of a session (schema version 4).
json session_answers_json(Database& db, std::int64_t sid) {
    json answers = json::array();
    Statement a(
        db,
        "SELECT answer_id, after_level, questionnaire_id, item_id, value, answer_text, skipped, "
        "answer_ticks, answered_utc FROM questionnaire_answers WHERE session_id = ? ORDER BY answer_id");
    a.bind(1, sid);
    while (a.step())
        answers.push_back({{"answer_id", a.int64(0)},
                           {"after_level", a.int64(1)},
                           {"questionnaire_id", a.text(2)},
                           {"item_id", a.text(3)},
                           {"value", a.is_null(4) ? json(nullptr) : json(a.int64(4))},
                           {"answer_text", optional_text(a, 5)},
                           {"skipped", a.int64(6) != 0},
                           {"answer_ticks", a.int64(7)},
                           {"answered_utc", a.text(8)}});
    return answers;
}

/// meta rows about the participant (the rows delete_participant removes with them).
json participant_meta_json(Database& db, const std::string& participant_id) {
    json rows = json::object();
    Statement m(db,
                "SELECT key, value FROM meta WHERE value = ?1 OR substr(key, -length(?1) - 1) = ':' || ?1 "
                "ORDER BY key");
    m.bind(1, participant_id);
    while (m.step()) rows[m.text(0)] = m.text(1);
    return rows;
}

}  // namespace

nlohmann::json Store::export_participant(const std::string& participant_id) {
    Statement p(*m_db, "SELECT participant_id, created_utc FROM participants WHERE participant_id = ?");
    p.bind(1, participant_id);
    if (!p.step()) throw StoreError("no participant '" + participant_id + "' in '" + path() + "'");
    json out = {{"format", kParticipantExportFormat}, {"format_version", kParticipantExportVersion},
                {"participant_id", p.text(0)},        {"created_utc", p.text(1)},
                {"schema_version", m_schema_version}, {"meta", participant_meta_json(*m_db, participant_id)}};
    json sessions = json::array();
    // The protocol columns exist from schema version 4 (a read-only open keeps older files as they are).
    const std::string protocol = m_schema_version >= 4 ? "protocol_hash, condition" : "NULL, NULL";
    Statement s(*m_db, "SELECT session_id, mode, build_id, started_utc, ended_utc, end_reason, " + protocol +
                           " FROM sessions WHERE participant_id = ? ORDER BY session_id");
    s.bind(1, participant_id);
    while (s.step()) {
        const std::int64_t sid = s.int64(0);
        json js = {{"session_id", sid},
                   {"mode", s.text(1)},
                   {"build_id", s.text(2)},
                   {"started_utc", s.text(3)},
                   {"ended_utc", optional_text(s, 4)},
                   {"end_reason", optional_text(s, 5)},
                   {"protocol_hash", optional_text(s, 6)},
                   {"condition", optional_text(s, 7)}};
        json levels = json::array();
        for (const std::int64_t lid : session_levels(sid)) levels.push_back(level_json(*this, lid));
        js["levels"] = std::move(levels);
        js["word_levels"] = session_word_levels_json(*m_db, sid);
        js["ratings"] = session_ratings_json(*m_db, sid);
        js["questionnaire_answers"] = session_answers_json(*m_db, sid);
        sessions.push_back(std::move(js));
    }
    out["sessions"] = std::move(sessions);
    return out;
}

}  // namespace sawtooth::telemetry
