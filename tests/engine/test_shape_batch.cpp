// ShapeBatch draws exactly the pixels of the separate draw calls it stands for: the same
// overlapping rectangles (fractional corners, opaque and translucent) and triangle groups,
// drawn once call by call and once through a batch, compared pixel for pixel. On SDL's
// software renderer always; on the accelerated renderer (OpenGL on SDL's offscreen driver)
// as well where this machine can create one, since that is the path that batches into
// SDL_RenderGeometry. Both images of a pair come from the same renderer, so the check does
// not depend on which GL driver draws them. Circles (engine::fill_circle, ShapeBatch::circle)
// are checked against the one line per pixel row they replaced.
#include <doctest/doctest.h>

#include "engine/draw.hpp"
#include "engine/shape_batch.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

using sawtooth::engine::Color;
using sawtooth::engine::ShapeBatch;

namespace {

constexpr int kW = 320, kH = 200;

/// A deterministic scene: rectangles and triangle groups with fractional corners.
struct Scene {
    struct Shape {
        bool triangles;
        SDL_FRect rect;
        std::vector<SDL_Vertex> vertices;
        Color color;
    };
    std::vector<Shape> shapes;
};

Scene make_scene() {
    Scene s;
    std::uint32_t state = 12345;
    auto next = [&](int n) {
        state = state * 1664525u + 1013904223u;
        return static_cast<int>((state >> 8) % static_cast<std::uint32_t>(n));
    };
    for (int i = 0; i < 300; ++i) {
        const auto v = [&](int n) { return static_cast<std::uint8_t>(next(n)); };
        const Color c{v(256), v(256), v(256), static_cast<std::uint8_t>(i % 5 == 0 ? 60 + next(190) : 255)};
        const float x = next(kW * 4) / 4.0f - 10, y = next(kH * 4) / 4.0f - 10;
        if (i % 7 == 3) {
            const SDL_Color sc{c.r, c.g, c.b, c.a};
            std::vector<SDL_Vertex> tri{{{x, y}, sc, {0, 0}},
                                        {{x + next(160) / 4.0f, y + next(40) / 4.0f}, sc, {0, 0}},
                                        {{x + next(80) / 4.0f, y + next(160) / 4.0f}, sc, {0, 0}}};
            s.shapes.push_back({true, {}, tri, c});
        } else {
            s.shapes.push_back({false, {x, y, next(200) / 4.0f + 0.25f, next(160) / 4.0f + 0.5f}, {}, c});
        }
    }
    return s;
}

std::vector<std::uint32_t> read_pixels(SDL_Renderer* r) {
    std::vector<std::uint32_t> pixels(static_cast<std::size_t>(kW) * kH);
    REQUIRE(SDL_RenderReadPixels(r, nullptr, SDL_PIXELFORMAT_ARGB8888, pixels.data(), kW * 4) == 0);
    return pixels;
}

void clear(SDL_Renderer* r) {
    sawtooth::engine::set_draw_color(r, {10, 20, 30, 255});
    SDL_RenderClear(r);
}

// The scene drawn call by call, as the game drew it before batching.
std::vector<std::uint32_t> draw_direct(SDL_Renderer* r, const Scene& s) {
    clear(r);
    for (const Scene::Shape& sh : s.shapes) {
        if (sh.triangles) {
            sawtooth::engine::set_draw_color(r, sh.color);
            SDL_RenderGeometry(r, nullptr, sh.vertices.data(), static_cast<int>(sh.vertices.size()), nullptr,
                               0);
        } else {
            sawtooth::engine::fill_rect(r, sh.rect.x, sh.rect.y, sh.rect.w, sh.rect.h, sh.color);
        }
    }
    return read_pixels(r);
}

std::vector<std::uint32_t> draw_batched(SDL_Renderer* r, const Scene& s, ShapeBatch& batch) {
    clear(r);
    for (const Scene::Shape& sh : s.shapes) {
        if (sh.triangles)
            batch.triangles(sh.vertices, sh.color);
        else
            batch.rect(sh.rect.x, sh.rect.y, sh.rect.w, sh.rect.h, sh.color);
    }
    batch.draw(r);
    CHECK(batch.empty());
    return read_pixels(r);
}

// Counts the pixels that differ between the direct and the batched image (twice batched:
// a second frame through the same batch must not see the first one's shapes).
int differing_pixels(Uint32 renderer_flags) {
    SDL_Window* w = SDL_CreateWindow("t", 0, 0, kW, kH, SDL_WINDOW_HIDDEN);
    REQUIRE(w != nullptr);
    SDL_Renderer* r = SDL_CreateRenderer(w, -1, renderer_flags);
    if (!r) {
        SDL_DestroyWindow(w);
        return -1;
    }
    SDL_RendererInfo info{};
    SDL_GetRendererInfo(r, &info);
    MESSAGE("renderer: " << std::string(info.name ? info.name : "?"));
    const Scene scene = make_scene();
    const std::vector<std::uint32_t> direct = draw_direct(r, scene);
    ShapeBatch batch;
    int differ = 0;
    for (int frame = 0; frame < 2; ++frame) {
        const std::vector<std::uint32_t> batched = draw_batched(r, scene, batch);
        for (std::size_t i = 0; i < direct.size(); ++i) differ += direct[i] != batched[i];
    }
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(w);
    return differ;
}

struct SdlVideo {
    SdlVideo() { REQUIRE(SDL_Init(SDL_INIT_VIDEO) == 0); }
    ~SdlVideo() { SDL_Quit(); }
};

}  // namespace

TEST_CASE("a batch draws the same pixels as the separate calls on the software renderer") {
    const SdlVideo video;
    CHECK(differing_pixels(SDL_RENDERER_SOFTWARE) == 0);
}

TEST_CASE("a batch draws the same pixels as the separate calls on the accelerated renderer, if any") {
    const SdlVideo video;
    const int differ = differing_pixels(SDL_RENDERER_ACCELERATED);
    if (differ < 0) MESSAGE("no accelerated renderer here: " << SDL_GetError());
    CHECK(differ <= 0);
}

namespace {

// Circles with fractional centres and radii, some translucent and overlapping.
struct Circle {
    float cx, cy, radius;
    Color color;
};

std::vector<Circle> make_circles() {
    std::vector<Circle> out;
    for (int i = 0; i < 40; ++i) {
        const auto u = static_cast<std::uint8_t>(i * 37 % 256);
        out.push_back(
            {(i * 53 % (kW * 4)) / 4.0f - 5,
             (i * 29 % (kH * 4)) / 4.0f - 5,
             0.3f + (i * 7 % 160) / 4.0f,
             {u, static_cast<std::uint8_t>(255 - u), 90, static_cast<std::uint8_t>(i % 3 ? 255 : 70)}});
    }
    return out;
}

enum class CircleWay { RowLines, FillCircle, Batch };

// RowLines is how engine::fill_circle drew before: one SDL_RenderDrawLineF per pixel row.
std::vector<std::uint32_t> draw_circles(SDL_Renderer* r, const std::vector<Circle>& circles, CircleWay way) {
    clear(r);
    ShapeBatch batch;
    for (const Circle& c : circles) {
        if (way == CircleWay::FillCircle) sawtooth::engine::fill_circle(r, c.cx, c.cy, c.radius, c.color);
        if (way == CircleWay::Batch) batch.circle(c.cx, c.cy, c.radius, c.color);
        if (way != CircleWay::RowLines) continue;
        sawtooth::engine::set_draw_color(r, c.color);
        const int rows = static_cast<int>(std::ceil(c.radius));
        for (int dy = -rows; dy <= rows; ++dy) {
            const float yy = static_cast<float>(dy);
            const float half = std::sqrt(std::max(0.0f, c.radius * c.radius - yy * yy));
            SDL_RenderDrawLineF(r, c.cx - half, c.cy + yy, c.cx + half, c.cy + yy);
        }
    }
    batch.draw(r);
    return read_pixels(r);
}

// Pixels in which fill_circle and ShapeBatch::circle differ from the row lines; -1 without
// such a renderer.
int circle_differences(Uint32 renderer_flags) {
    SDL_Window* w = SDL_CreateWindow("t", 0, 0, kW, kH, SDL_WINDOW_HIDDEN);
    REQUIRE(w != nullptr);
    SDL_Renderer* r = SDL_CreateRenderer(w, -1, renderer_flags);
    if (!r) {
        SDL_DestroyWindow(w);
        return -1;
    }
    const std::vector<Circle> circles = make_circles();
    const std::vector<std::uint32_t> lines = draw_circles(r, circles, CircleWay::RowLines);
    int differ = 0;
    for (CircleWay way : {CircleWay::FillCircle, CircleWay::Batch}) {
        const std::vector<std::uint32_t> other = draw_circles(r, circles, way);
        for (std::size_t i = 0; i < lines.size(); ++i) differ += lines[i] != other[i];
    }
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(w);
    return differ;
}

}  // namespace

TEST_CASE("circles as row rectangles are the pixels of one line per row, on both renderers") {
    const SdlVideo video;
    CHECK(circle_differences(SDL_RENDERER_SOFTWARE) == 0);
    const int accelerated = circle_differences(SDL_RENDERER_ACCELERATED);
    if (accelerated < 0) MESSAGE("no accelerated renderer here: " << SDL_GetError());
    CHECK(accelerated <= 0);
}

namespace {

// The scene with every rectangle through engine::fill_rect (opaque ones written into the
// window's memory on the software renderer) or through SDL's own fill, under a viewport
// and a clip rectangle (or none); triangles through SDL between them, so the order counts.
std::vector<std::uint32_t> draw_fills(SDL_Renderer* r, const Scene& s, bool through_sdl,
                                      const SDL_Rect* viewport, const SDL_Rect* clip) {
    SDL_RenderSetViewport(r, nullptr);
    SDL_RenderSetClipRect(r, nullptr);
    clear(r);
    SDL_RenderSetViewport(r, viewport);
    SDL_RenderSetClipRect(r, clip);
    for (const Scene::Shape& sh : s.shapes) {
        if (sh.triangles || through_sdl) sawtooth::engine::set_draw_color(r, sh.color);
        if (sh.triangles)
            SDL_RenderGeometry(r, nullptr, sh.vertices.data(), static_cast<int>(sh.vertices.size()), nullptr,
                               0);
        else if (through_sdl)
            SDL_RenderFillRectF(r, &sh.rect);
        else
            sawtooth::engine::fill_rect(r, sh.rect.x, sh.rect.y, sh.rect.w, sh.rect.h, sh.color);
    }
    SDL_RenderSetViewport(r, nullptr);
    SDL_RenderSetClipRect(r, nullptr);
    return read_pixels(r);
}

}  // namespace

TEST_CASE("opaque fills written into the window's memory are the pixels of SDL's own fill") {
    const SdlVideo video;
    SDL_Window* w = SDL_CreateWindow("t", 0, 0, kW, kH, SDL_WINDOW_HIDDEN);
    REQUIRE(w != nullptr);
    SDL_Renderer* r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE);
    REQUIRE(r != nullptr);
    const Scene scene = make_scene();
    const SDL_Rect viewport{7, 5, 250, 170}, clip{13, 9, 150, 90};
    const struct {
        const SDL_Rect* viewport;
        const SDL_Rect* clip;
    } setups[] = {{nullptr, nullptr}, {nullptr, &clip}, {&viewport, nullptr}, {&viewport, &clip}};
    for (const auto& setup : setups) {
        const std::vector<std::uint32_t> sdl = draw_fills(r, scene, true, setup.viewport, setup.clip);
        const std::vector<std::uint32_t> ours = draw_fills(r, scene, false, setup.viewport, setup.clip);
        CAPTURE(setup.viewport != nullptr);
        CAPTURE(setup.clip != nullptr);
        CHECK(std::count(sdl.begin(), sdl.end(), sdl[0]) < static_cast<long>(sdl.size()));  // drew something
        int differ = 0;
        for (std::size_t i = 0; i < sdl.size(); ++i) differ += sdl[i] != ours[i];
        CHECK(differ == 0);
    }
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(w);
}
