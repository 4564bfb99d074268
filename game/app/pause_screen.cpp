#include "game/app/pause_screen.hpp"

#include "engine/draw.hpp"
#include "engine/text.hpp"
#include "game/app/platformer_screen.hpp"

#include <SDL2/SDL.h>

namespace sawtooth::app {

namespace {
const char* const kItems[] = {"Resume", "Quit level"};
constexpr int kItemCount = 2;
}  // namespace

PauseScreen::PauseScreen(Services services, PlatformerScreen* level) : m_services(services), m_level(level) {}

void PauseScreen::tick(const engine::Controls& c) {
    using engine::Control;
    if (c.pressed(Control::Pause) || c.pressed(Control::Back)) {
        m_services.screens->pop();
        return;
    }
    if (c.pressed(Control::Up)) m_choice = (m_choice + kItemCount - 1) % kItemCount;
    if (c.pressed(Control::Down)) m_choice = (m_choice + 1) % kItemCount;
    if (c.pressed(Control::Confirm)) {
        m_services.screens->pop();
        if (m_choice == 1) m_level->finish(LevelOutcome::Quit);
    }
}

void PauseScreen::render(SDL_Renderer* r, double, double) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    engine::fill_rect(r, 0, 0, static_cast<float>(vw), static_cast<float>(vh), {0, 0, 0, 150});
    m_services.text->draw("Paused", vw / 2, vh / 2 - 120, 48, {255, 255, 255}, engine::Align::Center);
    for (int i = 0; i < kItemCount; ++i) {
        const bool sel = i == m_choice;
        m_services.text->draw(
            std::string(sel ? "> " : "") + kItems[i] + (sel ? " <" : ""), vw / 2, vh / 2 - 20 + i * 50, 32,
            sel ? engine::Color{255, 220, 120} : engine::Color{220, 220, 230}, engine::Align::Center);
    }
    m_services.text->draw("Esc: resume   Enter: choose", vw / 2, vh - 60, 18, {180, 180, 190},
                          engine::Align::Center);
}

}  // namespace sawtooth::app
