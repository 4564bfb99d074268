#include "telemetry/curation/word_catalog.hpp"

#include <algorithm>
#include <utility>

#include "gen/hash.hpp"
#include "gen/printable.hpp"
#include "gen/words/level_table.hpp"
#include "gen/words/state_space.hpp"
#include "telemetry/store/columns.hpp"
#include "telemetry/store/file_kind.hpp"
#include "telemetry/store/store.hpp"

namespace sawtooth::telemetry {

namespace w = sawtooth::words;

namespace {

std::string joined_sources(const w::Challenge& c) {
    std::string s;
    for (const std::string& word : c.source_words) s += (s.empty() ? "" : " ") + word;
    return s;
}

using Row = const WordCatalogRow&;

/// A statistics column (WordChallengeStats member).
template <auto Member>
constexpr Column<WordCatalogRow> stat(const char* name) {
    return {name, "INTEGER NOT NULL",
            [](Statement& st, int i, Row r) { st.bind(i, static_cast<std::int64_t>(r.stats.*Member)); }};
}

// Column order of the table (docs/curation.md "Elimination: catalogue and similarity");
// the first kKeyColumns form the key.
constexpr Column<WordCatalogRow> kColumns[] = {
    {"mode", "TEXT NOT NULL", [](Statement& st, int i, Row r) { st.bind(i, r.mode); }},
    {"params", "TEXT NOT NULL", [](Statement& st, int i, Row r) { st.bind(i, r.params); }},
    {"root_seed", "INTEGER NOT NULL", [](Statement& st, int i, Row r) { st.bind_u64(i, r.root_seed); }},
    {"date", "TEXT NOT NULL", [](Statement& st, int i, Row r) { st.bind(i, r.date); }},
    {"level", "INTEGER NOT NULL", [](Statement& st, int i, Row r) { st.bind(i, r.level); }},
    {"challenge", "INTEGER NOT NULL", [](Statement& st, int i, Row r) { st.bind(i, r.challenge); }},
    {"generator_version", "INTEGER NOT NULL",
     [](Statement& st, int i, Row r) { st.bind(i, r.generator_version); }},
    {"challenge_hash", "TEXT NOT NULL",
     [](Statement& st, int i, Row r) { st.bind(i, hex64(challenge_hash(r.data))); }},
    {"letters", "TEXT NOT NULL",
     [](Statement& st, int i, Row r) { st.bind(i, w::to_upper(r.data.letters)); }},
    stat<&WordChallengeStats::length>("length"),
    {"sources", "TEXT NOT NULL", [](Statement& st, int i, Row r) { st.bind(i, joined_sources(r.data)); }},
    {"two_x", "INTEGER NOT NULL", [](Statement& st, int i, Row r) { st.bind(i, r.data.two_x); }},
    {"fitness", "REAL NOT NULL", [](Statement& st, int i, Row r) { st.bind(i, r.data.fitness); }},
    stat<&WordChallengeStats::word_count>("word_count"),
    stat<&WordChallengeStats::reachable_words>("reachable_words"),
    stat<&WordChallengeStats::reachable_common_words>("reachable_common_words"),
    stat<&WordChallengeStats::shortest_reachable>("shortest_reachable"),
    stat<&WordChallengeStats::longest_reachable>("longest_reachable"),
    stat<&WordChallengeStats::reachable_states>("reachable_states"),
    stat<&WordChallengeStats::dead_end_states>("dead_end_states"),
    stat<&WordChallengeStats::min_clicks>("min_clicks"),
};
constexpr int kKeyColumns = 6;
constexpr const char* kMetaTable = "catalog_meta";

std::string schema_sql() {
    std::string s = "CREATE TABLE " + std::string(kMetaTable) +
                    "(key TEXT PRIMARY KEY, value TEXT NOT NULL);\nCREATE TABLE challenges(\n" +
                    column_definitions<WordCatalogRow>(kColumns) + "  PRIMARY KEY (";
    for (int k = 0; k < kKeyColumns; ++k) s += (k ? ", " : "") + std::string(kColumns[k].name);
    return s + ")) WITHOUT ROWID;\n";
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

const FileKind& challenge_catalog_file_kind() {
    static const FileKind kind{
        .name = "challenge catalogue",
        .identity = "challenge catalogue",
        .format = "sawtooth-challenge-catalog",
        .application_id = kWordCatalogApplicationId,
        .schema_version = kWordCatalogSchemaVersion,
        .meta_table = kMetaTable,
        .schema = schema_sql(),
        .steps = {},
        .required = {{"word_generator_version", std::to_string(w::kWordGenVersion),
                      "challenges of word generator version"}},
        .journal = JournalMode::Rollback,  // as the level catalogue
    };
    return kind;
}

WordCatalog WordCatalog::open(const std::string& path) {
    return WordCatalog(open_file(challenge_catalog_file_kind(), path, OpenMode::ReadWriteCreate).db);
}

WordCatalogJobs WordCatalog::done(int rows_per_job) {
    Statement st(*m_db,
                 "SELECT mode, CASE mode WHEN 'seed' THEN params ELSE '' END AS job_params, root_seed, date "
                 "FROM challenges GROUP BY mode, job_params, root_seed, date HAVING count(*) = ?");
    st.bind(1, rows_per_job);
    WordCatalogJobs out;
    while (st.step()) out.emplace(st.text(0), st.text(1), st.uint64(2), st.text(3));
    return out;
}

void WordCatalog::put(const std::vector<WordCatalogRow>& rows) {
    Transaction tx(*m_db);
    Statement st(*m_db, insert_sql<WordCatalogRow>("INSERT OR REPLACE INTO", "challenges", kColumns));
    for (const WordCatalogRow& r : rows) {
        bind_columns<WordCatalogRow>(st, kColumns, r);
        st.run();
        st.reset();
    }
    tx.commit();
}

std::int64_t WordCatalog::count() { return m_db->query_int("SELECT count(*) FROM challenges"); }

}  // namespace sawtooth::telemetry
