#pragma once
// Test helper: the committed English dictionary asset, loaded once per test binary.

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "gen/words/dictionary.hpp"

namespace sawtooth::words::test {

inline const Dictionary& english() {
    static const Dictionary dict = [] {
        std::ifstream in(std::string(SAWTOOTH_SOURCE_DIR) + "/assets/words/dictionary.tsv", std::ios::binary);
        if (!in) throw std::runtime_error("assets/words/dictionary.tsv missing");
        std::stringstream ss;
        ss << in.rdbuf();
        return Dictionary::parse_tsv(ss.str());
    }();
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
