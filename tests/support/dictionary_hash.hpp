#pragma once
// Test helper: the hash of the committed dictionary (assets/words/dictionary.tsv) as the
// game records it with each word session, for replay checks of what a test recorded.

#include "telemetry/recording/word_list_file.hpp"

#include <cstdint>
#include <string>

namespace sawtooth::test {

/// The recorded hash of this checkout's assets/words/dictionary.tsv.
inline std::uint64_t dictionary_asset_hash() {
    return telemetry::word_list_hash(std::string(SAWTOOTH_SOURCE_DIR) + "/assets/words/dictionary.tsv");
}

}  // namespace sawtooth::test
