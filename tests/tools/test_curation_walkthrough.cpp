// The curation workflow of docs/curation.md end to end, as a new user runs it, at test
// size: catalogue levels with a model, rate five of
// them in free play through the game's real input path, fit a formula on those ratings,
// pick a pack with similarity filtering, draw the similarity map of two of its levels, and
// play the pack in the game. Each step reads only what the step before wrote, so a break
// anywhere in the chain (a column renamed, a hash computed differently by the game and the
// catalogue, a pack the game refuses) fails here.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_curation_walkthrough {

using namespace sawtooth;
namespace fs = std::filesystem;

namespace {

const test::ScratchFiles file("sawtooth_test_curation_walkthrough");

/// One free-play level rated by a player: the seed they type, their two answers (1..9).
struct Rated {
    std::uint64_t seed;
    int enjoyment;
    int difficulty;
};

// Title -> Free play (seed row selected); 21 Backspaces clear the random seed (at most 20
// digits); the seed is typed; five Downs reach Play (the gap row is skipped). The level
// starts at frame 60, is paused at 74 and left ("Back to setup") at 80; the rating screen
// then takes the two answers as key presses and Enter submits.
std::string free_play_keys(const Rated& r) {
    std::string keys = "2:down,4:confirm";
    for (int frame = 6; frame <= 46; frame += 2) keys += "," + std::to_string(frame) + ":back";
    keys += ",48:type=" + std::to_string(r.seed);
    for (int frame = 50; frame <= 58; frame += 2) keys += "," + std::to_string(frame) + ":down";
    keys += ",60:confirm,74:pause,76:down,78:down,80:confirm";
    keys += ",84:key=" + std::to_string(r.enjoyment) + ",86:key=" + std::to_string(r.difficulty) +
            ",88:key=Return";
    return keys;
}

/// Plays and rates one level in the headless game, recording into `db`.
void rate_in_free_play(const Rated& r, const std::string& db) {
    test::ProcessSettings ps;
    ps.env = {"XDG_DATA_HOME=" + file.dir().string(), "XDG_CONFIG_HOME=" + file.dir().string()};
    const auto run = test::run_process(
        test::game_binary(),
        {"--headless", "--db", db, "--menu-keys", free_play_keys(r), "--frames", "92", "--print-screen"}, ps);
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(run.out.find("screen: free-play") != std::string::npos);
}

/// seed -> (enjoyment, difficulty) of the ratings stored in `db`, joined to their levels.
std::map<std::uint64_t, std::pair<int, int>> stored_ratings(const std::string& db) {
    telemetry::Store store = telemetry::Store::open_read_only(db);
    telemetry::Statement st(store.db(),
                            "SELECT l.seed, r.enjoyment, r.difficulty FROM ratings r "
                            "JOIN levels l ON l.level_id = r.level_id WHERE r.skipped = 0");
    std::map<std::uint64_t, std::pair<int, int>> out;
    while (st.step())
        out[static_cast<std::uint64_t>(st.int64(0))] = {static_cast<int>(st.int64(1)),
                                                        static_cast<int>(st.int64(2))};
    return out;
}

/// The level hashes the game recorded in `db`, in the order played.
std::vector<std::string> recorded_hashes(const std::string& db) {
    telemetry::Store store = telemetry::Store::open_read_only(db);
    telemetry::Statement st(store.db(), "SELECT level_hash FROM levels ORDER BY level_id");
    std::vector<std::string> out;
    while (st.step()) out.push_back(st.text(0));
    return out;
}

void require_ok(const test::ProcessResult& r) {
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
}

}  // namespace

TEST_CASE("catalogue, rate in the game, fit, pick with similarity, map, play the pack") {
    const std::string model = file("model.json"), catalog = file("catalog.db"), ratings = file("ratings.db"),
                      formula = file("formula.json"), pack = file("pack.json"), map = file("map.png");
    // A fitted model in the real workflow (`study` + `model fit`); the thesis' reference
    // model is the same file format and saves the test a simulated study.
    analysis::save_model(analysis::thesis_reference_model(), model);
    require_ok(test::lab("catalog --seeds 1..40 --threads 2 --model " + model + " --db " + catalog));

    const std::vector<Rated> rated = {{3, 8, 2}, {7, 3, 6}, {11, 6, 4}, {19, 9, 3}, {23, 2, 5}};
    for (const Rated& r : rated) rate_in_free_play(r, ratings);
    const auto stored = stored_ratings(ratings);
    REQUIRE(stored.size() == rated.size());
    for (const Rated& r : rated) CHECK(stored.at(r.seed) == std::make_pair(r.enjoyment, r.difficulty));

    // Five rated levels carry a formula of two predictors (levels >= predictors + 2).
    require_ok(test::lab("curate fit --ratings " + ratings + " --catalog " + catalog +
                         " --predictors path_length,traps --out " + formula));
    const auto fitted = nlohmann::json::parse(test::read_file(formula));
    CHECK(fitted["levels"] == 5);  // every rated level was found in the catalogue by its hash
    CHECK(fitted["rated_not_catalogued"] == 0);
    CHECK(fitted["rated_hash_differs"] == 0);

    require_ok(test::lab("curate pick --catalog " + catalog + " --formula " + formula +
                         " --count 5 --top 50 --seed 3 --similarity --out " + pack));
    const auto chosen = nlohmann::json::parse(test::read_file(pack));
    REQUIRE(chosen["levels"].size() == 5);
    CHECK(!chosen["provenance"]["selection"]["similarity"].is_null());

    const std::string a = std::to_string(chosen["levels"][0]["seed"].get<std::uint64_t>());
    const std::string b = std::to_string(chosen["levels"][1]["seed"].get<std::uint64_t>());
    require_ok(test::lab("curate similarity " + a + " " + b + " --png " + map));
    CHECK(test::read_file(map).rfind("\x89PNG", 0) == 0);

    // The game plays the pack's first level (recorded: its hash is the pack's).
    const std::string played = file("played.db");
    const auto run = test::run_process(test::game_binary(),
                                       {"--headless", "--pack", pack, "--db", played, "--frames", "30"});
    require_ok(run);
    const auto hashes = recorded_hashes(played);
    REQUIRE(!hashes.empty());
    CHECK(hashes.front() == chosen["levels"][0]["level_hash"].get<std::string>());
}

}  // namespace test_curation_walkthrough
