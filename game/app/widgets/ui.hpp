#pragma once
// Menu building blocks shared by every screen: a vertical list menu driven by keyboard,
// gamepad and mouse alike, the painted sky/hills backdrop (also the level's parallax
// background) and panel/title drawing. Everything is laid out in logical pixels
// (1280x720); SDL scales it to the window.

#include "engine/controls.hpp"
#include "engine/text.hpp"

#include <cstdint>
#include <string>
#include <vector>

struct SDL_Renderer;

namespace sawtooth::engine {
struct UiInput;
}

namespace sawtooth::app {

class SoundBank;

/// One row of a Menu.
struct MenuItem {
    MenuItem() = default;
    MenuItem(std::string label_, std::string value_ = {}, bool adjustable_ = false, bool header_ = false,
             std::string hint_ = {})
        : label(std::move(label_)),
          value(std::move(value_)),
          adjustable(adjustable_),
          header(header_),
          hint(std::move(hint_)) {}
    std::string label;
    std::string value;        ///< shown right of the label, with arrows when adjustable
    bool adjustable = false;  ///< Left/Right (or the arrows) change it
    bool header = false;      ///< a group caption: drawn, never selected
    std::string hint;         ///< one line shown under the menu while selected
};

/// What a Menu update produced.
enum class MenuAction { None, Activate, Decrease, Increase, Back };

/// A vertical menu centred at a column.
class Menu {
public:
    /// Layout: centre x, top y, row width and height, font size (logical pixels).
    struct Layout {
        float cx = 640, top = 260, width = 520, row_h = 54;
        int font_px = 30;
    };

    Menu() = default;
    Menu(std::vector<MenuItem> items, Layout layout);

    /// Reads controls and the mouse; moves the selection, returns what to do with it.
    MenuAction update(const engine::Controls& c, engine::UiInput* ui, SoundBank* sounds);
    /// Draws the rows, the highlight and the selected row's hint.
    void draw(SDL_Renderer* r, engine::TextRenderer& text) const;

    int selected() const { return m_selected; }
    void select(int i);
    MenuItem& item(int i) { return m_items[static_cast<std::size_t>(i)]; }
    int size() const { return static_cast<int>(m_items.size()); }
    const Layout& layout() const { return m_layout; }

private:
    int hit(float x, float y) const;
    void step(int dir);
    std::vector<MenuItem> m_items;
    Layout m_layout;
    int m_selected = 0;
    int m_tick = 0;  ///< for the highlight's pulse
};

/// Sky gradient, stars and three parallax hill bands. `scroll_x/y` in metres of camera
/// travel (farther bands move less); `time` seconds for drifting clouds.
void draw_backdrop(SDL_Renderer* r, int vw, int vh, double scroll_x, double scroll_y, double time);

/// A rounded-looking translucent panel.
void draw_panel(SDL_Renderer* r, float x, float y, float w, float h, engine::Color fill = {16, 18, 30, 215});

/// The big "SAWTOOTH" logo with a spinning saw blade, centred at (cx, y).
void draw_logo(SDL_Renderer* r, engine::TextRenderer& text, float cx, float y, double time);

/// A spinning saw blade (menus and the level use the same look).
void draw_saw_blade(SDL_Renderer* r, float cx, float cy, float radius, double angle, engine::Color body);

/// Palette shared by menus and HUD.
/// "1:23.4" (minutes, seconds, tenths) from simulation ticks: HUD, results and replay clocks.
std::string format_ticks(std::uint64_t ticks);

namespace palette {
inline constexpr engine::Color kText{236, 236, 244};
inline constexpr engine::Color kDim{160, 164, 184};
inline constexpr engine::Color kAccent{255, 206, 96};
inline constexpr engine::Color kGood{120, 230, 150};
inline constexpr engine::Color kBad{255, 110, 96};
}  // namespace palette

}  // namespace sawtooth::app
