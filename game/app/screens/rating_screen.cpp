#include "game/app/screens/rating_screen.hpp"

#include "engine/draw.hpp"
#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/core/settings.hpp"
#include "game/app/widgets/sound_bank.hpp"
#include "game/app/widgets/ui.hpp"

#include <SDL2/SDL.h>

#include <cmath>

namespace sawtooth::app {

namespace {
constexpr engine::Color kBox{40, 44, 70, 235};
constexpr engine::Color kBoxChosen{255, 206, 96, 255};
constexpr engine::Color kOutline{90, 96, 130, 255};
constexpr engine::Color kInk{22, 22, 34, 255};
constexpr double kPulseRate = 7.0;  // focus outline pulse, radians per second
}  // namespace

std::unique_ptr<Screen> make_rating_screen(Services services, RatingTarget target,
                                           std::function<void()> after) {
    const bool enabled = !services.settings || services.settings->rate_levels;
    const bool has_level = target.level_id.value_or(0) > 0 || target.word_level_id.value_or(0) > 0;
    if (!enabled || !services.recorder || !has_level) return nullptr;
    return std::make_unique<RatingScreen>(std::move(services), std::move(target), std::move(after));
}

RatingScreen::RatingScreen(Services services, RatingTarget target, std::function<void()> after)
    : m_services(std::move(services)), m_target(std::move(target)), m_after(std::move(after)) {}

void RatingScreen::tick(const engine::Controls& c) {
    if (m_done) return;
    RatingPointer pointer;
    std::string typed;
    if (engine::UiInput* ui = m_services.ui) {
        if (ui->mouse_moved) pointer.hover = m_layout.hit(ui->mouse_x, ui->mouse_y);
        if (ui->clicked) pointer.clicked = m_layout.hit(ui->mouse_x, ui->mouse_y);
        typed = ui->typed;
    }
    const RatingSpot before = m_form.focus();
    m_form.tick(c, typed, pointer);
    if (m_services.sounds && !(m_form.focus() == before)) m_services.sounds->play(Sfx::Move, 0.6);
    if (!m_form.answer()) return;
    m_done = true;
    if (m_services.sounds) m_services.sounds->play(Sfx::Click, 0.6);
    store(*m_form.answer());
    if (m_after) m_after();
}

void RatingScreen::store(const RatingAnswer& a) {
    if (!m_services.recorder) return;
    telemetry::RatingRow row;
    row.level_id = m_target.level_id;
    row.word_level_id = m_target.word_level_id;
    row.skipped = a.skipped;
    row.enjoyment = a.enjoyment;
    row.difficulty = a.difficulty;
    row.answer_ticks = a.ticks;
    m_services.recorder->record_rating(row);
}

void RatingScreen::draw_scale(SDL_Renderer* r, RatingSpot::Row row, const char* question, const char* low,
                              const char* high) const {
    auto& text = *m_services.text;
    const int n = RatingLayout::boxes(row);
    float x0 = 0, y = 0, w = 0, h = 0, xn = 0;
    m_layout.rect({row, 0}, x0, y, w, h);
    m_layout.rect({row, n - 1}, xn, y, w, h);
    const bool row_focused = m_form.focus().row == row;
    text.draw(question, static_cast<int>(m_layout.cx), static_cast<int>(y - 56), 30,
              row_focused ? palette::kText : palette::kDim, engine::Align::Center);
    const std::optional<int> chosen = m_form.value(row);
    for (int i = 0; i < n; ++i) {
        float x = 0;
        m_layout.rect({row, i}, x, y, w, h);
        const bool is_chosen = chosen && *chosen == i + 1;
        engine::fill_rect(r, x, y, w, h, is_chosen ? kBoxChosen : kBox);
        engine::outline_rect(r, x, y, w, h, kOutline);
        if (m_form.focus() == RatingSpot{row, i}) {
            // A white ring clear of the box, so it shows on a chosen (yellow) box too.
            const auto a = static_cast<std::uint8_t>(215 + 40 * std::sin(m_time * kPulseRate));
            for (int k = 0; k < 3; ++k)
                engine::outline_rect(r, x - 4.0f - k, y - 4.0f - k, w + 8.0f + 2 * k, h + 8.0f + 2 * k,
                                     {255, 255, 255, a});
        }
        text.draw(std::to_string(i + 1), static_cast<int>(x + w / 2), static_cast<int>(y + h / 2 - 17), 30,
                  is_chosen ? kInk : palette::kText, engine::Align::Center);
    }
    text.draw(low, static_cast<int>(x0), static_cast<int>(y + h + 8), 18, palette::kDim);
    text.draw(high, static_cast<int>(xn + w), static_cast<int>(y + h + 8), 18, palette::kDim,
              engine::Align::Right);
}

void RatingScreen::draw_buttons(SDL_Renderer* r) const {
    const char* labels[] = {"Submit", "Skip"};
    for (int i = 0; i < 2; ++i) {
        float x = 0, y = 0, w = 0, h = 0;
        m_layout.rect({RatingSpot::Buttons, i}, x, y, w, h);
        const bool focused = m_form.focus() == RatingSpot{RatingSpot::Buttons, i};
        const bool enabled = i == kSkip || m_form.complete();
        engine::fill_rect(r, x, y, w, h, focused ? engine::Color{255, 206, 96, 60} : kBox);
        engine::outline_rect(r, x, y, w, h, focused ? palette::kAccent : kOutline);
        const engine::Color ink = !enabled  ? engine::Color{110, 114, 134}
                                  : focused ? palette::kAccent
                                            : palette::kText;
        m_services.text->draw(labels[i], static_cast<int>(x + w / 2), static_cast<int>(y + h / 2 - 16), 28,
                              ink, engine::Align::Center);
    }
}

void RatingScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 2.0, 0.0, m_time);
    draw_panel(r, vw / 2.0f - 430, 40, 860, vh - 80.0f);
    auto& text = *m_services.text;
    text.draw("Rate this level", vw / 2, 58, 44, palette::kText, engine::Align::Center);
    text.draw(m_target.title, vw / 2, 112, 20, palette::kAccent, engine::Align::Center);
    draw_scale(r, RatingSpot::Enjoyment, "How much did you enjoy this level?", "not at all", "very much");
    draw_scale(r, RatingSpot::Difficulty, "How hard was it?", "very easy", "very hard");
    draw_buttons(r);
    text.draw("Keys 1-9 (0 = 10), arrows + Enter, or click.  Esc / pad B: skip", vw / 2, vh - 76, 18,
              palette::kDim, engine::Align::Center);
    text.draw("Turn these questions off in Settings > Rate levels", vw / 2, vh - 52, 16, palette::kDim,
              engine::Align::Center);
}

}  // namespace sawtooth::app
