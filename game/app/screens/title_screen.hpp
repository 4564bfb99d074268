#pragma once
// The title menu: Platformer (Study session, Free play), Elimination (its own menu),
// Settings, Level editor, Quit. Keyboard, gamepad and mouse all work.

#include "game/app/core/screen.hpp"
#include "game/app/widgets/ui.hpp"

#include <cstdint>
#include <optional>

namespace sawtooth::app {

/// A fresh random seed for sessions and free play (not the simulation: it only picks levels).
std::uint64_t random_seed();

/// First screen of the game.
class TitleScreen : public Screen {
public:
    /// `study_seed`: fixed session seed for the study (tests, reproducible studies);
    /// empty = a random seed per session.
    TitleScreen(Services services, std::optional<std::uint64_t> study_seed = {});
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "title"; }

private:
    void open_editor();

    Services m_services;
    std::optional<std::uint64_t> m_study_seed;
    Menu m_menu;
    double m_time = 0.0;
};

}  // namespace sawtooth::app
