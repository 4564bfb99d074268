#pragma once
// Draws a platformer level and the simulation's state through a Camera: sky, tiles,
// decoration, traps (with their warning tells), exit gate, player and death burst.
// Reads the simulation; never writes it.

#include "game/app/camera.hpp"
#include "game/sim/simulation.hpp"

struct SDL_Renderer;

namespace sawtooth::app {

/// Player pose to draw (interpolated between two ticks by the caller).
struct PlayerPose {
    double x = 0.0, y = 0.0;
    PlayerMode mode = PlayerMode::Air;
    int facing = 1;
    int dead_ticks = 0;  ///< ticks since death (for the burst), 0 when alive
};

/// Draws the whole scene for one frame.
void draw_level(SDL_Renderer* r, const Camera& cam, const Simulation& sim, const PlayerPose& pose,
                std::uint64_t render_tick);

}  // namespace sawtooth::app
