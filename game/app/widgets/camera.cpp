#include "game/app/widgets/camera.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth::app {

namespace {
// A level smaller than the view is centred; otherwise the view stays inside it, widened
// by `margin` on both sides.
double clamp_axis(double c, double half, double size, double margin) {
    return size + 2 * margin <= 2 * half ? size / 2 : std::clamp(c, half - margin, size + margin - half);
}
}  // namespace

void Camera::set_bounds(double level_w, double level_h, int view_w, int view_h) {
    m_level_w = level_w;
    m_level_h = level_h;
    m_view_w = view_w;
    m_view_h = view_h;
    m_ppm = m_config.pixels_per_metre;
    const double m2 = 2 * m_config.margin;
    if (level_w > 0 && level_h > 0)
        m_ppm = std::max({m_ppm, view_w / (level_w + m2), view_h / (level_h + m2)});
    clamp();
}

void Camera::snap(double x, double y) {
    m_cx = x;
    m_cy = y;
    clamp();
}

void Camera::follow(double x, double y, double dt) {
    const double k = 1.0 - std::exp(-m_config.follow_rate * dt);
    m_cx += (x - m_cx) * k;
    const double dy = y - m_cy;
    if (std::abs(dy) > m_config.dead_zone_y) m_cy += (dy - std::copysign(m_config.dead_zone_y, dy)) * k;
    clamp();
}

void Camera::set_shake(double pixels, double time) {
    // Two incommensurate sines: jittery, but smooth enough not to look like a glitch.
    m_shake_x = pixels * std::sin(time * 71.0) / m_ppm;
    m_shake_y = pixels * std::sin(time * 53.0 + 1.3) / m_ppm;
    clamp();
}

void Camera::clamp() {
    const double m = m_config.margin;
    m_cx = clamp_axis(m_cx, half_w(), m_level_w, m);
    m_cy = clamp_axis(m_cy, half_h(), m_level_h, m);
    m_vx = clamp_axis(m_cx + m_shake_x, half_w(), m_level_w, m);
    m_vy = clamp_axis(m_cy + m_shake_y, half_h(), m_level_h, m);
}

float Camera::sx(double x) const { return static_cast<float>((x - m_vx) * m_ppm + m_view_w / 2.0); }

float Camera::sy(double y) const { return static_cast<float>(m_view_h / 2.0 - (y - m_vy) * m_ppm); }

}  // namespace sawtooth::app
