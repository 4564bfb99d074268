#include "engine/text.hpp"

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

#include <cstdio>
#include <stdexcept>

namespace sawtooth::engine {

namespace {
constexpr std::size_t kMaxCachedStrings = 512;  // HUD + menus fit easily
}

std::string find_font_file(const std::string& asset_dir) {
    const std::string candidates[] = {
        asset_dir + "/fonts/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    };
    for (const auto& c : candidates)
        if (FILE* f = std::fopen(c.c_str(), "rb")) {
            std::fclose(f);
            return c;
        }
    return candidates[1];
}

TextRenderer::TextRenderer(SDL_Renderer* renderer, const std::string& font_path)
    : m_renderer(renderer), m_path(font_path) {
    if (!TTF_WasInit() && TTF_Init() != 0)
        throw std::runtime_error(std::string("cannot start SDL_ttf: ") + TTF_GetError());
    font(16);  // fail now, with the file name, rather than mid-frame
}

TextRenderer::~TextRenderer() {
    for (auto& [k, e] : m_cache) SDL_DestroyTexture(e.texture);
    for (auto& [px, f] : m_fonts) TTF_CloseFont(f);
    TTF_Quit();
}

TTF_Font* TextRenderer::font(int px) {
    auto it = m_fonts.find(px);
    if (it != m_fonts.end()) return it->second;
    TTF_Font* f = TTF_OpenFont(m_path.c_str(), px);
    if (!f) throw std::runtime_error("missing font file '" + m_path + "' (install fonts-dejavu-core)");
    m_fonts[px] = f;
    return f;
}

SDL_Texture* TextRenderer::texture(const std::string& text, int px, Color c, int& w, int& h) {
    char key_prefix[40];
    std::snprintf(key_prefix, sizeof key_prefix, "%d:%02x%02x%02x%02x:", px, c.r, c.g, c.b, c.a);
    const std::string key = key_prefix + text;
    auto it = m_cache.find(key);
    if (it != m_cache.end()) {
        m_lru.splice(m_lru.begin(), m_lru, it->second.lru);
        w = it->second.w;
        h = it->second.h;
        return it->second.texture;
    }
    SDL_Surface* s = TTF_RenderUTF8_Blended(font(px), text.c_str(), SDL_Color{c.r, c.g, c.b, c.a});
    if (!s) return nullptr;
    SDL_Texture* t = SDL_CreateTextureFromSurface(m_renderer, s);
    w = s->w;
    h = s->h;
    SDL_FreeSurface(s);
    if (!t) return nullptr;
    if (m_cache.size() >= kMaxCachedStrings) {
        const std::string& old = m_lru.back();
        auto o = m_cache.find(old);
        SDL_DestroyTexture(o->second.texture);
        m_cache.erase(o);
        m_lru.pop_back();
    }
    m_lru.push_front(key);
    m_cache[key] = Entry{t, w, h, m_lru.begin()};
    return t;
}

void TextRenderer::draw(const std::string& text, int x, int y, int px, Color color, Align align) {
    if (text.empty()) return;
    int w = 0, h = 0;
    SDL_Texture* t = texture(text, px, color, w, h);
    if (!t) return;
    if (align == Align::Center) x -= w / 2;
    if (align == Align::Right) x -= w;
    SDL_Rect dst{x, y, w, h};
    SDL_RenderCopy(m_renderer, t, nullptr, &dst);
}

void TextRenderer::measure(const std::string& text, int px, int& w, int& h) {
    if (TTF_SizeUTF8(font(px), text.c_str(), &w, &h) != 0) w = h = 0;
}

}  // namespace sawtooth::engine
