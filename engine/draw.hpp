#pragma once
// Small filled/outlined shape helpers on an SDL_Renderer (the renderer has no circles).

#include "engine/text.hpp"

#include <SDL2/SDL_rect.h>

#include <vector>

struct SDL_Renderer;

namespace sawtooth::engine {

/// Sets the colour of the draws that follow, and the blend mode it needs: none for an
/// opaque colour (same pixels, much faster on the software renderer), alpha blending
/// otherwise. Every draw of the game sets its colour through here.
void set_draw_color(SDL_Renderer* r, Color c);
/// Filled axis-aligned rectangles in pixels, one colour: set_draw_color and one
/// SDL_RenderFillRectsF, except on the software renderer drawing into its window, where
/// they are written into the window's memory directly: at scale 1 pixel for pixel what SDL
/// would write; scaled, with edges rounded so touching rectangles stay touching
/// (docs/performance.md, *Frames*).
void fill_rects(SDL_Renderer* r, const SDL_FRect* rects, int count, Color c);
/// Clears the whole output to `c` (SDL_RenderClear; on the software renderer's window, the
/// same pixels written through the cache, as fill_rects does).
void clear(SDL_Renderer* r, Color c);
/// Filled axis-aligned rectangle in pixels.
void fill_rect(SDL_Renderer* r, float x, float y, float w, float h, Color c);
/// One-pixel rectangle outline.
void outline_rect(SDL_Renderer* r, float x, float y, float w, float h, Color c);
/// Filled circle: one-pixel-high rows, drawn as one rectangle fill.
void fill_circle(SDL_Renderer* r, float cx, float cy, float radius, Color c);
/// Appends fill_circle's rows to `out` (for engine::ShapeBatch).
void circle_rows(float cx, float cy, float radius, std::vector<SDL_FRect>& out);
/// Filled triangle (scanline).
void fill_triangle(SDL_Renderer* r, float x0, float y0, float x1, float y1, float x2, float y2, Color c);
/// Line segment.
void line(SDL_Renderer* r, float x0, float y0, float x1, float y1, Color c);

}  // namespace sawtooth::engine
