#include "game/app/camera.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth::app {

void Camera::set_bounds(double level_w, double level_h, int view_w, int view_h) {
    m_level_w = level_w;
    m_level_h = level_h;
    m_view_w = view_w;
    m_view_h = view_h;
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
    m_cy += (y - m_cy) * k;
    clamp();
}

void Camera::clamp() {
    const double half_w = m_view_w / m_config.pixels_per_metre / 2.0;
    const double half_h = m_view_h / m_config.pixels_per_metre / 2.0;
    // A level smaller than the view is centred; otherwise the view stays inside it.
    m_cx = m_level_w <= 2 * half_w ? m_level_w / 2 : std::clamp(m_cx, half_w, m_level_w - half_w);
    m_cy = m_level_h <= 2 * half_h ? m_level_h / 2 : std::clamp(m_cy, half_h, m_level_h - half_h);
}

float Camera::sx(double x) const {
    return static_cast<float>((x - m_cx) * m_config.pixels_per_metre + m_view_w / 2.0);
}

float Camera::sy(double y) const {
    return static_cast<float>(m_view_h / 2.0 - (y - m_cy) * m_config.pixels_per_metre);
}

}  // namespace sawtooth::app
