#include "game/app/screens/message_screen.hpp"

#include "engine/text.hpp"

#include <SDL2/SDL.h>

namespace sawtooth::app {

MessageScreen::MessageScreen(Services services, std::string title, std::vector<std::string> lines)
    : m_services(services), m_title(std::move(title)), m_lines(std::move(lines)) {
    m_menu = Menu({{"Back"}}, {640, 500, 320, 56, 30});
}

void MessageScreen::tick(const engine::Controls& c) {
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    if (a == MenuAction::Activate || a == MenuAction::Back) m_services.screens->pop();
}

void MessageScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 2.0, 0.0, m_time);
    draw_panel(r, vw / 2.0f - 420, 150, 840, 440);
    m_services.text->draw(m_title, vw / 2, 180, 52, palette::kText, engine::Align::Center);
    for (std::size_t i = 0; i < m_lines.size(); ++i)
        m_services.text->draw(m_lines[i], vw / 2, 280 + static_cast<int>(i) * 40, 26, palette::kDim,
                              engine::Align::Center);
    m_menu.draw(r, *m_services.text);
}

}  // namespace sawtooth::app
