#include "tools/lab/png.hpp"

#include <algorithm>
#include <cmath>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#pragma GCC diagnostic ignored "-Wcast-qual"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wuseless-cast"
#endif
#include <stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace sawtooth::lab {

Canvas::Canvas(int width, int height)
    : w(width), h(height), px(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, 255) {}

void Canvas::put(int x, int y, std::uint32_t rgb, double a) {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    auto* p =
        &px[(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4];
    const int c[3] = {static_cast<int>(rgb >> 16 & 255), static_cast<int>(rgb >> 8 & 255),
                      static_cast<int>(rgb & 255)};
    for (int i = 0; i < 3; ++i) p[i] = static_cast<std::uint8_t>(std::lround(p[i] * (1 - a) + c[i] * a));
    p[3] = 255;
}

void Canvas::rect(int x0, int y0, int x1, int y1, std::uint32_t rgb, double a) {
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) put(x, y, rgb, a);
}

void Canvas::line(double x0, double y0, double x1, double y1, std::uint32_t rgb, int thick, double a) {
    const int n = static_cast<int>(std::max(std::abs(x1 - x0), std::abs(y1 - y0))) + 1;
    for (int i = 0; i <= n; ++i) {
        const double t = static_cast<double>(i) / n;
        const int x = static_cast<int>(std::lround(x0 + (x1 - x0) * t));
        const int y = static_cast<int>(std::lround(y0 + (y1 - y0) * t));
        rect(x - thick / 2, y - thick / 2, x - thick / 2 + thick, y - thick / 2 + thick, rgb, a);
    }
}

bool write_png(const std::string& path, int w, int h, const std::vector<std::uint8_t>& rgba) {
    if (w <= 0 || h <= 0 || rgba.size() != static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4)
        return false;
    return stbi_write_png(path.c_str(), w, h, 4, rgba.data(), w * 4) != 0;
}

}  // namespace sawtooth::lab
