#pragma once
// Free play setup: a seed (typed digits, or a random one), the layout (maze / linear),
// the number of rooms and the room size, and the trap speed (t_cycle schedule index).
// Play generates that level and plays it; afterwards (after the rating screen, when it is
// on) the setup returns with the result, so "same seed again" is one key press. "Edit in
// the level editor" opens the same level in the editor instead. Packs and Adaptive (levels
// chosen for the player's skill; on only with a difficulty model) open their own screens.

#include "game/app/core/screen.hpp"
#include "game/app/widgets/ui.hpp"
#include "gen/generator.hpp"

#include <cstdint>

namespace sawtooth::app {

/// Free-play setup screen.
class FreePlayScreen : public Screen {
public:
    explicit FreePlayScreen(Services services);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "free-play"; }

private:
    void refresh();
    bool generate(GenParams& params, Level& level);
    void play();
    void edit();
    void offer_rating(const std::string& title);
    MenuItem adaptive_item() const;
    void play_adaptive();

    Services m_services;
    Menu m_menu;
    std::string m_seed_text;  ///< digits typed so far
    int m_layout = 0;         ///< index into the layouts
    int m_rooms = 1;          ///< index into the room-count presets
    int m_room_size = 1;      ///< index into the room-size presets
    int m_speed = 1;          ///< t_cycle schedule index 1..10
    std::string m_status;     ///< last result or error
    bool m_status_bad = false;
    double m_time = 0.0;
};

}  // namespace sawtooth::app
