// Where the programs find their assets: next to an installed program (../share/sawtooth, as
// the Debian package and the portable archive lay them out), else the source tree's.
#include <doctest/doctest.h>

#include "../support/scratch_dir.hpp"
#include "telemetry/store/asset_dir.hpp"

#include <filesystem>

namespace fs = std::filesystem;
using sawtooth::telemetry::asset_dir_for;
using sawtooth::telemetry::find_asset_dir;

TEST_CASE("an installed program finds the assets in ../share/sawtooth") {
    const fs::path root = sawtooth::test::scratch_dir("sawtooth_asset_dir_installed");
    fs::create_directories(root / "bin");
    fs::create_directories(root / "share" / "sawtooth" / "levels");
    const std::string exe = (root / "bin" / "sawtooth").string();
    CHECK(asset_dir_for(exe, "/src/assets") == (root / "share" / "sawtooth").string());
}

TEST_CASE("a program without installed assets next to it uses the source tree's") {
    const fs::path root = sawtooth::test::scratch_dir("sawtooth_asset_dir_build");
    fs::create_directories(root / "bin");
    // A share/sawtooth without levels/ is not an asset folder (a half-removed install).
    fs::create_directories(root / "share" / "sawtooth");
    CHECK(asset_dir_for((root / "bin" / "sawtooth").string(), "/src/assets") == "/src/assets");
    // This test binary lives in a build folder: the source tree's assets, as given.
    CHECK(find_asset_dir("/src/assets") == "/src/assets");
}
