#include "game/app/words/words_level_screen.hpp"
#include "gen/printable.hpp"

#include "engine/draw.hpp"
#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/screens/message_screen.hpp"
#include "game/app/screens/rating_screen.hpp"
#include "game/app/widgets/sound_bank.hpp"
#include "game/app/words/words_context.hpp"
#include "game/app/words/words_level_recorder.hpp"
#include "gen/words/level_table.hpp"
#include "telemetry/recording/words_recording.hpp"

#include <SDL2/SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace sawtooth::app {

namespace w = sawtooth::words;

namespace {

// Layout (logical 1280x720 pixels).
constexpr float kTileMax = 86.0f;       // tile side with few letters
constexpr float kTileGap = 14.0f;       // space between tiles
constexpr float kTilesWidth = 1120.0f;  // widest row of tiles
constexpr float kTilesY = 250.0f;       // top of the tile row
constexpr float kTimerX = 160.0f, kTimerY = 150.0f, kTimerW = 960.0f, kTimerH = 20.0f;
constexpr float kResetW = 300.0f, kResetH = 50.0f, kResetY = 420.0f;
constexpr float kStripY = 540.0f;  // the row of ten challenge chips
// After the last challenge the word (or "time's up") stays this long before the results.
constexpr std::uint32_t kResultsDelayTicks = 60;
// The timer bar turns yellow, then red, below these shares of the challenge's time.
constexpr double kTimerWarnShare = 0.5, kTimerUrgentShare = 0.2;

constexpr engine::Color kTileFill{246, 240, 222};
constexpr engine::Color kTileInk{34, 30, 44};
constexpr engine::Color kTwoX{255, 190, 60};
constexpr engine::Color kCursor{120, 200, 255};

std::string upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// "+8" or "+8 2X". snprintf rather than `"+" + std::to_string(...)`: GCC 12 warns falsely
// (-Wrestrict) on inserting into the front of a temporary string.
std::string points(int score, bool two_x) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "+%d%s", score, two_x ? " 2X" : "");
    return buf;
}

// Updates the saved progress with a finished level; returns the best score before it.
int note_progress(WordsContext& ctx, const WordsRun& run, int total) {
    WordsProgress& p = ctx.progress;
    int before = 0;
    switch (run.level.mode) {
        case w::Mode::Levels: {
            before = p.best_level.count(run.level.level) ? p.best_level[run.level.level] : 0;
            p.best_level[run.level.level] = std::max(before, total);
            // The next level unlocks whether or not this one was finished (SPEC §E).
            p.unlocked = std::max(p.unlocked, std::min(run.level.level + 1, w::kLevelCount));
            break;
        }
        case w::Mode::Infinite:
            before = p.infinite_best_score;
            p.infinite_best_level = std::max(p.infinite_best_level, run.level.level);
            p.infinite_best_score = std::max(p.infinite_best_score, run.run_score + total);
            break;
        case w::Mode::Daily:
            before = p.daily.count(run.level.date) ? p.daily[run.level.date] : 0;
            p.daily[run.level.date] = std::max(before, total);
            break;
        case w::Mode::Custom:
            return 0;  // a hand-made level keeps no progress
    }
    ctx.save_progress();
    return before;
}

// Pause over a word level: the letters are hidden, the timer stands still.
class WordPauseScreen : public Screen {
public:
    WordPauseScreen(Services services, WordsLevelScreen* level) : m_services(services), m_level(level) {
        m_menu =
            Menu({{"Resume"}, {"Quit level", "", false, false, "Recorded as quit; the level stays unlocked"}},
                 {640, 350, 440, 58, 32});
    }
    void tick(const engine::Controls& c) override {
        const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
        if (a == MenuAction::Back) {  // Esc included
            m_services.screens->pop();
            return;
        }
        if (a != MenuAction::Activate) return;
        m_services.screens->pop();
        if (m_menu.selected() == 1) m_level->quit();
    }
    void render(SDL_Renderer* r, double, double) override {
        int vw = 0, vh = 0;
        SDL_RenderGetLogicalSize(r, &vw, &vh);
        engine::fill_rect(r, 0, 0, static_cast<float>(vw), static_cast<float>(vh), {6, 8, 16, 170});
        draw_panel(r, vw / 2.0f - 300, 200, 600, 290, {16, 18, 30, 250});
        m_services.text->draw("Paused", vw / 2, 220, 52, palette::kText, engine::Align::Center);
        m_services.text->draw("The letters are hidden and the clock is stopped", vw / 2, 290, 20,
                              palette::kDim, engine::Align::Center);
        m_menu.draw(r, *m_services.text);
        m_services.text->draw("Esc: resume     Enter / click: choose", vw / 2, vh - 50, 20, palette::kDim,
                              engine::Align::Center);
    }
    bool is_overlay() const override { return true; }
    std::string name() const override { return "words-pause"; }

private:
    Services m_services;
    WordsLevelScreen* m_level;
    Menu m_menu;
};

}  // namespace

std::string words_level_title(const WordsRun& run) {
    const w::ModeLevel& level = run.level;
    switch (level.mode) {
        case w::Mode::Levels:
            return "Level " + std::to_string(level.level) + " / " + std::to_string(w::kLevelCount);
        case w::Mode::Infinite:
            return "Infinite - level " + std::to_string(level.level);
        case w::Mode::Daily:
            return "Daily - " + level.date;
        case w::Mode::Custom:
            return "Custom - " + run.custom_name;
    }
    return "Elimination";
}

bool start_words_level(Services services, WordsContext& ctx, WordsRun run, std::string& error) {
    try {
        std::vector<w::Challenge> challenges = run.level.mode == w::Mode::Custom
                                                   ? run.custom
                                                   : ctx.runs.level(ctx.dictionary, run.level).challenges;
        services.screens->push(
            std::make_unique<WordsLevelScreen>(services, ctx, std::move(run), std::move(challenges)));
        return true;
    } catch (const std::exception& e) {
        error = std::string("cannot start ") + words_level_title(run) + ": " + e.what();
        services.screens->push(
            std::make_unique<MessageScreen>(services, "Elimination", std::vector<std::string>{error}));
        return false;
    }
}

// ---- WordsLevelScreen ----

WordsLevelScreen::WordsLevelScreen(Services services, WordsContext& ctx, WordsRun run,
                                   std::vector<w::Challenge> challenges)
    : m_services(services),
      m_ctx(&ctx),
      m_run(std::move(run)),
      m_play(ctx.dictionary, std::move(challenges)) {
    m_show_debug = m_services.debug_overlay;
    if (m_services.recorder) {
        try {
            telemetry::SessionRecorder& session =
                m_services.recorder->session_for(telemetry::words_session_mode(m_run.level.mode));
            const telemetry::WordLevelSource source =
                m_run.level.mode == w::Mode::Custom
                    ? telemetry::custom_word_level_source(m_run.custom, ctx.dictionary_hash, 0)
                    : telemetry::word_level_source(m_run.level, ctx.dictionary_hash, 0);
            m_recorder =
                std::make_unique<WordsLevelRecorder>(session.store(), session.session_id(), source, 0);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "sawtooth: warning: recording disabled for this level: %s\n",
                         one_line(e.what()).c_str());
        }
    }
}

WordsLevelScreen::~WordsLevelScreen() {
    // Closed mid-level (window closed, end of a headless run): stored as quit with the
    // unfinished challenge, like leaving through the pause menu. No-op once finished.
    if (m_recorder) m_recorder->finish(m_play, true);
}

void WordsLevelScreen::apply(const w::Action& a) {
    const w::Outcome o = m_recorder ? m_recorder->apply(m_play, a) : m_play.apply(a);
    SoundBank* s = m_services.sounds;
    if (o == w::Outcome::Solved || o == w::Outcome::TimedOut) {
        const w::ChallengeResult& res = m_play.results().back();
        m_flash = o == w::Outcome::Solved ? res.word : res.letters;
        m_flash_score = res.score;
        m_flash_two_x = res.two_x_kept;
        m_flash_timeout = o == w::Outcome::TimedOut;
        m_flash_tick = m_tick;
        m_cursor = 0;
        if (s) s->play(o == w::Outcome::Solved ? Sfx::Exit : Sfx::Death, 0.6);
    } else if (s && o == w::Outcome::Removed) {
        s->play(Sfx::Click, 0.5);
    } else if (s && o == w::Outcome::Restored) {
        s->play(Sfx::Respawn, 0.5);
    }
}

std::vector<WordsLevelScreen::Tile> WordsLevelScreen::tiles() const {
    const std::vector<int> idx = m_play.current().remaining_indices();
    const auto n = static_cast<float>(idx.size());
    std::vector<Tile> out;
    if (idx.empty()) return out;
    const float side = std::min(kTileMax, (kTilesWidth - kTileGap * (n - 1)) / n);
    const float total = side * n + kTileGap * (n - 1);
    float x = 640.0f - total / 2;
    for (int i : idx) {
        out.push_back({x, kTilesY + (kTileMax - side) / 2, side, side, i});
        x += side + kTileGap;
    }
    return out;
}

bool WordsLevelScreen::reset_button_hit(float x, float y) const {
    return x >= 640 - kResetW / 2 && x <= 640 + kResetW / 2 && y >= kResetY && y <= kResetY + kResetH;
}

void WordsLevelScreen::player_input(const engine::Controls& c) {
    engine::UiInput* ui = m_services.ui;
    // Typed letters remove the leftmost remaining occurrence. Letter keys (W, A, S, D)
    // only type here (takes_text()), so an arrow pressed on the same tick still moves.
    if (ui)
        for (char ch : ui->typed)
            if (std::isalpha(static_cast<unsigned char>(ch))) {
                apply(
                    w::Action::type(m_tick, static_cast<char>(std::tolower(static_cast<unsigned char>(ch)))));
                if (m_play.status() != w::LevelStatus::Playing) return;
            }
    if (m_play.in_transition(m_tick)) return;  // a typed word was found: the next challenge waits
    if (ui && ui->clicked) {
        if (reset_button_hit(ui->mouse_x, ui->mouse_y)) {
            apply(w::Action::reset(m_tick));
            return;
        }
        for (const Tile& t : tiles())
            if (ui->mouse_x >= t.x && ui->mouse_x <= t.x + t.w && ui->mouse_y >= t.y &&
                ui->mouse_y <= t.y + t.h) {
                apply(w::Action::click(m_tick, t.index));
                return;
            }
    }
    if (c.pressed(engine::Control::Back) || c.pressed(engine::Control::Skip)) {
        apply(w::Action::reset(m_tick));
        return;
    }
    const int n = static_cast<int>(m_play.current().remaining_indices().size());  // after typing
    if (n == 0) return;
    if (c.pressed(engine::Control::Left)) m_cursor = (m_cursor + n - 1) % n;
    if (c.pressed(engine::Control::Right)) m_cursor = (m_cursor + 1) % n;
    m_cursor = std::clamp(m_cursor, 0, n - 1);
    if (c.pressed(engine::Control::Confirm)) {
        const std::vector<int> idx = m_play.current().remaining_indices();
        apply(w::Action::click(m_tick, idx[static_cast<std::size_t>(m_cursor)]));
    }
}

void WordsLevelScreen::tick(const engine::Controls& c) {
    if (c.pressed(engine::Control::Debug)) m_show_debug = !m_show_debug;
    if (m_end_tick == 0 && c.pressed(engine::Control::Pause)) {
        m_services.screens->push(std::make_unique<WordPauseScreen>(m_services, this));
        return;
    }
    ++m_tick;
    if (m_end_tick == 0) {
        const bool live = !m_play.in_transition(m_tick);
        if (!m_run.script.empty()) {
            while (m_script_pos < m_run.script.size() && m_run.script[m_script_pos].tick <= m_tick)
                apply(m_run.script[m_script_pos++]);
        } else if (live) {
            player_input(c);
        }
        if (m_play.status() == w::LevelStatus::Playing) apply(w::Action::wait(m_tick));
        if (m_recorder) m_recorder->maybe_flush(m_tick);
        if (m_play.status() != w::LevelStatus::Playing) {
            m_end_tick = m_tick;
            if (m_recorder) m_recorder->finish(m_play, false);
        }
        return;
    }
    if (m_tick >= m_end_tick + kResultsDelayTicks ||
        (m_tick > m_end_tick + 10 &&
         (c.pressed(engine::Control::Confirm) || (m_services.ui && m_services.ui->clicked))))
        level_over();
}

void WordsLevelScreen::level_over() {
    const int best_before = note_progress(*m_ctx, m_run, m_play.total_score());
    // The rating screen (when on and recorded) comes between the level and its results;
    // it outlives this screen, so the results are made from copies.
    auto results = [services = m_services, ctx = m_ctx, run = m_run,
                    play = std::make_shared<const words::LevelPlay>(m_play), best_before] {
        services.screens->replace(
            std::make_unique<WordsResultsScreen>(services, *ctx, run, *play, best_before));
    };
    RatingTarget target;
    if (m_recorder) target.word_level_id = m_recorder->word_level_id();
    target.title = "Elimination: word level";
    if (auto rating = make_rating_screen(m_services, target, results)) {
        m_services.screens->replace(std::move(rating));
        return;
    }
    results();
}

void WordsLevelScreen::quit() {
    if (m_recorder) m_recorder->finish(m_play, true);
    m_services.screens->pop();
}

void WordsLevelScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 3.0, 0.0, m_time);
    const bool paused = m_services.screens && m_services.screens->top() != this;
    draw_header(r, vw);
    draw_timer(r);
    // The letters, the flash of the last word, or nothing while paused.
    const bool flashing = !m_flash.empty() && (m_play.in_transition(m_tick) || m_end_tick != 0);
    if (paused) {
        // Nothing to read: the pause overlay says why.
    } else if (flashing) {
        draw_flash(vw);
    } else {
        draw_tiles(r);
    }
    draw_reset_button(r, vw);
    draw_challenge_chips(r);
    if (!m_run.script.empty())
        m_services.text->draw("scripted input (--words-actions)", vw - 20, vh - 30, 16, {120, 124, 146},
                              engine::Align::Right);
}

void WordsLevelScreen::draw_header(SDL_Renderer* r, int vw) const {
    // Mode and level, challenge number, score.
    auto& text = *m_services.text;
    draw_panel(r, 40, 20, static_cast<float>(vw) - 80, 104, {16, 18, 30, 245});
    text.draw("ELIMINATION", 70, 32, 20, palette::kAccent);
    text.draw(words_level_title(m_run), 70, 58, 34, palette::kText);
    const int shown = std::min(m_play.current_index() + 1, m_play.challenge_count());
    text.draw("Challenge " + std::to_string(shown) + " / " + std::to_string(m_play.challenge_count()), vw / 2,
              46, 34, palette::kText, engine::Align::Center);
    text.draw("Score", vw - 70, 32, 20, palette::kDim, engine::Align::Right);
    const int score = m_play.total_score() + (m_run.level.mode == w::Mode::Infinite ? m_run.run_score : 0);
    text.draw(std::to_string(score), vw - 70, 56, 40, palette::kAccent, engine::Align::Right);
}

void WordsLevelScreen::draw_timer(SDL_Renderer* r) const {
    // The share of this challenge's time that is left.
    const w::ChallengePlay& ch = m_play.current();
    const std::uint32_t left = m_end_tick ? 0 : ch.ticks_left(std::max(m_tick, ch.start_tick()));
    const double share = static_cast<double>(left) / std::max<std::uint32_t>(1, ch.time_limit_ticks());
    const engine::Color bar = share > kTimerWarnShare     ? palette::kGood
                              : share > kTimerUrgentShare ? palette::kAccent
                                                          : palette::kBad;
    engine::fill_rect(r, kTimerX - 4, kTimerY - 4, kTimerW + 8, kTimerH + 8, {10, 12, 22, 200});
    engine::fill_rect(r, kTimerX, kTimerY, static_cast<float>(kTimerW * share), kTimerH, bar);
    char secs[16];
    std::snprintf(secs, sizeof secs, "%.1f s", left / static_cast<double>(w::kTicksPerSecond));
    m_services.text->draw(secs, static_cast<int>(kTimerX + kTimerW + 16), static_cast<int>(kTimerY - 6), 24,
                          palette::kText);
}

void WordsLevelScreen::draw_flash(int vw) const {
    auto& text = *m_services.text;
    const engine::Color c = m_flash_timeout ? palette::kBad : palette::kGood;
    text.draw(m_flash_timeout ? "Time's up" : upper(m_flash), vw / 2, static_cast<int>(kTilesY - 10), 72, c,
              engine::Align::Center);
    const std::string sub = m_flash_timeout ? upper(m_flash) : points(m_flash_score, m_flash_two_x);
    text.draw(sub, vw / 2, static_cast<int>(kTilesY + 80), 34,
              m_flash_timeout ? palette::kDim : palette::kAccent, engine::Align::Center);
}

void WordsLevelScreen::draw_tiles(SDL_Renderer* r) const {
    auto& text = *m_services.text;
    const w::ChallengePlay& ch = m_play.current();
    const std::vector<Tile> ts = tiles();
    engine::UiInput* ui = m_services.ui;
    const bool scripted = !m_run.script.empty();
    for (std::size_t k = 0; k < ts.size(); ++k) {
        const Tile& t = ts[k];
        const bool hover = ui && !scripted && ui->mouse_x >= t.x && ui->mouse_x <= t.x + t.w &&
                           ui->mouse_y >= t.y && ui->mouse_y <= t.y + t.h;
        const bool two_x = ch.is_two_x(t.index);
        engine::fill_rect(r, t.x + 4, t.y + 6, t.w, t.h, {0, 0, 0, 90});  // shadow
        engine::fill_rect(r, t.x, t.y, t.w, t.h, hover ? engine::Color{255, 250, 236} : kTileFill);
        if (two_x) {
            for (int b = 0; b < 4; ++b)
                engine::outline_rect(r, t.x + b, t.y + b, t.w - 2 * b, t.h - 2 * b, kTwoX);
            text.draw("2X", static_cast<int>(t.x + t.w - 6), static_cast<int>(t.y + 4),
                      std::max(12, static_cast<int>(t.h / 5)), {200, 120, 20}, engine::Align::Right);
        }
        const std::string letter(1, static_cast<char>(std::toupper(static_cast<unsigned char>(
                                        ch.letters()[static_cast<std::size_t>(t.index)]))));
        const int px = static_cast<int>(t.h * 0.62f);
        text.draw(letter, static_cast<int>(t.x + t.w / 2), static_cast<int>(t.y + (t.h - px * 1.18f) / 2), px,
                  kTileInk, engine::Align::Center);
        if (static_cast<int>(k) == m_cursor && !scripted)
            engine::fill_rect(r, t.x, t.y + t.h + 8, t.w, 6, kCursor);
    }
}

void WordsLevelScreen::draw_reset_button(SDL_Renderer* r, int vw) const {
    auto& text = *m_services.text;
    const float rx = 640 - kResetW / 2;
    engine::UiInput* ui = m_services.ui;
    const bool reset_hover = ui && reset_button_hit(ui->mouse_x, ui->mouse_y);
    engine::fill_rect(r, rx, kResetY, kResetW, kResetH,
                      reset_hover ? engine::Color{70, 78, 120, 235} : engine::Color{40, 44, 70, 225});
    engine::outline_rect(r, rx, kResetY, kResetW, kResetH, {150, 156, 200});
    text.draw("Reset letters", vw / 2, static_cast<int>(kResetY + 9), 26, palette::kText,
              engine::Align::Center);
    text.draw("Click or type a letter to remove it.  Arrows + Enter also work.", vw / 2, 486, 20,
              palette::kDim, engine::Align::Center);
    text.draw("Backspace / Tab: reset (the clock keeps running)     Esc: pause", vw / 2, 510, 18,
              palette::kDim, engine::Align::Center);
}

void WordsLevelScreen::draw_challenge_chips(SDL_Renderer* r) const {
    // One chip per challenge: the word found, a cross for a timeout, the current one lit.
    auto& text = *m_services.text;
    const int count = m_play.challenge_count();
    const float chip_w = 108, chip_gap = 8, chips = count * chip_w + (count - 1) * chip_gap;
    const auto& results = m_play.results();
    for (int i = 0; i < count; ++i) {
        const float x = 640 - chips / 2 + i * (chip_w + chip_gap);
        const bool done = i < static_cast<int>(results.size());
        const bool current = !done && i == m_play.current_index() && m_end_tick == 0;
        engine::Color fill{30, 34, 54, 220};
        if (done)
            fill = results[static_cast<std::size_t>(i)].status == w::ChallengeStatus::Solved
                       ? engine::Color{40, 110, 70, 230}
                       : engine::Color{120, 44, 44, 230};
        if (current) fill = {70, 80, 130, 240};
        engine::fill_rect(r, x, kStripY, chip_w, 64, fill);
        text.draw(std::to_string(i + 1), static_cast<int>(x + 6), static_cast<int>(kStripY + 4), 14,
                  palette::kDim);
        if (done) {
            const w::ChallengeResult& res = results[static_cast<std::size_t>(i)];
            const bool solved = res.status == w::ChallengeStatus::Solved;
            text.draw(solved ? upper(res.word) : "time", static_cast<int>(x + chip_w / 2),
                      static_cast<int>(kStripY + 16), res.word.size() > 7 ? 16 : 20, palette::kText,
                      engine::Align::Center);
            text.draw(solved ? points(res.score, res.two_x_kept) : "0", static_cast<int>(x + chip_w / 2),
                      static_cast<int>(kStripY + 40), 16, palette::kAccent, engine::Align::Center);
        }
    }
}

void WordsLevelScreen::debug_ui() {
    if (!m_show_debug) return;
    ImGui::Begin("Elimination (F1)");
    ImGui::Text("tick %u  status %s", m_tick,
                m_play.status() == w::LevelStatus::Playing ? "playing" : "over");
    ImGui::Text("mode %s  level %d  seed %llu", w::mode_name(m_run.level.mode), m_run.level.level,
                static_cast<unsigned long long>(m_run.level.seed));
    ImGui::TextUnformatted(w::describe(m_run.level.params).c_str());
    const w::Challenge& c = m_play.current().challenge();
    std::string sources;
    for (const std::string& s : c.source_words) sources += s + " ";
    ImGui::Text("letters %s  2X %d", c.letters.c_str(), c.two_x);
    ImGui::Text("source words: %s", sources.c_str());
    ImGui::Text("fitness %.3f  words %d  reachable %d", c.fitness, c.word_count, c.reachable_words);
    ImGui::Text("recording: %s", m_recorder ? (m_recorder->ok() ? "on" : "stopped") : "off");
    ImGui::End();
}

// ---- WordsResultsScreen ----

WordsResultsScreen::WordsResultsScreen(Services services, WordsContext& ctx, WordsRun run,
                                       const w::LevelPlay& play, int best_before)
    : m_services(services),
      m_ctx(&ctx),
      m_run(std::move(run)),
      m_results(play.results()),
      m_challenges(play.challenge_count()),
      m_complete(play.status() == w::LevelStatus::Complete),
      m_total(play.total_score()),
      m_best_before(best_before) {
    m_run.script.clear();  // a scripted run plays only its first level by script
    std::vector<MenuItem> items;
    const bool has_next = m_run.level.mode == w::Mode::Infinite ||
                          (m_run.level.mode == w::Mode::Levels && m_run.level.level < w::kLevelCount);
    if (has_next) {
        m_items.push_back(Item::Next);
        items.push_back({"Next level"});
    }
    if (m_run.level.mode != w::Mode::Infinite) {
        m_items.push_back(Item::Again);
        items.push_back({"Play again"});
    }
    m_items.push_back(Item::Menu);
    // A custom level goes back to where it came from (the builder or the Elimination menu).
    items.push_back({m_run.level.mode == w::Mode::Infinite ? "End run"
                     : m_run.level.mode == w::Mode::Custom ? "Back"
                                                           : "Elimination menu"});
    m_menu = Menu(std::move(items), {640, 566, 360, 46, 26});
    if (m_services.sounds) m_services.sounds->play(Sfx::Exit, 0.7);
}

void WordsResultsScreen::tick(const engine::Controls& c) {
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    if (a == MenuAction::Back) {
        m_services.screens->pop();
        return;
    }
    if (a != MenuAction::Activate) return;
    const Item item = m_items[static_cast<std::size_t>(m_menu.selected())];
    if (item == Item::Menu) {
        m_services.screens->pop();
        return;
    }
    WordsRun next = m_run;
    if (item == Item::Next) {
        if (next.level.mode == w::Mode::Levels) {
            next.level = w::levels_mode_level(m_run.level.level + 1);
        } else {
            next.run_score += m_total;
            next.level = w::infinite_mode_level(m_run.infinite_seed, m_run.level.level + 1);
        }
    }
    m_services.screens->pop();
    start_words_level(m_services, *m_ctx, std::move(next), m_error);
}

std::string WordsResultsScreen::best_score_line() const {
    if (m_run.level.mode == w::Mode::Infinite)
        return "Run score " + std::to_string(m_run.run_score + m_total) + "   (best run " +
               std::to_string(std::max(m_best_before, m_run.run_score + m_total)) + ")";
    if (m_run.level.mode == w::Mode::Custom) return "A hand-made level: no best score is kept";
    if (m_total > m_best_before)
        return m_best_before > 0 ? "New best! (was " + std::to_string(m_best_before) + ")"
                                 : "First score on this level";
    return "Best: " + std::to_string(m_best_before);
}

void WordsResultsScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 2.0, 0.0, m_time);
    draw_panel(r, vw / 2.0f - 440, 14, 880, 690);
    auto& text = *m_services.text;
    text.draw(m_complete ? "Level complete" : "Time's up", vw / 2, 24, 44,
              m_complete ? palette::kGood : palette::kBad, engine::Align::Center);
    text.draw(words_level_title(m_run), vw / 2, 76, 20, palette::kDim, engine::Align::Center);

    const int cols[] = {vw / 2 - 400, vw / 2 - 350, vw / 2 - 110, vw / 2 + 150, vw / 2 + 270, vw / 2 + 400};
    const int row_h = 32, top = 110, px = 22;
    text.draw("#", cols[0], top, px, palette::kAccent);
    text.draw("Letters", cols[1], top, px, palette::kAccent);
    text.draw("Word", cols[2], top, px, palette::kAccent);
    text.draw("Score", cols[4], top, px, palette::kAccent, engine::Align::Right);
    text.draw("Time", cols[5], top, px, palette::kAccent, engine::Align::Right);
    engine::fill_rect(r, cols[0] - 10.0f, top + row_h - 4.0f, cols[5] - cols[0] + 20.0f, 2,
                      {255, 206, 96, 120});
    int y = top + row_h + 2;
    for (int i = 0; i < m_challenges; ++i) {
        if (i % 2 == 0)
            engine::fill_rect(r, cols[0] - 10.0f, y - 2.0f, cols[5] - cols[0] + 20.0f,
                              static_cast<float>(row_h), {255, 255, 255, 10});
        text.draw(std::to_string(i + 1), cols[0], y, px, palette::kDim);
        if (i < static_cast<int>(m_results.size())) {
            const w::ChallengeResult& res = m_results[static_cast<std::size_t>(i)];
            const bool solved = res.status == w::ChallengeStatus::Solved;
            text.draw(upper(res.letters), cols[1], y, px, palette::kText);
            text.draw(solved ? upper(res.word) : "time ran out", cols[2], y, px,
                      solved ? palette::kGood : palette::kBad);
            if (res.two_x_kept) text.draw("2X", cols[3], y, px, kTwoX);
            text.draw(std::to_string(res.score), cols[4], y, px, palette::kText, engine::Align::Right);
            text.draw(format_ticks(res.end_tick - res.start_tick), cols[5], y, px, palette::kText,
                      engine::Align::Right);
        } else {
            text.draw("not reached", cols[1], y, px, {110, 114, 134});
        }
        y += row_h;
    }
    engine::fill_rect(r, cols[0] - 10.0f, y + 2.0f, cols[5] - cols[0] + 20.0f, 2, {255, 206, 96, 120});
    y += 10;
    int words_found = 0;
    for (const auto& res : m_results) words_found += res.status == w::ChallengeStatus::Solved;
    text.draw(std::to_string(words_found) + (words_found == 1 ? " word" : " words"), cols[1], y, px,
              palette::kText);
    text.draw("Total", cols[2], y, px, palette::kAccent);
    text.draw(std::to_string(m_total), cols[4], y, px, palette::kAccent, engine::Align::Right);
    y += row_h + 4;
    text.draw(best_score_line(), vw / 2, y, 22, palette::kAccent, engine::Align::Center);
    if (!m_complete && m_run.level.mode == w::Mode::Levels && m_run.level.level < w::kLevelCount)
        text.draw("The next level is unlocked anyway.", vw / 2, y + 28, 18, palette::kDim,
                  engine::Align::Center);
    m_menu.draw(r, text);
}

}  // namespace sawtooth::app
