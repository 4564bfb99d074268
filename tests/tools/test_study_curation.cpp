// From a simulated study to a pack, at study scale (docs/curation.md "End to end"): a
// `sawtooth-lab simulate-study` of four synthetic players draws full 64-bit seeds; every level it
// played is catalogued with `catalog`, rated through the store's rating path
// (Store::add_rating, what the game's rating screen calls), fitted with `curate fit` and
// picked into a pack with `curate pick`. No level may be left out for its seed: the study
// must have played seeds of 2^63 and above, and every one of its levels reaches the pack.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "gen/generator.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_study_curation {

using namespace sawtooth;
using sawtooth::test::lab;

namespace {

const test::ScratchFiles file("sawtooth_test_study_curation");

constexpr std::uint64_t kHalfRange = std::uint64_t{1} << 63;

/// A generated level the study played (one `levels` row).
struct Played {
    std::int64_t level_id = 0;
    GenParams params;
};

using Key = std::tuple<std::uint64_t, int>;  // seed, level index (the study's shape is fixed)

std::vector<Played> played_levels(const std::string& db) {
    telemetry::Store store = telemetry::Store::open_read_only(db);
    std::vector<Played> out;
    telemetry::Statement st(store.db(),
                            "SELECT level_id FROM levels WHERE kind = 'generated' ORDER BY level_id");
    std::vector<std::int64_t> ids;
    while (st.step()) ids.push_back(st.int64(0));
    for (const std::int64_t id : ids) {
        const telemetry::LevelRecord r = store.load_level(id);
        REQUIRE(r.params);
        out.push_back({id, *r.params});
    }
    return out;
}

std::string catalog_args(const GenParams& p) {
    return "catalog --seeds " + std::to_string(p.seed) + " --layout " + std::string(layout_name(p.layout)) +
           " --rooms " + std::to_string(p.rooms_w) + "x" + std::to_string(p.rooms_h) + " --room-size " +
           std::to_string(p.room_w) + "x" + std::to_string(p.room_h) + " --level-index " +
           std::to_string(p.level_index);
}

}  // namespace

TEST_CASE("a simulated study's levels are catalogued, rated, fitted and picked, whatever their seeds") {
    const std::string db = file("study.db"), cat = file("catalog.db");
    const auto study = lab("simulate-study --players 4 --seed 11 --threads 2 --no-verify --db " + db);
    INFO(study.err);
    REQUIRE(study.exit_code == 0);

    const std::vector<Played> played = played_levels(db);
    std::set<Key> keys;
    for (const Played& l : played) keys.emplace(l.params.seed, l.params.level_index);
    REQUIRE(played.size() >= 30);
    int high = 0;
    for (const auto& [seed, index] : keys) high += seed >= kHalfRange;
    CHECK(high > 0);                              // the study played seeds >= 2^63 ...
    CHECK(high < static_cast<int>(keys.size()));  // ... and below

    // Catalogue every level it played, one `catalog` run per level.
    for (const Played& l : played) {
        GenParams p = l.params;
        const auto r = lab(catalog_args(p) + " --db " + cat);
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
    }
    std::map<Key, telemetry::CatalogRow> rows;
    for (telemetry::CatalogRow& r : telemetry::Catalog::open_read_only(cat).rows())
        rows.emplace(Key{r.params.seed, r.params.level_index}, r);
    REQUIRE(rows.size() == keys.size());

    // Rate every level through the store's rating path; some twice (the mean is the rule).
    int ratings = 0;
    {
        telemetry::Store store = telemetry::Store::open(db);
        for (const Played& l : played) {
            const analysis::LevelStats& s = rows.at(Key{l.params.seed, l.params.level_index}).stats;
            const int enjoyment = 1 + (3 * s.traps + s.path_jumps + static_cast<int>(l.level_id)) % 10;
            for (int k = 0; k < 1 + static_cast<int>(l.level_id % 3 == 0); ++k) {
                telemetry::RatingRow rating;
                rating.level_id = l.level_id;
                rating.enjoyment = enjoyment;
                rating.difficulty = 1 + k;
                store.add_rating(rating);
                ++ratings;
            }
        }
    }

    const std::string formula = file("formula.json");
    const auto fit = lab("curate fit --ratings " + db + " --catalog " + cat + " --out " + formula +
                         " --predictors traps,path_jumps");
    INFO(fit.err);
    REQUIRE(fit.exit_code == 0);
    const nlohmann::json f = nlohmann::json::parse(test::read_file(formula));
    CHECK(f["rated_not_catalogued"] == 0);
    CHECK(f["rated_hash_differs"] == 0);
    CHECK(f["levels"] == keys.size());
    CHECK(f["ratings"] == ratings);

    // Every catalogued level into one pack: all of the top 100 %.
    const std::string pack_file = file("pack.json");
    const auto pick = lab("curate pick --catalog " + cat + " --formula " + formula + " --count " +
                          std::to_string(keys.size()) + " --top 100 --out " + pack_file);
    INFO(pick.err);
    REQUIRE(pick.exit_code == 0);
    const telemetry::Pack pack = telemetry::read_pack(pack_file);  // regenerates and checks every level
    std::set<Key> picked;
    for (const telemetry::PackLevel& l : pack.levels) picked.emplace(l.params.seed, l.params.level_index);
    CHECK(picked == keys);
}

}  // namespace test_study_curation
