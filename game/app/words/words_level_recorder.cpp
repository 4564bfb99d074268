#include "game/app/words/words_level_recorder.hpp"
#include "gen/printable.hpp"

#include "telemetry/recording/words_recording.hpp"

#include <cstdio>

namespace sawtooth::app {

namespace w = sawtooth::words;

WordsLevelRecorder::WordsLevelRecorder(telemetry::Store& store, std::int64_t session_id,
                                       const telemetry::WordLevelSource& source, std::uint32_t start_tick)
    : m_store(&store), m_last_flush(start_tick) {
    m_id = store.begin_word_level(session_id, source);
}

WordsLevelRecorder::~WordsLevelRecorder() {
    if (m_finished || m_failed) return;
    try {
        flush();
        m_store->end_word_level(m_id, telemetry::WordLevelEnd::Quit, 0, 0, 0);
    } catch (const std::exception& e) {
        failed(e);
    }
}

void WordsLevelRecorder::failed(const std::exception& e) {
    if (!m_failed)
        std::fprintf(stderr, "sawtooth: warning: word recording stopped: %s\n", one_line(e.what()).c_str());
    m_failed = true;
}

w::Outcome WordsLevelRecorder::apply(w::LevelPlay& play, const w::Action& a) {
    w::Outcome outcome = w::Outcome::Ignored;
    telemetry::WordActionRow row = telemetry::apply_and_describe(play, a, &outcome);
    if (m_failed || m_finished) return outcome;
    // LevelPlay logs a Tick only when it timed a challenge out; store the same.
    if (a.kind != w::ActionKind::Tick || outcome == w::Outcome::TimedOut) m_pending.push_back(std::move(row));
    if (outcome == w::Outcome::Solved || outcome == w::Outcome::TimedOut) {
        try {
            flush_with_finished_challenges(play);
        } catch (const std::exception& e) {
            failed(e);
        }
    }
    return outcome;
}

void WordsLevelRecorder::maybe_flush(std::uint32_t now) {
    if (m_failed || m_finished || now < m_last_flush + kWordsFlushTicks) return;
    m_last_flush = now;
    try {
        flush();
    } catch (const std::exception& e) {
        failed(e);
    }
}

void WordsLevelRecorder::flush() {
    if (m_pending.empty()) return;
    m_store->add_word_actions(m_id, m_pending);
    m_pending.clear();
}

void WordsLevelRecorder::flush_with_finished_challenges(const w::LevelPlay& play) {
    const auto& results = play.results();
    std::vector<telemetry::WordChallengeRow> finished;
    for (std::size_t i = m_challenges_stored; i < results.size(); ++i)
        finished.push_back(telemetry::word_challenge_row(results[i]));
    m_store->add_word_progress(m_id, m_pending, finished);
    m_pending.clear();
    m_challenges_stored = results.size();
}

void WordsLevelRecorder::finish(const w::LevelPlay& play, bool quit) {
    if (m_failed || m_finished) return;
    m_finished = true;
    try {
        flush_with_finished_challenges(play);
        if (quit && play.status() == w::LevelStatus::Playing) {
            const w::ChallengePlay& c = play.current();
            telemetry::WordChallengeRow open;
            open.number = c.number();
            open.letters = c.letters();
            open.two_x = c.challenge().two_x;
            open.status = w::ChallengeStatus::Playing;
            open.kept_mask = c.kept_mask();
            open.start_tick = c.start_tick();
            open.clicks = c.clicks();
            open.resets = c.resets();
            m_store->add_word_challenge(m_id, open);
            m_store->end_word_level(m_id, telemetry::WordLevelEnd::Quit, play.total_score(),
                                    play.words_found(), play.result_hash());
        } else {
            m_store->end_word_level(m_id, telemetry::word_level_end(play.status()), play.total_score(),
                                    play.words_found(), play.result_hash());
        }
    } catch (const std::exception& e) {
        failed(e);
    }
}

}  // namespace sawtooth::app
