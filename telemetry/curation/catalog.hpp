#pragma once
// The level catalogue (docs/curation.md "Catalogue"; Connect-the-Dots keeps the same for every level it
// generates): one SQLite file, not the session database, with one row per generated level
// holding its parameters, generator version, level hash and statistics
// (telemetry/analysis/level_stats.hpp), and, when a run asked for them, the difficulty
// model's prediction and the expert bot's proof. Schema and columns: docs/curation.md.
//
// Opening checks the file before anything can write to it (telemetry/store/file_kind.hpp):
// files that are not a catalogue (a session database included), catalogues of a newer
// schema or another generator version are refused with a one-line StoreError and left
// untouched; an older schema is upgraded in place. Seeds cover the whole unsigned 64-bit
// range. Does not: generate levels or run models (tools/lab/cmd_catalog.cpp does). Not
// thread-safe: one Catalog per thread.

#include "gen/generator.hpp"
#include "telemetry/analysis/level_stats.hpp"
#include "telemetry/store/sqlite.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sawtooth::telemetry {

/// Schema version written to PRAGMA user_version and catalog_meta; bump with a step in
/// level_catalog_file_kind() (catalog.cpp). 1: the first schema; 2: seeds of the whole
/// unsigned 64-bit range (2^63 and above stored as negative integers, Statement::bind_u64).
inline constexpr int kCatalogSchemaVersion = 2;
/// PRAGMA application_id of level catalogues ("SCAT"), unlike the session database's.
inline constexpr std::int32_t kCatalogApplicationId = 0x53434154;

/// The difficulty model's figures of a level (`catalog --model`).
struct CatalogModelFigures {
    std::string model_hash;  ///< model_hash() of the model used
    double difficulty = 1.0;
    double success_probability = 0.0;
    int path_challenges = 0;  ///< challenges on the model's easiest path
    friend bool operator==(const CatalogModelFigures&, const CatalogModelFigures&) = default;
};

/// The expert bot's playthroughs of a level (`catalog --prove`).
struct CatalogProof {
    bool forward = false;   ///< start -> exit reached
    bool backward = false;  ///< exit -> start reached
    std::int64_t forward_ticks = 0;
    std::int64_t backward_ticks = 0;
    friend bool operator==(const CatalogProof&, const CatalogProof&) = default;
};

/// One catalogue row. The key is the generator parameters (seed and level index included).
struct CatalogRow {
    GenParams params;
    int generator_version = kGeneratorVersion;
    bool generated = false;  ///< false: `error` says why, statistics are zero
    std::string error;
    std::uint64_t level_hash = 0;
    analysis::LevelStats stats;
    std::optional<CatalogModelFigures> model;
    std::optional<CatalogProof> proof;
};

/// What a run needs of a stored row for the row to count as done.
struct CatalogNeeds {
    std::string model_hash;  ///< empty: no model figures needed
    bool proof = false;
};

/// (seed, level index) of stored rows.
using CatalogDone = std::set<std::pair<std::uint64_t, int>>;

/// One catalogue file.
class Catalog {
public:
    /// Opens for writing, creating a new catalogue when the file is missing.
    static Catalog open(const std::string& path);
    /// Opens an existing catalogue; never writes.
    static Catalog open_read_only(const std::string& path);
    Catalog(Catalog&&) noexcept;
    Catalog& operator=(Catalog&&) noexcept;
    ~Catalog();

    /// Stored levels of `shape`'s layout, sizes and alpha (seed and level index ignored)
    /// that hold everything `needs` asks for.
    CatalogDone done(const GenParams& shape, const CatalogNeeds& needs);
    /// Stores rows in one transaction. A stored row of the same key is updated; its model
    /// figures and proof stay when the new row has none.
    void put(const std::vector<CatalogRow>& rows);
    /// Every row, ordered by key.
    std::vector<CatalogRow> rows();
    std::int64_t count();
    const std::string& path() const;
    Database& database() { return *m_db; }

private:
    explicit Catalog(std::unique_ptr<Database> db);
    std::unique_ptr<Database> m_db;
};

/// ORDER BY text of the key in catalogue order: layout, sizes, alpha, level index, then
/// the seed as an unsigned number (seeds of 2^63 and above after the others).
std::string catalog_key_order();

/// The numeric per-level columns a rating formula may use as predictors: the statistics,
/// then the model's figures (NULL in rows catalogued without --model).
std::vector<std::string> catalog_predictor_columns();

/// A short hash naming a challenge model's linear coefficients (what its predictions use).
std::string model_hash(double c0, double t_timing, double j, double t_cycle);

/// What merge_catalogs did.
struct MergeCounts {
    std::int64_t added = 0;      ///< rows new to the output
    std::int64_t identical = 0;  ///< rows the output already held, equal in every column
};

/// Copies the rows of `inputs` into `out` (created when missing) in one transaction. Refuses,
/// with one line and `out` unchanged (a new `out` is not left behind), inputs that are not
/// catalogues of this schema and generator version, and rows whose key the output or an
/// earlier input holds with other values.
MergeCounts merge_catalogs(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace sawtooth::telemetry
