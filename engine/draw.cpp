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

/// Where the software renderer draws and how its rectangles map to pixels, if an opaque
/// fill can be written directly: into the window surface (no render target), 4 bytes a
/// pixel, at scale 1. `clip` is the surface clip SDL's software renderer sets (the viewport,
/// cut by the clip rectangle) and `origin` the viewport's corner it adds.
struct DirectTarget {
    SDL_Surface* surface = nullptr;
    SDL_Rect clip{};
    SDL_Point origin{};
};

bool direct_target(SDL_Renderer* r, DirectTarget& t) {
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(r, &info) != 0 || !(info.flags & SDL_RENDERER_SOFTWARE)) return false;
    if (SDL_GetRenderTarget(r) != nullptr) return false;
    float sx = 0.0f, sy = 0.0f;
    SDL_RenderGetScale(r, &sx, &sy);
    if (sx != 1.0f || sy != 1.0f) return false;
    SDL_Window* window = SDL_RenderGetWindow(r);
    t.surface = window ? SDL_GetWindowSurface(window) : nullptr;
    if (!t.surface || !t.surface->pixels || t.surface->format->BytesPerPixel != 4 || SDL_MUSTLOCK(t.surface))
        return false;
    SDL_Rect viewport;
    SDL_RenderGetViewport(r, &viewport);
    t.origin = {viewport.x, viewport.y};
    t.clip = viewport;
    if (SDL_RenderIsClipEnabled(r)) {
        SDL_Rect c;
        SDL_RenderGetClipRect(r, &c);
        c.x += viewport.x;
        c.y += viewport.y;
        SDL_IntersectRect(&viewport, &c, &t.clip);
    }
    const SDL_Rect whole{0, 0, t.surface->w, t.surface->h};
    return SDL_IntersectRect(&t.clip, &whole, &t.clip) == SDL_TRUE;
}

// SDL's software renderer truncates each rectangle to whole pixels (at least one wide and
// high), moves it by the viewport and clips it to the surface's clip; SDL_FillRects then
// writes the mapped colour into every pixel. Its SSE fill writes wide rows with
// non-temporal stores, which on AMD EPYC cost several times a cached store and leave the
// rows out of the cache for the blends and the present that read them next; this loop
// writes the same pixels through the cache.
void fill_direct(const DirectTarget& t, const SDL_FRect* rects, int count, Color c) {
    const Uint32 pixel = SDL_MapRGBA(t.surface->format, c.r, c.g, c.b, c.a);
    auto* const base = static_cast<unsigned char*>(t.surface->pixels);
    for (int i = 0; i < count; ++i) {
        const SDL_Rect rect{
            static_cast<int>(rects[i].x) + t.origin.x, static_cast<int>(rects[i].y) + t.origin.y,
            std::max(static_cast<int>(rects[i].w), 1), std::max(static_cast<int>(rects[i].h), 1)};
        SDL_Rect cut;
        if (!SDL_IntersectRect(&rect, &t.clip, &cut)) continue;
        for (int y = cut.y; y < cut.y + cut.h; ++y) {
            Uint32* row = reinterpret_cast<Uint32*>(base + static_cast<std::ptrdiff_t>(y) * t.surface->pitch);
            std::fill(row + cut.x, row + cut.x + cut.w, pixel);
        }
    }
}

}  // namespace

void fill_rects(SDL_Renderer* r, const SDL_FRect* rects, int count, Color c) {
    DirectTarget t;
    if (c.a == 255 && count > 0 && direct_target(r, t)) {
        SDL_RenderFlush(r);  // what is queued before draws first
        fill_direct(t, rects, count, c);
        return;
    }
    set_draw_color(r, c);
    SDL_RenderFillRectsF(r, rects, count);
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
