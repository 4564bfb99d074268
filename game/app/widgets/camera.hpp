#pragma once
// World (metres, y up) to screen (logical pixels, y down) mapping that follows a target
// smoothly and never shows outside the level. Render-side only: it never feeds back into
// the simulation.

namespace sawtooth::app {

/// Tuning of the follow camera.
struct CameraConfig {
    double pixels_per_metre = 40.0;  ///< 1280 px show 32 m = 16 cells
    double follow_rate = 6.0;        ///< 1/s: exponential approach to the target
    double look_ahead = 2.5;         ///< m ahead of the player's facing
    double dead_zone_y = 1.5;        ///< m the target may move vertically before the camera does
    double margin = 0.0;             ///< m the view may show past each level edge (editor panning)
};

/// A 2D follow camera over a rectangular level.
class Camera {
public:
    explicit Camera(CameraConfig config = {}) : m_config(config) {}
    /// Sets the level size (m) and the view size (px); clamps the centre. A level smaller
    /// than the view at the configured scale (margins included) is zoomed in until it
    /// fills the view.
    void set_bounds(double level_w, double level_h, int view_w, int view_h);
    /// Jumps straight to a target (level start, respawn).
    void snap(double x, double y);
    /// Moves toward a target over `dt` seconds of real time. Small vertical moves (a hop)
    /// inside the dead zone do not move the camera: less bobbing while running over steps.
    void follow(double x, double y, double dt);
    /// Shakes the view by up to `pixels` (still never past the level's edges).
    void set_shake(double pixels, double time);
    /// Screen x of world x.
    float sx(double x) const;
    /// Screen y of world y.
    float sy(double y) const;
    /// Pixels per metre.
    float scale() const { return static_cast<float>(m_ppm); }
    double centre_x() const { return m_vx; }
    double centre_y() const { return m_vy; }
    double look_ahead() const { return m_config.look_ahead; }
    /// Half the view in metres.
    double half_w() const { return m_view_w / m_ppm / 2.0; }
    double half_h() const { return m_view_h / m_ppm / 2.0; }

private:
    void clamp();
    CameraConfig m_config;
    double m_cx = 0.0, m_cy = 0.0;  ///< followed centre
    double m_vx = 0.0, m_vy = 0.0;  ///< drawn centre (followed + shake, clamped)
    double m_shake_x = 0.0, m_shake_y = 0.0;
    double m_ppm = 40.0;  ///< pixels per metre in use: zoomed in for levels smaller than the view
    double m_level_w = 0.0, m_level_h = 0.0;
    int m_view_w = 1280, m_view_h = 720;
};

}  // namespace sawtooth::app
