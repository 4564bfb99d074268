#include "game/app/words/words_builder_screen.hpp"
#include "gen/printable.hpp"

#include "engine/draw.hpp"
#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/core/settings.hpp"
#include "game/app/screens/message_screen.hpp"
#include "game/app/widgets/sound_bank.hpp"
#include "game/app/widgets/ui.hpp"
#include "game/app/words/words_context.hpp"
#include "game/app/words/words_level_screen.hpp"
#include "game/words/level_file.hpp"
#include "gen/words/level_table.hpp"

#include <SDL2/SDL.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <filesystem>

namespace sawtooth::app {

namespace w = sawtooth::words;

namespace {

// Layout (logical 1280x720 pixels).
constexpr float kListX = 30, kListY = 120, kListW = 250, kListRowH = 44;
constexpr float kTilesCx = 775, kTilesY = 112, kTilesWidth = 900, kTileMax = 64, kTileGap = 8;
constexpr int kFiguresX = 320, kFiguresY = 200;
constexpr int kWordsX = 320, kWordsY = 344, kWordsColW = 310, kWordsRowH = 24, kWordsRows = 10;
constexpr float kButtonsX = 320, kButtonsY = 636, kButtonW = 148, kButtonH = 40, kButtonGap = 8;

constexpr engine::Color kTileFill{246, 240, 222};
constexpr engine::Color kTileInk{34, 30, 44};
constexpr engine::Color kTwoX{255, 190, 60};
constexpr engine::Color kRare{236, 190, 110};
constexpr engine::Color kOffBand{240, 140, 90};  // outside its length's rank band

struct Rect {
    float x, y, w, h;
    bool hit(float px, float py) const { return px >= x && px <= x + w && py >= y && py <= y + h; }
};

std::vector<Rect> tile_rects(std::size_t n) {
    std::vector<Rect> out;
    if (n == 0) return out;
    const auto nf = static_cast<float>(n);
    const float side = std::min(kTileMax, (kTilesWidth - kTileGap * (nf - 1)) / nf);
    float x = kTilesCx - (side * nf + kTileGap * (nf - 1)) / 2;
    for (std::size_t i = 0; i < n; ++i, x += side + kTileGap) out.push_back({x, kTilesY, side, side});
    return out;
}

Rect list_row(int i) {
    return {kListX, kListY + 40 + kListRowH * static_cast<float>(i), kListW, kListRowH - 6};
}

Rect button_rect(int i) {
    return {kButtonsX + (kButtonW + kButtonGap) * static_cast<float>(i), kButtonsY, kButtonW, kButtonH};
}

// printf into a std::string (the figures lines).
__attribute__((format(printf, 1, 2))) std::string fmt(const char* f, ...) {
    char buf[200];
    va_list args;
    va_start(args, f);
    std::vsnprintf(buf, sizeof buf, f, args);
    va_end(args);
    return buf;
}

}  // namespace

std::string default_words_level_path() {
    return xdg_path("XDG_DATA_HOME", ".local/share", "words_level.txt");
}

std::string load_words_level_file(const std::string& path, std::vector<w::Challenge>& out) {
    std::string text;
    if (!std::filesystem::is_regular_file(path) || !read_file(path, text))
        return "cannot read word-level file '" + path + "'";
    try {
        out = w::parse_word_level_file(text);
    } catch (const w::WordLevelFileError& e) {
        return path + ": " + e.what();
    }
    return {};
}

void open_words_builder(Services services, WordsContext& ctx, const std::string& path) {
    std::vector<w::Challenge> challenges;
    if (std::filesystem::exists(path)) {
        if (const std::string err = load_words_level_file(path, challenges); !err.empty()) {
            services.screens->push(std::make_unique<MessageScreen>(services, "Challenge builder",
                                                                   std::vector<std::string>{err}));
            return;
        }
    }
    services.screens->push(std::make_unique<WordsBuilderScreen>(services, ctx, path, std::move(challenges)));
}

WordsBuilderScreen::WordsBuilderScreen(Services services, WordsContext& ctx, std::string path,
                                       std::vector<w::Challenge> challenges)
    : m_services(services), m_ctx(&ctx), m_path(std::move(path)), m_builder(std::move(challenges)) {
    m_show_debug = m_services.debug_overlay;
    reanalyse();
}

void WordsBuilderScreen::reanalyse() {
    const w::Challenge& c = m_builder.current();
    if (m_analyses > 0 && c.letters == m_analysed.letters && c.two_x == m_analysed.two_x) return;
    const auto t0 = std::chrono::steady_clock::now();
    m_analysis = w::analyze_draft(m_ctx->dictionary, c, m_ctx->builder_analysis);
    m_analysis_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    m_analysis_max_ms = std::max(m_analysis_max_ms, m_analysis_ms);
    ++m_analyses;
    m_analysed = c;
}

WordsBuilderScreen::Command WordsBuilderScreen::keyboard_command(const engine::Controls& c) const {
    const int key = m_services.ui ? m_services.ui->key_scancode : 0;
    const bool ctrl = (SDL_GetModState() & KMOD_CTRL) != 0;
    if (c.pressed(engine::Control::Pause)) return Command::Back;
    if (c.pressed(engine::Control::Confirm)) return Command::Add;
    if (key == SDL_SCANCODE_DELETE) return Command::Remove;
    if (key == SDL_SCANCODE_F3 || (ctrl && key == SDL_SCANCODE_Z)) return Command::Undo;
    if (key == SDL_SCANCODE_F4 || (ctrl && key == SDL_SCANCODE_Y)) return Command::Redo;
    if (key == SDL_SCANCODE_F2 || (ctrl && key == SDL_SCANCODE_S)) return Command::Save;
    if (key == SDL_SCANCODE_F5) return Command::Play;
    return Command::None;
}

// Clicks: a tile places (or clears) the 2X letter, a row selects a challenge, a button runs.
WordsBuilderScreen::Command WordsBuilderScreen::mouse_input() {
    engine::UiInput* ui = m_services.ui;
    if (!ui || !ui->clicked) return Command::None;
    const std::vector<Rect> tiles = tile_rects(m_builder.current().letters.size());
    for (std::size_t i = 0; i < tiles.size(); ++i)
        if (tiles[i].hit(ui->mouse_x, ui->mouse_y)) {
            const int pos = static_cast<int>(i);
            if (m_builder.set_two_x(m_builder.current().two_x == pos ? -1 : pos)) m_dirty = true;
            return Command::None;
        }
    for (int i = 0; i < static_cast<int>(m_builder.challenges().size()); ++i)
        if (list_row(i).hit(ui->mouse_x, ui->mouse_y)) {
            m_builder.select(i);
            return Command::None;
        }
    static const Command kButtons[] = {Command::Add,  Command::Remove, Command::Undo,
                                       Command::Redo, Command::Save,   Command::Play};
    for (int i = 0; i < 6; ++i)
        if (button_rect(i).hit(ui->mouse_x, ui->mouse_y)) return kButtons[i];
    return Command::None;
}

// Letters type; Backspace erases; Left / Right move the 2X letter; Up / Down pick a challenge.
void WordsBuilderScreen::edit_keys(const engine::Controls& c) {
    bool changed = false;
    if (m_services.ui)
        for (char ch : m_services.ui->typed) changed |= m_builder.type(ch);
    if (c.pressed(engine::Control::Back)) changed |= m_builder.erase();
    if (c.pressed(engine::Control::Left)) changed |= m_builder.move_two_x(-1);
    if (c.pressed(engine::Control::Right)) changed |= m_builder.move_two_x(1);
    if (c.pressed(engine::Control::Up)) m_builder.select(m_builder.current_index() - 1);
    if (c.pressed(engine::Control::Down)) m_builder.select(m_builder.current_index() + 1);
    if (changed) {
        m_dirty = true;
        m_leave_armed = false;
        if (m_services.sounds) m_services.sounds->play(Sfx::Click, 0.4);
    }
}

void WordsBuilderScreen::tick(const engine::Controls& c) {
    if (c.pressed(engine::Control::Debug)) m_show_debug = !m_show_debug;
    Command command = keyboard_command(c);
    if (command == Command::None) command = mouse_input();
    if (command == Command::None) edit_keys(c);
    run(command);
    reanalyse();
}

void WordsBuilderScreen::run(Command command) {
    switch (command) {
        case Command::None:
            return;
        case Command::Add:
            if (!m_builder.add_challenge()) m_status = "a level holds at most 10 challenges";
            break;
        case Command::Remove:
            m_builder.remove_challenge();
            break;
        case Command::Undo:
            m_builder.undo();
            break;
        case Command::Redo:
            m_builder.redo();
            break;
        case Command::Save:
            save();
            return;
        case Command::Play:
            play();
            return;
        case Command::Back:
            if (m_dirty && !m_leave_armed) {
                m_leave_armed = true;
                m_status = "unsaved changes: F2 saves, Esc again leaves without saving";
                m_status_bad = true;
                return;
            }
            m_services.screens->pop();
            return;
    }
    m_dirty = true;
    m_leave_armed = false;
}

void WordsBuilderScreen::save() {
    const std::vector<w::Challenge> level = m_builder.level();
    m_status_bad = true;
    if (level.empty()) {
        m_status = "nothing to save yet: type a challenge's letters";
        return;
    }
    if (const std::string err = write_file_atomically(m_path, w::format_word_level_file(level));
        !err.empty()) {
        m_status = err;
        std::fprintf(stderr, "sawtooth: %s\n", one_line(err).c_str());
        return;
    }
    m_status = "saved " + std::to_string(level.size()) + " challenge" + (level.size() == 1 ? "" : "s") +
               " to " + m_path;
    m_status_bad = false;
    m_dirty = false;
    std::printf("sawtooth: saved %s\n", m_path.c_str());
}

void WordsBuilderScreen::play() {
    WordsRun run;
    run.level = w::custom_mode_level();
    run.custom = m_builder.level();
    run.custom_name = std::filesystem::path(m_path).filename().string();
    if (run.custom.empty()) {
        m_status = "nothing to play yet: type a challenge's letters";
        m_status_bad = true;
        return;
    }
    std::string error;
    start_words_level(m_services, *m_ctx, std::move(run), error);
}

// ---- drawing ----

void WordsBuilderScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 2.0, 0.0, m_time);
    auto& text = *m_services.text;
    text.draw("CHALLENGE BUILDER", 30, 20, 44, palette::kAccent);
    text.draw(printable(m_path) + (m_dirty ? "  (unsaved)" : ""), 30, 72, 18, palette::kDim);
    draw_panel(r, 300, 96, 960, 504);
    draw_level_list(r);
    draw_tiles(r);
    draw_figures();
    draw_words();
    draw_buttons(r);
    if (!m_status.empty())
        text.draw(printable(m_status), 30, 606, 18, m_status_bad ? palette::kBad : palette::kGood);
    text.draw(
        "Type letters   Backspace erase   Left/Right or click a letter: 2X   Up/Down: challenge   "
        "Enter add   Del remove   F3/F4 undo/redo   F2 save   F5 play   Esc back",
        vw / 2, vh - 30, 16, palette::kDim, engine::Align::Center);
}

void WordsBuilderScreen::draw_level_list(SDL_Renderer* r) const {
    auto& text = *m_services.text;
    draw_panel(r, kListX - 10, kListY - 24, kListW + 20, 40 + kListRowH * w::kChallengesPerLevel + 20);
    text.draw(fmt("LEVEL  %zu / %d", m_builder.challenges().size(), w::kChallengesPerLevel), kListX,
              kListY - 10, 20, palette::kAccent);
    for (int i = 0; i < static_cast<int>(m_builder.challenges().size()); ++i) {
        const Rect row = list_row(i);
        const w::Challenge& c = m_builder.challenges()[static_cast<std::size_t>(i)];
        if (i == m_builder.current_index())
            engine::fill_rect(r, row.x - 4, row.y, row.w + 8, row.h, {70, 78, 120, 200});
        const std::string letters = c.letters.empty() ? "(empty)" : w::to_upper(c.letters);
        text.draw(std::to_string(i + 1) + "  " + letters, static_cast<int>(row.x + 6),
                  static_cast<int>(row.y + 8), 22, c.letters.empty() ? palette::kDim : palette::kText);
    }
}

void WordsBuilderScreen::draw_tiles(SDL_Renderer* r) const {
    auto& text = *m_services.text;
    const w::Challenge& c = m_builder.current();
    if (c.letters.empty()) {
        text.draw("Type the challenge's letters", static_cast<int>(kTilesCx), static_cast<int>(kTilesY + 14),
                  30, palette::kDim, engine::Align::Center);
        return;
    }
    const std::vector<Rect> tiles = tile_rects(c.letters.size());
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const Rect& t = tiles[i];
        engine::fill_rect(r, t.x + 3, t.y + 4, t.w, t.h, {0, 0, 0, 90});
        engine::fill_rect(r, t.x, t.y, t.w, t.h, kTileFill);
        if (static_cast<int>(i) == c.two_x) {
            for (int b = 0; b < 4; ++b)
                engine::outline_rect(r, t.x + b, t.y + b, t.w - 2 * b, t.h - 2 * b, kTwoX);
            text.draw("2X", static_cast<int>(t.x + t.w - 5), static_cast<int>(t.y + 3), 12, {200, 120, 20},
                      engine::Align::Right);
        }
        const int px = static_cast<int>(t.h * 0.62f);
        text.draw(std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(c.letters[i])))),
                  static_cast<int>(t.x + t.w / 2), static_cast<int>(t.y + (t.h - px * 1.18f) / 2), px,
                  kTileInk, engine::Align::Center);
    }
}

// "   short 40..60: 1 off   long 60..80: 0 off" for the bands in force ("" for none).
std::string WordsBuilderScreen::band_figures() const {
    const w::DraftAnalysisSettings& s = m_ctx->builder_analysis;
    std::string out;
    if (s.short_band)
        out += fmt("   short %g..%g: %d off", s.short_band->lo, s.short_band->hi,
                   m_analysis.counts.short_outside_band);
    if (s.long_band)
        out += fmt("   long %g..%g: %d off", s.long_band->lo, s.long_band->hi,
                   m_analysis.counts.long_outside_band);
    return out;
}

void WordsBuilderScreen::draw_figures() const {
    auto& text = *m_services.text;
    const w::DraftAnalysis& a = m_analysis;
    const w::StateSpace& ss = a.space;
    const int y = kFiguresY;
    if (m_builder.current().letters.empty()) return;
    text.draw(fmt("%zu words: %d reachable, %d unreachable     best score %d", ss.words.size(),
                  ss.reachable_words(), ss.unreachable_words(), a.best_score),
              kFiguresX, y, 22, palette::kText);
    text.draw(fmt("states %llu of %llu reachable, %llu end on a word, %llu dead ends",
                  static_cast<unsigned long long>(ss.reachable_states),
                  static_cast<unsigned long long>(ss.potential_states),
                  static_cast<unsigned long long>(ss.word_states),
                  static_cast<unsigned long long>(ss.dead_end_states)),
              kFiguresX, y + 28, 20, palette::kDim);
    text.draw(fmt("fitness %.3f (eq. 3, maxSeq 3)   common %d   uncommon %d   profane %d   analysis %.2f ms",
                  a.fitness, a.counts.common, a.uncommon_reachable, a.profane_reachable, m_analysis_ms),
              kFiguresX, y + 54, 20, palette::kDim);
    std::string dead = a.dead_ends.empty() ? std::string("none") : std::string();
    for (const std::string& d : a.dead_ends)
        dead += (dead.empty() ? "" : ", ") + w::to_upper(d.empty() ? "-" : d);
    text.draw("first dead ends: " + dead + band_figures(), kFiguresX, y + 80, 18, palette::kDim);
    std::string problems;
    for (const std::string& p : a.problems) problems += (problems.empty() ? "" : "; ") + p;
    text.draw(problems.empty() ? "ready to play" : problems, kFiguresX, y + 104, 20,
              problems.empty() ? palette::kGood : palette::kBad);
}

void WordsBuilderScreen::draw_words() const {
    auto& text = *m_services.text;
    const std::vector<w::DraftWord>& words = m_analysis.words;
    const std::size_t shown = std::min<std::size_t>(words.size(), 3 * kWordsRows);
    for (std::size_t i = 0; i < shown; ++i) {
        const w::DraftWord& d = words[i];
        const int x = kWordsX + kWordsColW * static_cast<int>(i / kWordsRows);
        const int y = kWordsY + kWordsRowH * static_cast<int>(i % kWordsRows);
        std::string line = w::to_upper(d.word);
        line +=
            d.reachable ? fmt("  %d click%s", d.min_clicks, d.min_clicks == 1 ? "" : "s") : "  unreachable";
        if (d.keeps_two_x) line += "  2X";
        if (d.profane)
            line += "  PROFANE";
        else if (d.outside_band)
            line += "  off band";
        else if (d.uncommon)
            line += "  rare";
        const engine::Color color = d.profane        ? palette::kBad
                                    : !d.reachable   ? engine::Color{110, 114, 134}
                                    : d.outside_band ? kOffBand
                                    : d.uncommon     ? kRare
                                                     : palette::kText;
        text.draw(line, x, y, 19, color);
    }
    if (words.size() > shown)
        text.draw(fmt("+ %zu more", words.size() - shown), kWordsX, kWordsY + kWordsRowH * kWordsRows + 4, 18,
                  palette::kDim);
}

void WordsBuilderScreen::draw_buttons(SDL_Renderer* r) const {
    static const char* kLabels[] = {"Add (Enter)", "Remove (Del)", "Undo (F3)",
                                    "Redo (F4)",   "Save (F2)",    "Play (F5)"};
    engine::UiInput* ui = m_services.ui;
    for (int i = 0; i < 6; ++i) {
        const Rect b = button_rect(i);
        const bool hover = ui && b.hit(ui->mouse_x, ui->mouse_y);
        engine::fill_rect(r, b.x, b.y, b.w, b.h,
                          hover ? engine::Color{70, 78, 120, 235} : engine::Color{40, 44, 70, 225});
        engine::outline_rect(r, b.x, b.y, b.w, b.h, {150, 156, 200});
        m_services.text->draw(kLabels[i], static_cast<int>(b.x + b.w / 2), static_cast<int>(b.y + 9), 19,
                              palette::kText, engine::Align::Center);
    }
}

void WordsBuilderScreen::debug_ui() {
    if (!m_show_debug) return;
    ImGui::Begin("Challenge builder");
    ImGui::Text("analyses %d  last %.3f ms  max %.3f ms", m_analyses, m_analysis_ms, m_analysis_max_ms);
    ImGui::Text("undo %s  redo %s", m_builder.can_undo() ? "yes" : "no", m_builder.can_redo() ? "yes" : "no");
    ImGui::End();
}

}  // namespace sawtooth::app
