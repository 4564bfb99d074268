// `sawtooth-lab curate fit` (docs/curation.md "Rating formula") on a session database whose generated levels
// are rated and a catalogue of the same seeds: ratings made from a known formula of two
// catalogue columns are recovered; skipped ratings and levels not in the catalogue are left
// out and counted; --csv writes one row per rated level; too few rated levels, an unknown
// predictor and a database without a ratings table are one-line errors that write nothing.
// The participant bootstrap: many raters around the formula with noise; the intervals hold
// the estimates, narrow with more raters, repeat with the seed, and --bootstrap 0 leaves
// the output as it was without them.
//
// The levels rows are written through the real Store, the ratings into the store's own
// ratings table.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/generator.hpp"
#include "gen/rng.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_curate_fit_cli {

using namespace sawtooth;
using sawtooth::test::run_process;
using sawtooth::test::split_args;
namespace fs = std::filesystem;

namespace {

const test::ScratchFiles file("sawtooth_test_curate_fit_cli");
using sawtooth::test::lab;

/// The catalogue of maze seeds 1..30.
const std::string& catalogue() {
    static const std::string path = [] {
        const std::string p = file("catalog.db");
        REQUIRE(lab("catalog --seeds 1..30 --db " + p).exit_code == 0);
        return p;
    }();
    return path;
}

struct Rating {
    double enjoyment;
    bool skipped;
};

/// A session database where generated maze level `seed` is played once per rating given.
std::string rated_db(const std::string& name, const std::vector<std::pair<std::uint64_t, Rating>>& ratings,
                     bool with_ratings_table = true) {
    const std::string path = file(name);
    telemetry::Store store = telemetry::Store::open(path);
    const std::int64_t session =
        store.begin_session(store.default_participant(), telemetry::SessionMode::Free);
    std::vector<std::pair<std::int64_t, Rating>> rows;
    for (const auto& [seed, rating] : ratings) {
        GenParams p;
        p.seed = seed;
        telemetry::LevelSource src;
        src.kind = telemetry::LevelKind::Generated;
        src.params = p;
        src.level = generate_level(p).level;
        rows.emplace_back(store.begin_level(session, src, 30), rating);
    }
    telemetry::Database db(path, telemetry::OpenMode::ReadWrite);
    if (!with_ratings_table) {
        db.exec("DROP TABLE ratings");  // as a file from before the ratings table
        return path;
    }
    // The store's own table; answers are not whole numbers here (SQLite keeps 5.5 in an
    // INTEGER column as a real, and the CHECKs allow it) so that each level's mean is exact.
    telemetry::Statement st(db,
                            "INSERT INTO ratings(session_id, level_id, enjoyment, difficulty, skipped, "
                            "answer_ticks, rated_utc) VALUES (?, ?, ?, ?, ?, 0, '2026-11-25T00:00:00Z')");
    for (const auto& [id, r] : rows) {
        st.bind(1, session).bind(2, id);
        if (r.skipped)
            st.bind_null(3).bind_null(4).bind(5, 1);
        else
            st.bind(3, r.enjoyment).bind(4, 4).bind(5, 0);
        st.run();
        st.reset();
    }
    return path;
}

/// Per seed of the catalogue: traps and path_jumps.
std::map<std::uint64_t, std::pair<int, int>> catalogue_columns() {
    std::map<std::uint64_t, std::pair<int, int>> out;
    telemetry::Catalog cat = telemetry::Catalog::open_read_only(catalogue());
    for (const telemetry::CatalogRow& r : cat.rows())
        out[r.params.seed] = {r.stats.traps, r.stats.path_jumps};
    return out;
}

/// A session database where each of `raters` participants rates maze seeds 1..24 once:
/// 5 + 0.1 traps - 0.05 path_jumps, plus the rater's bias (sd 0.5) and noise (sd 1),
/// kept within the scale (mid-scale, so that the clamp rarely acts); drawn from `seed`.
std::string noisy_db(const std::string& name, int raters, std::uint64_t seed) {
    const std::string path = file(name);
    const auto cols = catalogue_columns();
    std::vector<telemetry::LevelSource> sources;
    for (std::uint64_t s = 1; s <= 24; ++s) {
        GenParams p;
        p.seed = s;
        telemetry::LevelSource src;
        src.kind = telemetry::LevelKind::Generated;
        src.params = p;
        src.level = generate_level(p).level;
        sources.push_back(src);
    }
    telemetry::Store store = telemetry::Store::open(path);
    std::vector<std::pair<std::int64_t, std::int64_t>> plays;  // session, level id
    for (int r = 0; r < raters; ++r) {
        const std::int64_t session =
            store.begin_session(store.create_participant(), telemetry::SessionMode::Free);
        for (const telemetry::LevelSource& src : sources)
            plays.emplace_back(session, store.begin_level(session, src, 30));
    }
    telemetry::Database db(path, telemetry::OpenMode::ReadWrite);
    telemetry::Statement st(db,
                            "INSERT INTO ratings(session_id, level_id, enjoyment, difficulty, skipped, "
                            "answer_ticks, rated_utc) VALUES (?, ?, ?, 4, 0, 0, '2026-11-25T00:00:00Z')");
    Rng rng(seed);
    double bias = 0.0;
    for (std::size_t i = 0; i < plays.size(); ++i) {
        if (i % sources.size() == 0) bias = 0.5 * rng.normal();
        const std::uint64_t s = i % sources.size() + 1;
        const double y = 5 + 0.1 * cols.at(s).first - 0.05 * cols.at(s).second + bias + rng.normal();
        st.bind(1, plays[i].first).bind(2, plays[i].second).bind(3, std::clamp(y, 1.0, 10.0));
        st.run();
        st.reset();
    }
    return path;
}

/// `curate fit` of `db` on traps and path_jumps with `extra` options: the formula file.
nlohmann::json fit_formula(const std::string& db, const std::string& extra, std::string* out_text = nullptr) {
    const std::string out = file("boot.json");
    const auto r = lab("curate fit --ratings " + db + " --catalog " + catalogue() + " --out " + out +
                       " --predictors traps,path_jumps " + extra);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    if (out_text) *out_text = r.out;
    return nlohmann::json::parse(test::read_file(out));
}

/// hi - lo of term k's interval.
double width(const nlohmann::json& f, std::size_t k) {
    const nlohmann::json& i = f["intervals"]["terms"][k];
    return i["hi"].get<double>() - i["lo"].get<double>();
}

}  // namespace

TEST_CASE("curate fit recovers a formula the ratings were made with") {
    // Two raters per level, 3 + 0.1 traps - 0.05 path_jumps around it (+-0.5: the mean is
    // exact); seeds 1..24 rated, 25..30 catalogued but not rated, seed 40 rated but not
    // catalogued; one more rating of seed 1 skipped with a wild value.
    std::vector<std::pair<std::uint64_t, Rating>> ratings;
    const auto cols = catalogue_columns();
    for (std::uint64_t s = 1; s <= 24; ++s) {
        const double y = 3 + 0.1 * cols.at(s).first - 0.05 * cols.at(s).second;
        ratings.push_back({s, {y + 0.5, false}});
        ratings.push_back({s, {y - 0.5, false}});
    }
    ratings.push_back({1, {10, true}});
    ratings.push_back({40, {7, false}});
    const std::string db = rated_db("rated.db", ratings);
    const std::string out = file("formula.json"), csv = file("design.csv");
    const auto r = lab("curate fit --ratings " + db + " --catalog " + catalogue() + " --out " + out +
                       " --predictors traps,path_jumps --csv " + csv);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const nlohmann::json f = nlohmann::json::parse(test::read_file(out));
    CHECK(f["format"] == "sawtooth-rating-formula");
    CHECK(f["levels"] == 24);
    CHECK(f["ratings"] == 48);
    CHECK(f["rated_not_catalogued"] == 1);
    REQUIRE(f["terms"].size() == 3);
    CHECK(f["terms"][1]["name"] == "traps");
    CHECK(f["terms"][0]["coefficient"].get<double>() == doctest::Approx(3.0));
    CHECK(f["terms"][1]["coefficient"].get<double>() == doctest::Approx(0.1));
    CHECK(f["terms"][2]["coefficient"].get<double>() == doctest::Approx(-0.05));
    CHECK(f["r2"].get<double>() == doctest::Approx(1.0));
    const std::string design = test::read_file(csv);
    CHECK(test::line_count(design) == 25);  // header + one row per rated level
    CHECK(design.rfind(
              "seed,layout,rooms_w,rooms_h,room_w,room_h,level_index,alpha,ratings,mean_enjoyment,traps,"
              "path_jumps\n",
              0) == 0);
}

TEST_CASE("curate fit: bad input is one line, a non-zero exit, and no file written") {
    const std::string out = file("never.json");
    const std::string few = rated_db("few.db", {{1, {5, false}}, {2, {6, false}}, {3, {7, false}}});
    auto fails = [&](const std::string& args, const std::string& needle) {
        const auto r = lab("curate fit --catalog " + catalogue() + " --out " + out + " " + args);
        CHECK(r.exit_code != 0);
        CHECK(test::line_count(r.err) == 1);
        CHECK(r.err.find(needle) != std::string::npos);
        CHECK(!fs::exists(out));
    };
    // 3 levels, 2 predictors: 4 needed.
    fails("--ratings " + few + " --predictors traps,path_jumps", "fewer than predictors + 2 = 4");
    fails("--ratings " + few + " --predictors traps,fun", "unknown predictor 'fun'");
    fails("--ratings " + rated_db("unrated.db", {{1, {5, false}}}, false), "has no ratings table");
    fails("--ratings " + few + " --predictors difficulty", "has no difficulty");
}

TEST_CASE(
    "curate fit: participant bootstrap intervals hold the estimate, narrow with raters, repeat by seed") {
    const std::string few = noisy_db("few_raters.db", 6, 1), many = noisy_db("many_raters.db", 48, 1);
    const nlohmann::json a = fit_formula(few, "--bootstrap 400 --bootstrap-seed 3");
    const nlohmann::json b = fit_formula(many, "--bootstrap 400 --bootstrap-seed 3");
    for (const nlohmann::json* f : {&a, &b}) {
        const nlohmann::json& iv = (*f)["intervals"];
        REQUIRE(iv["terms"].size() == 3);
        CHECK(iv["replicates"] == 400);
        CHECK(iv["level"].get<double>() == doctest::Approx(0.9));
        for (std::size_t k = 0; k < 3; ++k) {
            const nlohmann::json& i = iv["terms"][k];
            CHECK(i["name"] == (*f)["terms"][k]["name"]);
            CHECK(i["estimate"].get<double>() == (*f)["terms"][k]["coefficient"].get<double>());
            CHECK(i["lo"].get<double>() < i["estimate"].get<double>());
            CHECK(i["estimate"].get<double>() < i["hi"].get<double>());
            CHECK(i["replicates"] == 400);
        }
        // R²'s resamples sit below the estimate (a resample has fewer distinct raters, so
        // noisier level means): its interval is a spread, not centred on the estimate.
        CHECK(iv["r2"]["estimate"].get<double>() == (*f)["r2"].get<double>());
        CHECK(0.0 <= iv["r2"]["lo"].get<double>());
        CHECK(iv["r2"]["lo"].get<double>() < iv["r2"]["hi"].get<double>());
        CHECK(iv["r2"]["hi"].get<double>() <= 1.0);
    }
    CHECK(a["participants"] == 6);
    CHECK(b["participants"] == 48);
    // Eight times the raters: the intervals about sqrt(8) = 2.8 times narrower.
    for (std::size_t k = 0; k < 3; ++k) CHECK(width(b, k) < 0.6 * width(a, k));
    // The true traps coefficient lies in the larger study's interval.
    CHECK(b["intervals"]["terms"][1]["lo"].get<double>() < 0.1);
    CHECK(0.1 < b["intervals"]["terms"][1]["hi"].get<double>());
    // Same seed, same intervals; another seed, others.
    CHECK(fit_formula(few, "--bootstrap 400 --bootstrap-seed 3")["intervals"] == a["intervals"]);
    CHECK(fit_formula(few, "--bootstrap 400 --bootstrap-seed 4")["intervals"] != a["intervals"]);
}

TEST_CASE("curate fit --bootstrap 0 prints and writes what it did without intervals") {
    const std::string db = noisy_db("zero.db", 6, 2);
    std::string with_text, without_text;
    nlohmann::json with = fit_formula(db, "--bootstrap 100", &with_text);
    const nlohmann::json without = fit_formula(db, "--bootstrap 0", &without_text);
    CHECK(!without.contains("intervals"));
    CHECK(!without.contains("participants"));
    CHECK(with.contains("intervals"));
    with.erase("intervals");
    with.erase("participants");
    CHECK(with == without);
    // The text is the same up to the intervals, which follow it.
    REQUIRE(with_text.size() > without_text.size());
    CHECK(with_text.compare(0, without_text.size(), without_text) == 0);
    CHECK(with_text.find("participant bootstrap, 100 replicates, 90 % intervals, seed 1, 6 participants") !=
          std::string::npos);
    CHECK(without_text.find("bootstrap") == std::string::npos);
}

TEST_CASE("curate fit: one rater gives no interval, and says why") {
    std::vector<std::pair<std::uint64_t, Rating>> ratings;
    for (std::uint64_t s = 1; s <= 6; ++s) ratings.push_back({s, {double(s), false}});
    std::string text;
    const nlohmann::json f = fit_formula(rated_db("one_rater.db", ratings), "", &text);
    CHECK(f["participants"] == 1);
    CHECK(f["intervals"].is_null());
    CHECK(text.find("one participant rated the fitted levels: no bootstrap interval") != std::string::npos);
}

}  // namespace test_curate_fit_cli
