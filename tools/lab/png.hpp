#pragma once
// PNG output for sawtooth-lab commands (stb_image_write; the only translation unit that
// defines its implementation is png.cpp).

#include <cstdint>
#include <string>
#include <vector>

namespace sawtooth::lab {

/// Minimal RGBA canvas for the lab's level pictures (top row first, white background).
struct Canvas {
    int w, h;
    std::vector<std::uint8_t> px;
    Canvas(int width, int height);
    /// Blends `rgb` (0xRRGGBB) over pixel (x, y) with opacity `a`; outside pixels are ignored.
    void put(int x, int y, std::uint32_t rgb, double a = 1.0);
    /// Fills [x0, x1) x [y0, y1).
    void rect(int x0, int y0, int x1, int y1, std::uint32_t rgb, double a = 1.0);
    /// A line `thick` pixels wide.
    void line(double x0, double y0, double x1, double y1, std::uint32_t rgb, int thick, double a = 1.0);
};

/// Writes an 8-bit RGBA image (row-major, top row first, w * h * 4 bytes). False on failure.
bool write_png(const std::string& path, int w, int h, const std::vector<std::uint8_t>& rgba);

}  // namespace sawtooth::lab
