#pragma once
// The pause overlay over a level: Resume, Restart is not offered (a restart would not be
// a recorded event), Quit level. Esc resumes.

#include "game/app/screen.hpp"

namespace sawtooth::app {

class PlatformerScreen;

/// Pause menu drawn over the paused level.
class PauseScreen : public Screen {
public:
    PauseScreen(Services services, PlatformerScreen* level);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    bool is_overlay() const override { return true; }

private:
    Services m_services;
    PlatformerScreen* m_level;
    int m_choice = 0;
};

}  // namespace sawtooth::app
