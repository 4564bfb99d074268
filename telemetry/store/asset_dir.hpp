#pragma once
// Where the read-only assets (levels, packs, studies, fonts, the word list) are, one rule for
// both programs. An installed program (the Debian package's /usr/bin, the portable archive's
// bin/) finds them at `<its folder>/../share/sawtooth`; a program run from a build folder has
// no such folder next to it and uses the source tree's assets/, whose path the build
// compiles in (docs/packaging.md). Does not: look at the working directory or the
// environment (the game's --assets flag overrides it), or check the files inside.

#include <string>

namespace sawtooth::telemetry {

/// `<folder of exe>/../share/sawtooth` (normalised) when that folder holds levels/, else
/// `source_tree_assets`.
std::string asset_dir_for(const std::string& exe, const std::string& source_tree_assets);

/// asset_dir_for() of this running executable (/proc/self/exe); `source_tree_assets` when
/// that link cannot be read.
std::string find_asset_dir(const std::string& source_tree_assets);

}  // namespace sawtooth::telemetry
