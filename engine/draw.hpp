#pragma once
// Small filled/outlined shape helpers on an SDL_Renderer (the renderer has no circles).

#include "engine/text.hpp"

struct SDL_Renderer;

namespace sawtooth::engine {

/// Sets the colour of the draws that follow, and the blend mode it needs: none for an
/// opaque colour (same pixels, much faster on the software renderer), alpha blending
/// otherwise. Every draw of the game sets its colour through here.
void set_draw_color(SDL_Renderer* r, Color c);
/// Filled axis-aligned rectangle in pixels.
void fill_rect(SDL_Renderer* r, float x, float y, float w, float h, Color c);
/// One-pixel rectangle outline.
void outline_rect(SDL_Renderer* r, float x, float y, float w, float h, Color c);
/// Filled circle (horizontal spans).
void fill_circle(SDL_Renderer* r, float cx, float cy, float radius, Color c);
/// Filled triangle (scanline).
void fill_triangle(SDL_Renderer* r, float x0, float y0, float x1, float y1, float x2, float y2, Color c);
/// Line segment.
void line(SDL_Renderer* r, float x0, float y0, float x1, float y1, Color c);

}  // namespace sawtooth::engine
