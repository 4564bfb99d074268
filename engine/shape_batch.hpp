#pragma once
// ShapeBatch: coloured rectangles and triangles of one frame, collected in order and drawn
// with as few renderer calls as the backend allows, for scenery made of thousands of small
// shapes (sky bands, hill strips, level tiles). On an accelerated renderer (OpenGL) each
// SDL draw call costs driver work on the main thread whatever its size, so the batch goes
// out as one SDL_RenderGeometry per run of shapes with the same blend mode. SDL's software
// renderer (headless runs, machines without a GPU) fills rectangles far faster than it
// rasterises triangles and must keep its pixels exactly (tests/app/test_screenshot_golden),
// so there the batch replays the very calls the shapes stood for: runs of same-coloured
// rectangles as one SDL_RenderFillRectsF (filled one by one, as separate calls would be),
// each triangle group as the one SDL_RenderGeometry it was.
// Draw order is submission order on both. Opaque colours draw with blend mode NONE, others
// with alpha blending, as engine::set_draw_color does.
// It keeps nothing across frames (draw() empties it; only its buffers' capacity stays), so
// nothing needs invalidating when the level, the window size, fullscreen or the render
// device (SDL_RENDER_TARGETS_RESET) changes. It does not clip, sort or merge overlapping
// shapes, and it knows nothing of lines, textures or text.

#include "engine/text.hpp"

#include <SDL2/SDL_rect.h>
#include <SDL2/SDL_render.h>

#include <cstdint>
#include <vector>

namespace sawtooth::engine {

class ShapeBatch {
public:
    /// A filled axis-aligned rectangle in pixels (as engine::fill_rect).
    void rect(float x, float y, float w, float h, Color c);
    /// A filled circle as engine::fill_circle draws it (its rows as rectangles).
    void circle(float cx, float cy, float radius, Color c);
    /// Triangles (three vertices each, per-vertex colours) that the software renderer
    /// draws as one SDL_RenderGeometry call; `c` sets the blend mode (as set_draw_color).
    void triangles(const std::vector<SDL_Vertex>& vertices, Color c);
    /// One triangle as engine::fill_triangle draws it (its own call on the software renderer).
    void triangle(float x0, float y0, float x1, float y1, float x2, float y2, Color c);
    /// Draws everything added since the last draw, in order, and empties the batch.
    void draw(SDL_Renderer* r);
    bool empty() const { return m_items.empty(); }

private:
    enum class Kind : std::uint8_t { Rect, Triangles };
    /// One submitted shape: a rectangle, or a triangle group's range in m_vertices.
    struct Item {
        Kind kind;
        Color color;
        SDL_FRect rect;
        std::size_t first, count;
    };
    void draw_software(SDL_Renderer* r);
    void draw_geometry(SDL_Renderer* r);

    std::vector<Item> m_items;
    std::vector<SDL_Vertex> m_vertices;  ///< the triangle groups' vertices
    std::vector<SDL_Vertex> m_geometry;  ///< draw_geometry's vertex buffer
    std::vector<int> m_indices;          ///< draw_geometry's index buffer
    std::vector<SDL_FRect> m_rect_run;   ///< draw_software's same-colour run
    std::vector<SDL_FRect> m_rows;       ///< circle's rows
};

}  // namespace sawtooth::engine
