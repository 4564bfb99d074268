#pragma once
// Text through SDL2_ttf: a font at a few pixel sizes and a small cache of rendered
// strings, so the HUD does not rasterise the same words every frame.

#include <cstdint>
#include <list>
#include <string>
#include <unordered_map>

struct SDL_Renderer;
struct SDL_Texture;
typedef struct _TTF_Font TTF_Font;

namespace sawtooth::engine {

/// 8-bit RGBA colour.
struct Color {
    std::uint8_t r = 255, g = 255, b = 255, a = 255;
};

/// Horizontal anchoring of a drawn string.
enum class Align { Left, Center, Right };

/// Where the bundled/Debian font lives, in search order; the first that exists is used.
std::string find_font_file(const std::string& asset_dir);

/// Renders UTF-8 text with one TTF font file.
class TextRenderer {
public:
    /// Opens `font_path`; throws std::runtime_error naming the file when it is missing.
    TextRenderer(SDL_Renderer* renderer, const std::string& font_path);
    ~TextRenderer();
    TextRenderer(const TextRenderer&) = delete;
    TextRenderer& operator=(const TextRenderer&) = delete;

    /// Draws `text` at (x, y) top-left (or anchored by `align`) in `px` pixel size.
    void draw(const std::string& text, int x, int y, int px, Color color = {}, Align align = Align::Left);
    /// Width and height of `text` at `px`.
    void measure(const std::string& text, int px, int& w, int& h);

private:
    TTF_Font* font(int px);
    SDL_Texture* texture(const std::string& text, int px, Color color, int& w, int& h);

    struct Entry {
        SDL_Texture* texture;
        int w, h;
        std::list<std::string>::iterator lru;
    };
    SDL_Renderer* m_renderer;
    std::string m_path;
    std::unordered_map<int, TTF_Font*> m_fonts;
    std::unordered_map<std::string, Entry> m_cache;
    std::list<std::string> m_lru;
};

}  // namespace sawtooth::engine
