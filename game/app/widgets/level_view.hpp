#pragma once
// Draws a platformer level and the simulation's state through a Camera: parallax sky,
// tiles, decoration, traps (with their warning tells), exit gate, player, death burst
// and respawn flash. Reads the simulation; never writes it.

#include "game/app/widgets/camera.hpp"
#include "game/sim/simulation.hpp"

struct SDL_Renderer;

namespace sawtooth::app {

/// Player pose to draw (interpolated between two ticks by the caller).
struct PlayerPose {
    double x = 0.0, y = 0.0;
    double vx = 0.0, vy = 0.0;  ///< for leaning and stretching
    PlayerMode mode = PlayerMode::Air;
    int facing = 1;
    int dead_ticks = 0;        ///< ticks since death (for the burst), 0 when alive
    int respawn_ticks = 1000;  ///< ticks since the last respawn (for the flash)
};

/// Frame-level drawing inputs besides the simulation.
struct LevelDrawState {
    std::uint64_t render_tick = 0;  ///< simulation tick (trap animation)
    double time = 0.0;              ///< real seconds (cosmetic motion: plants, glow)
    int exit_ticks = -1;            ///< ticks since the exit was reached, -1 = not yet
};

/// Ticks of the respawn flash (the player blinks and a ring closes in).
inline constexpr int kRespawnFlashTicks = 36;

/// Draws the whole scene for one frame.
void draw_level(SDL_Renderer* r, const Camera& cam, const Simulation& sim, const PlayerPose& pose,
                const LevelDrawState& state);

}  // namespace sawtooth::app
