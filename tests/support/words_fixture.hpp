#pragma once
// Test helper: the committed English dictionary asset, loaded once per test binary.

#include <sstream>
#include <string>

#include "gen/words/dictionary.hpp"
#include "read_file.hpp"

namespace sawtooth::words::test {

inline const Dictionary& english() {
    static const Dictionary dict = Dictionary::parse_tsv(
        sawtooth::test::read_file(std::string(SAWTOOTH_SOURCE_DIR) + "/assets/words/dictionary.tsv"));
    return dict;
}

/// A dictionary from a space-separated word list, counts descending in list order.
inline Dictionary tiny(const std::string& words) {
    std::vector<WordEntry> entries;
    std::stringstream ss(words);
    std::string w;
    std::uint64_t count = 1000;
    while (ss >> w) entries.push_back({w, count--, false});
    return Dictionary::from_entries(std::move(entries));
}

}  // namespace sawtooth::words::test
