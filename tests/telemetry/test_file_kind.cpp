// telemetry/store/file_kind.hpp: one checked open for every SQLite file the project writes, and
// seeds of the whole unsigned 64-bit range in the catalogues (docs/telemetry.md "Opening a
// file", "Unsigned 64-bit values"): the stored form at 0, 2^63 - 1, 2^63 and 2^64 - 1; a
// version-1 level catalogue (built by SQL from what the previous build wrote) upgraded in
// place, read as it is read-only, and left byte for byte unchanged by a failed upgrade.
#include "../support/read_file.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/generator.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/curation/word_catalog.hpp"
#include "telemetry/store/file_kind.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

using namespace sawtooth;
using namespace sawtooth::telemetry;
namespace fs = std::filesystem;

namespace {

const fs::path kFileKindDir = test::scratch_dir("sawtooth_test_file_kind");

std::string file(const std::string& name) { return (kFileKindDir / name).string(); }

constexpr std::uint64_t kEdgeSeeds[] = {0, 9223372036854775807ull, 9223372036854775808ull,
                                        18446744073709551615ull};
// What SQLite holds for each: the same 64 bits as a signed integer.
constexpr std::int64_t kStoredSeeds[] = {0, 9223372036854775807ll, -9223372036854775807ll - 1, -1};

/// A catalogue row of a linear study-shape level (not generated: only the key matters here).
CatalogRow row(std::uint64_t seed) {
    CatalogRow r;
    r.params.seed = seed;
    r.params.layout = Layout::Linear;
    r.params.rooms_w = 4;
    r.params.rooms_h = 2;
    r.params.level_index = 3;
    r.error = "not generated in this test";
    return r;
}

/// A level catalogue holding the four edge seeds.
std::string edge_catalogue(const std::string& name) {
    const std::string path = file(name);
    Catalog cat = Catalog::open(path);
    std::vector<CatalogRow> rows;
    for (const std::uint64_t s : kEdgeSeeds) rows.push_back(row(s));
    cat.put(rows);
    return path;
}

/// The file as the previous build (schema version 1) wrote it: its schema is version 2's,
/// only the version marks differ.
void make_version_1(const std::string& path) {
    Database db(path, OpenMode::ReadWrite);
    db.exec("PRAGMA user_version = 1; UPDATE catalog_meta SET value = '1' WHERE key = 'schema_version'");
}

std::int64_t user_version(const std::string& path) {
    Database db(path, OpenMode::ReadOnly);
    return db.query_int("PRAGMA user_version");
}

std::string refusal(const FileKind& kind, const std::string& path, OpenMode mode) {
    try {
        (void)open_file(kind, path, mode);
    } catch (const StoreError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

TEST_CASE("level catalogue: seeds 0, 2^63 - 1, 2^63, 2^64 - 1 are stored as the same 64 bits") {
    const std::string path = edge_catalogue("edges.db");
    {
        Database db(path, OpenMode::ReadOnly);
        Statement st(db,
                     "SELECT seed, typeof(seed), printf('%llu', seed) FROM levels ORDER BY seed < 0, seed");
        for (std::size_t i = 0; i < 4; ++i) {
            REQUIRE(st.step());
            CHECK(st.int64(0) == kStoredSeeds[i]);
            CHECK(st.text(1) == "integer");
            CHECK(st.text(2) == std::to_string(kEdgeSeeds[i]));
        }
        CHECK(!st.step());
    }
    Catalog cat = Catalog::open_read_only(path);
    const std::vector<CatalogRow> rows = cat.rows();
    REQUIRE(rows.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) CHECK(rows[i].params.seed == kEdgeSeeds[i]);  // unsigned order
    GenParams shape = row(0).params;
    const CatalogDone done = cat.done(shape, {});
    for (const std::uint64_t s : kEdgeSeeds) CHECK(done.count({s, 3}) == 1);
}

TEST_CASE("challenge catalogue: root seeds are stored the same way") {
    const std::string path = file("words.db");
    {
        WordCatalog cat = WordCatalog::open(path);
        std::vector<WordCatalogRow> rows;
        for (const std::uint64_t s : kEdgeSeeds) {
            WordCatalogRow r;
            r.mode = "seed";
            r.params = "test";
            r.root_seed = s;
            r.data.letters = "abc";
            rows.push_back(r);
        }
        cat.put(rows);
        CHECK(cat.count() == 4);
        const WordCatalogJobs jobs = cat.done(1);
        for (const std::uint64_t s : kEdgeSeeds) CHECK(jobs.count({"seed", "test", s, ""}) == 1);
    }
    Database db(path, OpenMode::ReadOnly);
    Statement st(db, "SELECT root_seed FROM challenges ORDER BY root_seed < 0, root_seed");
    for (const std::int64_t stored : kStoredSeeds) {
        REQUIRE(st.step());
        CHECK(st.int64(0) == stored);
    }
}

TEST_CASE("a version-1 level catalogue opens: read as it is, upgraded in place by a writable open") {
    const std::string path = file("v1.db");
    {
        Catalog cat = Catalog::open(path);
        cat.put({row(5), row(7)});  // seeds below 2^63: all a version-1 file can hold
    }
    make_version_1(path);
    const std::string before = test::read_file(path);
    CHECK(Catalog::open_read_only(path).rows().size() == 2);
    CHECK(test::read_file(path) == before);

    {
        Catalog cat = Catalog::open(path);
        cat.put({row(18446744073709551615ull)});
        CHECK(cat.count() == 3);
    }
    CHECK(user_version(path) == kCatalogSchemaVersion);
    Database db(path, OpenMode::ReadOnly);
    CHECK(meta_value(db, level_catalog_file_kind(), "schema_version") ==
          std::to_string(kCatalogSchemaVersion));
    CHECK(meta_value(db, level_catalog_file_kind(), "upgraded_to_schema_2").find(" by ") !=
          std::string::npos);
    CHECK(meta_value(db, level_catalog_file_kind(), "format") == "sawtooth-level-catalog");
}

TEST_CASE("a failed upgrade of a level catalogue leaves it byte for byte unchanged") {
    const std::string path = file("v1_refusing.db");
    {
        Catalog cat = Catalog::open(path);
        cat.put({row(5)});
    }
    make_version_1(path);
    {
        // Any write to the meta table fails, as a full disk would at that statement.
        Database db(path, OpenMode::ReadWrite);
        db.exec(
            "CREATE TRIGGER no_meta BEFORE INSERT ON catalog_meta BEGIN SELECT RAISE(ABORT, 'meta is "
            "read-only'); END");
    }
    const std::string before = test::read_file(path);
    const std::string why = refusal(level_catalog_file_kind(), path, OpenMode::ReadWriteCreate);
    CHECK(why.find("could not be upgraded from schema version 1 to 2") != std::string::npos);
    CHECK(why.find("meta is read-only") != std::string::npos);
    CHECK(why.find("it is unchanged") != std::string::npos);
    CHECK(why.find('\n') == std::string::npos);
    CHECK(test::read_file(path) == before);
    CHECK(user_version(path) == 1);
}

TEST_CASE("every kind refuses the others by name and newer schemas, each file untouched") {
    const std::string store = file("store.db");
    (void)Store::open(store);
    const std::string catalogue = edge_catalogue("kinds.db");
    const std::string words = file("kinds_words.db");
    (void)WordCatalog::open(words);
    const std::string store_bytes = test::read_file(store);
    CHECK(refusal(level_catalog_file_kind(), store, OpenMode::ReadWriteCreate) ==
          "'" + store + "' is a Sawtooth session database, not a level catalogue");
    CHECK(refusal(challenge_catalog_file_kind(), catalogue, OpenMode::ReadWriteCreate) ==
          "'" + catalogue + "' is a level catalogue, not a challenge catalogue");
    CHECK(refusal(session_file_kind(), words, OpenMode::ReadOnly) ==
          "'" + words + "' is a challenge catalogue, not a Sawtooth database");
    CHECK(test::read_file(store) == store_bytes);

    const std::string newer = file("newer.db");
    fs::copy_file(catalogue, newer);
    {
        Database db(newer, OpenMode::ReadWrite);
        db.exec("PRAGMA user_version = " + std::to_string(kCatalogSchemaVersion + 1));
    }
    const std::string newer_bytes = test::read_file(newer);
    CHECK(refusal(level_catalog_file_kind(), newer, OpenMode::ReadWriteCreate)
              .find("has schema version 3, newer "
                    "than this build's 2") != std::string::npos);
    CHECK(test::read_file(newer) == newer_bytes);

    const std::string empty = file("empty.db");
    { Database db(empty, OpenMode::ReadWriteCreate); }
    CHECK(refusal(level_catalog_file_kind(), empty, OpenMode::ReadOnly) ==
          "'" + empty + "' is empty, not a level catalogue");
}
