#include "game/app/level_view.hpp"

#include "engine/draw.hpp"
#include "game/sim/traps.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <cmath>

namespace sawtooth::app {

using engine::Color;

namespace {

constexpr Color kSkyTop{24, 28, 48};
constexpr Color kSkyBottom{58, 66, 104};
constexpr Color kRock{74, 62, 58};
constexpr Color kRockDark{52, 44, 42};
constexpr Color kGrass{96, 168, 80};
constexpr Color kMetal{150, 156, 170};
constexpr Color kDanger{230, 60, 50};
constexpr Color kTell{255, 200, 60};
constexpr Color kPlayer{240, 236, 220};
constexpr Color kExit{90, 220, 140};

Color lerp(Color a, Color b, double t) {
    auto m = [&](std::uint8_t x, std::uint8_t y) { return static_cast<std::uint8_t>(x + (y - x) * t); };
    return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), m(a.a, b.a)};
}

// Deterministic per-cell variation so the rock texture is stable frame to frame.
unsigned cell_noise(int x, int y) {
    unsigned h = static_cast<unsigned>(x) * 73856093u ^ static_cast<unsigned>(y) * 19349663u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    return h ^ (h >> 15);
}

void draw_tiles(SDL_Renderer* r, const Camera& cam, const Level& level, int vw, int vh) {
    const float s = cam.scale() * 2.0f;  // pixels per cell
    const int x0 = std::max(0, static_cast<int>(std::floor((cam.centre_x() - vw / cam.scale() / 2) / 2)) - 1);
    const int x1 = std::min(level.width - 1,
                            static_cast<int>(std::ceil((cam.centre_x() + vw / cam.scale() / 2) / 2)) + 1);
    const int y0 = std::max(0, static_cast<int>(std::floor((cam.centre_y() - vh / cam.scale() / 2) / 2)) - 1);
    const int y1 = std::min(level.height - 1,
                            static_cast<int>(std::ceil((cam.centre_y() + vh / cam.scale() / 2) / 2)) + 1);
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            if (!level.solid(x, y)) continue;
            const float px = cam.sx(x * 2.0), py = cam.sy((y + 1) * 2.0);
            const unsigned n = cell_noise(x, y);
            engine::fill_rect(r, px, py, s + 0.5f, s + 0.5f, lerp(kRock, kRockDark, (n % 7) / 14.0));
            // Stones in the rock.
            engine::fill_rect(r, px + (n % 5) * s / 7, py + ((n >> 3) % 5) * s / 7, s / 6, s / 8, kRockDark);
            if (!level.solid(x, y + 1)) {  // exposed top: grass lip
                engine::fill_rect(r, px, py, s + 0.5f, s / 7, kGrass);
                for (int k = 0; k < 5; ++k)
                    engine::fill_rect(r, px + k * s / 5 + ((n >> k) % 3), py + s / 7, s / 12,
                                      s / 12 + ((n >> (k + 2)) % 4), kGrass);
            }
            if (!level.solid(x - 1, y)) engine::fill_rect(r, px, py, 2, s, kRockDark);
            if (!level.solid(x + 1, y)) engine::fill_rect(r, px + s - 2, py, 2, s, kRockDark);
        }
}

void draw_decoration(SDL_Renderer* r, const Camera& cam, const Level& level, std::uint64_t tick) {
    const float s = cam.scale() * 2.0f;
    for (const Decoration& d : level.decorations) {
        const float px = cam.sx(d.cell.x * 2.0), base = cam.sy(d.cell.y * 2.0);
        const float sway = static_cast<float>(std::sin(tick * 0.05 + d.cell.x) * 2.0);
        switch (d.type) {
            case DecorationType::Plant:
                engine::line(r, px + s / 2, base, px + s / 2 + sway, base - s * 0.45f, {70, 140, 70});
                engine::fill_circle(r, px + s / 2 + sway, base - s * 0.45f, s * (0.08f + 0.02f * d.variant),
                                    d.variant % 2 ? Color{230, 110, 140} : Color{240, 220, 90});
                break;
            case DecorationType::Rock:
                engine::fill_circle(r, px + s * (0.3f + 0.1f * d.variant), base - s * 0.08f, s * 0.14f,
                                    {110, 104, 100});
                break;
            case DecorationType::Grass:
                for (int k = 0; k < 4; ++k)
                    engine::line(r, px + s * (0.2f + 0.2f * k), base, px + s * (0.2f + 0.2f * k) + sway,
                                 base - s * 0.2f, kGrass);
                break;
            case DecorationType::Vine:
                engine::line(r, px + s * 0.5f, cam.sy((d.cell.y + 1) * 2.0), px + s * 0.5f + sway,
                             cam.sy((d.cell.y + 1) * 2.0) + s * (0.5f + 0.1f * d.variant), {60, 120, 60});
                break;
        }
    }
}

void draw_trap(SDL_Renderer* r, const Camera& cam, const Trap& trap, const TrapState& st,
               std::uint64_t tick) {
    const float s = cam.scale() * 2.0f;
    const double x0 = trap.cell.x * 2.0, y0 = trap.cell.y * 2.0;
    const bool blink = (tick / 4) % 2 == 0;
    switch (trap.type) {
        case TrapType::Saw: {
            // Rail, then the blade with teeth.
            engine::fill_rect(r, cam.sx(x0 + 0.8), cam.sy(y0 + kSawHubHeight) - 2, s * 2.2f, 4, {60, 60, 70});
            const float cx = cam.sx(st.saw_x), cy = cam.sy(st.saw_y),
                        rad = static_cast<float>(kSawRadius) * cam.scale();
            for (int k = 0; k < 8; ++k) {
                const double a = st.saw_angle + k * 0.785398;
                const double b = a + 0.3;
                engine::fill_triangle(r, cx + std::cos(a) * rad * 0.8f, cy + std::sin(a) * rad * 0.8f,
                                      cx + std::cos(b) * rad * 1.08f, cy + std::sin(b) * rad * 1.08f,
                                      cx + std::cos(a + 0.6) * rad * 0.8f,
                                      cy + std::sin(a + 0.6) * rad * 0.8f, kMetal);
            }
            engine::fill_circle(r, cx, cy, rad * 0.82f, {190, 194, 204});
            engine::fill_circle(r, cx, cy, rad * 0.25f, {90, 90, 100});
            break;
        }
        case TrapType::WallSpike: {
            const double wall = trap.facing > 0 ? x0 : x0 + 2.0;
            // Slot in the wall, glowing when about to fire.
            engine::fill_rect(r, cam.sx(wall) - (trap.facing > 0 ? 3 : 0), cam.sy(y0 + 1.9), 3, s * 0.9f,
                              st.telling && blink ? kTell : Color{40, 40, 44});
            if (st.spike_reach > 0.0) {
                for (int k = 0; k < 4; ++k) {
                    const double yb = y0 + 0.15 + k * 0.45;
                    const double tip = wall + trap.facing * st.spike_reach;
                    engine::fill_triangle(r, cam.sx(wall), cam.sy(yb), cam.sx(wall), cam.sy(yb + 0.4),
                                          cam.sx(tip), cam.sy(yb + 0.2), kMetal);
                }
            }
            break;
        }
        case TrapType::Squeeze: {
            const Color block = st.electrified        ? (blink ? Color{140, 200, 255} : Color{255, 255, 255})
                                : st.telling && blink ? kTell
                                                      : kMetal;
            const float jitter = st.telling ? static_cast<float>((tick % 3) - 1) : 0.0f;
            // Rising block from the floor, falling block from the ceiling.
            engine::fill_rect(r, cam.sx(x0 + 0.1) + jitter, cam.sy(y0 + st.squeeze_bottom), s * 0.9f,
                              static_cast<float>(st.squeeze_bottom) * cam.scale() + 2, block);
            engine::fill_rect(r, cam.sx(x0 + 0.1) + jitter, cam.sy(y0 + 4.0) - 2, s * 0.9f,
                              static_cast<float>(4.0 - st.squeeze_top) * cam.scale() + 4, block);
            engine::fill_rect(r, cam.sx(x0 + 0.1), cam.sy(y0 + 4.0) - 2, s * 0.9f, 6, {80, 80, 90});
            break;
        }
        case TrapType::Mine: {
            const float cx = cam.sx(x0 + 1.0), cy = cam.sy(y0 + kMineHeight);
            engine::fill_circle(r, cx, cy, s * 0.16f, {50, 50, 56});
            const Color light = st.mine == MinePhase::Armed   ? (blink ? kDanger : kTell)
                                : st.mine == MinePhase::Spent ? Color{60, 60, 60}
                                                              : Color{80, 200, 90};
            engine::fill_circle(r, cx, cy - s * 0.12f, s * 0.05f, light);
            if (st.mine == MinePhase::Spent && st.mine_timer > kMineRearmTicks - 20) {
                const float t = static_cast<float>(kMineRearmTicks - st.mine_timer) / 20.0f;
                engine::fill_circle(r, cx, cy, static_cast<float>(kMineBlastRadius) * cam.scale() * t,
                                    {255, 160, 60, static_cast<std::uint8_t>(200 * (1 - t))});
            }
            break;
        }
    }
}

void draw_player(SDL_Renderer* r, const Camera& cam, const PlayerPose& p) {
    const float w = static_cast<float>(kPlayerWidth) * cam.scale();
    const float h = static_cast<float>(kPlayerHeight) * cam.scale();
    const float roof = static_cast<float>(kPlayerRoofHeight) * cam.scale();
    const float cx = cam.sx(p.x), cy = cam.sy(p.y);
    if (p.mode == PlayerMode::Dead) {
        // Burst of shards flying out, fading over the death time.
        const float t = std::min(1.0f, p.dead_ticks / static_cast<float>(kDeathTicks));
        for (int k = 0; k < 12; ++k) {
            const double a = k * 0.5236 + 0.3;
            const float d = (10.0f + 90.0f * t) * (0.6f + 0.4f * static_cast<float>(k % 3));
            engine::fill_rect(r, cx + static_cast<float>(std::cos(a)) * d,
                              cy + static_cast<float>(std::sin(a)) * d + 60 * t * t, 6, 6,
                              {kDanger.r, kDanger.g, kDanger.b, static_cast<std::uint8_t>(255 * (1 - t))});
        }
        return;
    }
    engine::fill_rect(r, cx - w / 2, cy - h / 2 + roof, w, h - roof, kPlayer);
    engine::fill_triangle(r, cx - w / 2, cy - h / 2 + roof, cx + w / 2, cy - h / 2 + roof, cx, cy - h / 2,
                          kPlayer);
    const float eye_x = cx + p.facing * w * 0.18f;
    engine::fill_rect(r, eye_x - 3, cy - h * 0.2f, 4, 6, {30, 30, 40});
    engine::fill_rect(r, eye_x + p.facing * 7 - 2, cy - h * 0.2f, 4, 6, {30, 30, 40});
    if (p.mode == PlayerMode::HangLeft || p.mode == PlayerMode::HangRight) {
        const float side = p.mode == PlayerMode::HangLeft ? -1.0f : 1.0f;
        engine::fill_rect(r, cx + side * w / 2 - 3, cy - h / 2 - 4, 6, 10, kPlayer);  // arm up on the ledge
    }
}

}  // namespace

void draw_level(SDL_Renderer* r, const Camera& cam, const Simulation& sim, const PlayerPose& pose,
                std::uint64_t render_tick) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    for (int band = 0; band < 12; ++band)
        engine::fill_rect(r, 0, vh * band / 12.0f, static_cast<float>(vw), vh / 12.0f + 1,
                          lerp(kSkyTop, kSkyBottom, band / 11.0));
    const Level& level = sim.level();
    // Exit gate behind everything else.
    {
        const float s = cam.scale() * 2.0f;
        const float px = cam.sx(level.exit.x * 2.0), py = cam.sy((level.exit.y + 1) * 2.0);
        const std::uint8_t glow = static_cast<std::uint8_t>(120 + 80 * std::sin(render_tick * 0.08));
        engine::fill_rect(r, px + s * 0.15f, py + s * 0.05f, s * 0.7f, s * 0.95f, {40, 60, 50});
        engine::fill_rect(r, px + s * 0.25f, py + s * 0.15f, s * 0.5f, s * 0.85f,
                          {kExit.r, kExit.g, kExit.b, glow});
    }
    draw_decoration(r, cam, level, render_tick);
    draw_tiles(r, cam, level, vw, vh);
    for (std::size_t i = 0; i < level.traps.size(); ++i)
        draw_trap(r, cam, level.traps[i], sim.traps()[i], sim.tick());
    draw_player(r, cam, pose);
}

}  // namespace sawtooth::app
