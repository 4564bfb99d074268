#include "game/app/words/words_context.hpp"
#include "gen/error.hpp"
#include "gen/number_text.hpp"
#include "gen/printable.hpp"

#include "game/app/core/settings.hpp"
#include "gen/words/level_table.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "telemetry/store/json_reader.hpp"
#include "telemetry/store/store.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace sawtooth::app {

namespace {

constexpr int kProgressVersion = 1;

// Moves a damaged file aside so the next save cannot destroy what a player might recover.
void keep_aside(const std::string& path) {
    std::error_code ec;
    std::filesystem::rename(path, path + ".bad", ec);
}

int clamp_level(int v) { return std::clamp(v, 1, words::kLevelCount); }

}  // namespace

std::string default_words_progress_path() {
    return xdg_path("XDG_DATA_HOME", ".local/share", "words_progress.json");
}

namespace {

// Scores and levels from the file: anything beyond this is damage, not a score.
constexpr int kMaxProgressNumber = 1000000000;

// Reads the fields of a version-1 file; throws JsonFieldError at the first damaged one
// (a wrong type counts as damage like a syntax error: the file is kept aside either way).
void read_progress_fields(const telemetry::JsonField& root, WordsProgress& p) {
    if (root.has("unlocked")) p.unlocked = clamp_level(root.at("unlocked").int_in(0, kMaxProgressNumber));
    if (root.has("levels")) {
        const telemetry::JsonField levels = root.at("levels");
        levels.expect_object();
        for (const auto& [key, value] : levels.value().items()) {
            const int score = levels.at(key).int_in(0, kMaxProgressNumber);
            const std::optional<int> level = read_number<int>(key);  // other keys are not levels
            if (level && *level >= 1 && *level <= words::kLevelCount) p.best_level[*level] = score;
        }
    }
    if (root.has("infinite")) {
        const telemetry::JsonField inf = root.at("infinite");
        inf.expect_object();
        if (inf.has("best_level")) p.infinite_best_level = inf.at("best_level").int_in(0, kMaxProgressNumber);
        if (inf.has("best_score")) p.infinite_best_score = inf.at("best_score").int_in(0, kMaxProgressNumber);
    }
    if (root.has("daily")) {
        const telemetry::JsonField daily = root.at("daily");
        daily.expect_object();
        for (const auto& [date, value] : daily.value().items()) {
            const int score = daily.at(date).int_in(0, kMaxProgressNumber);
            if (words::is_valid_utc_date(date)) p.daily[date] = score;
        }
    }
}

}  // namespace

WordsProgress load_words_progress(const std::string& path, std::string& warning) {
    WordsProgress p;
    warning.clear();
    if (path.empty() || !std::filesystem::exists(path)) return p;
    const std::string name = printable(path);
    std::string text;
    if (!read_file(path, text)) {
        warning = "cannot read word progress '" + name + "', starting fresh";
        return p;
    }
    try {
        const nlohmann::json j = telemetry::parse_json_text(text);
        const telemetry::JsonField root(j);
        if (root.at("version").int_in(1, kMaxProgressNumber) > kProgressVersion) {
            // A newer build's file: read nothing, and never overwrite it.
            warning = "word progress '" + name + "' is from a newer version; progress is not saved this run";
            p.read_only = true;
            return p;
        }
        read_progress_fields(root, p);
        return p;
    } catch (const telemetry::JsonFieldError& e) {
        warning = "word progress '" + name + "' is damaged (" + e.what() + "; kept as .bad), starting fresh";
        keep_aside(path);
        return WordsProgress{};
    }
}

std::string save_words_progress(const std::string& path, const WordsProgress& p) {
    if (path.empty()) return "no progress path (set HOME or XDG_DATA_HOME)";
    if (p.read_only) return {};  // loaded from a newer version: leave that file alone
    nlohmann::json j;
    j["version"] = kProgressVersion;
    j["unlocked"] = p.unlocked;
    nlohmann::json levels = nlohmann::json::object();
    for (const auto& [level, score] : p.best_level) levels[std::to_string(level)] = score;
    j["levels"] = levels;
    j["infinite"] = {{"best_level", p.infinite_best_level}, {"best_score", p.infinite_best_score}};
    nlohmann::json daily = nlohmann::json::object();
    for (const auto& [date, score] : p.daily) daily[date] = score;
    j["daily"] = daily;
    return write_file_atomically(path, j.dump(2) + "\n");
}

void WordsContext::save_progress() {
    if (progress_path.empty()) return;
    if (const std::string err = save_words_progress(progress_path, progress); !err.empty())
        std::fprintf(stderr, "sawtooth: warning: %s\n", one_line(err).c_str());
}

std::unique_ptr<WordsContext> load_words_context(const std::string& dictionary_path,
                                                 const std::string& progress_path, const std::string& today) {
    std::string text;
    if (!std::filesystem::is_regular_file(dictionary_path) || !read_file(dictionary_path, text))
        throw Error("cannot read word list '" + dictionary_path + "'");
    auto ctx = std::make_unique<WordsContext>();
    try {
        ctx->dictionary = words::Dictionary::parse_tsv(text);
    } catch (const Error& e) {
        throw Error(dictionary_path + ": " + e.what());
    }
    if (ctx->dictionary.size() == 0) throw Error("word list '" + dictionary_path + "' holds no usable words");
    ctx->dictionary_hash = telemetry::dictionary_text_hash(text);
    ctx->dictionary_path = dictionary_path;
    ctx->progress_path = progress_path;
    ctx->today = today;
    std::string warning;
    ctx->progress = load_words_progress(progress_path, warning);
    if (!warning.empty()) std::fprintf(stderr, "sawtooth: warning: %s\n", one_line(warning).c_str());
    return ctx;
}

WordsContext* WordsLoader::get(std::string& error) {
    if (!m_context && m_error.empty()) {
        try {
            m_context = load_words_context(m_dictionary_path, m_progress_path, m_today);
            m_context->builder_analysis = m_builder_analysis;
        } catch (const std::exception& e) {
            m_error = e.what();
        }
    }
    error = m_error;
    return m_context.get();
}

std::string utc_today() { return telemetry::utc_now().substr(0, 10); }  // "YYYY-MM-DDTHH:MM:SSZ"

}  // namespace sawtooth::app
