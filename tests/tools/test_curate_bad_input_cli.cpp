// The curation commands' bad input (docs/curation.md): an unknown predictor (`curate fit
// --predictors`), an empty catalogue (`curate fit` and `curate pick`), N above the top X %
// (with and without --similarity) and a malformed shard spec (`catalog --shard 3/2`, `0/2`,
// `2/0`, `a/b`). Each is one line naming the problem and a non-zero exit, and the run writes
// nothing: every file of the directory it works in (catalogue, ratings database, formula)
// is byte-for-byte as before, and no file appears or disappears. (A pack from the future is
// tests/app/test_study_pack.cpp: it needs the game.)
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_curate_bad_input_cli {

using namespace sawtooth;
namespace fs = std::filesystem;

namespace {

const test::ScratchFiles file("sawtooth_test_curate_bad_input");

/// Every file of the working directory and its bytes.
std::map<std::string, std::string> snapshot() {
    std::map<std::string, std::string> out;
    for (const fs::directory_entry& e : fs::directory_iterator(file.dir()))
        out[e.path().filename().string()] = test::read_file(e.path().string());
    return out;
}

/// Runs `sawtooth-lab words...`: refused with one line holding `problem`, nothing written.
void check_refused(const std::string& words, const std::string& problem) {
    const std::map<std::string, std::string> before = snapshot();
    const test::ProcessResult r = test::run_process(test::lab_binary(), test::split_args(words));
    INFO(words);
    INFO(r.err);
    CHECK(r.exit_code != 0);
    CHECK(r.err.find(problem) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    const std::map<std::string, std::string> after = snapshot();
    CHECK(after.size() == before.size());
    for (const auto& [name, bytes] : before) {
        INFO(name);
        CHECK(after.count(name) == 1);
        CHECK((after.count(name) == 1 && after.at(name) == bytes));
    }
}

/// The files the refusals run against: a catalogue of maze seeds 1..20, an empty one, a
/// session database (with its ratings table) and a formula.
void make_inputs() {
    static const bool made = [] {
        REQUIRE(test::run_process(
                    test::lab_binary(),
                    test::split_args("catalog --seeds 1..20 --threads 1 --db " + file("catalog.db")))
                    .exit_code == 0);
        telemetry::Catalog::open(file("empty.db"));
        telemetry::Store::open(file("ratings.db"));
        const nlohmann::json f = {
            {"format", "sawtooth-rating-formula"},
            {"format_version", 1},
            {"target", "enjoyment"},
            {"terms",
             {{{"name", "(intercept)"}, {"coefficient", 1.0}}, {{"name", "traps"}, {"coefficient", 0.5}}}}};
        std::ofstream(file("formula.json")) << f.dump(2);
        return true;
    }();
    CHECK(made);
}

}  // namespace

TEST_CASE("curate fit: an unknown predictor and an empty catalogue") {
    make_inputs();
    const std::string fit = "curate fit --ratings " + file("ratings.db") + " --out " + file("out.json") +
                            " --csv " + file("out.csv") + " --catalog ";
    check_refused(fit + file("catalog.db") + " --predictors traps,sparkle", "unknown predictor 'sparkle'");
    check_refused(fit + file("empty.db"), "catalogue '" + file("empty.db") + "' holds no level");
}

TEST_CASE("curate pick: an empty catalogue, and N above the top X % with and without --similarity") {
    make_inputs();
    const std::string pick =
        "curate pick --formula " + file("formula.json") + " --out " + file("pack.json") + " --catalog ";
    check_refused(pick + file("empty.db") + " --count 1 --top 50", "holds no generated level");
    check_refused(pick + file("catalog.db") + " --count 3 --top 10", "--count 3 is more than the top 10 %");
    check_refused(pick + file("catalog.db") + " --count 3 --top 10 --similarity",
                  "--count 3 is more than the top 10 %");
    check_refused(pick + file("catalog.db") + " --count 3 --top 50 --similarity --similarity-keep 2",
                  "--similarity-keep 2 leaves fewer levels than --count 3");
}

TEST_CASE("catalog --shard: 3/2, 0/2, 2/0 and a/b, into a new and into an existing catalogue") {
    make_inputs();
    for (const std::string spec : {"3/2", "0/2", "2/0", "a/b", "1/", "/2", "1/2/3"}) {
        for (const std::string db : {"new.db", "catalog.db"})
            check_refused("catalog --seeds 1..10 --shard " + spec + " --db " + file(db),
                          "bad --shard '" + spec + "'");
    }
    CHECK(!fs::exists(file("new.db")));
}

}  // namespace test_curate_bad_input_cli
