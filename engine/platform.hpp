#pragma once
// The window and everything tied to it: SDL video/gamepad init, the SDL_Renderer,
// Dear ImGui (SDL2 platform + SDL_Renderer backends), frame begin/end, fullscreen, real
// time and PNG screenshots. Headless mode uses SDL's offscreen video driver with a
// software renderer: the same drawing code, no display needed.
// Not included by the simulation; the game owns one Platform.

#include <cstdint>
#include <string>

struct SDL_Window;
struct SDL_Renderer;
union SDL_Event;

namespace sawtooth::engine {

/// Window settings.
struct PlatformConfig {
    std::string title = "Sawtooth";
    int width = 1280;  ///< logical window size, pixels
    int height = 720;
    bool headless = false;  ///< offscreen driver, software renderer, no audio device
    bool fullscreen = false;
    bool vsync = true;  ///< ignored when headless
};

/// A failure to start the window/renderer: the message names what failed.
struct PlatformError {
    std::string message;
};

/// Owns SDL, the window, the renderer and the ImGui context.
class Platform {
public:
    /// Starts SDL and opens the window; throws PlatformError.
    explicit Platform(const PlatformConfig& config);
    ~Platform();
    Platform(const Platform&) = delete;
    Platform& operator=(const Platform&) = delete;

    /// Polls one event; forwards it to ImGui first. False when the queue is empty.
    bool poll(SDL_Event& e);
    /// Starts an ImGui frame (call once per rendered frame, before any ImGui::*).
    void begin_imgui();
    /// Renders ImGui's draw data onto the renderer (before present/screenshot).
    void render_imgui();
    /// Shows the frame.
    void present();
    /// True if ImGui wants the keyboard (typing into a debug window): game input is blocked.
    bool imgui_wants_keyboard() const;
    /// True if ImGui wants the mouse.
    bool imgui_wants_mouse() const;

    /// Toggles desktop fullscreen.
    void toggle_fullscreen();
    bool fullscreen() const { return m_fullscreen; }
    /// Current output size in pixels.
    void output_size(int& w, int& h) const;

    /// Seconds since start from the high-resolution counter (never used by the simulation).
    double now_seconds() const;
    /// Writes the current render target to a PNG; returns "" or a one-line error.
    std::string screenshot(const std::string& path) const;

    /// What draws the frames, for benchmark reports: SDL's renderer name, and the OpenGL
    /// renderer string (GL_RENDERER: Mesa's "llvmpipe (LLVM ...)" on a machine without a
    /// GPU) when an OpenGL context is current; e.g. "opengl: llvmpipe (LLVM 15.0.6, 256 bits)".
    std::string renderer_description() const;

    SDL_Window* window() const { return m_window; }
    SDL_Renderer* renderer() const { return m_renderer; }
    bool headless() const { return m_headless; }

private:
    SDL_Window* m_window = nullptr;
    SDL_Renderer* m_renderer = nullptr;
    bool m_headless = false;
    bool m_fullscreen = false;
    std::uint64_t m_counter_start = 0;
};

/// True if `path` can be created/overwritten (checked before a long headless run).
bool path_writable(const std::string& path);

}  // namespace sawtooth::engine
