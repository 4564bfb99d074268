#include "game/app/editor/editor_checks.hpp"

#include "game/bot/expert_bot.hpp"
#include "gen/trap_rules.hpp"

namespace sawtooth::app {

namespace {

constexpr int kPathEveryTicks = 4;  // path points: every 4th tick is smooth enough to draw

// Thrown from the bot's step callback to abandon a play (the bot has no other way out).
struct Cancelled {};

BotRun play(const Level& level, int max_ticks, const std::atomic<bool>& cancel) {
    BotRun run;
    bot::BotSettings settings;
    settings.max_ticks = max_ticks;
    Simulation sim(level);
    bot::Bot expert(bot::expert_skill(), 0, settings);
    const bot::PlayResult r = expert.play(sim, [&](InputFrame, const Simulation& s) {
        if (cancel.load(std::memory_order_relaxed)) throw Cancelled{};
        if (s.tick() % kPathEveryTicks == 0) run.path.emplace_back(s.player().x, s.player().y);
    });
    run.path.emplace_back(sim.player().x, sim.player().y);  // where it ended
    run.reached = r.end == bot::PlayEnd::Exit;
    run.ticks = r.ticks;
    if (!run.reached) run.note = std::string(bot::play_end_name(r.end)) + ": " + r.note;
    return run;
}

}  // namespace

std::optional<EditorCheckResult> check_level(const Level& level, const EditorCheckSettings& settings,
                                             const std::atomic<bool>& cancel) {
    EditorCheckResult out;
    out.level_hash = level_hash(level);
    try {
        out.forward = play(level, settings.max_ticks, cancel);
        out.backward = play(bot::reversed_level(level), settings.max_ticks, cancel);
    } catch (const Cancelled&) {
        return std::nullopt;
    }
    out.overlay = std::make_shared<const DifficultyOverlay>(level, settings.model);
    out.warnings = check_trap_rules(level, settings.alpha).warnings;
    return out;
}

EditorChecker::EditorChecker(EditorCheckSettings settings)
    : m_settings(std::move(settings)), m_thread([this] { run(); }) {}

EditorChecker::~EditorChecker() {
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
        m_cancel = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void EditorChecker::submit(const Level& level) {
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_pending = level;
        m_cancel = m_running;
    }
    m_wake.notify_all();
}

std::optional<EditorCheckResult> EditorChecker::latest() const {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_latest;
}

bool EditorChecker::busy() const {
    const std::lock_guard<std::mutex> lock(m_mutex);
    return m_running || m_pending.has_value();
}

void EditorChecker::wait_idle() const {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_idle.wait(lock, [&] { return !m_running && !m_pending.has_value(); });
}

void EditorChecker::run() {
    for (;;) {
        Level level;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stop || m_pending.has_value(); });
            if (m_stop) return;
            level = std::move(*m_pending);
            m_pending.reset();
            m_running = true;
            m_cancel = false;
        }
        std::optional<EditorCheckResult> result = check_level(level, m_settings, m_cancel);
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (result) m_latest = std::move(result);
        m_running = false;
        m_idle.notify_all();
    }
}

}  // namespace sawtooth::app
