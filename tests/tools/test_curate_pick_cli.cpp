// `sawtooth-lab curate pick` (docs/curation.md "Top X %") and the level pack it writes ("Packs",
// telemetry/curation/pack.hpp): the draw is reproducible by seed and stays inside the top X % of the
// formula's ranking, --include-best keeps the best level, the pack reads back as written,
// and every refusal (N above the top X %, an empty catalogue, an unknown predictor, a bad
// X; a pack from the future, an empty pack, another generator version, a stale hash) is
// one line with a non-zero exit that writes nothing. With --similarity (docs/curation.md): the same
// seed gives the same pack, the pack's levels are less alike than without the filter
// (mean pairwise two-way similarity through gen/similarity), the provenance holds the
// filter's settings, --include-best survives the filter, and a pool smaller than N or
// larger than the top X % is refused.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/similarity.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/store/sqlite.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_curate_pick_cli {

using namespace sawtooth;
using sawtooth::test::run_process;
using sawtooth::test::split_args;
namespace fs = std::filesystem;

namespace {

const test::ScratchFiles file("sawtooth_test_curate_pick_cli");
using sawtooth::test::lab;

/// Maze seeds 1..40.
const std::string& catalogue() {
    static const std::string path = [] {
        const std::string p = file("catalog.db");
        REQUIRE(lab("catalog --seeds 1..40 --threads 1 --db " + p).exit_code == 0);
        return p;
    }();
    return path;
}

/// A formula file: intercept 0.5, `column` with `coefficient`.
std::string formula(const std::string& name, const std::string& column, double coefficient) {
    const nlohmann::json doc = {{"format", "sawtooth-rating-formula"},
                                {"format_version", 1},
                                {"target", "enjoyment"},
                                {"terms",
                                 {{{"name", "(intercept)"}, {"coefficient", 0.5}},
                                  {{"name", column}, {"coefficient", coefficient}}}}};
    const std::string p = file(name);
    std::ofstream(p) << doc.dump(2);
    return p;
}

/// Seeds ranked as pick ranks them by path_length (best first, ties by seed).
std::vector<std::uint64_t> ranked_by_path_length() {
    telemetry::Database db(catalogue(), telemetry::OpenMode::ReadOnly);
    telemetry::Statement st(db, "SELECT seed, path_length FROM levels WHERE generated = 1 ORDER BY seed");
    std::vector<std::pair<double, std::uint64_t>> rows;
    while (st.step()) rows.push_back({st.real(1), static_cast<std::uint64_t>(st.int64(0))});
    std::stable_sort(rows.begin(), rows.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::uint64_t> out;
    for (const auto& r : rows) out.push_back(r.second);
    return out;
}

std::vector<std::uint64_t> seeds_of(const std::string& pack_path) {
    std::vector<std::uint64_t> out;
    for (const telemetry::PackLevel& l : telemetry::read_pack(pack_path).levels) out.push_back(l.params.seed);
    return out;
}

/// Mean two-way similarity over all pairs of a pack's levels (regenerated).
double mean_pairwise_similarity(const std::string& pack_path) {
    std::vector<LevelFeatures> f;
    for (const telemetry::PackLevel& l : telemetry::read_pack(pack_path).levels)
        f.emplace_back(telemetry::pack_level(l, "test"));
    double sum = 0.0;
    int pairs = 0;
    for (std::size_t i = 0; i < f.size(); ++i)
        for (std::size_t j = i + 1; j < f.size(); ++j, ++pairs) sum += compare_levels(f[i], f[j]).two_way;
    return sum / pairs;
}

std::string pick(const std::string& out, const std::string& extra) {
    return "curate pick --catalog " + catalogue() + " --formula " + formula("f.json", "path_length", 1.0) +
           " --out " + out + " " + extra;
}

void check_refused(const test::ProcessResult& r, const std::string& out, const std::string& words) {
    INFO(r.err);
    CHECK(r.exit_code != 0);
    CHECK(r.err.find(words) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(!fs::exists(out));
}

}  // namespace

TEST_CASE("pick draws N of the top X % reproducibly by seed") {
    const auto a = lab(pick(file("a.json"), "--count 5 --top 25 --seed 7"));
    const auto b = lab(pick(file("b.json"), "--count 5 --top 25 --seed 7"));
    const auto c = lab(pick(file("c.json"), "--count 5 --top 25 --seed 8"));
    INFO(a.err);
    REQUIRE(a.exit_code == 0);
    REQUIRE(b.exit_code == 0);
    REQUIRE(c.exit_code == 0);
    const auto sa = seeds_of(file("a.json"));
    CHECK(sa.size() == 5);
    CHECK(sa == seeds_of(file("b.json")));
    CHECK(sa != seeds_of(file("c.json")));
    const auto ranked = ranked_by_path_length();
    REQUIRE(ranked.size() == 40);
    const std::set<std::uint64_t> top(ranked.begin(), ranked.begin() + 10);  // 25 % of 40
    for (std::uint64_t s : sa) CHECK(top.count(s) == 1);
    for (std::uint64_t s : seeds_of(file("c.json"))) CHECK(top.count(s) == 1);
}

TEST_CASE("--include-best always holds the top-ranked level") {
    const auto ranked = ranked_by_path_length();
    for (int seed = 1; seed <= 4; ++seed) {
        const std::string out = file("best" + std::to_string(seed) + ".json");
        REQUIRE(
            lab(pick(out, "--count 2 --top 50 --include-best --seed " + std::to_string(seed))).exit_code ==
            0);
        CHECK(seeds_of(out).front() == ranked.front());
    }
}

TEST_CASE("a pack reads back as written, with its provenance") {
    const std::string out = file("round.json");
    REQUIRE(lab(pick(out, "--count 3 --top 100 --seed 3 --name Round --note scripted")).exit_code == 0);
    const telemetry::Pack pack = telemetry::read_pack(out);
    CHECK(pack.name == "Round");
    CHECK(pack.levels.size() == 3);
    CHECK(pack.provenance["catalog"]["rows"] == 40);
    CHECK(pack.provenance["selection"]["top_percent"] == 100.0);
    CHECK(pack.provenance["formula"]["terms"][1]["name"] == "path_length");
    CHECK(pack.provenance["note"] == "scripted");
    const nlohmann::json written = nlohmann::json::parse(test::read_file(out));
    CHECK(telemetry::pack_json(pack) == written);
    const std::string again = file("round_again.json");
    telemetry::write_pack(again, pack);
    CHECK(test::read_file(again) == test::read_file(out));
}

TEST_CASE("pick refuses bad input with one line and writes nothing") {
    const std::string out = file("refused.json");
    check_refused(lab(pick(out, "--count 11 --top 25")), out, "more than the top 25");
    check_refused(lab(pick(out, "--count 1 --top 0")), out, "bad --top");
    check_refused(lab(pick(out, "--count 1 --top 150")), out, "bad --top");
    check_refused(lab("curate pick --catalog " + catalogue() + " --formula " +
                      formula("u.json", "sparkle", 1.0) + " --count 1 --top 50 --out " + out),
                  out, "unknown predictor 'sparkle'");
    // Found by the fuzz harness formula_json: a name's control bytes reached the terminal,
    // and a huge coefficient made every score NaN (inf - inf), which no ranking can sort.
    check_refused(lab("curate pick --catalog " + catalogue() + " --formula " +
                      formula("c.json", "tr\x01\x1b[2Japs", 1.0) + " --count 1 --top 50 --out " + out),
                  out, "unknown predictor 'tr\\x01\\x1B[2Japs'");
    check_refused(lab("curate pick --catalog " + catalogue() + " --formula " +
                      formula("h.json", "traps", 1e308) + " --count 1 --top 50 --out " + out),
                  out, "expected a coefficient in -1e6..1e6");
    const std::string empty = file("empty.db");
    telemetry::Catalog::open(empty);
    check_refused(lab("curate pick --catalog " + empty + " --formula " + formula("f2.json", "traps", 1.0) +
                      " --count 1 --top 50 --out " + out),
                  out, "holds no generated level");
}

TEST_CASE("the pack reader refuses a future, empty, other-version or stale pack, naming the level") {
    const std::string good = file("good.json");
    REQUIRE(lab(pick(good, "--count 3 --top 100 --seed 5")).exit_code == 0);
    const nlohmann::json doc = nlohmann::json::parse(test::read_file(good));
    auto refused = [](nlohmann::json d, const std::string& words) {
        try {
            telemetry::pack_from_json(d, "p.json");
            FAIL("accepted");
        } catch (const telemetry::PackError& e) {
            const std::string what = e.what();
            INFO(what);
            CHECK(what.find(words) != std::string::npos);
            CHECK(what.find('\n') == std::string::npos);
        }
    };
    nlohmann::json d = doc;
    d["format_version"] = telemetry::kPackFormatVersion + 1;
    refused(d,
            "p.json: pack format version " + std::to_string(telemetry::kPackFormatVersion + 1) + " is newer");
    d = doc;
    d["levels"] = nlohmann::json::array();
    refused(d, "p.json: the pack holds no level");
    d = doc;
    d["levels"][1]["generator_version"] = kGeneratorVersion + 1;
    refused(d, "p.json: level 2 (seed " + std::to_string(d["levels"][1]["seed"].get<std::uint64_t>()) +
                   "): made by generator version");
    d = doc;
    d["levels"][2]["level_hash"] = "0123456789abcdef";
    refused(d, "p.json: level 3 (seed " + std::to_string(d["levels"][2]["seed"].get<std::uint64_t>()) +
                   "): generates level hash");
    d = doc;
    d["levels"][0]["rooms_w"] = "four";
    refused(d, "p.json: at /levels/0/rooms_w");
}

TEST_CASE("--similarity: the same seed gives the same pack, and the filter's settings are its provenance") {
    const std::string extra =
        "--count 4 --top 50 --seed 9 --similarity --similarity-weights 1,1,0.25 --one-way";
    const auto a = lab(pick(file("sa.json"), extra));
    const auto b = lab(pick(file("sb.json"), extra));
    INFO(a.err);
    REQUIRE(a.exit_code == 0);
    REQUIRE(b.exit_code == 0);
    CHECK(seeds_of(file("sa.json")) == seeds_of(file("sb.json")));
    CHECK(a.out.find("similarity filter: 20 -> 8 levels in 2 passes") != std::string::npos);
    const nlohmann::json s = telemetry::read_pack(file("sa.json")).provenance["selection"]["similarity"];
    INFO(s.dump());
    REQUIRE(s.is_object());
    CHECK(s["direction"] == "one-way");
    CHECK(s["weights"]["average"] == 1.0);
    CHECK(s["weights"]["highest"] == 1.0);
    CHECK(s["weights"]["uniqueness"] == 0.25);
    CHECK(s["seed"] == 9);
    CHECK(s["candidates"] == 20);  // 50 % of 40
    CHECK(s["pool"] == 8);         // 2 x --count by default
    CHECK(s["passes"] == 2);       // 20 -> 10 -> 8
    CHECK(s["comparisons"].get<int>() > 0);
    CHECK(s["group_size"] == 10);
    CHECK(s["max_shift"] == 2);
    CHECK(s["mirror"] == true);
    // Without --similarity the provenance says so with null.
    REQUIRE(lab(pick(file("plain.json"), "--count 4 --top 50 --seed 9")).exit_code == 0);
    CHECK(telemetry::read_pack(file("plain.json")).provenance["selection"]["similarity"].is_null());
}

TEST_CASE("--similarity picks levels less alike than the same draw without it") {
    // Top 100 % of the 40 levels, filtered down to the 5 drawn (--similarity-keep 5): per
    // seed, below the plain draw of the same seed and below the mean of all 780 pairs.
    std::vector<LevelFeatures> all;
    for (std::uint64_t s = 1; s <= 40; ++s) {
        GenParams p;
        p.seed = s;
        all.emplace_back(generate_level(p).level);
    }
    double all_mean = 0.0;
    for (std::size_t i = 0; i < all.size(); ++i)
        for (std::size_t j = i + 1; j < all.size(); ++j)
            all_mean += compare_levels(all[i], all[j]).two_way / 780;
    for (int seed = 1; seed <= 3; ++seed) {
        const std::string plain = file("div_plain" + std::to_string(seed) + ".json");
        const std::string filtered = file("div_sim" + std::to_string(seed) + ".json");
        const std::string base = "--count 5 --top 100 --seed " + std::to_string(seed);
        REQUIRE(lab(pick(plain, base)).exit_code == 0);
        REQUIRE(lab(pick(filtered, base + " --similarity --similarity-keep 5")).exit_code == 0);
        const double p = mean_pairwise_similarity(plain), f = mean_pairwise_similarity(filtered);
        INFO("seed ", seed, ": plain ", p, ", filtered ", f, ", all pairs ", all_mean);
        CHECK(f < p);
        CHECK(f < all_mean);
    }
}

TEST_CASE("--similarity keeps the best level with --include-best") {
    const auto ranked = ranked_by_path_length();
    for (int seed = 1; seed <= 3; ++seed) {
        const std::string out = file("simbest" + std::to_string(seed) + ".json");
        REQUIRE(lab(pick(out, "--count 3 --top 100 --include-best --similarity --similarity-keep 3 --seed " +
                                  std::to_string(seed)))
                    .exit_code == 0);
        const auto seeds = seeds_of(out);
        REQUIRE(seeds.size() == 3);
        CHECK(seeds.front() == ranked.front());
        CHECK(telemetry::read_pack(out).provenance["selection"]["similarity"]["best_kept_aside"] == true);
    }
}

TEST_CASE("--similarity refuses N above what the filter can leave, with one line, writing nothing") {
    const std::string out = file("simrefused.json");
    check_refused(lab(pick(out, "--count 11 --top 25 --similarity")), out, "more than the top 25");
    check_refused(lab(pick(out, "--count 5 --top 25 --similarity --similarity-keep 4")), out,
                  "--similarity-keep 4 leaves fewer levels than --count 5");
    check_refused(lab(pick(out, "--count 5 --top 25 --similarity --similarity-keep 11")), out,
                  "--similarity-keep 11 is more than the top 25");
    check_refused(lab(pick(out, "--count 5 --top 25 --similarity --similarity-weights 1,2")), out,
                  "bad --similarity-weights");
    check_refused(lab(pick(out, "--count 5 --top 25 --one-way")), out, "--one-way requires --similarity");
}

}  // namespace test_curate_pick_cli
