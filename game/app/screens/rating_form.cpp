#include "game/app/screens/rating_form.hpp"

#include "telemetry/store/store.hpp"

#include <algorithm>

namespace sawtooth::app {

using engine::Control;

int RatingLayout::boxes(RatingSpot::Row row) {
    switch (row) {
        case RatingSpot::Enjoyment:
            return telemetry::kEnjoymentMax;
        case RatingSpot::Difficulty:
            return telemetry::kDifficultyMax;
        case RatingSpot::Buttons:
            return 2;
    }
    return 0;
}

void RatingLayout::rect(RatingSpot s, float& x, float& y, float& w, float& h) const {
    if (s.row == RatingSpot::Buttons) {
        w = button_w;
        h = button_h;
        x = cx - button_w - button_gap / 2 + s.index * (button_w + button_gap);
        y = buttons_y;
        return;
    }
    const int n = boxes(s.row);
    const float total = n * box + (n - 1) * gap;
    w = h = box;
    x = cx - total / 2 + s.index * (box + gap);
    y = s.row == RatingSpot::Enjoyment ? enjoyment_y : difficulty_y;
}

std::optional<RatingSpot> RatingLayout::hit(float px, float py) const {
    for (const RatingSpot::Row row : {RatingSpot::Enjoyment, RatingSpot::Difficulty, RatingSpot::Buttons})
        for (int i = 0; i < boxes(row); ++i) {
            float x = 0, y = 0, w = 0, h = 0;
            rect({row, i}, x, y, w, h);
            if (px >= x && px < x + w && py >= y && py < y + h) return RatingSpot{row, i};
        }
    return std::nullopt;
}

void RatingForm::tick(const engine::Controls& c, std::string_view typed, const RatingPointer& pointer) {
    if (m_answer) return;
    ++m_ticks;
    if (c.pressed(Control::Back) || c.pressed(Control::Pause)) return finish(true);
    if (c.pressed(Control::Up)) move_row(-1);
    if (c.pressed(Control::Down)) move_row(1);
    if (c.pressed(Control::Left)) move_box(-1);
    if (c.pressed(Control::Right)) move_box(1);
    for (const char ch : typed) digit(ch);
    if (pointer.hover) {
        m_focus = *pointer.hover;
        m_cursor[static_cast<std::size_t>(m_focus.row)] = m_focus.index;
    }
    if (pointer.clicked) {
        choose(*pointer.clicked);
        if (pointer.clicked->row == RatingSpot::Buttons) confirm();
    }
    if (!m_answer && c.pressed(Control::Confirm)) confirm();
}

void RatingForm::move_row(int dir) {
    const int row = std::clamp(static_cast<int>(m_focus.row) + dir, 0, 2);
    m_focus = {static_cast<RatingSpot::Row>(row), m_cursor[static_cast<std::size_t>(row)]};
}

// Left / Right move along the row; on a question the box under the focus is the answer,
// so arrows alone (or the d-pad) answer it.
void RatingForm::move_box(int dir) {
    const int n = RatingLayout::boxes(m_focus.row);
    choose({m_focus.row, std::clamp(m_focus.index + dir, 0, n - 1)});
}

void RatingForm::choose(RatingSpot spot) {
    m_focus = spot;
    m_cursor[static_cast<std::size_t>(spot.row)] = spot.index;
    if (spot.row != RatingSpot::Buttons) m_values[static_cast<std::size_t>(spot.row)] = spot.index + 1;
}

// A digit answers the focused question (0 = 10) and moves on to the next row.
void RatingForm::digit(char ch) {
    if (ch < '0' || ch > '9' || m_focus.row == RatingSpot::Buttons) return;
    const int v = ch == '0' ? 10 : ch - '0';
    if (v > RatingLayout::boxes(m_focus.row)) return;
    choose({m_focus.row, v - 1});
    advance();
}

// To the next row; reaching the buttons lands on Submit (the answer is ready).
void RatingForm::advance() {
    move_row(1);
    if (m_focus.row == RatingSpot::Buttons) m_focus.index = m_cursor[2] = kSubmit;
}

// Enter on a question takes the box under the focus and moves on; on Submit it submits
// when both are answered (else goes to the first open question); on Skip it skips.
void RatingForm::confirm() {
    if (m_focus.row != RatingSpot::Buttons) {
        choose(m_focus);
        advance();
        return;
    }
    if (m_focus.index == kSkip) return finish(true);
    if (complete()) return finish(false);
    const auto open = m_values[0] ? RatingSpot::Difficulty : RatingSpot::Enjoyment;
    m_focus = {open, m_cursor[static_cast<std::size_t>(open)]};
}

void RatingForm::finish(bool skipped) {
    RatingAnswer a;
    a.skipped = skipped;
    if (!skipped) {
        a.enjoyment = m_values[0];
        a.difficulty = m_values[1];
    }
    a.ticks = m_ticks;
    m_answer = a;
}

}  // namespace sawtooth::app
