// `sawtooth-lab pick-difficulty` (docs/difficulty.md §11) and `simulate-study --pack`, run as binaries.
// The model is the thesis-reference model saved to a file (no study needed). Checks that a
// rising pack's levels are distinct, their difficulties (recomputed here through the level
// model, not read back from the tool) follow the curve within the tolerance and rise; that a
// catalogue made with the same model gives its stored figures and one made with another
// model is recomputed, both giving the seed range's pack; the provenance; and each refusal
// (one line, non-zero, nothing written). `simulate-study --pack` plays the pack's levels
// in order and reports deaths by position that match the recorded deaths.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "gen/generator.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/analysis/statistics.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_pick_difficulty_cli {

using namespace sawtooth;
namespace fs = std::filesystem;

namespace {

const test::ScratchFiles file("sawtooth_test_pick_difficulty");

/// The thesis-reference model as a model file, and one with other coefficients.
const std::string& model_file() {
    static const std::string path = [] {
        const std::string p = file("model.json");
        analysis::save_model(analysis::thesis_reference_model(), p);
        return p;
    }();
    return path;
}

const std::string& other_model_file() {
    static const std::string path = [] {
        const std::string p = file("other_model.json");
        analysis::ChallengeModel m = analysis::thesis_reference_model();
        m.linear.c0 += 0.05;
        analysis::save_model(m, p);
        return p;
    }();
    return path;
}

test::ProcessResult lab(const std::string& words) { return test::lab(words); }

nlohmann::json run_json(const std::string& words) {
    const test::ProcessResult r = lab(words + " --json");
    INFO(words);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out);
}

double predicted(const telemetry::PackLevel& l) {
    const GeneratedLevel g = generate_level(l.params);
    REQUIRE(g.ok);
    return analysis::evaluate_level(g, analysis::load_model(model_file())).difficulty;
}

std::vector<std::uint64_t> seeds_of(const telemetry::Pack& p) {
    std::vector<std::uint64_t> out;
    for (const auto& l : p.levels) out.push_back(l.params.seed);
    return out;
}

/// Every file of the scratch folder and its bytes.
std::map<std::string, std::string> snapshot() {
    std::map<std::string, std::string> out;
    for (const fs::directory_entry& e : fs::directory_iterator(file.dir()))
        out[e.path().filename().string()] = test::read_file(e.path().string());
    return out;
}

/// Refused with one line holding `problem`; no file of the folder changed or appeared.
void check_refused(const std::string& words, const std::string& problem) {
    const auto before = snapshot();
    const test::ProcessResult r = lab(words);
    INFO(words);
    INFO(r.err);
    CHECK(r.exit_code != 0);
    CHECK(r.err.find(problem) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(snapshot() == before);
}

void write_text(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

const std::string kCandidates = " --seeds 1..40 --layout linear --level-index 1";
const std::string kSeeds = kCandidates + " --threads 2";

}  // namespace

TEST_CASE("a rising pack: distinct levels following the curve within the tolerance") {
    const std::string out = file("rising.json");
    const nlohmann::json j =
        run_json("pick-difficulty --model " + model_file() + " --curve rising --count 6 --tolerance 0.05" +
                 kSeeds + " --out " + out);
    const telemetry::Pack pack = telemetry::read_pack(out);  // regenerates and checks every level
    REQUIRE(pack.levels.size() == 6);
    const auto seeds = seeds_of(pack);
    CHECK(std::set<std::uint64_t>(seeds.begin(), seeds.end()).size() == 6);
    const std::vector<double> targets = j["curve"]["targets"];
    REQUIRE(targets.size() == 6);
    double max_error = 0.0, sum = 0.0, previous = -1.0;
    for (std::size_t k = 0; k < 6; ++k) {
        const telemetry::PackLevel& l = pack.levels[k];
        CHECK(l.params.layout == Layout::Linear);
        CHECK(l.params.level_index == 1);
        CHECK(l.params.seed >= 1);
        CHECK(l.params.seed <= 40);
        const double d = predicted(l);
        CHECK(d == doctest::Approx(j["levels"][k]["difficulty"].get<double>()));
        CHECK(d >= previous);  // rising
        previous = d;
        max_error = std::max(max_error, std::abs(d - targets[k]));
        sum += std::abs(d - targets[k]);
        if (k > 0) CHECK(targets[k] > targets[k - 1]);
    }
    CHECK(max_error <= 0.05);
    CHECK(j["max_abs_error"].get<double>() == doctest::Approx(max_error));
    CHECK(j["mean_abs_error"].get<double>() == doctest::Approx(sum / 6));
    // The provenance holds what the output printed: model, curve, tolerance, errors, source.
    const nlohmann::json& p = pack.provenance["pick_difficulty"];
    CHECK(p["model"]["hash"] == j["model"]["hash"]);
    CHECK(p["curve"]["kind"] == "rising");
    CHECK(p["curve"]["quantiles"] == nlohmann::json::array({0.05, 0.95}));
    CHECK(p["curve"]["spacing"] == "hazard");
    CHECK(p["tolerance"].get<double>() == 0.05);
    CHECK(p["max_abs_error"].get<double>() == doctest::Approx(max_error));
    CHECK(p["candidates"]["source"] == "seeds");
    CHECK(p["candidates"]["levels"] == 40);
    // Same inputs, same pack.
    const std::string again = file("rising_again.json");
    run_json("pick-difficulty --model " + model_file() + " --curve rising --count 6 --tolerance 0.05" +
             kCandidates + " --threads 1 --out " + again);
    CHECK(seeds_of(telemetry::read_pack(again)) == seeds);
}

TEST_CASE("candidates in several shapes; targets spaced in hazard or in difficulty") {
    const std::string shapes =
        " --seeds 1..15 --layout linear --level-index 1 --threads 2 --rooms 2x1,3x1 "
        "--room-size 9x6,11x7";
    const nlohmann::json j =
        run_json("pick-difficulty --model " + model_file() + " --curve rising --count 6 --tolerance 0.05" +
                 shapes + " --out " + file("shapes.json"));
    CHECK(j["candidates"]["shapes"] == 4);
    CHECK(j["candidates"]["levels"] == 60);  // 15 seeds in each of the four shapes
    CHECK(j["candidates"]["rooms"] == nlohmann::json::array({"2x1", "2x1", "3x1", "3x1"}));
    const telemetry::Pack pack = telemetry::read_pack(file("shapes.json"));
    REQUIRE(pack.levels.size() == 6);
    std::set<std::string> seen;
    for (std::size_t k = 0; k < 6; ++k) {
        const GenParams& g = pack.levels[k].params;
        const std::string shape = std::to_string(g.rooms_w) + "x" + std::to_string(g.rooms_h) + " " +
                                  std::to_string(g.room_w) + "x" + std::to_string(g.room_h);
        CHECK(j["levels"][k]["rooms"] == shape.substr(0, 3));
        seen.insert(shape);
    }
    CHECK(seen.size() >= 2);  // the curve spans what one shape alone does not offer
    // Hazard spacing: -ln(1 - target) rises by equal steps.
    const std::vector<double> t = j["curve"]["targets"];
    const auto hazard = [](double d) { return -std::log1p(-d); };
    for (std::size_t k = 2; k < t.size(); ++k)
        CHECK(hazard(t[k]) - hazard(t[k - 1]) == doctest::Approx(hazard(t[1]) - hazard(t[0])));
    for (const nlohmann::json& l : j["levels"])  // each pick's hazard, as printed
        CHECK(l["hazard"].get<double>() == doctest::Approx(hazard(l["difficulty"].get<double>())));
    const nlohmann::json even = run_json("pick-difficulty --model " + model_file() +
                                         " --curve rising --count 6 --tolerance 0.05 --spacing difficulty" +
                                         shapes + " --out " + file("shapes_even.json"));
    CHECK(even["curve"]["spacing"] == "difficulty");
    const std::vector<double> e = even["curve"]["targets"];
    CHECK(e.front() == doctest::Approx(t.front()));  // the same two ends
    CHECK(e.back() == doctest::Approx(t.back()));
    for (std::size_t k = 2; k < e.size(); ++k) CHECK(e[k] - e[k - 1] == doctest::Approx(e[1] - e[0]));

    // A flat pack takes its levels in seed order, not shape by shape (long levels of the same
    // predicted difficulty are the deadlier), from a catalogue of both shapes (rows stored
    // shape by shape) as from --seeds.
    const std::string base =
        " --seeds 1..15 --layout linear --level-index 1 --threads 2 --db " + file("two.db");
    REQUIRE(lab("catalog" + base + " --rooms 3x1 --model " + model_file()).exit_code == 0);
    REQUIRE(lab("catalog" + base + " --rooms 2x1").exit_code == 0);
    run_json("pick-difficulty --model " + model_file() +
             " --curve flat --count 8 --tolerance 1 --from-catalog " + file("two.db") + " --out " +
             file("flat_cat.json"));
    run_json(
        "pick-difficulty --model " + model_file() +
        " --curve flat --count 8 --tolerance 1 --seeds 1..15 --layout linear --level-index 1 --rooms 2x1,3x1 "
        "--out " +
        file("flat_seeds.json"));
    const telemetry::Pack from_catalog = telemetry::read_pack(file("flat_cat.json"));
    const auto flat_seeds = seeds_of(from_catalog);
    CHECK(std::is_sorted(flat_seeds.begin(), flat_seeds.end()));
    CHECK(flat_seeds == seeds_of(telemetry::read_pack(file("flat_seeds.json"))));
}

TEST_CASE("flat and file curves; a catalogue's stored figures are used only from the same model") {
    const nlohmann::json flat =
        run_json("pick-difficulty --model " + model_file() + " --curve flat --count 4 --tolerance 0.1" +
                 kSeeds + " --out " + file("flat.json"));
    const std::vector<double> ft = flat["curve"]["targets"];
    CHECK(std::all_of(ft.begin(), ft.end(), [&](double t) { return t == ft.front(); }));
    CHECK(flat["max_abs_error"].get<double>() <= 0.1);

    // A file curve that is not monotone: the rising curve's targets 3, 1, 2 (they lie where
    // the candidates are), followed in the file's order.
    const nlohmann::json rising =
        run_json("pick-difficulty --model " + model_file() + " --curve rising --count 3 --tolerance 0.05" +
                 kSeeds + " --out " + file("rising3.json"));
    const std::vector<double> rt = rising["curve"]["targets"];
    const nlohmann::json targets = {rt[2], rt[0], rt[1]};
    write_text(file("curve.json"), nlohmann::json{{"targets", targets}}.dump());
    const nlohmann::json fc =
        run_json("pick-difficulty --model " + model_file() + " --curve " + file("curve.json") +
                 " --tolerance 0.05" + kSeeds + " --out " + file("file.json"));
    CHECK(fc["curve"]["targets"] == targets);
    CHECK(fc["curve"]["kind"] == "file");
    const telemetry::Pack fp = telemetry::read_pack(file("file.json"));
    REQUIRE(fp.levels.size() == 3);
    for (std::size_t k = 0; k < 3; ++k)
        CHECK(std::abs(predicted(fp.levels[k]) - targets[k].get<double>()) <= 0.05);

    // Catalogues of the same 40 levels: with this model (stored), another model and none
    // (recomputed). All three give the seed range's pack.
    const std::string base = " --seeds 1..40 --layout linear --level-index 1 --threads 2 --db ";
    REQUIRE(lab("catalog" + base + file("same.db") + " --model " + model_file()).exit_code == 0);
    REQUIRE(lab("catalog" + base + file("other.db") + " --model " + other_model_file()).exit_code == 0);
    REQUIRE(lab("catalog" + base + file("plain.db")).exit_code == 0);
    const auto from_seeds = seeds_of(telemetry::read_pack(file("flat.json")));
    for (const auto& [db, stored] :
         std::vector<std::pair<std::string, int>>{{"same.db", 40}, {"other.db", 0}, {"plain.db", 0}}) {
        INFO(db);
        const std::string out = file("cat_" + db + ".json");
        const nlohmann::json j =
            run_json("pick-difficulty --model " + model_file() +
                     " --curve flat --count 4 --tolerance 0.1 --from-catalog " + file(db) + " --out " + out);
        CHECK(j["candidates"]["source"] == "catalog");
        CHECK(j["candidates"]["difficulty_stored"] == stored);
        CHECK(j["candidates"]["difficulty_recomputed"] == 40 - stored);
        CHECK(seeds_of(telemetry::read_pack(out)) == from_seeds);
    }
}

TEST_CASE("--playtest: each position keeps the shortlisted level whose panel deaths fit the curve") {
    const std::string words = "pick-difficulty --model " + model_file() +
                              " --curve rising --count 3 --tolerance 0.1 --playtest 2 --shortlist 2" +
                              kCandidates;
    const nlohmann::json j = run_json(words + " --threads 2 --out " + file("playtest.json"));
    const telemetry::Pack pack = telemetry::read_pack(file("playtest.json"));
    REQUIRE(pack.levels.size() == 3);
    const nlohmann::json& p = j["playtest"];
    CHECK(p["players"] == 2);
    CHECK(p["group"] == "average");
    CHECK(p["shortlist"] == 2);
    CHECK(pack.provenance["pick_difficulty"]["playtest"] == p);
    CHECK(j["method"].get<std::string>().find("playtest") == 0);
    REQUIRE(p["shortlists"].size() == 3);
    // The fit, recomputed from what the panel played: least squares of ln(1 + deaths) on hazard.
    std::vector<double> h, y;
    std::set<std::uint64_t> seeds;
    for (const auto& list : p["shortlists"]) {
        CHECK(list.size() == 2);
        for (const auto& e : list) {
            CHECK(seeds.insert(e["seed"].get<std::uint64_t>()).second);  // disjoint shortlists
            const double deaths = e["mean_deaths"].get<double>();
            CHECK(deaths * 2 == doctest::Approx(std::round(deaths * 2)));  // two players' deaths
            CHECK(e["completed"].get<int>() + e["skipped"].get<int>() <= 2);
            h.push_back(e["hazard"].get<double>());
            y.push_back(std::log1p(deaths));
        }
    }
    CHECK(p["levels_played"] == 6);
    double mh = 0, my = 0, sxx = 0, sxy = 0;
    for (std::size_t k = 0; k < h.size(); ++k) mh += h[k] / 6, my += y[k] / 6;
    for (std::size_t k = 0; k < h.size(); ++k)
        sxx += (h[k] - mh) * (h[k] - mh), sxy += (h[k] - mh) * (y[k] - my);
    const double slope = sxy / sxx, intercept = my - slope * mh;
    CHECK(p["fit"]["slope"].get<double>() == doctest::Approx(slope));
    CHECK(p["fit"]["intercept"].get<double>() == doctest::Approx(intercept));
    // Each pick: in its shortlist, its deaths the nearest the fit at its target, its model
    // difficulty within the tolerance (recomputed through the level model).
    for (std::size_t i = 0; i < 3; ++i) {
        const nlohmann::json& l = j["levels"][i];
        const double want = intercept + slope * -std::log1p(-l["target"].get<double>());
        CHECK(l["expected_deaths"].get<double>() == doctest::Approx(std::expm1(want)));
        const nlohmann::json* chosen = nullptr;
        for (const auto& e : p["shortlists"][i])
            if (e["seed"] == l["seed"]) chosen = &e;
        REQUIRE(chosen != nullptr);
        CHECK(l["playtest_deaths"] == (*chosen)["mean_deaths"]);
        for (const auto& e : p["shortlists"][i])
            CHECK(std::abs(std::log1p(l["playtest_deaths"].get<double>()) - want) <=
                  std::abs(std::log1p(e["mean_deaths"].get<double>()) - want));
        CHECK(pack.levels[i].params.seed == l["seed"].get<std::uint64_t>());
        CHECK(std::abs(predicted(pack.levels[i]) - l["target"].get<double>()) <= 0.1);
    }
    // Same panel seed, same plays and pack, on one thread.
    const nlohmann::json again = run_json(words + " --threads 1 --out " + file("playtest_again.json"));
    CHECK(again["playtest"] == p);
    CHECK(again["levels"] == j["levels"]);
    // Bad playtest settings: one line, nothing written.
    const std::string out = " --out " + file("refused.json");
    check_refused(words + " --playtest-group expert" + out, "unknown --playtest-group 'expert'");
    check_refused("pick-difficulty --model " + model_file() +
                      " --curve rising --count 3 --playtest 2 --shortlist 0" + kCandidates + out,
                  "bad --shortlist 0");
    check_refused("pick-difficulty --model " + model_file() + " --curve rising --count 3 --playtest -1" +
                      kCandidates + out,
                  "bad --playtest -1");
}

TEST_CASE("pick-difficulty refuses bad input with one line and writes nothing") {
    const std::string m = " --model " + model_file();
    const std::string out = " --out " + file("refused.json");
    write_text(file("not_numbers.json"), R"({"targets": [0.2, "hard"]})");
    write_text(file("too_hard.json"), "[0.5, 1.5]");
    write_text(file("not_json.json"), "rising, please");
    write_text(file("bad_model.json"), R"({"format": "something else"})");
    REQUIRE(lab("catalog --seeds 1..5 --layout linear --level-index 1 --db " + file("small.db")).exit_code ==
            0);
    check_refused("pick-difficulty" + m + " --curve steep --count 3" + kSeeds + out,
                  "unknown --curve 'steep'");
    check_refused("pick-difficulty" + m + " --curve " + file("not_numbers.json") + kSeeds + out,
                  "/targets/1: \"hard\" is not a number");
    check_refused("pick-difficulty" + m + " --curve " + file("too_hard.json") + kSeeds + out,
                  "/1: 1.5 is outside [0, 1]");
    check_refused("pick-difficulty" + m + " --curve " + file("not_json.json") + kSeeds + out, "not JSON");
    check_refused("pick-difficulty" + m + " --curve rising --count 41" + kSeeds + out,
                  "41 positions but only 40 distinct candidate levels");
    check_refused(
        "pick-difficulty" + m + " --curve rising --count 3 --from-catalog " + file("small.db") + kSeeds + out,
        "--from-catalog and --seeds exclude each other");
    check_refused(
        "pick-difficulty --model " + file("bad_model.json") + " --curve rising --count 3" + kSeeds + out,
        "bad_model.json");
    check_refused("pick-difficulty" + m + " --curve rising --count 10 --tolerance 0.0001" + kSeeds + out,
                  "--tolerance 0.0001 cannot be met");
    check_refused("pick-difficulty" + m + " --curve rising" + kSeeds + out, "needs --count");
    check_refused("pick-difficulty" + m + " --curve rising --count 3 --spacing steep" + kSeeds + out,
                  "unknown --spacing 'steep'");
    check_refused("pick-difficulty" + m + " --curve rising --count 3" + kSeeds + " --rooms 2x1,big" + out,
                  "--rooms");
    check_refused("pick-difficulty" + m + " --curve rising --count 3" + kSeeds + " --rooms 2x1,1x1" + out,
                  "--rooms 1x1 --room-size 11x7");
    check_refused("pick-difficulty" + m + " --curve rising --count 3 --from-catalog " + file("small.db") +
                      " --layout maze" + out,
                  "go with --seeds");
}

TEST_CASE("simulate-study --pack plays the pack's levels in order and reports deaths by position") {
    const std::string pack_file = file("study_pack.json");
    run_json("pick-difficulty --model " + model_file() + " --curve rising --count 3 --tolerance 0.1" +
             kSeeds + " --out " + pack_file);
    const telemetry::Pack pack = telemetry::read_pack(pack_file);
    const std::string db = file("study.db");
    const test::ProcessResult r =
        lab("simulate-study --players 3 --seed 2 --threads 2 --json --pack " + pack_file + " --db " + db);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["levels"] == 9);
    CHECK(j["replay_verified"] == 15);
    // Every session: two tutorials, then the pack's levels in its order.
    telemetry::Store store = telemetry::Store::open_read_only(db);
    std::vector<std::vector<double>> deaths(3);
    for (std::int64_t sid = 1; sid <= 3; ++sid) {
        const auto ids = store.session_levels(sid);
        REQUIRE(ids.size() == 5);
        for (std::size_t k = 0; k < 3; ++k) {
            const telemetry::LevelRecord l = store.load_level(ids[k + 2]);
            CHECK(l.kind == telemetry::LevelKind::Generated);
            CHECK(l.level_hash == pack.levels[k].level_hash);
            deaths[k].push_back(l.deaths);
        }
    }
    const nlohmann::json& all = j["deaths_by_position"]["ALL"];
    CHECK(all["players"] == 3);
    std::vector<double> means, positions = {1, 2, 3};
    for (std::size_t k = 0; k < 3; ++k) {
        means.push_back((deaths[k][0] + deaths[k][1] + deaths[k][2]) / 3.0);
        CHECK(all["mean_deaths"][k].get<double>() == doctest::Approx(means[k]));
    }
    const auto rho = analysis::spearman_rho(positions, means);
    if (rho) {
        CHECK(all["spearman_rho"].get<double>() == doctest::Approx(*rho));
        // The players' bootstrap interval (1000 replicates; a resample can have equal means).
        const nlohmann::json& iv = all["spearman_rho_interval"];
        REQUIRE(iv.is_object());
        CHECK(iv["replicates"].get<int>() > 0);
        CHECK(iv["lo"].get<double>() <= iv["hi"].get<double>());
    } else {
        CHECK(all["spearman_rho"].is_null());
        CHECK(all["spearman_rho_interval"].is_null());
    }
    int grouped = 0;
    for (const char* g : {"GOOD", "AVERAGE", "BAD"})
        if (j["deaths_by_position"].contains(g)) grouped += j["deaths_by_position"][g]["players"].get<int>();
    CHECK(grouped == 3);

    // A pack that is not there, and --levels with --pack: refused before the database is made.
    const std::string none = file("never.db");
    const test::ProcessResult missing =
        lab("simulate-study --players 1 --pack " + file("nope.json") + " --db " + none);
    CHECK(missing.exit_code != 0);
    CHECK(missing.err.find("nope.json") != std::string::npos);
    CHECK(lab("simulate-study --players 1 --levels 2 --pack " + pack_file + " --db " + none).exit_code != 0);
    CHECK_FALSE(fs::exists(none));
}

}  // namespace test_pick_difficulty_cli
