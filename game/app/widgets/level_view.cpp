#include "game/app/widgets/level_view.hpp"

#include "engine/draw.hpp"
#include "engine/shape_batch.hpp"
#include "game/app/widgets/ui.hpp"
#include "game/sim/traps.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <cmath>

namespace sawtooth::app {

using engine::Color;

namespace {

constexpr Color kRock{78, 66, 74};
constexpr Color kRockDark{50, 42, 52};
constexpr Color kRockEdge{34, 28, 38};
constexpr Color kGrass{104, 180, 84};
constexpr Color kGrassDark{64, 130, 60};
constexpr Color kMetal{168, 174, 188};
constexpr Color kMetalDark{96, 100, 116};
constexpr Color kDanger{236, 64, 52};
constexpr Color kTell{255, 204, 64};
constexpr Color kPlayer{246, 240, 222};
constexpr Color kPlayerTrim{255, 150, 60};
constexpr Color kExit{96, 230, 150};
constexpr double kPi = 3.14159265358979;

Color lerp(Color a, Color b, double t) {
    t = std::clamp(t, 0.0, 1.0);
    auto m = [&](std::uint8_t x, std::uint8_t y) { return static_cast<std::uint8_t>(x + (y - x) * t); };
    return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), m(a.a, b.a)};
}

Color with_alpha(Color c, double a) {
    return {c.r, c.g, c.b, static_cast<std::uint8_t>(std::clamp(a, 0.0, 1.0) * 255)};
}

// Deterministic per-cell variation so the rock texture is stable frame to frame.
unsigned cell_noise(int x, int y) {
    unsigned h = static_cast<unsigned>(x) * 73856093u ^ static_cast<unsigned>(y) * 19349663u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    return h ^ (h >> 15);
}

struct CellRange {
    int x0, x1, y0, y1;
};

CellRange visible_cells(const Camera& cam, const Level& level) {
    const double hw = cam.half_w(), hh = cam.half_h();
    return {std::max(0, static_cast<int>(std::floor((cam.centre_x() - hw) / kCellSize)) - 1),
            std::min(level.width - 1, static_cast<int>(std::ceil((cam.centre_x() + hw) / kCellSize)) + 1),
            std::max(0, static_cast<int>(std::floor((cam.centre_y() - hh) / kCellSize)) - 1),
            std::min(level.height - 1, static_cast<int>(std::ceil((cam.centre_y() + hh) / kCellSize)) + 1)};
}

// Every visible solid cell, as rock with grass on exposed tops: several hundred rectangles
// a frame, so they go out as one batch (one call on OpenGL, engine/shape_batch.hpp).
void draw_tiles(SDL_Renderer* r, const Camera& cam, const Level& level) {
    static thread_local engine::ShapeBatch batch;  // kept: its buffers are not reallocated each frame
    const float s = cam.scale() * static_cast<float>(kCellSize);  // pixels per cell
    const CellRange v = visible_cells(cam, level);
    for (int y = v.y0; y <= v.y1; ++y)
        for (int x = v.x0; x <= v.x1; ++x) {
            if (!level.solid(x, y)) continue;
            const float px = cam.sx(x * kCellSize), py = cam.sy((y + 1) * kCellSize);
            const unsigned n = cell_noise(x, y);
            // Deeper rock is darker: the silhouette against the open space stays crisp.
            const bool deep = level.solid(x - 1, y) && level.solid(x + 1, y) && level.solid(x, y + 1) &&
                              level.solid(x, y - 1);
            const Color base =
                deep ? lerp(kRockDark, kRockEdge, (n % 5) / 8.0) : lerp(kRock, kRockDark, (n % 7) / 14.0);
            batch.rect(px, py, s + 0.5f, s + 0.5f, base);
            batch.rect(px + (n % 5) * s / 7, py + ((n >> 3) % 5) * s / 7, s / 5, s / 8,
                       deep ? kRockEdge : kRockDark);
            batch.rect(px + ((n >> 6) % 4) * s / 5, py + ((n >> 9) % 4) * s / 5 + s / 3, s / 8, s / 10,
                       lerp(base, {255, 255, 255}, 0.08));
            if (!level.solid(x - 1, y)) batch.rect(px, py, 3, s, kRockEdge);
            if (!level.solid(x + 1, y)) batch.rect(px + s - 3, py, 3, s, kRockEdge);
            if (!level.solid(x, y - 1)) batch.rect(px, py + s - 3, s, 3, kRockEdge);
            if (!level.solid(x, y + 1)) {  // exposed top: grass lip with blades
                batch.rect(px, py, s + 0.5f, s / 6, kGrass);
                batch.rect(px, py + s / 6, s + 0.5f, 3, kGrassDark);
                for (int k = 0; k < 6; ++k)
                    batch.rect(px + k * s / 6 + ((n >> k) % 3), py - s / 14, s / 16,
                               s / 14 + ((n >> (k + 2)) % 3), kGrass);
            }
        }
    batch.draw(r);
}

// One decoration's shapes, in the order they were always drawn (the batch keeps it).
void plant(engine::ShapeBatch& b, const Decoration& d, float x, float base, float s, float sway) {
    const Color stem{70, 150, 76};
    const float top = base - s * (0.35f + 0.06f * d.variant);
    b.triangle(x - 2, base, x + 2, base, x + sway, top, stem);
    b.triangle(x, base - s * 0.12f, x - s * 0.16f, base - s * 0.22f, x, base - s * 0.2f, stem);
    const Color bloom = d.variant % 2 ? Color{236, 112, 150} : Color{248, 218, 96};
    b.circle(x + sway, top, s * 0.07f, bloom);
    b.circle(x + sway, top, s * 0.03f, {255, 250, 220});
}

void rock(engine::ShapeBatch& b, const Decoration& d, float x, float base, float s) {
    const float w = s * (0.18f + 0.04f * d.variant);
    b.circle(x + w * 0.5f, base - w * 0.35f, w * 0.6f, {112, 106, 118});
    b.circle(x, base - w * 0.45f, w * 0.75f, {128, 122, 134});
    b.circle(x - w * 0.2f, base - w * 0.65f, w * 0.25f, {156, 150, 162});
    b.rect(x - w, base - 2, w * 2.2f, 3, {70, 64, 74});
}

void grass(engine::ShapeBatch& b, const Decoration& d, float px, float base, float s, float sway) {
    for (int k = 0; k < 5; ++k) {
        const float gx = px + s * (0.15f + 0.17f * k);
        const float h = s * (0.14f + 0.05f * ((k + d.variant) % 3));
        b.triangle(gx - 3, base, gx + 3, base, gx + sway * (1 + k % 2), base - h,
                   k % 2 ? kGrass : kGrassDark);
    }
}

// The batch knows no lines: what it holds is drawn first, so the order stays as it was.
void vine(engine::ShapeBatch& b, SDL_Renderer* r, const Decoration& d, float x, float top, float s,
          float sway) {
    const float len = s * (0.45f + 0.12f * d.variant);
    for (int k = 0; k < 6; ++k) {
        const float t0 = k / 6.0f, t1 = (k + 1) / 6.0f;
        const float w0 = sway * t0 * 2, w1 = sway * t1 * 2;
        b.draw(r);
        engine::line(r, x + w0, top + len * t0, x + w1, top + len * t1, {62, 128, 66});
        if (k % 2) b.circle(x + w1 + (k % 4 == 1 ? 4.0f : -4.0f), top + len * t1, 3.5f, {84, 160, 80});
    }
}

// Dozens of small shapes a frame (circles are a rectangle per pixel row): batched, as the tiles.
void draw_decoration(SDL_Renderer* r, const Camera& cam, const Level& level, double time) {
    static thread_local engine::ShapeBatch batch;  // kept: its buffers are not reallocated each frame
    const float s = cam.scale() * static_cast<float>(kCellSize);
    const CellRange v = visible_cells(cam, level);
    for (const Decoration& d : level.decorations) {
        if (d.cell.x < v.x0 || d.cell.x > v.x1 || d.cell.y < v.y0 || d.cell.y > v.y1) continue;
        const float px = cam.sx(d.cell.x * kCellSize), base = cam.sy(d.cell.y * kCellSize);
        const float sway = static_cast<float>(std::sin(time * 1.6 + d.cell.x * 0.7) * s * 0.03);
        const float off = s * (0.2f + 0.15f * static_cast<float>(d.variant % 4));
        switch (d.type) {
            case DecorationType::Plant:
                plant(batch, d, px + off, base, s, sway);
                break;
            case DecorationType::Rock:
                rock(batch, d, px + off, base, s);
                break;
            case DecorationType::Grass:
                grass(batch, d, px, base, s, sway);
                break;
            case DecorationType::Vine:
                vine(batch, r, d, px + off, cam.sy((d.cell.y + 1) * kCellSize), s, sway);
                break;
        }
    }
    batch.draw(r);
}

// Warning stripes over a box (pixels): yellow/black, animated, semi-transparent.
void hazard_glow(SDL_Renderer* r, float x, float y, float w, float h, Color c, double strength) {
    engine::fill_rect(r, x, y, w, h, with_alpha(c, 0.28 * strength));
    engine::outline_rect(r, x, y, w, h, with_alpha(c, 0.8 * strength));
}

// A trap cell's place on screen and the tell's blink phase, shared by every kind.
struct TrapOnScreen {
    float s;        // one cell in pixels
    float m;        // one world unit in pixels
    double x0, y0;  // the trap cell's corner in world units
    bool blink;     // tells blink: 5 ticks bright, 5 dim
};

void draw_saw(SDL_Renderer* r, const Camera& cam, const TrapState& st, const TrapOnScreen& at) {
    const auto [s, m, x0, y0, blink] = at;
    // Slot in the floor along the blade's track, then the blade (always deadly).
    const float rail_y = cam.sy(y0) - 4;
    engine::fill_rect(r, cam.sx(x0 + 0.4), rail_y, s * 3 - 0.8f * m, 6, {30, 26, 36});
    engine::fill_rect(r, cam.sx(x0 + 0.4), rail_y, s * 3 - 0.8f * m, 2, kDanger);
    draw_saw_blade(r, cam.sx(st.saw_x), cam.sy(st.saw_y), static_cast<float>(kSawRadius) * m, -st.saw_angle,
                   {214, 218, 230});
}

void draw_wall_spike(SDL_Renderer* r, const Camera& cam, const Trap& trap, const TrapState& st,
                     const TrapOnScreen& at) {
    const auto [s, m, x0, y0, blink] = at;
    const double wall = trap.facing > 0 ? x0 : x0 + kCellSize;
    const float wx = cam.sx(wall);
    const float inward = trap.facing > 0 ? -1.0f : 0.0f;  // plate sits inside the wall
    // Plate on the wall; it glows during the tell so the rhythm can be read from afar.
    const Color plate = st.telling ? (blink ? kTell : Color{190, 120, 40}) : kMetalDark;
    engine::fill_rect(r, wx + inward * 9, cam.sy(y0 + 1.98), 9, s * 0.98f, {30, 26, 36});
    engine::fill_rect(r, wx + inward * 7, cam.sy(y0 + 1.94), 7, s * 0.94f, plate);
    if (st.telling) {
        const float ax = trap.facing > 0 ? wx : wx - static_cast<float>(kSpikeDepth) * m;
        hazard_glow(r, ax, cam.sy(y0 + 1.9), static_cast<float>(kSpikeDepth) * m, s * 0.9f, kTell,
                    blink ? 1.0 : 0.6);
    }
    // Retracted tips always show in their slots, so the trap is seen before it fires;
    // they peek further out during the tell and are fully out when deadly.
    const double reach = st.deadly ? st.spike_reach : (st.telling ? 0.3 : 0.14);
    const Color tip_col = st.deadly ? kMetal : (st.telling ? kTell : Color{156, 100, 94});
    for (int k = 0; k < 4; ++k) {
        const double yb = y0 + 0.12 + k * 0.45;
        const double tip = wall + trap.facing * reach;
        engine::fill_triangle(r, wx, cam.sy(yb), wx, cam.sy(yb + 0.42), cam.sx(tip), cam.sy(yb + 0.21),
                              tip_col);
        if (st.deadly)
            engine::line(r, wx, cam.sy(yb + 0.21), cam.sx(tip), cam.sy(yb + 0.21), {255, 255, 255, 140});
    }
}

void draw_squeeze(SDL_Renderer* r, const Camera& cam, const TrapState& st, std::uint64_t tick,
                  const TrapOnScreen& at) {
    const auto [s, m, x0, y0, blink] = at;
    const float left = cam.sx(x0 + 0.12), w = s - 0.24f * m;
    const float floor_y = cam.sy(y0), ceil_y = cam.sy(y0 + 2 * kCellSize);
    const float jitter = st.telling ? static_cast<float>(static_cast<int>(tick % 3) - 1) * 1.5f : 0.0f;
    if (st.telling)
        hazard_glow(r, cam.sx(x0), cam.sy(y0 + 2 * kCellSize), s, 2 * s, kTell, blink ? 1.0 : 0.5);
    if (st.electrified) engine::fill_rect(r, cam.sx(x0), ceil_y, s, 2 * s, {120, 190, 255, 60});
    const Color block = st.electrified ? (blink ? Color{170, 220, 255} : Color{255, 255, 255})
                        : st.telling   ? lerp(kMetal, kTell, blink ? 0.6 : 0.3)
                                       : kMetal;
    // Housings in floor and ceiling, then the two blocks with hazard teeth.
    engine::fill_rect(r, left - 4, floor_y - 5, w + 8, 8, kMetalDark);
    engine::fill_rect(r, left - 4, ceil_y - 3, w + 8, 8, kMetalDark);
    const float bh = static_cast<float>(st.squeeze_bottom) * m;
    const float th = static_cast<float>(2 * kCellSize - st.squeeze_top) * m;
    if (bh > 0.5f) {
        engine::fill_rect(r, left + jitter, floor_y - bh, w, bh, block);
        engine::fill_rect(r, left + jitter, floor_y - bh, w, 4, kDanger);
    }
    if (th > 0.5f) {
        engine::fill_rect(r, left + jitter, ceil_y, w, th, block);
        engine::fill_rect(r, left + jitter, ceil_y + th - 4, w, 4, kDanger);
    }
    if (st.electrified) {
        // Sparks across the contact line.
        const float cy = cam.sy(y0 + kSqueezeMeetHeight);
        for (int k = 0; k < 6; ++k) {
            const unsigned n = cell_noise(static_cast<int>(tick), k);
            const float sx = cam.sx(x0 - kSqueezeSparkMargin) + (n % 100) / 100.0f * (s + 0.6f * m);
            engine::line(r, sx, cy - 10 + (n >> 8) % 20, sx + 6, cy - 10 + (n >> 16) % 20, {200, 240, 255});
        }
    }
}

void draw_mine(SDL_Renderer* r, const Camera& cam, const TrapState& st, const TrapOnScreen& at) {
    const auto [s, m, x0, y0, blink] = at;
    const float cx = cam.sx(x0 + 1.0), cy = cam.sy(y0 + kMineHeight);
    // Activation pad: the cell that arms it.
    engine::fill_rect(r, cam.sx(x0 + 0.2), cam.sy(y0) - 3, s - 0.4f * m, 3,
                      st.mine == MinePhase::Armed ? kDanger : Color{120, 110, 60});
    if (st.mine == MinePhase::Armed) {
        // The blast radius closes in as the fuse burns: where not to be, and when.
        const double left = st.mine_timer / static_cast<double>(kMineFuseTicks);
        const float rad = static_cast<float>(kMineBlastRadius) * m;
        engine::fill_circle(r, cx, cy, rad, {255, 80, 40, static_cast<std::uint8_t>(40 + 50 * (1 - left))});
        engine::fill_circle(r, cx, cy, rad * static_cast<float>(left), {255, 200, 80, 40});
    }
    engine::fill_circle(r, cx, cy, s * 0.2f, {46, 46, 54});
    engine::fill_rect(r, cx - s * 0.2f, cy, s * 0.4f, s * 0.12f, {46, 46, 54});
    const Color light = st.mine == MinePhase::Armed   ? (blink ? kDanger : kTell)
                        : st.mine == MinePhase::Spent ? Color{70, 70, 70}
                                                      : Color{80, 210, 96};
    engine::fill_circle(r, cx, cy - s * 0.16f, s * 0.06f, light);
    if (st.mine == MinePhase::Spent && st.mine_timer > kMineRearmTicks - 24) {
        const float t = static_cast<float>(kMineRearmTicks - st.mine_timer) / 24.0f;
        const float rad = static_cast<float>(kMineBlastRadius) * m;
        engine::fill_circle(r, cx, cy, rad * (0.4f + 0.6f * t),
                            {255, 170, 60, static_cast<std::uint8_t>(220 * (1 - t))});
        engine::fill_circle(r, cx, cy, rad * 0.5f * (0.4f + 0.6f * t),
                            {255, 250, 200, static_cast<std::uint8_t>(230 * (1 - t))});
    }
}

void draw_trap(SDL_Renderer* r, const Camera& cam, const Trap& trap, const TrapState& st,
               std::uint64_t tick) {
    const TrapOnScreen at{cam.scale() * static_cast<float>(kCellSize), cam.scale(), trap.cell.x * kCellSize,
                          trap.cell.y * kCellSize, (tick / 5) % 2 == 0};
    switch (trap.type) {
        case TrapType::Saw:
            draw_saw(r, cam, st, at);
            break;
        case TrapType::WallSpike:
            draw_wall_spike(r, cam, trap, st, at);
            break;
        case TrapType::Squeeze:
            draw_squeeze(r, cam, st, tick, at);
            break;
        case TrapType::Mine:
            draw_mine(r, cam, st, at);
            break;
    }
}

void draw_exit(SDL_Renderer* r, const Camera& cam, const Level& level, const LevelDrawState& st) {
    const float s = cam.scale() * static_cast<float>(kCellSize);
    const float px = cam.sx(level.exit.x * kCellSize), py = cam.sy((level.exit.y + 1) * kCellSize);
    const double open = st.exit_ticks < 0 ? 0.0 : std::min(1.0, st.exit_ticks / 20.0);
    const auto glow = static_cast<std::uint8_t>(140 + 80 * std::sin(st.time * 3.0));
    // Light column above the gate so the exit can be spotted from across the level.
    engine::fill_rect(r, px + s * 0.3f, py - s * 1.5f, s * 0.4f, s * 1.5f, {kExit.r, kExit.g, kExit.b, 28});
    engine::fill_rect(r, px + s * 0.08f, py - s * 0.1f, s * 0.84f, s * 1.1f, {40, 52, 60});  // frame
    engine::fill_rect(r, px + s * 0.16f, py + s * 0.02f, s * 0.68f, s * 0.98f,
                      {kExit.r, kExit.g, kExit.b, glow});
    // Bars lift when the player arrives.
    const float bar_h = s * 0.96f * static_cast<float>(1.0 - open);
    for (int k = 0; k < 4; ++k)
        engine::fill_rect(r, px + s * (0.2f + 0.17f * k), py + s * 0.02f, s * 0.06f, bar_h, {34, 40, 48});
    engine::fill_rect(r, px + s * 0.04f, py - s * 0.16f, s * 0.92f, s * 0.1f, {90, 100, 110});
    if (open > 0.0)
        for (int k = 0; k < 10; ++k) {
            const double a = k * 0.63 + st.time * 2;
            const float d = static_cast<float>(s * 0.3 + st.exit_ticks * 2.0);
            engine::fill_rect(
                r, px + s / 2 + static_cast<float>(std::cos(a)) * d,
                py + s / 2 + static_cast<float>(std::sin(a)) * d, 5, 5,
                {180, 255, 200, static_cast<std::uint8_t>(std::max(0, 255 - st.exit_ticks * 4))});
        }
}

void draw_player(SDL_Renderer* r, const Camera& cam, const PlayerPose& p) {
    const float m = cam.scale();
    const float cx = cam.sx(p.x), cy = cam.sy(p.y);
    if (p.mode == PlayerMode::Dead) {
        // Burst of shards flying out and falling, fading over the death time.
        const float t = std::min(1.0f, p.dead_ticks / static_cast<float>(kDeathTicks));
        for (int k = 0; k < 16; ++k) {
            const double a = k * (2 * kPi / 16) + 0.3;
            const float d = (8.0f + 110.0f * std::sqrt(t)) * (0.55f + 0.3f * static_cast<float>(k % 3));
            const Color c = k % 3 == 0 ? kPlayer : (k % 3 == 1 ? kPlayerTrim : kDanger);
            const float sz = 8.0f * (1.0f - 0.6f * t);
            engine::fill_rect(r, cx + static_cast<float>(std::cos(a)) * d - sz / 2,
                              cy + static_cast<float>(std::sin(a)) * d + 140 * t * t - sz / 2, sz, sz,
                              with_alpha(c, 1.0 - t));
        }
        engine::fill_circle(r, cx, cy, 40.0f * (1.0f - t) * (t < 0.2f ? t * 5 : 1.0f),
                            {255, 230, 200, static_cast<std::uint8_t>(200 * (1 - t))});
        return;
    }
    if (p.respawn_ticks <= kRespawnFlashTicks) {
        // A ring closes in on the respawn spot: the eye finds the player at once.
        const float t = p.respawn_ticks / static_cast<float>(kRespawnFlashTicks);
        const float rad = 120.0f * (1.0f - t) + 20.0f;
        for (int k = 0; k < 24; ++k) {
            const double a = k * (2 * kPi / 24) + t * 3;
            engine::fill_rect(r, cx + static_cast<float>(std::cos(a)) * rad - 3,
                              cy + static_cast<float>(std::sin(a)) * rad - 3, 6, 6,
                              with_alpha({255, 240, 160}, 1.0 - t));
        }
        if ((p.respawn_ticks / 4) % 2 == 1) return;  // blink
    }
    const float w = static_cast<float>(kPlayerWidth) * m;
    const float h = static_cast<float>(kPlayerHeight) * m;
    const float roof = static_cast<float>(kPlayerRoofHeight) * m;
    // Stretch a little with vertical speed, lean with horizontal: motion reads better.
    const float stretch = std::clamp(static_cast<float>(p.vy) * 0.006f, -0.1f, 0.12f);
    const float hh = h * (1 + stretch), ww = w * (1 - stretch * 0.8f);
    const float lean = std::clamp(static_cast<float>(p.vx) * 0.4f, -4.0f, 4.0f);
    const float bottom = cy + h / 2;
    const float top = bottom - hh;
    engine::fill_rect(r, cx - ww / 2 - 2, top + roof - 2, ww + 4, hh - roof + 4, {30, 26, 40});  // outline
    engine::fill_rect(r, cx - ww / 2, top + roof, ww, hh - roof, kPlayer);
    engine::fill_triangle(r, cx - ww / 2 - 2, top + roof, cx + ww / 2 + 2, top + roof, cx + lean, top - 2,
                          {30, 26, 40});
    engine::fill_triangle(r, cx - ww / 2, top + roof, cx + ww / 2, top + roof, cx + lean, top, kPlayer);
    engine::fill_rect(r, cx - ww / 2, top + roof + hh * 0.42f, ww, hh * 0.1f, kPlayerTrim);  // belt
    const float eye_x = cx + p.facing * ww * 0.16f + lean * 0.5f;
    engine::fill_rect(r, eye_x - 3, top + hh * 0.3f, 4, 7, {30, 30, 40});
    engine::fill_rect(r, eye_x + p.facing * 8 - 2, top + hh * 0.3f, 4, 7, {30, 30, 40});
    if (p.mode == PlayerMode::HangLeft || p.mode == PlayerMode::HangRight) {
        const float side = p.mode == PlayerMode::HangLeft ? -1.0f : 1.0f;
        engine::fill_rect(r, cx + side * (ww / 2 - 2) - 3, top - 6, 6, 14, kPlayer);  // arm up on the ledge
    } else if (p.mode == PlayerMode::Ground && std::abs(p.vx) > 1.0) {
        // Dust at the heels while running.
        engine::fill_circle(r, cx - p.facing * ww * 0.6f, bottom - 3, 3, {200, 190, 170, 120});
    }
}

}  // namespace

void draw_level(SDL_Renderer* r, const Camera& cam, const Simulation& sim, const PlayerPose& pose,
                const LevelDrawState& state) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    draw_backdrop(r, vw, vh, cam.centre_x(), cam.centre_y() - sim.level().height * kCellSize / 2, state.time);
    const Level& level = sim.level();
    draw_tiles(r, cam, level);
    draw_exit(r, cam, level, state);
    draw_decoration(r, cam, level, state.time);
    for (std::size_t i = 0; i < level.traps.size(); ++i)
        draw_trap(r, cam, level.traps[i], sim.traps()[i], state.render_tick);
    draw_player(r, cam, pose);
}

}  // namespace sawtooth::app
