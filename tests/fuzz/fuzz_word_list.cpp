// Fuzz harness: the word list reader (gen/words/dictionary.cpp, Dictionary::parse_tsv, which
// the game and the lab tools call on a word list file's text). The only error it may
// report is sawtooth::Error ("line N: ..."), in one printable line. An accepted
// list must hold only words the dictionary promises (a-z, kMinWordLength or longer) and
// find each of them again.

#include "fuzz_support.hpp"
#include "gen/error.hpp"
#include "gen/words/dictionary.hpp"

#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace sawtooth;
    words::Dictionary dict;
    try {
        dict = words::Dictionary::parse_tsv(fuzz::as_text(data, size));
    } catch (const sawtooth::Error& e) {
        fuzz::expect_one_printable_line(e.what());
        return 0;
    }
    for (int id = 0; id < dict.size(); ++id) {
        const std::string& w = dict.entry(id).word;
        if (static_cast<int>(w.size()) < words::kMinWordLength)
            fuzz::finding("a word shorter than the minimum");
        for (const char c : w)
            if (c < 'a' || c > 'z') fuzz::finding("a word holding a byte outside a-z");
        if (dict.find(w) != id) fuzz::finding("a word the dictionary does not find again");
    }
    return 0;
}
