#pragma once
// PNG output for sawtooth-lab commands (stb_image_write; the only translation unit that
// defines its implementation is png.cpp).

#include <cstdint>
#include <string>
#include <vector>

namespace sawtooth::lab {

/// Writes an 8-bit RGBA image (row-major, top row first, w * h * 4 bytes). False on failure.
bool write_png(const std::string& path, int w, int h, const std::vector<std::uint8_t>& rgba);

}  // namespace sawtooth::lab
