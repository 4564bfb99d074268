#pragma once
// Records an Elimination level while it is played: the word_levels row when it starts,
// every action with its tick and outcome (written at least once a second, so a crash loses
// at most the last second), each challenge as it ends, and the end row. Rows are built by
// telemetry/recording/words_recording (apply_and_describe, word_challenge_row), the same code the
// simulated study uses, so `sawtooth-lab replay --word-level ID --verify` checks game
// recordings exactly like synthetic ones. A store error never stops play: it is printed
// once and recording of that level stops.

#include "game/words/modes.hpp"
#include "game/words/play.hpp"
#include "telemetry/store/store.hpp"

#include <cstdint>
#include <vector>

namespace sawtooth::app {

/// Ticks between writes of buffered actions (crash safety: at most one second lost).
inline constexpr std::uint32_t kWordsFlushTicks = 60;

/// Records one word level into a session of the store.
class WordsLevelRecorder {
public:
    /// Adds the word_levels row of `source` (telemetry::word_level_source or
    /// custom_word_level_source). `store` must outlive the recorder. Throws on store errors.
    WordsLevelRecorder(telemetry::Store& store, std::int64_t session_id,
                       const telemetry::WordLevelSource& source, std::uint32_t start_tick);
    /// A level dropped without finish() (window closed) is ended as "quit".
    ~WordsLevelRecorder();
    WordsLevelRecorder(const WordsLevelRecorder&) = delete;
    WordsLevelRecorder& operator=(const WordsLevelRecorder&) = delete;

    /// Applies `a` to `play`, buffers its row (a Tick only when it timed a challenge out)
    /// and stores challenges that ended. Returns what the action did.
    words::Outcome apply(words::LevelPlay& play, const words::Action& a);
    /// Writes buffered actions if kWordsFlushTicks have passed since the last write.
    void maybe_flush(std::uint32_t now);
    /// Ends the level with its status ("complete" / "timed_out"), or "quit" with the
    /// unfinished challenge stored as "playing" when the player left mid-level.
    void finish(const words::LevelPlay& play, bool quit);

    std::int64_t word_level_id() const { return m_id; }
    bool ok() const { return !m_failed; }

private:
    void flush();
    /// The pending actions and the challenges finished since the last call, in one transaction.
    void flush_with_finished_challenges(const words::LevelPlay& play);
    void failed(const std::exception& e);

    telemetry::Store* m_store;
    std::int64_t m_id = 0;
    std::vector<telemetry::WordActionRow> m_pending;
    std::uint32_t m_last_flush = 0;
    std::size_t m_challenges_stored = 0;
    bool m_finished = false;
    bool m_failed = false;
};

}  // namespace sawtooth::app
