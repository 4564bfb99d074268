#pragma once
// The progress line of sawtooth-lab commands that can run longer than a few seconds
// (study, verify-levels, replays of many levels, benchmarks):
//     verifying levels 120/1000 (12 %), 35.2/s, 0:25 left
// redrawn in place with \r on stderr a few times a second, and only when stderr is a
// terminal, so piped or redirected output stays clean. Workers may call advance() from
// any thread. Does not: write to stdout, or interleave with a command's own per-item
// stderr lines (commands turn the line off for --verbose).

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

namespace sawtooth::lab {

/// Whether stderr is a terminal (the default decision to draw).
bool stderr_is_terminal();

/// Where and whether a progress line draws; tests inject both.
struct ProgressSettings {
    bool show = stderr_is_terminal();
    std::FILE* out = stderr;
    /// Redraws closer together than this are skipped: a line per item would cost more
    /// than the work on fast loops and flicker on slow terminals.
    double min_redraw_seconds = 0.2;
};

/// "45 s", "2:05", "1:02:05" (rounded to the second).
std::string format_duration(double seconds);

/// The text of one progress line (no \r, no newline), e.g.
/// "verifying levels 120/1000 (12 %), 35.2/s, 0:25 left"; when done == total the time
/// left becomes the time taken ("in 0:28").
std::string format_progress(std::string_view label, std::size_t done, std::size_t total,
                            double elapsed_seconds);

/// A progress line over `total` items of work.
class ProgressLine {
public:
    ProgressLine(std::string label, std::size_t total, ProgressSettings settings = {});
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    /// `n` more items done; redraws when the last redraw is old enough. Thread-safe.
    void advance(std::size_t n = 1);
    /// Draws the final figures and ends the line (once; the destructor calls it too).
    void finish();

private:
    using Clock = std::chrono::steady_clock;
    double elapsed_seconds() const;
    void draw(std::size_t done);  ///< with m_mutex held

    std::string m_label;
    std::size_t m_total;
    ProgressSettings m_settings;
    Clock::time_point m_start = Clock::now();
    std::atomic<std::size_t> m_done{0};
    std::atomic<double> m_last_draw{-1.0};  ///< elapsed seconds at the last redraw
    std::mutex m_mutex;
    bool m_finished = false;  ///< guarded by m_mutex
};

}  // namespace sawtooth::lab
