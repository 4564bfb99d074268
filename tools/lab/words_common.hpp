#pragma once
// Shared helpers of the `words` commands and `bench words`: loading the dictionary asset
// (or a --words file) and turning library errors into one-line LabErrors.

#include <cstdint>
#include <string>

#include "gen/words/dictionary.hpp"

namespace sawtooth::lab {

/// Default dictionary asset (assets/words/dictionary.tsv).
std::string default_dictionary_path();
/// Loads `path` (word<TAB>count[<TAB>profane]) or the default asset when empty. Throws
/// LabError when the file cannot be read, is malformed or holds no usable word.
words::Dictionary load_word_dictionary(const std::string& path);
/// telemetry::dictionary_text_hash of that file (what recordings store as dictionary_hash).
std::uint64_t word_list_hash(const std::string& path);

}  // namespace sawtooth::lab
