#pragma once
// The window and everything tied to it: SDL video/gamepad init, the SDL_Renderer,
// Dear ImGui (SDL2 platform + SDL_Renderer backends), frame begin/end, fullscreen, real
// time and PNG screenshots. Headless mode uses SDL's offscreen video driver with a
// software renderer: the same drawing code, no display needed. A window uses OpenGL, or
// the same software renderer when the display's only OpenGL is a software rasteriser.
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
    /// Shows the frame; with vsync, no earlier than one display refresh after the last one.
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
    /// renderer string (GL_RENDERER) when an OpenGL context is current, e.g. "opengl: AMD
    /// Radeon ..."; a window that chose the software renderer because the display's OpenGL
    /// is a software rasteriser names that one: "software (OpenGL here: llvmpipe (LLVM
    /// 15.0.6, 256 bits))".
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
    std::string m_probed_gl;  ///< GL_RENDERER probed before choosing the renderer ("" if not)
    /// Seconds between presents when the renderer has no vsync of its own (0: no waiting).
    double m_present_interval = 0.0;
    double m_last_present = 0.0;  ///< now_seconds() the last frame was due

    /// Sleeps until one refresh interval after the last present.
    void wait_for_refresh();
};

/// True if an OpenGL renderer string (GL_RENDERER) names an implementation that rasterises
/// on the CPU (Mesa's llvmpipe, softpipe, swrast; SwiftShader; GDI Generic). A window then
/// draws with SDL's software renderer, which does less work for the same frame.
bool is_software_rasteriser(const std::string& gl_renderer);

/// True if `path` can be created/overwritten (checked before a long headless run).
bool path_writable(const std::string& path);

}  // namespace sawtooth::engine
