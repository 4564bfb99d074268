// The window's choice of renderer (engine/platform.hpp): OpenGL, unless the display's only
// OpenGL rasterises on the CPU, where SDL's software renderer draws the same frame with less
// work (docs/performance.md, *Frames*). Runs a real window on SDL's offscreen driver (the
// tests' environment); which branch holds depends on the machine's OpenGL, which the test
// reads itself.
#include <doctest/doctest.h>

#include "engine/platform.hpp"

#include <SDL2/SDL.h>

#include <cstdlib>
#include <string>

using sawtooth::engine::is_software_rasteriser;
using sawtooth::engine::Platform;
using sawtooth::engine::PlatformConfig;

namespace {

// GL_RENDERER of an OpenGL context on a hidden window of the current video driver, or "".
std::string gl_renderer_here() {
    REQUIRE(SDL_Init(SDL_INIT_VIDEO) == 0);
    std::string out;
    SDL_Window* w = SDL_CreateWindow("probe", 0, 0, 8, 8, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    if (w) {
        if (SDL_GLContext context = SDL_GL_CreateContext(w)) {
            using GetString = const unsigned char* (*)(unsigned);
            const auto get = reinterpret_cast<GetString>(SDL_GL_GetProcAddress("glGetString"));
            const unsigned char* name = get ? get(0x1F01) : nullptr;  // GL_RENDERER
            if (name) out = reinterpret_cast<const char*>(name);
            SDL_GL_DeleteContext(context);
        }
        SDL_DestroyWindow(w);
    }
    SDL_Quit();
    return out;
}

}  // namespace

TEST_CASE("GL renderer strings of CPU rasterisers are told from GPUs") {
    CHECK(is_software_rasteriser("llvmpipe (LLVM 15.0.6, 256 bits)"));
    CHECK(is_software_rasteriser("softpipe"));
    CHECK(is_software_rasteriser("Software Rasterizer"));
    CHECK(is_software_rasteriser("Google SwiftShader"));
    CHECK(is_software_rasteriser("GDI Generic"));
    CHECK_FALSE(is_software_rasteriser("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
    CHECK_FALSE(is_software_rasteriser("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)"));
    CHECK_FALSE(is_software_rasteriser("NVIDIA GeForce GTX 1060 6GB/PCIe/SSE2"));
    CHECK_FALSE(is_software_rasteriser(""));
}

TEST_CASE("a window draws with the software renderer exactly when its OpenGL rasterises on the CPU") {
    ::unsetenv("SDL_RENDER_DRIVER");  // the player's override would decide instead
    const std::string gl = gl_renderer_here();
    MESSAGE("OpenGL here: " << (gl.empty() ? "none" : gl));
    PlatformConfig config;
    config.width = 320;
    config.height = 180;
    const Platform platform(config);
    SDL_RendererInfo info{};
    REQUIRE(SDL_GetRendererInfo(platform.renderer(), &info) == 0);
    const std::string described = platform.renderer_description();
    MESSAGE("renderer: " << described);
    if (is_software_rasteriser(gl)) {
        CHECK((info.flags & SDL_RENDERER_SOFTWARE) != 0);
        CHECK(described == "software (OpenGL here: " + gl + ")");
        // The window's framebuffer is a plain surface the renderer writes into (not a texture).
        const SDL_Surface* surface = SDL_GetWindowSurface(platform.window());
        REQUIRE(surface != nullptr);
        CHECK(surface->w == 320);
    } else if (!gl.empty()) {
        CHECK((info.flags & SDL_RENDERER_ACCELERATED) != 0);
        CHECK(described.find(gl) != std::string::npos);
    } else {
        CHECK((info.flags & SDL_RENDERER_SOFTWARE) != 0);  // no OpenGL: SDL's fallback
    }
}
