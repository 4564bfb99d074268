#include "engine/platform.hpp"

#include <SDL2/SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <stb_image_write.h>  // implementation linked from Debian's libstb

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace sawtooth::engine {

Platform::Platform(const PlatformConfig& config) : m_headless(config.headless) {
    if (m_headless) {
        // Offscreen: a real SDL video driver that renders to memory (no X server needed).
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
        SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy");
        // The window surface stays a plain memory surface: by default SDL would upload it
        // to an OpenGL texture every frame and draw that through Mesa's llvmpipe (half of
        // the process's CPU on its threads, a third of the frame's own time for the upload).
        // Same pixels either way (docs/performance.md, *Frames*).
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    }
    // Audio is not started here: engine::Audio starts it, quietly (engine/audio.hpp).
    const Uint32 systems =
        SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS | (m_headless ? 0u : SDL_INIT_GAMECONTROLLER);
    if (SDL_Init(systems) != 0) {
        // Gamepads missing should not stop the game: retry with video only.
        if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) != 0)
            throw PlatformError{std::string("cannot start SDL video: ") + SDL_GetError()};
    }
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (m_headless) flags |= SDL_WINDOW_HIDDEN;
    m_window = SDL_CreateWindow(config.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                config.width, config.height, flags);
    if (!m_window) {
        const std::string err = SDL_GetError();
        SDL_Quit();
        throw PlatformError{"cannot open a window: " + err +
                            " (no display? try --headless, or run under xvfb-run)"};
    }
    Uint32 rflags = m_headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_ACCELERATED;
    if (!m_headless && config.vsync) rflags |= SDL_RENDERER_PRESENTVSYNC;
    m_renderer = SDL_CreateRenderer(m_window, -1, rflags);
    if (!m_renderer) m_renderer = SDL_CreateRenderer(m_window, -1, SDL_RENDERER_SOFTWARE);
    if (!m_renderer) {
        const std::string err = SDL_GetError();
        SDL_DestroyWindow(m_window);
        SDL_Quit();
        throw PlatformError{"cannot create a renderer: " + err};
    }
    SDL_SetRenderDrawBlendMode(m_renderer, SDL_BLENDMODE_BLEND);
    SDL_RenderSetLogicalSize(m_renderer, config.width, config.height);
    if (config.fullscreen) toggle_fullscreen();

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini littering the working directory
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForSDLRenderer(m_window);
    ImGui_ImplSDLRenderer_Init(m_renderer);
    m_counter_start = SDL_GetPerformanceCounter();
}

Platform::~Platform() {
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    if (m_renderer) SDL_DestroyRenderer(m_renderer);
    if (m_window) SDL_DestroyWindow(m_window);
    SDL_Quit();
}

bool Platform::poll(SDL_Event& e) {
    if (!SDL_PollEvent(&e)) return false;
    ImGui_ImplSDL2_ProcessEvent(&e);
    return true;
}

void Platform::begin_imgui() {
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
}

void Platform::render_imgui() {
    ImGui::Render();
    // ImGui draws in window pixels; drop the logical scaling while it renders.
    int lw = 0, lh = 0;
    SDL_RenderGetLogicalSize(m_renderer, &lw, &lh);
    SDL_RenderSetLogicalSize(m_renderer, 0, 0);
    SDL_RenderSetScale(m_renderer, 1.0f, 1.0f);
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
    SDL_RenderSetLogicalSize(m_renderer, lw, lh);
}

void Platform::present() { SDL_RenderPresent(m_renderer); }

std::string Platform::renderer_description() const {
    SDL_RendererInfo info{};
    std::string out = SDL_GetRendererInfo(m_renderer, &info) == 0 && info.name ? info.name : "unknown";
    if (!SDL_GL_GetCurrentContext()) return out;
    using GetString = const unsigned char* (*)(unsigned);
    constexpr unsigned kGlRenderer = 0x1F01;  // GL_RENDERER
    const auto get = reinterpret_cast<GetString>(SDL_GL_GetProcAddress("glGetString"));
    const unsigned char* gl = get ? get(kGlRenderer) : nullptr;
    if (gl) out += std::string(": ") + reinterpret_cast<const char*>(gl);
    return out;
}

bool Platform::imgui_wants_keyboard() const { return ImGui::GetIO().WantCaptureKeyboard; }
bool Platform::imgui_wants_mouse() const { return ImGui::GetIO().WantCaptureMouse; }

void Platform::toggle_fullscreen() {
    m_fullscreen = !m_fullscreen;
    SDL_SetWindowFullscreen(m_window, m_fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

void Platform::output_size(int& w, int& h) const { SDL_GetRendererOutputSize(m_renderer, &w, &h); }

double Platform::now_seconds() const {
    return static_cast<double>(SDL_GetPerformanceCounter() - m_counter_start) /
           static_cast<double>(SDL_GetPerformanceFrequency());
}

std::string Platform::screenshot(const std::string& path) const {
    int w = 0, h = 0;
    output_size(w, h);
    std::vector<unsigned char> pixels(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    // Read the whole output, not the logical viewport.
    int lw = 0, lh = 0;
    SDL_RenderGetLogicalSize(m_renderer, &lw, &lh);
    SDL_RenderSetLogicalSize(m_renderer, 0, 0);
    const int rc = SDL_RenderReadPixels(m_renderer, nullptr, SDL_PIXELFORMAT_ABGR8888, pixels.data(), w * 4);
    SDL_RenderSetLogicalSize(m_renderer, lw, lh);
    if (rc != 0) return std::string("cannot read the frame: ") + SDL_GetError();
    if (!stbi_write_png(path.c_str(), w, h, 4, pixels.data(), w * 4))
        return "cannot write screenshot '" + path + "'";
    return {};
}

bool path_writable(const std::string& path) {
    FILE* f = std::fopen(path.c_str(), "ab");
    if (!f) return false;
    std::fclose(f);
    return true;
}

}  // namespace sawtooth::engine
