#pragma once
// The pause overlay over a level: Resume, Settings, Skip level (study session only) and
// Quit (to the title, or ending the session). Restart is not offered: a restart would not
// be a recorded event. Esc resumes.

#include "game/app/core/screen.hpp"
#include "game/app/widgets/ui.hpp"

namespace sawtooth::app {

class PlatformerScreen;

/// Pause menu drawn over the paused level.
class PauseScreen : public Screen {
public:
    PauseScreen(Services services, PlatformerScreen* level);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "pause"; }
    bool is_overlay() const override { return true; }

private:
    enum class Item { Resume, Settings, Skip, Quit };
    Services m_services;
    PlatformerScreen* m_level;
    std::vector<Item> m_items;
    Menu m_menu;
};

}  // namespace sawtooth::app
