// The level pack reader's two depths (telemetry/curation/pack.hpp): read_pack checks every field and
// regenerates every level against its stored hash; read_pack_fields (what the fuzz harness
// `pack_json` reads through) checks the same fields and stops before regenerating.
#include "telemetry/curation/pack.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

using namespace sawtooth;
using namespace sawtooth::telemetry;

namespace {

const std::string kStarterPack = std::string(SAWTOOTH_SOURCE_DIR) + "/assets/packs/starter.json";

/// The starter pack with its first level's hash changed, written to a temporary file.
std::string pack_with_wrong_hash() {
    std::ifstream in(kStarterPack);
    nlohmann::json doc = nlohmann::json::parse(in);
    doc["levels"][0]["level_hash"] = "0123456789abcdef";
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("sawtooth-test-pack-" + std::to_string(::getpid()) + ".json"))
                                 .string();
    std::ofstream(path) << doc.dump();
    return path;
}

}  // namespace

TEST_CASE("read_pack regenerates the levels, read_pack_fields reads the same fields without") {
    const Pack full = read_pack(kStarterPack);
    const Pack fields = read_pack_fields(kStarterPack);
    CHECK(pack_json(full) == pack_json(fields));

    const std::string wrong = pack_with_wrong_hash();
    CHECK_THROWS_WITH_AS(read_pack(wrong), doctest::Contains("the pack stores 0123456789abcdef"), PackError);
    CHECK(read_pack_fields(wrong).levels.front().level_hash == 0x0123456789abcdefULL);
    std::filesystem::remove(wrong);
}

TEST_CASE("read_pack_fields refuses what read_pack refuses before regenerating") {
    CHECK_THROWS_WITH_AS(read_pack_fields("/nonexistent/pack.json"), doctest::Contains("cannot open"),
                         PackError);
}
