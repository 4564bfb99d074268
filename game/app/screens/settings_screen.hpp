#pragma once
// Settings: master volume, fullscreen, the rating questions after levels, and extra keys for the four
// movement controls (the defaults, arrows/WASD/Space, always keep working, so a bad binding cannot lock a
// player out). Every change applies at once and is saved when it is made.

#include "game/app/core/screen.hpp"
#include "game/app/widgets/ui.hpp"

namespace sawtooth::app {

/// The settings menu (from the title or the pause menu).
class SettingsScreen : public Screen {
public:
    explicit SettingsScreen(Services services);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "settings"; }

private:
    void refresh();
    void changed();
    int* binding(int row);

    Services m_services;
    Menu m_menu;
    int m_waiting_row = -1;  ///< row whose key is being rebound, -1 = none
    std::string m_message;   ///< last save problem, shown at the bottom
    double m_time = 0.0;
};

}  // namespace sawtooth::app
