#include "game/app/widgets/ui.hpp"

#include "engine/draw.hpp"
#include "engine/shape_batch.hpp"
#include "engine/ui_input.hpp"
#include "game/app/widgets/sound_bank.hpp"
#include "game/sim/simulation.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace sawtooth::app {

using engine::Color;

namespace {

constexpr int kHillStep = 8;         // px between hill vertices: smooth enough, cheap
constexpr double kPulseRate = 0.12;  // highlight pulse, radians per tick
constexpr int kStarCount = 70;
constexpr int kHillShadeBands = 8;  // colour steps from a hill's crest to the view bottom

Color mix(Color a, Color b, double t) {
    auto m = [&](std::uint8_t x, std::uint8_t y) { return static_cast<std::uint8_t>(x + (y - x) * t); };
    return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), m(a.a, b.a)};
}

unsigned hash2(unsigned x, unsigned y) {
    unsigned h = x * 374761393u + y * 668265263u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return h ^ (h >> 16);
}

// One silhouette band: height above `base_y` from a few sines of world x, shaded from
// `top` (at the crest line) to `bottom` (at the bottom of the view) in horizontal bands.
// Drawn as opaque rectangles plus thin edge triangles rather than one colour-interpolated
// mesh: the software renderer (headless runs, machines without a GPU) fills rectangles
// several times faster than it rasterises gradient triangles (measured: the mesh version
// cost ~11 ms of a 17 ms headless frame). The shapes go into `batch`, drawn by the caller.
void hill_band(engine::ShapeBatch& batch, int vw, int vh, double offset, float base_y, float amp, double freq,
               Color top, Color bottom, unsigned seed) {
    const double p1 = seed % 7, p2 = seed % 13;
    auto height = [&](int px) {
        const double x = (px + offset) * freq;
        return base_y - amp * static_cast<float>(0.55 * std::sin(x + p1) + 0.3 * std::sin(2.3 * x + p2) +
                                                 0.15 * std::sin(5.1 * x));
    };
    const float crest = base_y - amp, fy = static_cast<float>(vh);
    const float band_h = std::max(1.0f, (fy - crest) / kHillShadeBands);
    auto band_of = [&](float y) {
        return std::clamp(static_cast<int>((y - crest) / band_h), 0, kHillShadeBands - 1);
    };
    auto shade = [&](int band) { return mix(top, bottom, band / (kHillShadeBands - 1.0)); };

    std::vector<std::vector<SDL_FRect>> rects(kHillShadeBands);
    std::vector<std::vector<SDL_Vertex>> edges(kHillShadeBands);
    for (int x = 0; x < vw + kHillStep; x += kHillStep) {
        const float xa = static_cast<float>(x), xb = static_cast<float>(x + kHillStep);
        const float ya = height(x), yb = height(x + kHillStep);
        const float low = std::max(ya, yb);  // screen y grows downward: the lower crest point
        // Edge: the triangle between the crest line and the strip's flat top at `low`.
        const int eb = band_of(std::min(ya, yb));
        const SDL_Color ec{shade(eb).r, shade(eb).g, shade(eb).b, shade(eb).a};
        edges[static_cast<std::size_t>(eb)].insert(
            edges[static_cast<std::size_t>(eb)].end(),
            {SDL_Vertex{{xa, ya}, ec, {0, 0}}, SDL_Vertex{{xb, yb}, ec, {0, 0}},
             SDL_Vertex{{ya < yb ? xa : xb, low}, ec, {0, 0}}});
        // Body: one rectangle per shade band below `low`.
        for (int b = band_of(low); b < kHillShadeBands; ++b) {
            const float y0 = std::max(low, crest + b * band_h);
            const float y1 = b == kHillShadeBands - 1 ? fy : crest + (b + 1) * band_h;
            if (y1 <= y0) continue;
            // A strip that fills the whole band continues the previous one when that one
            // has the same top and height: one wider rectangle, the very same pixels (the
            // x are whole pixels), a few hundred shapes fewer each frame for OpenGL.
            auto& band = rects[static_cast<std::size_t>(b)];
            const SDL_FRect strip{xa, y0, xb - xa, y1 - y0 + 0.5f};
            if (!band.empty() && band.back().x + band.back().w == xa && band.back().y == strip.y &&
                band.back().h == strip.h)
                band.back().w += strip.w;
            else
                band.push_back(strip);
        }
    }
    for (int b = 0; b < kHillShadeBands; ++b) {
        batch.triangles(edges[static_cast<std::size_t>(b)], shade(b));
        for (const SDL_FRect& q : rects[static_cast<std::size_t>(b)])
            batch.rect(q.x, q.y, q.w, q.h, shade(b));
    }
}

}  // namespace

Menu::Menu(std::vector<MenuItem> items, Layout layout) : m_items(std::move(items)), m_layout(layout) {
    m_selected = -1;
    step(1);
}

void Menu::select(int i) {
    if (i >= 0 && i < size() && !m_items[static_cast<std::size_t>(i)].header) m_selected = i;
}

void Menu::step(int dir) {
    if (m_items.empty()) return;
    int i = m_selected;
    for (int n = 0; n < size(); ++n) {
        i = (i + dir + size()) % size();
        if (!m_items[static_cast<std::size_t>(i)].header) {
            m_selected = i;
            return;
        }
    }
}

int Menu::hit(float x, float y) const {
    for (int i = 0; i < size(); ++i) {
        if (m_items[static_cast<std::size_t>(i)].header) continue;
        const float top = m_layout.top + i * m_layout.row_h;
        if (x >= m_layout.cx - m_layout.width / 2 && x <= m_layout.cx + m_layout.width / 2 && y >= top &&
            y < top + m_layout.row_h)
            return i;
    }
    return -1;
}

MenuAction Menu::update(const engine::Controls& c, engine::UiInput* ui, SoundBank* sounds) {
    using engine::Control;
    ++m_tick;
    auto sfx = [&](Sfx s) {
        if (sounds) sounds->play(s, 0.6);
    };
    if (c.pressed(Control::Up)) {
        step(-1);
        sfx(Sfx::Move);
    }
    if (c.pressed(Control::Down)) {
        step(1);
        sfx(Sfx::Move);
    }
    if (ui && ui->mouse_moved) {
        const int h = hit(ui->mouse_x, ui->mouse_y);
        if (h >= 0 && h != m_selected) {
            m_selected = h;
            sfx(Sfx::Move);
        }
    }
    if (m_selected < 0) return MenuAction::None;
    const MenuItem& it = m_items[static_cast<std::size_t>(m_selected)];
    if (it.adjustable && c.pressed(Control::Left)) {
        sfx(Sfx::Move);
        return MenuAction::Decrease;
    }
    if (it.adjustable && c.pressed(Control::Right)) {
        sfx(Sfx::Move);
        return MenuAction::Increase;
    }
    if (c.pressed(Control::Confirm)) {
        sfx(Sfx::Click);
        return MenuAction::Activate;
    }
    if (c.pressed(Control::Back) || c.pressed(Control::Pause)) {
        sfx(Sfx::Click);
        return MenuAction::Back;
    }
    if (ui && ui->clicked) {
        const int h = hit(ui->mouse_x, ui->mouse_y);
        if (h < 0) return MenuAction::None;
        m_selected = h;
        sfx(Sfx::Click);
        const MenuItem& hi = m_items[static_cast<std::size_t>(h)];
        if (hi.adjustable) {
            // Left third of the row steps down, the rest steps up (the arrows sit there).
            const float left = m_layout.cx - m_layout.width / 2;
            return ui->mouse_x < left + m_layout.width * 0.55f ? MenuAction::Decrease : MenuAction::Increase;
        }
        return MenuAction::Activate;
    }
    return MenuAction::None;
}

void Menu::draw(SDL_Renderer* r, engine::TextRenderer& text) const {
    const Layout& L = m_layout;
    const float left = L.cx - L.width / 2;
    for (int i = 0; i < size(); ++i) {
        const MenuItem& it = m_items[static_cast<std::size_t>(i)];
        const float top = L.top + i * L.row_h;
        const int ty = static_cast<int>(top + (L.row_h - L.font_px * 1.2f) / 2);
        if (it.header) {
            if (it.label.empty()) continue;  // a plain gap
            text.draw(it.label, static_cast<int>(left + 8), ty + L.font_px / 4, L.font_px * 2 / 3,
                      palette::kDim);
            engine::fill_rect(r, left + 8, top + L.row_h - 8, L.width - 16, 2, {90, 96, 130});
            continue;
        }
        const bool sel = i == m_selected;
        if (sel) {
            const auto pulse = static_cast<std::uint8_t>(150 + 60 * std::sin(m_tick * kPulseRate));
            engine::fill_rect(r, left, top + 3, L.width, L.row_h - 6, {255, 206, 96, 40});
            engine::fill_rect(r, left, top + 3, 6, L.row_h - 6, {255, 206, 96, pulse});
        }
        const Color col = sel ? palette::kAccent : palette::kText;
        if (it.value.empty()) {
            text.draw(it.label, static_cast<int>(L.cx), ty, L.font_px, col, engine::Align::Center);
        } else {
            text.draw(it.label, static_cast<int>(left + 24), ty, L.font_px, col);
            const std::string v = it.adjustable ? "<  " + it.value + "  >" : it.value;
            text.draw(v, static_cast<int>(left + L.width - 24), ty, L.font_px,
                      sel ? palette::kAccent : palette::kDim, engine::Align::Right);
        }
    }
    if (m_selected >= 0 && !m_items[static_cast<std::size_t>(m_selected)].hint.empty())
        text.draw(m_items[static_cast<std::size_t>(m_selected)].hint, static_cast<int>(L.cx),
                  static_cast<int>(L.top + size() * L.row_h + 14), 20, palette::kDim, engine::Align::Center);
}

void draw_backdrop(SDL_Renderer* r, int vw, int vh, double scroll_x, double scroll_y, double time) {
    constexpr Color kSkyTop{14, 16, 36}, kSkyMid{44, 48, 92}, kSkyLow{120, 84, 110};
    constexpr int kBands = 24;
    // Hundreds of shapes: batched, one call each on OpenGL (engine/shape_batch.hpp).
    // Kept from frame to frame so their buffers are not reallocated each time.
    static thread_local engine::ShapeBatch sky, hills;
    for (int b = 0; b < kBands; ++b) {
        const double t = b / (kBands - 1.0);
        const Color c = t < 0.6 ? mix(kSkyTop, kSkyMid, t / 0.6) : mix(kSkyMid, kSkyLow, (t - 0.6) / 0.4);
        sky.rect(0, vh * b / static_cast<float>(kBands), static_cast<float>(vw),
                 vh / static_cast<float>(kBands) + 1, c);
    }
    // Stars barely move: they are "infinitely" far.
    for (int i = 0; i < kStarCount; ++i) {
        const unsigned h = hash2(static_cast<unsigned>(i), 17u);
        const float x = static_cast<float>(std::fmod(h % 4096 - scroll_x * 2.0 + 8192.0, vw));
        const float y = static_cast<float>((h >> 12) % static_cast<unsigned>(vh * 0.55));
        const auto tw = static_cast<std::uint8_t>(120 + 100 * std::sin(time * (1.0 + (h % 5) * 0.4) + i));
        sky.rect(x, y, (h >> 24) % 3 == 0 ? 2.0f : 1.0f, (h >> 24) % 3 == 0 ? 2.0f : 1.0f,
                 {255, 250, 230, tw});
    }
    // Moon: its rows go into the same batch as the sky (one call more on OpenGL, not 130).
    const float moon_x = vw * 0.9f - static_cast<float>(std::fmod(scroll_x * 0.5, vw * 1.2));
    sky.circle(moon_x, vh * 0.13f, 38, {250, 236, 200, 60});
    sky.circle(moon_x, vh * 0.13f, 28, {250, 240, 214});
    sky.draw(r);
    // Parallax: far bands scroll at a fraction of the camera (pixels per metre of travel).
    const float lift = static_cast<float>(std::clamp(scroll_y, -200.0, 200.0));
    hill_band(hills, vw, vh, scroll_x * 4 + time * 3, vh * 0.62f + lift * 1.0f, 70, 0.006, {52, 50, 96},
              {40, 36, 70}, 3);
    hill_band(hills, vw, vh, scroll_x * 8, vh * 0.72f + lift * 2.0f, 60, 0.011, {38, 44, 74}, {26, 28, 50},
              5);
    hill_band(hills, vw, vh, scroll_x * 14, vh * 0.84f + lift * 3.5f, 46, 0.019, {26, 34, 48}, {16, 20, 30},
              11);
    hills.draw(r);
}

std::string format_ticks(std::uint64_t ticks) {
    char buf[32];
    const std::uint64_t s = ticks / kTicksPerSecond;
    std::snprintf(buf, sizeof buf, "%llu:%02llu.%01llu", static_cast<unsigned long long>(s / 60),
                  static_cast<unsigned long long>(s % 60),
                  static_cast<unsigned long long>((ticks % kTicksPerSecond) * 10 / kTicksPerSecond));
    return buf;
}

void draw_panel(SDL_Renderer* r, float x, float y, float w, float h, Color fill) {
    engine::fill_rect(r, x + 4, y, w - 8, h, fill);
    engine::fill_rect(r, x, y + 4, 4, h - 8, fill);
    engine::fill_rect(r, x + w - 4, y + 4, 4, h - 8, fill);
    engine::fill_rect(r, x + 4, y, w - 8, 2, {255, 255, 255, 30});
}

void draw_saw_blade(SDL_Renderer* r, float cx, float cy, float radius, double angle, Color body) {
    constexpr int kTeeth = 10;
    const Color teeth{body.r, body.g, body.b, body.a};
    for (int k = 0; k < kTeeth; ++k) {
        const double a = angle + k * (6.283185307 / kTeeth);
        const double b = a + 0.42;
        engine::fill_triangle(r, cx + static_cast<float>(std::cos(a)) * radius * 0.78f,
                              cy + static_cast<float>(std::sin(a)) * radius * 0.78f,
                              cx + static_cast<float>(std::cos(a + 0.12)) * radius * 1.08f,
                              cy + static_cast<float>(std::sin(a + 0.12)) * radius * 1.08f,
                              cx + static_cast<float>(std::cos(b)) * radius * 0.78f,
                              cy + static_cast<float>(std::sin(b)) * radius * 0.78f, teeth);
    }
    engine::fill_circle(r, cx, cy, radius * 0.82f,
                        {static_cast<std::uint8_t>(body.r * 0.85), static_cast<std::uint8_t>(body.g * 0.85),
                         static_cast<std::uint8_t>(body.b * 0.85), body.a});
    engine::fill_circle(r, cx, cy, radius * 0.62f, body);
    // Two cut-outs make the rotation visible.
    for (int k = 0; k < 2; ++k) {
        const double a = angle * 1.0 + k * 3.14159;
        engine::fill_circle(r, cx + static_cast<float>(std::cos(a)) * radius * 0.38f,
                            cy + static_cast<float>(std::sin(a)) * radius * 0.38f, radius * 0.12f,
                            {60, 60, 72});
    }
    engine::fill_circle(r, cx, cy, radius * 0.16f, {70, 70, 82});
}

void draw_logo(SDL_Renderer* r, engine::TextRenderer& text, float cx, float y, double time) {
    constexpr int kLogoPx = 96;
    int w = 0, h = 0;
    text.measure("SAWTOOTH", kLogoPx, w, h);
    text.draw("SAWTOOTH", static_cast<int>(cx) + 4, static_cast<int>(y) + 5, kLogoPx, {0, 0, 0, 120},
              engine::Align::Center);
    text.draw("SAWTOOTH", static_cast<int>(cx), static_cast<int>(y), kLogoPx, {250, 244, 230},
              engine::Align::Center);
    draw_saw_blade(r, cx - w / 2.0f - 60, y + h / 2.0f, 40, time * 4.0, {206, 210, 222});
    draw_saw_blade(r, cx + w / 2.0f + 60, y + h / 2.0f, 40, -time * 4.0, {206, 210, 222});
}

}  // namespace sawtooth::app
