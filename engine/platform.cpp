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

namespace {

constexpr unsigned kGlRenderer = 0x1F01;  // GL_RENDERER

// GL_RENDERER of the current OpenGL context, or "" without one.
std::string current_gl_renderer() {
    if (!SDL_GL_GetCurrentContext()) return {};
    using GetString = const unsigned char* (*)(unsigned);
    const auto get = reinterpret_cast<GetString>(SDL_GL_GetProcAddress("glGetString"));
    const unsigned char* gl = get ? get(kGlRenderer) : nullptr;
    return gl ? reinterpret_cast<const char*>(gl) : "";
}

// GL_RENDERER of the OpenGL a window would get on this display, read from a hidden 1x1
// window of its own (as SDL itself probes the driver); "" without OpenGL.
std::string probe_gl_renderer() {
    SDL_Window* probe = SDL_CreateWindow("", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, 1, 1,
                                         SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    if (!probe) return {};
    std::string out;
    if (SDL_GLContext context = SDL_GL_CreateContext(probe)) {
        out = current_gl_renderer();
        SDL_GL_MakeCurrent(probe, nullptr);
        SDL_GL_DeleteContext(context);
    }
    SDL_DestroyWindow(probe);
    return out;
}

// The renderer flags of a window. Headless: SDL's software renderer into a plain memory
// surface. In a window: OpenGL, unless the player named a render driver (SDL_RENDER_DRIVER)
// or the only OpenGL rasterises on the CPU; then SDL's software renderer draws into the
// window's own framebuffer (MIT-SHM on X11), the headless pixels (docs/performance.md,
// *Frames*). `gl_renderer` receives the probed GL_RENDERER.
Uint32 renderer_flags(const PlatformConfig& config, std::string& gl_renderer) {
    if (config.headless) {
        // By default SDL would upload the window surface to an OpenGL texture every frame
        // and draw that through Mesa's llvmpipe (half of the process's CPU on its threads,
        // a third of the frame's own time for the upload); same pixels either way.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
        return SDL_RENDERER_SOFTWARE;
    }
    const Uint32 vsync = config.vsync ? Uint32{SDL_RENDERER_PRESENTVSYNC} : Uint32{0};
    if (SDL_GetHint(SDL_HINT_RENDER_DRIVER)) return SDL_RENDERER_ACCELERATED | vsync;
#ifdef __EMSCRIPTEN__
    return SDL_RENDERER_ACCELERATED | vsync;  // the page's one canvas: WebGL, no probe window
#endif
    gl_renderer = probe_gl_renderer();
    if (!is_software_rasteriser(gl_renderer)) return SDL_RENDERER_ACCELERATED | vsync;
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    return SDL_RENDERER_SOFTWARE;  // its present does not wait for the display: see present()
}

// Seconds between two refreshes of the window's display (60 Hz when the display does not say).
double refresh_interval(SDL_Window* window) {
    SDL_DisplayMode mode{};
    const int hz =
        SDL_GetWindowDisplayMode(window, &mode) == 0 && mode.refresh_rate > 0 ? mode.refresh_rate : 60;
    return 1.0 / hz;
}

}  // namespace

bool is_software_rasteriser(const std::string& gl_renderer) {
    // Mesa's llvmpipe, softpipe and swrast ("Software Rasterizer"), Google's SwiftShader
    // and Windows' own GDI fallback ("GDI Generic").
    for (const char* name : {"llvmpipe", "softpipe", "Software Rasterizer", "SwiftShader", "GDI Generic"})
        if (gl_renderer.find(name) != std::string::npos) return true;
    return false;
}

Platform::Platform(const PlatformConfig& config) : m_headless(config.headless) {
    if (m_headless) {
        // Offscreen: a real SDL video driver that renders to memory (no X server needed).
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
        SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy");
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
    m_renderer = SDL_CreateRenderer(m_window, -1, renderer_flags(config, m_probed_gl));
    if (!m_renderer) m_renderer = SDL_CreateRenderer(m_window, -1, SDL_RENDERER_SOFTWARE);
    if (!m_renderer) {
        const std::string err = SDL_GetError();
        SDL_DestroyWindow(m_window);
        SDL_Quit();
        throw PlatformError{"cannot create a renderer: " + err};
    }
    // A window drawn in software shows each frame at once; present() waits for the display's
    // refresh instead, as vsync would, so the game does not draw frames nobody sees.
    SDL_RendererInfo info{};
    if (!m_headless && config.vsync && SDL_GetRendererInfo(m_renderer, &info) == 0 &&
        (info.flags & SDL_RENDERER_SOFTWARE))
        m_present_interval = refresh_interval(m_window);
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

void Platform::present() {
    SDL_RenderPresent(m_renderer);
    if (m_present_interval > 0.0) wait_for_refresh();
}

void Platform::wait_for_refresh() {
    const double now = now_seconds();
    const double due = m_last_present + m_present_interval;
    if (now < due) SDL_Delay(static_cast<Uint32>((due - now) * 1000.0));
    // A frame later than one refresh starts the count again from now (no burst to catch up).
    m_last_present = now < due + m_present_interval ? due : now;
}

std::string Platform::renderer_description() const {
    SDL_RendererInfo info{};
    std::string out = SDL_GetRendererInfo(m_renderer, &info) == 0 && info.name ? info.name : "unknown";
    if (const std::string gl = current_gl_renderer(); !gl.empty()) return out + ": " + gl;
    if (!m_probed_gl.empty()) out += " (OpenGL here: " + m_probed_gl + ")";
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
