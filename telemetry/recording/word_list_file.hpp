#pragma once
// A word list file (word<TAB>count[<TAB>profane], the Elimination dictionary asset
// assets/words/dictionary.tsv or a themed list): read into the dictionary it makes and the
// hash recordings store for it (docs/elimination.md). Does not: print (a caller says how many
// entries were skipped, Dictionary::skipped).

#include "gen/words/dictionary.hpp"

#include <cstdint>
#include <string>

namespace sawtooth::telemetry {

/// The dictionary asset under an asset folder (telemetry/store/asset_dir.hpp).
std::string dictionary_asset_path(const std::string& asset_dir);

/// A word list as read.
struct WordList {
    words::Dictionary dictionary;
    std::uint64_t hash = 0;  ///< dictionary_text_hash of the file's text
};

/// Reads `file`. Throws Error when it cannot be read ("cannot read word list 'FILE'"), is
/// malformed ("FILE: ...") or holds no usable word.
WordList read_word_list(const std::string& file);

/// dictionary_text_hash of `file`'s text; throws Error when it cannot be read.
std::uint64_t word_list_hash(const std::string& file);

}  // namespace sawtooth::telemetry
