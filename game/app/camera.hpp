#pragma once
// World (metres, y up) to screen (logical pixels, y down) mapping that follows a target
// smoothly and never shows outside the level. Render-side only: it never feeds back into
// the simulation.

namespace sawtooth::app {

/// Tuning of the follow camera.
struct CameraConfig {
    double pixels_per_metre = 40.0;  ///< 1280 px show 32 m = 16 cells
    double follow_rate = 8.0;        ///< 1/s: exponential approach to the target
    double look_ahead = 2.0;         ///< m ahead of the player's facing
};

/// A 2D follow camera over a rectangular level.
class Camera {
public:
    explicit Camera(CameraConfig config = {}) : m_config(config) {}
    /// Sets the level size (m) and the view size (px); clamps the centre.
    void set_bounds(double level_w, double level_h, int view_w, int view_h);
    /// Jumps straight to a target (level start, respawn).
    void snap(double x, double y);
    /// Moves toward a target over `dt` seconds of real time.
    void follow(double x, double y, double dt);
    /// Screen x of world x.
    float sx(double x) const;
    /// Screen y of world y.
    float sy(double y) const;
    /// Pixels per metre.
    float scale() const { return static_cast<float>(m_config.pixels_per_metre); }
    double centre_x() const { return m_cx; }
    double centre_y() const { return m_cy; }

private:
    void clamp();
    CameraConfig m_config;
    double m_cx = 0.0, m_cy = 0.0;
    double m_level_w = 0.0, m_level_h = 0.0;
    int m_view_w = 1280, m_view_h = 720;
};

}  // namespace sawtooth::app
