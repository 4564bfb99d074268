#include "telemetry/curation/word_catalog.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <utility>

#include "gen/hash.hpp"
#include "gen/printable.hpp"
#include "gen/words/level_table.hpp"
#include "gen/words/state_space.hpp"
#include "telemetry/store/build_info.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/store/store.hpp"

namespace sawtooth::telemetry {

namespace w = sawtooth::words;

namespace {

constexpr const char* kSchemaV1Table = R"sql(
CREATE TABLE catalog_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE challenges(
  mode TEXT NOT NULL, params TEXT NOT NULL, root_seed INTEGER NOT NULL, date TEXT NOT NULL,
  level INTEGER NOT NULL, challenge INTEGER NOT NULL,
  generator_version INTEGER NOT NULL, challenge_hash TEXT NOT NULL,
  letters TEXT NOT NULL, length INTEGER NOT NULL, sources TEXT NOT NULL, two_x INTEGER NOT NULL,
  fitness REAL NOT NULL, word_count INTEGER NOT NULL, reachable_words INTEGER NOT NULL,
  reachable_common_words INTEGER NOT NULL, shortest_reachable INTEGER NOT NULL,
  longest_reachable INTEGER NOT NULL, reachable_states INTEGER NOT NULL,
  dead_end_states INTEGER NOT NULL, min_clicks INTEGER NOT NULL)sql";
constexpr const char* kPrimaryKey = "PRIMARY KEY (mode, params, root_seed, date, level, challenge)";

struct Column {
    const char* name;
    const char* type;
};

// Added by schema version 2 (per-length rank bands, docs/curation.md "Challenge
// catalogue"), after the version 1 columns: an upgraded file has them at the same place.
// NULL in rows an upgrade found (a re-run stores them again); a rank column is also NULL
// when the challenge has no reachable word of that length.
constexpr Column kLengthColumns[] = {
    {"reachable_short_words", "INTEGER"}, {"reachable_long_words", "INTEGER"}, {"short_rank_min", "REAL"},
    {"short_rank_max", "REAL"},           {"long_rank_min", "REAL"},           {"long_rank_max", "REAL"}};
constexpr int kVersion1Columns = 21;

std::string schema_sql() {
    std::string s = kSchemaV1Table;
    for (const Column& c : kLengthColumns) s += ",\n  " + std::string(c.name) + " " + c.type;
    return s + ",\n  " + kPrimaryKey + ") WITHOUT ROWID;\n";
}

std::string insert_sql() {
    std::string s = "INSERT OR REPLACE INTO challenges VALUES (?";
    for (std::size_t i = 1; i < kVersion1Columns + std::size(kLengthColumns); ++i) s += ", ?";
    return s + ")";
}

std::string meta_value(Database& db, const std::string& key) {
    Statement st(db, "SELECT value FROM catalog_meta WHERE key = ?");
    st.bind(1, key);
    return st.step() ? st.text(0) : std::string();
}

// Refuses files this build must not touch, before any statement that could write.
// Returns true when the file is empty (a new catalogue).
bool check_file(Database& db) {
    const std::string name = "'" + db.path() + "'";
    std::int64_t version = 0, app_id = 0, tables = 0;
    try {
        version = db.query_int("PRAGMA user_version");
        app_id = db.query_int("PRAGMA application_id");
        tables = db.query_int("SELECT count(*) FROM sqlite_schema WHERE type = 'table'");
    } catch (const StoreError&) {
        throw StoreError(name + " is not a challenge catalogue (not an SQLite database)");
    }
    if (version == 0 && tables == 0 && app_id == 0) return true;
    if (app_id == kApplicationId)
        throw StoreError(name + " is a Sawtooth session database, not a challenge catalogue");
    if (app_id == kCatalogApplicationId)
        throw StoreError(name + " is a level catalogue, not a challenge catalogue");
    if (app_id != kWordCatalogApplicationId)
        throw StoreError(name + " is not a challenge catalogue (application_id " + std::to_string(app_id) +
                         ")");
    if (version != kWordCatalogSchemaVersion && version != 1)
        throw StoreError("challenge catalogue " + name + " has schema version " + std::to_string(version) +
                         ", this build reads version " + std::to_string(kWordCatalogSchemaVersion));
    const std::string gen = meta_value(db, "word_generator_version");
    if (gen != std::to_string(w::kWordGenVersion))
        throw StoreError("challenge catalogue " + name + " holds challenges of word generator version " +
                         printable(gen) + ", this build generates version " +
                         std::to_string(w::kWordGenVersion) + " (start a new catalogue)");
    return false;
}

// Version 1 -> 2 in place, in one transaction: every column and the new version are
// committed, or nothing is and the file keeps every byte.
void upgrade_schema(Database& db) {
    try {
        Transaction tx(db);
        // Another process may have upgraded it meanwhile: read again under the write lock.
        if (db.query_int("PRAGMA user_version") >= kWordCatalogSchemaVersion) return;
        for (const Column& c : kLengthColumns)
            db.exec("ALTER TABLE challenges ADD COLUMN " + std::string(c.name) + " " + c.type);
        Statement meta(db, "INSERT OR REPLACE INTO catalog_meta(key, value) VALUES (?, ?)");
        meta.bind(1, "schema_version").bind(2, std::to_string(kWordCatalogSchemaVersion)).run();
        meta.reset();
        meta.bind(1, "upgraded_to_schema_" + std::to_string(kWordCatalogSchemaVersion))
            .bind(2, utc_now() + " by " + std::string(build_id()))
            .run();
        meta.reset();  // no statement may be pending at COMMIT
        db.exec("PRAGMA user_version = " + std::to_string(kWordCatalogSchemaVersion));
        tx.commit();
    } catch (const StoreError& e) {
        const std::string what = e.what();
        throw StoreError("challenge catalogue '" + db.path() +
                         "' could not be upgraded from schema version 1 to " +
                         std::to_string(kWordCatalogSchemaVersion) + " (" +
                         what.substr(what.rfind(": ") + 2) + "); it is unchanged");
    }
}

void create_schema(Database& db) {
    Transaction tx(db);
    db.exec(schema_sql());
    Statement meta(db, "INSERT INTO catalog_meta(key, value) VALUES (?, ?)");
    const std::pair<std::string, std::string> rows[] = {
        {"format", "sawtooth-challenge-catalog"},
        {"schema_version", std::to_string(kWordCatalogSchemaVersion)},
        {"word_generator_version", std::to_string(w::kWordGenVersion)},
        {"created_utc", utc_now()},
        {"created_by_build", std::string(build_id())}};
    for (const auto& [k, v] : rows) {
        meta.bind(1, k).bind(2, v).run();
        meta.reset();
    }
    db.exec("PRAGMA application_id = " + std::to_string(kWordCatalogApplicationId));
    db.exec("PRAGMA user_version = " + std::to_string(kWordCatalogSchemaVersion));
    tx.commit();
}

std::string joined_sources(const w::Challenge& c) {
    std::string s;
    for (const std::string& word : c.source_words) s += (s.empty() ? "" : " ") + word;
    return s;
}

void bind_row(Statement& st, const WordCatalogRow& r) {
    int i = 0;
    const auto next = [&] { return ++i; };
    st.bind(next(), r.mode);
    st.bind(next(), r.params);
    st.bind(next(), static_cast<std::int64_t>(r.root_seed));
    st.bind(next(), r.date);
    st.bind(next(), r.level);
    st.bind(next(), r.challenge);
    st.bind(next(), r.generator_version);
    st.bind(next(), hex64(challenge_hash(r.data)));
    st.bind(next(), w::to_upper(r.data.letters));
    st.bind(next(), r.stats.length);
    st.bind(next(), joined_sources(r.data));
    st.bind(next(), r.data.two_x);
    st.bind(next(), r.data.fitness);
    for (const std::int64_t v :
         {std::int64_t{r.stats.word_count}, std::int64_t{r.stats.reachable_words},
          std::int64_t{r.stats.reachable_common_words}, std::int64_t{r.stats.shortest_reachable},
          std::int64_t{r.stats.longest_reachable}, r.stats.reachable_states, r.stats.dead_end_states,
          std::int64_t{r.stats.min_clicks}})
        st.bind(next(), v);
    for (const std::int64_t v :
         {std::int64_t{r.stats.reachable_short_words}, std::int64_t{r.stats.reachable_long_words}})
        st.bind(next(), v);
    for (const std::optional<double>& v :
         {r.stats.short_rank_min, r.stats.short_rank_max, r.stats.long_rank_min, r.stats.long_rank_max})
        st.bind(next(), v);
}

void widen(std::optional<double>& lo, std::optional<double>& hi, double rank) {
    lo = lo ? std::min(*lo, rank) : rank;
    hi = hi ? std::max(*hi, rank) : rank;
}

}  // namespace

WordChallengeStats word_challenge_stats(const w::Dictionary& dict, const std::string& letters) {
    const w::StateSpace ss = w::analyze_state_space(dict, letters);
    WordChallengeStats s;
    s.length = static_cast<int>(ss.letters.size());
    s.word_count = static_cast<int>(ss.words.size());
    s.reachable_states = static_cast<std::int64_t>(ss.reachable_states);
    s.dead_end_states = static_cast<std::int64_t>(ss.dead_end_states);
    for (const w::WordReach& r : ss.words) {
        if (!r.reachable) continue;
        const int len = static_cast<int>(r.word.size());
        ++s.reachable_words;
        s.reachable_common_words += dict.rank_percentile(r.id) < w::kDefaultCommonRankPercentile;
        s.shortest_reachable = s.shortest_reachable == 0 ? len : std::min(s.shortest_reachable, len);
        s.longest_reachable = std::max(s.longest_reachable, len);
        const double rank = dict.rank_percentile(r.id);
        if (len <= w::kShortWordMax) {
            ++s.reachable_short_words;
            widen(s.short_rank_min, s.short_rank_max, rank);
        } else if (len >= w::kLongWordMin && len <= w::kLongWordMax) {
            ++s.reachable_long_words;
            widen(s.long_rank_min, s.long_rank_max, rank);
        }
    }
    s.min_clicks = s.reachable_words > 0 ? s.length - s.longest_reachable : 0;
    return s;
}

std::uint64_t challenge_hash(const w::Challenge& c) {
    return fnv1a64(w::to_lower(c.letters) + ":" + std::to_string(c.two_x));
}

WordCatalog::WordCatalog(std::unique_ptr<Database> db) : m_db(std::move(db)) {}
WordCatalog::WordCatalog(WordCatalog&&) noexcept = default;
WordCatalog& WordCatalog::operator=(WordCatalog&&) noexcept = default;
WordCatalog::~WordCatalog() = default;

WordCatalog WordCatalog::open(const std::string& path) {
    auto db = std::make_unique<Database>(path, OpenMode::ReadWriteCreate);
    const bool fresh = check_file(*db);
    db->exec("PRAGMA synchronous = NORMAL");  // rollback journal, as the level catalogue
    if (fresh) create_schema(*db);
    if (!fresh && db->query_int("PRAGMA user_version") < kWordCatalogSchemaVersion) upgrade_schema(*db);
    return WordCatalog(std::move(db));
}

WordCatalogJobs WordCatalog::done(int rows_per_job) {
    Statement st(*m_db,
                 "SELECT mode, CASE mode WHEN 'seed' THEN params ELSE '' END AS job_params, root_seed, date "
                 "FROM challenges GROUP BY mode, job_params, root_seed, date "
                 "HAVING count(*) = ? AND count(reachable_short_words) = count(*)");
    st.bind(1, rows_per_job);
    WordCatalogJobs out;
    while (st.step())
        out.emplace(st.text(0), st.text(1), static_cast<std::uint64_t>(st.int64(2)), st.text(3));
    return out;
}

void WordCatalog::put(const std::vector<WordCatalogRow>& rows) {
    Transaction tx(*m_db);
    Statement st(*m_db, insert_sql());
    for (const WordCatalogRow& r : rows) {
        bind_row(st, r);
        st.run();
        st.reset();
    }
    tx.commit();
}

std::int64_t WordCatalog::count() { return m_db->query_int("SELECT count(*) FROM challenges"); }

}  // namespace sawtooth::telemetry
