#include "telemetry/recording/word_list_file.hpp"

#include "gen/error.hpp"
#include "telemetry/recording/words_recording.hpp"

#include <fstream>
#include <sstream>

namespace sawtooth::telemetry {

namespace {

std::string read_text(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error("cannot read word list '" + file + "'");
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

std::string dictionary_asset_path(const std::string& asset_dir) {
    return asset_dir + "/words/dictionary.tsv";
}

WordList read_word_list(const std::string& file) {
    const std::string text = read_text(file);
    WordList list;
    list.dictionary = with_context(file, [&] { return words::Dictionary::parse_tsv(text); });
    if (list.dictionary.size() == 0)
        throw Error("word list '" + file + "' holds no usable words (a-z, >= 3 letters)");
    list.hash = dictionary_text_hash(text);
    return list;
}

std::uint64_t word_list_hash(const std::string& file) { return dictionary_text_hash(read_text(file)); }

}  // namespace sawtooth::telemetry
