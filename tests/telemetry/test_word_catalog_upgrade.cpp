// The challenge catalogue's schema version 2 (per-length columns: reachable short and long
// words and their rank ranges, docs/curation.md "Challenge catalogue") against a file of
// version 1, written here with version 1's own statements: opening it upgrades it in
// place, keeps its rows (their new columns NULL, so a re-run stores them again), and a
// failed upgrade leaves the file byte for byte unchanged with a one-line error.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "../support/db_file.hpp"
#include "../support/scratch_dir.hpp"
#include "../support/words_fixture.hpp"
#include "gen/words/level_table.hpp"
#include "telemetry/curation/word_catalog.hpp"
#include "telemetry/store/sqlite.hpp"

using namespace sawtooth;
namespace tel = sawtooth::telemetry;
using sawtooth::test::file_hash;
using sawtooth::test::raw_exec;

namespace {

// What version 1 created (telemetry/word_catalog.cpp before the per-length columns), and
// one stored seed row.
std::string version1_sql() {
    return R"sql(
CREATE TABLE catalog_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE challenges(
  mode TEXT NOT NULL, params TEXT NOT NULL, root_seed INTEGER NOT NULL, date TEXT NOT NULL,
  level INTEGER NOT NULL, challenge INTEGER NOT NULL,
  generator_version INTEGER NOT NULL, challenge_hash TEXT NOT NULL,
  letters TEXT NOT NULL, length INTEGER NOT NULL, sources TEXT NOT NULL, two_x INTEGER NOT NULL,
  fitness REAL NOT NULL, word_count INTEGER NOT NULL, reachable_words INTEGER NOT NULL,
  reachable_common_words INTEGER NOT NULL, shortest_reachable INTEGER NOT NULL,
  longest_reachable INTEGER NOT NULL, reachable_states INTEGER NOT NULL,
  dead_end_states INTEGER NOT NULL, min_clicks INTEGER NOT NULL,
  PRIMARY KEY (mode, params, root_seed, date, level, challenge)) WITHOUT ROWID;
INSERT INTO catalog_meta VALUES ('format', 'sawtooth-challenge-catalog'), ('schema_version', '1'),
  ('word_generator_version', ')sql" +
           std::to_string(words::kWordGenVersion) + R"sql('), ('created_utc', '2026-11-01T00:00:00Z'),
  ('created_by_build', 'test');
INSERT INTO challenges VALUES ('seed', 'p', 7, '', 0, 1, )sql" +
           std::to_string(words::kWordGenVersion) +
           R"sql(, '00', 'HATDEL', 6, 'hat del', -1, 0.5, 4, 4, 4, 3, 4,
  40, 2, 2);
PRAGMA application_id = 1398227796;
PRAGMA user_version = 1;
)sql";
}

std::string version1_file(const std::string& name) {
    const std::filesystem::path dir = sawtooth::test::scratch_dir("sawtooth_word_catalog_" + name);
    const std::string path = (dir / "words.db").string();
    raw_exec(path, version1_sql());
    return path;
}

tel::WordCatalogRow seed_row(std::uint64_t seed, const std::string& letters) {
    tel::WordCatalogRow r;
    r.mode = "seed";
    r.params = "p";
    r.root_seed = seed;
    r.generator_version = words::kWordGenVersion;
    r.data.letters = letters;
    r.data.source_words = {"x"};
    r.stats = tel::word_challenge_stats(words::test::english(), letters);
    return r;
}

}  // namespace

TEST_CASE("a version 1 challenge catalogue is upgraded in place and keeps its rows") {
    const std::string path = version1_file("upgrade");
    tel::WordCatalog cat = tel::WordCatalog::open(path);
    CHECK(cat.count() == 1);
    CHECK(cat.done(1).empty());  // the old row lacks the new columns: a re-run stores it again
    cat.put({seed_row(7, "hatdel")});
    CHECK(cat.count() == 1);
    CHECK(cat.done(1).size() == 1);
    {
        tel::Database db(path, tel::OpenMode::ReadOnly);
        CHECK(db.query_int("PRAGMA user_version") == tel::kWordCatalogSchemaVersion);
        tel::Statement st(db,
                          "SELECT reachable_short_words, reachable_long_words, short_rank_min, long_rank_max "
                          "FROM challenges");
        REQUIRE(st.step());
        const tel::WordChallengeStats s = tel::word_challenge_stats(words::test::english(), "hatdel");
        CHECK(st.int64(0) == s.reachable_short_words);
        CHECK(st.int64(1) == s.reachable_long_words);
        CHECK(s.reachable_short_words > 0);
        CHECK(st.real(2) == doctest::Approx(*s.short_rank_min));
        CHECK(st.is_null(3) == !s.long_rank_max.has_value());
    }
    // Opening the upgraded file again changes nothing.
    const auto before = file_hash(path);
    { tel::WordCatalog again = tel::WordCatalog::open(path); }
    CHECK(file_hash(path) == before);
}

TEST_CASE("a failed upgrade leaves the version 1 catalogue byte for byte unchanged") {
    const std::string path = version1_file("refused");
    // A column of version 2 already there: the upgrade's ALTER TABLE fails half-way.
    raw_exec(path, "ALTER TABLE challenges ADD COLUMN short_rank_min REAL");
    const auto before = file_hash(path);
    try {
        (void)tel::WordCatalog::open(path);
        FAIL("the upgrade should have failed");
    } catch (const tel::StoreError& e) {
        const std::string what = e.what();
        CHECK(what.find('\n') == std::string::npos);
        CHECK(what.find("unchanged") != std::string::npos);
    }
    CHECK(file_hash(path) == before);
    CHECK_FALSE(std::filesystem::exists(path + "-journal"));
}

TEST_CASE("per-length statistics of a challenge") {
    const words::Dictionary& d = words::test::english();
    const tel::WordChallengeStats s = tel::word_challenge_stats(d, "hatdel");
    const words::StateSpace ss = words::analyze_state_space(d, "hatdel");
    int shorts = 0, longs = 0;
    double lo = 101.0, hi = -1.0;
    for (const words::WordReach& r : ss.words) {
        if (!r.reachable) continue;
        const bool is_short = r.word.size() <= 4;
        shorts += is_short ? 1 : 0;
        longs += r.word.size() >= 5 && r.word.size() <= 6 ? 1 : 0;
        if (is_short) {
            lo = std::min(lo, d.rank_percentile(r.id));
            hi = std::max(hi, d.rank_percentile(r.id));
        }
    }
    CHECK(s.reachable_short_words == shorts);
    CHECK(s.reachable_long_words == longs);
    REQUIRE(s.short_rank_min);
    CHECK(*s.short_rank_min == lo);
    CHECK(*s.short_rank_max == hi);
}
