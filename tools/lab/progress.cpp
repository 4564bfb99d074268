#include "tools/lab/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace sawtooth::lab {

namespace {

/// Erases the rest of the terminal line: a shorter redraw leaves no tail of the last one.
constexpr const char* kEraseToEndOfLine = "\033[K";

std::string printf_string(const char* format, double a) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, a);
    return buf;
}

}  // namespace

bool stderr_is_terminal() { return ::isatty(::fileno(stderr)) == 1; }

std::string format_duration(double seconds) {
    const long long s = std::llround(std::max(0.0, seconds));
    char buf[32];
    if (s < 60)
        std::snprintf(buf, sizeof buf, "%lld s", s);
    else if (s < 3600)
        std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    return buf;
}

std::string format_progress(std::string_view label, std::size_t done, std::size_t total,
                            double elapsed_seconds) {
    const double percent =
        total == 0 ? 100.0 : 100.0 * static_cast<double>(done) / static_cast<double>(total);
    const double rate = elapsed_seconds > 0 ? static_cast<double>(done) / elapsed_seconds : 0.0;
    std::string line = std::string(label) + " " + std::to_string(done) + "/" + std::to_string(total) + " (" +
                       printf_string("%.0f", std::floor(percent)) + " %), " + printf_string("%.1f", rate) +
                       "/s, ";
    if (done >= total) return line + "in " + format_duration(elapsed_seconds);
    if (rate <= 0) return line + "time left unknown";
    return line + format_duration(static_cast<double>(total - done) / rate) + " left";
}

ProgressLine::ProgressLine(std::string label, std::size_t total, ProgressSettings settings)
    : m_label(std::move(label)), m_total(total), m_settings(settings) {
    if (!m_settings.show) return;
    const std::lock_guard<std::mutex> lock(m_mutex);
    draw(0);
}

ProgressLine::~ProgressLine() { finish(); }

double ProgressLine::elapsed_seconds() const {
    return std::chrono::duration<double>(Clock::now() - m_start).count();
}

void ProgressLine::advance(std::size_t n) {
    const std::size_t done = m_done += n;
    if (!m_settings.show || done >= m_total) return;  // finish() draws the last figures
    const double now = elapsed_seconds();
    if (now - m_last_draw.load() < m_settings.min_redraw_seconds) return;
    // A worker that finds another one drawing skips its redraw rather than wait for it.
    const std::unique_lock<std::mutex> lock(m_mutex, std::try_to_lock);
    if (!lock.owns_lock() || m_finished) return;
    m_last_draw = now;
    draw(done);
}

void ProgressLine::finish() {
    const std::lock_guard<std::mutex> lock(m_mutex);
    if (m_finished) return;
    m_finished = true;
    if (!m_settings.show) return;
    draw(m_done.load());
    std::fputc('\n', m_settings.out);
    std::fflush(m_settings.out);
}

void ProgressLine::draw(std::size_t done) {
    const std::string line = format_progress(m_label, done, m_total, elapsed_seconds());
    std::fprintf(m_settings.out, "\r%s%s", line.c_str(), kEraseToEndOfLine);
    std::fflush(m_settings.out);
}

}  // namespace sawtooth::lab
