#pragma once
// Shared helpers of the `words` commands and `bench words`: the dictionary asset (or a
// --words file) read through telemetry/recording/word_list_file.hpp.

#include <cstdint>
#include <string>

#include "gen/words/dictionary.hpp"
#include "telemetry/recording/word_list_file.hpp"

namespace sawtooth::lab {

/// Default dictionary asset (assets/words/dictionary.tsv).
std::string default_dictionary_path();
/// `given` (a --words file), or the default asset when empty.
std::string word_list_path(const std::string& given);
/// Reads the word list word_list_path(path) (telemetry/recording/word_list_file.hpp) and
/// notes on stderr how many entries it skipped.
words::Dictionary load_word_dictionary(const std::string& path);
/// telemetry::dictionary_text_hash of that file (what recordings store as dictionary_hash).
inline std::uint64_t word_list_hash(const std::string& path) {
    return telemetry::word_list_hash(word_list_path(path));
}

}  // namespace sawtooth::lab
