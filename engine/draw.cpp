#include "engine/draw.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace sawtooth::engine {

void set_draw_color(SDL_Renderer* r, Color c) {
    // An opaque colour blended over anything is itself, but SDL's software renderer blends
    // every pixel of a BLEND fill while a NONE fill copies whole rows: docs/performance.md
    // measured 2.61 ms against 0.14 ms for one screen of fills, with identical pixels.
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
}

namespace {

/// Where the software renderer draws and how its rectangles map to pixels, if a fill can
/// be written directly: into the window surface (no render target), 4 bytes a pixel. `clip`
/// is the surface clip SDL's software renderer sets (the viewport, cut by the clip
/// rectangle) and `origin` the viewport's corner it adds, both in output pixels; `sx`, `sy`
/// the renderer's scale (1 unless the window's size differs from the logical size).
struct DirectTarget {
    SDL_Surface* surface = nullptr;
    SDL_Rect clip{};
    SDL_Point origin{};
    float sx = 1.0f, sy = 1.0f;
};

// `rect` in logical pixels as SDL keeps it, in output pixels (each value times the scale, floored).
SDL_Rect to_output(const SDL_Rect& rect, float sx, float sy) {
    return {static_cast<int>(std::floor(static_cast<float>(rect.x) * sx)),
            static_cast<int>(std::floor(static_cast<float>(rect.y) * sy)),
            static_cast<int>(std::floor(static_cast<float>(rect.w) * sx)),
            static_cast<int>(std::floor(static_cast<float>(rect.h) * sy))};
}

bool direct_target(SDL_Renderer* r, DirectTarget& t) {
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(r, &info) != 0 || !(info.flags & SDL_RENDERER_SOFTWARE)) return false;
    if (SDL_GetRenderTarget(r) != nullptr) return false;
    SDL_RenderGetScale(r, &t.sx, &t.sy);
    if (!(t.sx > 0.0f && t.sy > 0.0f)) return false;
    SDL_Window* window = SDL_RenderGetWindow(r);
    t.surface = window ? SDL_GetWindowSurface(window) : nullptr;
    if (!t.surface || !t.surface->pixels || t.surface->format->BytesPerPixel != 4 || SDL_MUSTLOCK(t.surface))
        return false;
    SDL_Rect viewport;
    SDL_RenderGetViewport(r, &viewport);
    viewport = to_output(viewport, t.sx, t.sy);
    t.origin = {viewport.x, viewport.y};
    t.clip = viewport;
    if (SDL_RenderIsClipEnabled(r)) {
        SDL_Rect c;
        SDL_RenderGetClipRect(r, &c);
        c = to_output(c, t.sx, t.sy);
        c.x += viewport.x;
        c.y += viewport.y;
        SDL_IntersectRect(&viewport, &c, &t.clip);
    }
    const SDL_Rect whole{0, 0, t.surface->w, t.surface->h};
    return SDL_IntersectRect(&t.clip, &whole, &t.clip) == SDL_TRUE;
}

// The output pixels of one rectangle. At scale 1 SDL's own: truncated to whole pixels, at
// least one wide and high, moved by the viewport. Scaled (a resized or fullscreen window),
// each edge is rounded to the nearest pixel, so shapes that touch in logical pixels touch
// on screen: SDL scales and truncates position and size apart, which at 1.5x leaves a
// one-pixel gap between some rows of a circle.
SDL_Rect output_rect(const DirectTarget& t, const SDL_FRect& q) {
    if (t.sx == 1.0f && t.sy == 1.0f)
        return {static_cast<int>(q.x) + t.origin.x, static_cast<int>(q.y) + t.origin.y,
                std::max(static_cast<int>(q.w), 1), std::max(static_cast<int>(q.h), 1)};
    const int x0 = static_cast<int>(std::lround(q.x * t.sx));
    const int y0 = static_cast<int>(std::lround(q.y * t.sy));
    const int x1 = std::max(static_cast<int>(std::lround((q.x + q.w) * t.sx)), x0 + 1);
    const int y1 = std::max(static_cast<int>(std::lround((q.y + q.h) * t.sy)), y0 + 1);
    return {x0 + t.origin.x, y0 + t.origin.y, x1 - x0, y1 - y0};
}

// Calls `pixels(row, x0, x1)` for each row of each rectangle, clipped.
template <typename Pixels>
void for_each_row(const DirectTarget& t, const SDL_FRect* rects, int count, Pixels pixels) {
    auto* const base = static_cast<unsigned char*>(t.surface->pixels);
    for (int i = 0; i < count; ++i) {
        const SDL_Rect rect = output_rect(t, rects[i]);
        SDL_Rect cut;
        if (!SDL_IntersectRect(&rect, &t.clip, &cut)) continue;
        for (int y = cut.y; y < cut.y + cut.h; ++y)
            pixels(reinterpret_cast<Uint32*>(base + static_cast<std::ptrdiff_t>(y) * t.surface->pitch), cut.x,
                   cut.x + cut.w);
    }
}

// An opaque fill: SDL_FillRects writes the mapped colour into every pixel. Its SSE fill
// writes wide rows with non-temporal stores, which on AMD EPYC cost several times a cached
// store and leave the rows out of the cache for the blends and the present that read them
// next; this loop writes the same pixels through the cache.
void fill_direct(const DirectTarget& t, const SDL_FRect* rects, int count, Color c) {
    const Uint32 pixel = SDL_MapRGBA(t.surface->format, c.r, c.g, c.b, c.a);
    for_each_row(t, rects, count,
                 [pixel](Uint32* row, int x0, int x1) { std::fill(row + x0, row + x1, pixel); });
}

// A translucent fill: SDL_BlendFillRects' alpha blend on an RGB888 surface, the same integer
// arithmetic (the colour premultiplied by its alpha, each channel dst * (255 - a) / 255 +
// src, the unused top byte 0), so the same pixels.
void blend_direct(const DirectTarget& t, const SDL_FRect* rects, int count, Color c) {
    const unsigned a = c.a, keep = 255u - a;
    const unsigned r = c.r * a / 255u, g = c.g * a / 255u, b = c.b * a / 255u;
    for_each_row(t, rects, count, [=](Uint32* row, int x0, int x1) {
        for (Uint32* p = row + x0; p != row + x1; ++p) {
            const Uint32 d = *p;
            *p = ((keep * ((d >> 16) & 0xffu) / 255u + r) << 16) |
                 ((keep * ((d >> 8) & 0xffu) / 255u + g) << 8) | (keep * (d & 0xffu) / 255u + b);
        }
    });
}

}  // namespace

void fill_rects(SDL_Renderer* r, const SDL_FRect* rects, int count, Color c) {
    DirectTarget t;
    if (count > 0 && direct_target(r, t) &&
        (c.a == 255 || t.surface->format->format == SDL_PIXELFORMAT_RGB888)) {
        SDL_RenderFlush(r);  // what is queued before draws first
        if (c.a == 255)
            fill_direct(t, rects, count, c);
        else
            blend_direct(t, rects, count, c);
        return;
    }
    set_draw_color(r, c);
    SDL_RenderFillRectsF(r, rects, count);
}

void clear(SDL_Renderer* r, Color c) {
    DirectTarget t;
    if (!direct_target(r, t)) {
        set_draw_color(r, c);
        SDL_RenderClear(r);
        return;
    }
    // SDL's software clear: the whole surface (it ignores viewport and clip), one colour.
    SDL_RenderFlush(r);
    const Uint32 pixel = SDL_MapRGBA(t.surface->format, c.r, c.g, c.b, c.a);
    auto* const base = static_cast<unsigned char*>(t.surface->pixels);
    for (int y = 0; y < t.surface->h; ++y) {
        Uint32* row = reinterpret_cast<Uint32*>(base + static_cast<std::ptrdiff_t>(y) * t.surface->pitch);
        std::fill(row, row + t.surface->w, pixel);
    }
}

void fill_rect(SDL_Renderer* r, float x, float y, float w, float h, Color c) {
    const SDL_FRect rect{x, y, w, h};
    fill_rects(r, &rect, 1, c);
}

void outline_rect(SDL_Renderer* r, float x, float y, float w, float h, Color c) {
    set_draw_color(r, c);
    SDL_FRect rect{x, y, w, h};
    SDL_RenderDrawRectF(r, &rect);
}

void circle_rows(float cx, float cy, float radius, std::vector<SDL_FRect>& out) {
    // The rectangle SDL 2.26 itself queues for SDL_RenderDrawLineF(cx - half, y, cx + half, y)
    // under its default line method (a horizontal line is a fill of minX, y, maxX - minX + 1, 1),
    // computed the same way so the pixels stay those of the line it replaced.
    const int rows = static_cast<int>(std::ceil(radius));
    for (int dy = -rows; dy <= rows; ++dy) {
        const float yy = static_cast<float>(dy);
        const float half = std::sqrt(std::max(0.0f, radius * radius - yy * yy));
        const float x0 = cx - half, x1 = cx + half;
        out.push_back({x0, cy + yy, x1 - x0 + 1.0f, 1.0f});
    }
}

void fill_circle(SDL_Renderer* r, float cx, float cy, float radius, Color c) {
    // One call for all rows rather than one line command per row (docs/performance.md).
    static thread_local std::vector<SDL_FRect> rows;  // kept: not reallocated per circle
    rows.clear();
    circle_rows(cx, cy, radius, rows);
    fill_rects(r, rows.data(), static_cast<int>(rows.size()), c);
}

void fill_triangle(SDL_Renderer* r, float x0, float y0, float x1, float y1, float x2, float y2, Color c) {
    set_draw_color(r, c);
    SDL_Vertex v[3];
    const SDL_Color col{c.r, c.g, c.b, c.a};
    v[0] = {{x0, y0}, col, {0, 0}};
    v[1] = {{x1, y1}, col, {0, 0}};
    v[2] = {{x2, y2}, col, {0, 0}};
    SDL_RenderGeometry(r, nullptr, v, 3, nullptr, 0);
}

void line(SDL_Renderer* r, float x0, float y0, float x1, float y1, Color c) {
    set_draw_color(r, c);
    SDL_RenderDrawLineF(r, x0, y0, x1, y1);
}

}  // namespace sawtooth::engine
