#pragma once
// The state of the post-level rating form (docs/game.md "Rating screen"): "How much did you enjoy this
// level?" 1-10 and "How hard was it?" 1-7, then Submit or Skip. Driven by the latched Controls (arrows /
// d-pad, Confirm = Enter / pad A, Back or Pause = Backspace, Esc / pad B skip), typed digits (1-9, 0 = 10)
// and the mouse, with the layout's hit-testing in logical pixels. No SDL and no drawing
// (game/app/screens/rating_screen.* draws it and records the answer), so tests drive it tick by tick.

#include "engine/controls.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sawtooth::app {

/// A place on the form: a question row with a box index (value - 1), or the buttons row.
struct RatingSpot {
    enum Row { Enjoyment, Difficulty, Buttons };
    Row row = Enjoyment;
    int index = 0;  ///< scale rows: value - 1; buttons: kSubmit or kSkip
    friend bool operator==(const RatingSpot&, const RatingSpot&) = default;
};
inline constexpr int kSubmit = 0;
inline constexpr int kSkip = 1;

/// Where the form's boxes are drawn (logical pixels, 1280x720): one copy of the geometry
/// for drawing and for mouse hits.
struct RatingLayout {
    float cx = 640;            ///< centre column
    float enjoyment_y = 250;   ///< top of the enjoyment boxes
    float difficulty_y = 410;  ///< top of the difficulty boxes
    float buttons_y = 530;     ///< top of Submit / Skip
    float box = 58, gap = 10;  ///< box side and spacing
    float button_w = 200, button_h = 54, button_gap = 40;

    /// Number of boxes of a scale row.
    static int boxes(RatingSpot::Row row);
    /// Top-left corner and size of a spot.
    void rect(RatingSpot spot, float& x, float& y, float& w, float& h) const;
    /// The spot under (x, y), if any.
    std::optional<RatingSpot> hit(float x, float y) const;
};

/// How the form ended.
struct RatingAnswer {
    bool skipped = false;
    std::optional<int> enjoyment;   ///< 1..10 when answered
    std::optional<int> difficulty;  ///< 1..7 when answered
    std::uint32_t ticks = 0;        ///< ticks from the form's first tick to the answer
};

/// What the pointer did this tick (from engine::UiInput, mapped through the layout).
struct RatingPointer {
    std::optional<RatingSpot> hover;    ///< set when the mouse moved onto a spot
    std::optional<RatingSpot> clicked;  ///< set when the left button went down on a spot
};

/// The form's state.
class RatingForm {
public:
    /// One tick: controls, the digits typed since the last tick, the pointer.
    void tick(const engine::Controls& controls, std::string_view typed, const RatingPointer& pointer);

    /// Set once the player submitted or skipped; the form ignores input afterwards.
    const std::optional<RatingAnswer>& answer() const { return m_answer; }
    /// The highlighted spot (keyboard / gamepad focus, or the hovered spot).
    RatingSpot focus() const { return m_focus; }
    /// The chosen value of a scale row, if any.
    std::optional<int> value(RatingSpot::Row row) const { return m_values[static_cast<std::size_t>(row)]; }
    /// True when both questions have an answer (Submit is enabled).
    bool complete() const { return m_values[0] && m_values[1]; }

private:
    void move_row(int dir);
    void advance();
    void move_box(int dir);
    void choose(RatingSpot spot);
    void digit(char ch);
    void confirm();
    void finish(bool skipped);

    RatingSpot m_focus{RatingSpot::Enjoyment, 4};  ///< starts on the middle of the first scale
    std::array<int, 3> m_cursor{4, 3, kSubmit};    ///< per row: the box the focus returns to
    std::array<std::optional<int>, 2> m_values;    ///< answers
    std::optional<RatingAnswer> m_answer;
    std::uint32_t m_ticks = 0;
};

}  // namespace sawtooth::app
