#pragma once
// The Elimination challenge catalogue: the word-game member of the
// catalogue family of telemetry/curation/catalog.hpp. One SQLite file with one row per generated
// challenge: where it comes from (mode, root seed, date, level, challenge number, or a
// generator seed and parameters), its letters and source words, and statistics of its
// state space (state_space.hpp). Columns: docs/curation.md "Elimination: catalogue and
// similarity".
//
// Opening checks the file before anything can write to it, like the level catalogue: a
// session database, a level catalogue, a file of another schema or word generator
// version are refused with a one-line StoreError and left untouched. Does not: generate
// challenges (tools/lab/cmd_words_catalog.cpp does). Not thread-safe: one per thread.

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "gen/words/challenge_gen.hpp"
#include "gen/words/dictionary.hpp"
#include "gen/words/reachable_rules.hpp"
#include "telemetry/store/sqlite.hpp"

namespace sawtooth::telemetry {

/// Schema version written to PRAGMA user_version and catalog_meta.
inline constexpr int kWordCatalogSchemaVersion = 1;
/// PRAGMA application_id of challenge catalogues ("SWCT").
inline constexpr std::int32_t kWordCatalogApplicationId = 0x53574354;

/// Statistics of one challenge (its letters' state space; the 2X letter does not change them).
struct WordChallengeStats {
    int length = 0;
    int word_count = 0;       ///< recognised words in the letters (subsequences)
    int reachable_words = 0;  ///< of those, the ones play can end on
    int reachable_common_words =
        0;  ///< reachable words of rank percentile < words::kDefaultCommonRankPercentile (the designer
            ///< constraints' "common")
    int shortest_reachable = 0;  ///< letters of the shortest reachable word (0: none)
    int longest_reachable = 0;   ///< letters of the longest reachable word (0: none)
    std::int64_t reachable_states = 0;
    std::int64_t dead_end_states = 0;
    int min_clicks = 0;  ///< fewest clicks to end on a word: length - longest_reachable
    friend bool operator==(const WordChallengeStats&, const WordChallengeStats&) = default;
};

/// Computes the statistics of a challenge's letters.
WordChallengeStats word_challenge_stats(const words::Dictionary& dict, const std::string& letters);

/// "A hash of the challenge": FNV-1a 64 of "letters:two_x" (lower-case letters).
std::uint64_t challenge_hash(const words::Challenge& c);

/// One catalogue row. Key: mode, params, root_seed, date, level, challenge.
struct WordCatalogRow {
    std::string mode;             ///< levels, infinite, daily, or seed (a generator seed)
    std::string params;           ///< words::describe() of the level parameters (+ fitness rule)
    std::uint64_t root_seed = 0;  ///< mode seed, run seed, 0 (daily) or the generator seed
    std::string date;             ///< daily: YYYY-MM-DD, else ""
    int level = 0;                ///< level of the mode (0 for seed rows)
    int challenge = 1;            ///< 1..10 within the level (1 for seed rows)
    int generator_version = 0;
    words::Challenge data;  ///< letters, source words, two_x, fitness
    WordChallengeStats stats;
};

/// Stored jobs (mode, params, root_seed, date), params "" for mode rows (a mode's levels
/// have their own parameters): what a re-run skips.
using WordCatalogJobs = std::set<std::tuple<std::string, std::string, std::uint64_t, std::string>>;

/// One challenge catalogue file.
class WordCatalog {
public:
    /// Opens for writing, creating a new catalogue when the file is missing.
    static WordCatalog open(const std::string& path);
    WordCatalog(WordCatalog&&) noexcept;
    WordCatalog& operator=(WordCatalog&&) noexcept;
    ~WordCatalog();

    /// Jobs (all rows of a mode run, a date or a generator seed) stored with `rows` rows.
    WordCatalogJobs done(int rows_per_job);
    /// Stores rows in one transaction (a stored row of the same key is replaced).
    void put(const std::vector<WordCatalogRow>& rows);
    std::int64_t count();

private:
    explicit WordCatalog(std::unique_ptr<Database> db);
    std::unique_ptr<Database> m_db;
};

}  // namespace sawtooth::telemetry
