#pragma once
// The rating screen shown after a level (docs/game.md "Rating screen"): draws the RatingForm, feeds it the
// controls, typed digits and the mouse, and stores the answer (or the skip) as a ratings
// row through the game's recorder. It is offered only when there is something to attach
// the rating to: the "Rate levels" setting is on and the level was recorded.

#include "game/app/screens/rating_form.hpp"
#include "game/app/core/screen.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace sawtooth::app {

/// The level being rated (one of the two ids) and how the screen names it.
struct RatingTarget {
    std::optional<std::int64_t> level_id;       ///< a recorded platformer level
    std::optional<std::int64_t> word_level_id;  ///< a recorded Elimination level
    std::string title;                          ///< e.g. "Level 3/10"
};

/// The rating screen for `target`, or null when it is not to be shown (setting off, not
/// recording, no id). `after` runs once the player answered or skipped; it must replace
/// or pop the rating screen.
std::unique_ptr<Screen> make_rating_screen(Services services, RatingTarget target,
                                           std::function<void()> after);

/// The screen itself (made by make_rating_screen; public for screenshots and tests).
class RatingScreen : public Screen {
public:
    RatingScreen(Services services, RatingTarget target, std::function<void()> after);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "rating"; }

private:
    void store(const RatingAnswer& answer);
    void draw_scale(SDL_Renderer* r, RatingSpot::Row row, const char* question, const char* low,
                    const char* high) const;
    void draw_buttons(SDL_Renderer* r) const;

    Services m_services;
    RatingTarget m_target;
    std::function<void()> m_after;
    RatingForm m_form;
    RatingLayout m_layout;
    double m_time = 0.0;
    bool m_done = false;
};

}  // namespace sawtooth::app
