#pragma once
// What the Elimination screens share: the dictionary (loaded once, on first use, from
// assets/words/dictionary.tsv) and the player's progress (unlocked levels, best scores,
// daily results) kept between runs as JSON at $XDG_DATA_HOME/sawtooth/words_progress.json.
// A missing progress file means a new player; a corrupt one means a fresh start plus a
// one-line warning, and the damaged file is kept aside (".bad") rather than overwritten.

#include "game/words/builder.hpp"
#include "game/words/modes.hpp"
#include "gen/words/dictionary.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace sawtooth::app {

/// The player's Elimination progress.
struct WordsProgress {
    int unlocked = 1;                  ///< highest Levels-mode level that can be played (1..30)
    std::map<int, int> best_level;     ///< Levels mode: level -> best total score
    int infinite_best_level = 0;       ///< Infinite: furthest level reached in one run
    int infinite_best_score = 0;       ///< Infinite: best summed score of one run
    std::map<std::string, int> daily;  ///< Daily: "YYYY-MM-DD" -> best score that day
    bool read_only = false;            ///< the file is from a newer build: never overwrite it
    friend bool operator==(const WordsProgress&, const WordsProgress&) = default;
};

/// Default progress file ("" when neither XDG_DATA_HOME nor HOME is set).
std::string default_words_progress_path();
/// Reads `path`; missing = new player; unreadable or corrupt = new player and `warning`.
WordsProgress load_words_progress(const std::string& path, std::string& warning);
/// Writes atomically; returns "" or a one-line error.
std::string save_words_progress(const std::string& path, const WordsProgress& p);

/// The loaded word list and where progress is saved.
struct WordsContext {
    words::Dictionary dictionary;
    std::uint64_t dictionary_hash = 0;  ///< telemetry::dictionary_text_hash of the file
    std::string dictionary_path;
    WordsProgress progress;
    std::string progress_path;  ///< "" = never saved
    std::string today;          ///< UTC date "YYYY-MM-DD" of the Daily level
    words::ModeRunCache runs;   ///< levels generated in this game (a run's next level costs one generation)
    words::DraftAnalysisSettings builder_analysis;  ///< what the challenge builder measures against
    /// Saves progress; prints a one-line warning on failure (play goes on).
    void save_progress();
};

/// Loads the word list; throws sawtooth::Error with a one-line message naming the file
/// when it is missing, malformed or holds no usable word.
std::unique_ptr<WordsContext> load_words_context(const std::string& dictionary_path,
                                                 const std::string& progress_path, const std::string& today);
/// Loads the WordsContext on first use, so the platformer never pays for the word list.
class WordsLoader {
public:
    WordsLoader(std::string dictionary_path, std::string progress_path, std::string today,
                words::DraftAnalysisSettings builder_analysis = {})
        : m_dictionary_path(std::move(dictionary_path)),
          m_progress_path(std::move(progress_path)),
          m_today(std::move(today)),
          m_builder_analysis(std::move(builder_analysis)) {}
    /// The context, or null with `error` set to a one-line reason (kept for later calls).
    WordsContext* get(std::string& error);

private:
    std::string m_dictionary_path, m_progress_path, m_today, m_error;
    words::DraftAnalysisSettings m_builder_analysis;
    std::unique_ptr<WordsContext> m_context;
};

/// Today's date in UTC, "YYYY-MM-DD" (the Daily level's seed: the same for everyone).
std::string utc_today();

}  // namespace sawtooth::app
