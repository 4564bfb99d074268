#pragma once
// A full-screen message with one "Back" button: text a player should read (how to play
// Elimination, a seed or word level that failed to generate, a missing word list).

#include "game/app/core/screen.hpp"
#include "game/app/widgets/ui.hpp"

namespace sawtooth::app {

/// Title, a few lines of text, and Back.
class MessageScreen : public Screen {
public:
    MessageScreen(Services services, std::string title, std::vector<std::string> lines);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "message"; }

private:
    Services m_services;
    std::string m_title;
    std::vector<std::string> m_lines;
    Menu m_menu;
    double m_time = 0.0;
};

}  // namespace sawtooth::app
