#include "engine/shape_batch.hpp"

#include "engine/draw.hpp"

namespace sawtooth::engine {

namespace {

bool same_color(Color a, Color b) { return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a; }

bool is_software(SDL_Renderer* r) {
    SDL_RendererInfo info{};
    return SDL_GetRendererInfo(r, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE) != 0;
}

}  // namespace

void ShapeBatch::rect(float x, float y, float w, float h, Color c) {
    m_items.push_back({Kind::Rect, c, {x, y, w, h}, 0, 0});
}

void ShapeBatch::circle(float cx, float cy, float radius, Color c) {
    m_rows.clear();
    circle_rows(cx, cy, radius, m_rows);
    for (const SDL_FRect& q : m_rows) rect(q.x, q.y, q.w, q.h, c);
}

void ShapeBatch::triangles(const std::vector<SDL_Vertex>& vertices, Color c) {
    if (vertices.empty()) return;
    m_items.push_back({Kind::Triangles, c, {}, m_vertices.size(), vertices.size()});
    m_vertices.insert(m_vertices.end(), vertices.begin(), vertices.end());
}

void ShapeBatch::triangle(float x0, float y0, float x1, float y1, float x2, float y2, Color c) {
    const SDL_Color col{c.r, c.g, c.b, c.a};
    m_items.push_back({Kind::Triangles, c, {}, m_vertices.size(), 3});
    m_vertices.insert(m_vertices.end(), {SDL_Vertex{{x0, y0}, col, {0, 0}}, SDL_Vertex{{x1, y1}, col, {0, 0}},
                                         SDL_Vertex{{x2, y2}, col, {0, 0}}});
}

void ShapeBatch::draw(SDL_Renderer* r) {
    if (is_software(r))
        draw_software(r);
    else
        draw_geometry(r);
    m_items.clear();
    m_vertices.clear();
}

void ShapeBatch::draw_software(SDL_Renderer* r) {
    for (std::size_t i = 0; i < m_items.size();) {
        const Item& first = m_items[i];
        if (first.kind == Kind::Triangles) {
            set_draw_color(r, first.color);
            SDL_RenderGeometry(r, nullptr, m_vertices.data() + first.first, static_cast<int>(first.count),
                               nullptr, 0);
            ++i;
            continue;
        }
        m_rect_run.clear();
        for (;
             i < m_items.size() && m_items[i].kind == Kind::Rect && same_color(m_items[i].color, first.color);
             ++i)
            m_rect_run.push_back(m_items[i].rect);
        fill_rects(r, m_rect_run.data(), static_cast<int>(m_rect_run.size()), first.color);
    }
}

void ShapeBatch::draw_geometry(SDL_Renderer* r) {
    for (std::size_t i = 0; i < m_items.size();) {
        // One call per run of the same blend mode: the mode is the renderer's, not per vertex.
        const bool opaque = m_items[i].color.a == 255;
        m_geometry.clear();
        m_indices.clear();
        for (; i < m_items.size() && (m_items[i].color.a == 255) == opaque; ++i) {
            const Item& it = m_items[i];
            const int base = static_cast<int>(m_geometry.size());
            if (it.kind == Kind::Triangles) {
                m_geometry.insert(m_geometry.end(),
                                  m_vertices.begin() + static_cast<std::ptrdiff_t>(it.first),
                                  m_vertices.begin() + static_cast<std::ptrdiff_t>(it.first + it.count));
                for (int k = 0; k < static_cast<int>(it.count); ++k) m_indices.push_back(base + k);
                continue;
            }
            const SDL_Color c{it.color.r, it.color.g, it.color.b, it.color.a};
            const SDL_FRect& q = it.rect;
            m_geometry.insert(
                m_geometry.end(),
                {SDL_Vertex{{q.x, q.y}, c, {0, 0}}, SDL_Vertex{{q.x + q.w, q.y}, c, {0, 0}},
                 SDL_Vertex{{q.x + q.w, q.y + q.h}, c, {0, 0}}, SDL_Vertex{{q.x, q.y + q.h}, c, {0, 0}}});
            m_indices.insert(m_indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
        }
        SDL_SetRenderDrawBlendMode(r, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
        SDL_RenderGeometry(r, nullptr, m_geometry.data(), static_cast<int>(m_geometry.size()),
                           m_indices.data(), static_cast<int>(m_indices.size()));
    }
}

}  // namespace sawtooth::engine
