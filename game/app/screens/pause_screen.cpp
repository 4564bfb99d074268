#include "game/app/screens/pause_screen.hpp"

#include "engine/draw.hpp"
#include "engine/text.hpp"
#include "game/app/screens/platformer_screen.hpp"
#include "game/app/screens/settings_screen.hpp"

#include <SDL2/SDL.h>

namespace sawtooth::app {

PauseScreen::PauseScreen(Services services, PlatformerScreen* level) : m_services(services), m_level(level) {
    std::vector<MenuItem> items;
    m_items = {Item::Resume, Item::Settings};
    items.push_back({"Resume"});
    items.push_back({"Settings"});
    if (level->options().allow_skip) {
        m_items.push_back(Item::Skip);
        items.push_back({"Skip level", "", false, false, "Counts as skipped in the results"});
    }
    m_items.push_back(Item::Quit);
    items.push_back({level->options().quit_label});
    m_menu = Menu(std::move(items), {640, 300, 440, 58, 32});
}

void PauseScreen::tick(const engine::Controls& c) {
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    if (a == MenuAction::Back) {
        m_services.screens->pop();
        return;
    }
    if (a != MenuAction::Activate) return;
    switch (m_items[static_cast<std::size_t>(m_menu.selected())]) {
        case Item::Resume:
            m_services.screens->pop();
            break;
        case Item::Settings:
            m_services.screens->push(std::make_unique<SettingsScreen>(m_services));
            break;
        case Item::Skip:
            m_services.screens->pop();
            m_level->finish(LevelOutcome::Skipped);
            break;
        case Item::Quit:
            m_services.screens->pop();
            m_level->finish(LevelOutcome::Quit);
            break;
    }
}

void PauseScreen::render(SDL_Renderer* r, double, double) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    engine::fill_rect(r, 0, 0, static_cast<float>(vw), static_cast<float>(vh), {6, 8, 16, 170});
    const float ph = 130 + m_menu.size() * m_menu.layout().row_h + 60;
    draw_panel(r, vw / 2.0f - 280, 170, 560, ph);
    m_services.text->draw("Paused", vw / 2, 196, 52, palette::kText, engine::Align::Center);
    m_menu.draw(r, *m_services.text);
    m_services.text->draw("Esc: resume     Enter / click: choose", vw / 2, vh - 50, 20, palette::kDim,
                          engine::Align::Center);
}

}  // namespace sawtooth::app
