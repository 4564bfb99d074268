// `sawtooth-lab curate similarity | diversity | filter` (tools/lab/cmd_curate_similarity.cpp):
// the map PNG is written, a level against itself is 1, the filter keeps --count distinct
// seeds reproducibly, and bad input is one line with exit 1.
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_curate_similarity_cli {

using sawtooth::test::run_process;
using sawtooth::test::split_args;
namespace fs = std::filesystem;

namespace {

const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";

sawtooth::test::ProcessResult lab(const std::string& words) { return run_process(kLab, split_args(words)); }

const fs::path& dir() {
    static const fs::path d = sawtooth::test::scratch_dir("sawtooth_test_curate_similarity_cli");
    return d;
}

}  // namespace

TEST_CASE("curate similarity draws the map and scores a level against itself 1") {
    const std::string png = (dir() / "map.png").string();
    const auto r = lab("curate similarity 3 4 --png " + png);
    CHECK(r.exit_code == 0);
    CHECK(fs::file_size(png) > 100);
    const auto self = lab("curate similarity 5 5 --layout linear");
    CHECK(self.exit_code == 0);
    CHECK(self.out.find("two-way 1.000") != std::string::npos);
}

TEST_CASE("curate filter keeps --count distinct seeds, the same for the same --seed") {
    const auto a = lab("curate filter --seeds 1..30 --count 4 --seed 9 --threads 1");
    const auto b = lab("curate filter --seeds 1..30 --count 4 --seed 9 --threads 1");
    REQUIRE(a.exit_code == 0);
    const std::string kept = a.out.substr(a.out.find("kept seeds:"));
    CHECK(kept == b.out.substr(b.out.find("kept seeds:")));
    CHECK(std::count(kept.begin(), kept.end(), ' ') == 1 + 4);
}

TEST_CASE("curate diversity prints the distribution") {
    const auto r = lab("curate diversity --seeds 1..12 --threads 1");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("pairs 66") != std::string::npos);
}

TEST_CASE("bad input is one line and exit 1") {
    for (const std::string words :
         {"curate similarity 3 nope", "curate filter --seeds 1..5 --count 9", "curate diversity --seeds 9..3",
          "curate filter --seeds 1..9 --weights 1,2"}) {
        const auto r = lab(words);
        CHECK_MESSAGE(r.exit_code == 1, words);
        CHECK_MESSAGE(std::count(r.err.begin(), r.err.end(), '\n') == 1, words);
        CHECK(r.out.empty());
    }
}

}  // namespace test_curate_similarity_cli
