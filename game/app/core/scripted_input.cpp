#include "game/app/core/scripted_input.hpp"

#include "engine/ui_input.hpp"
#include "gen/number_text.hpp"
#include "gen/printable.hpp"

#include <SDL2/SDL.h>

#include <cctype>
#include <charconv>
#include <cstdio>
#include <sstream>

namespace sawtooth::app {

std::string parse_menu_keys(const std::string& text, std::vector<ScriptedPress>& out) {
    static const std::pair<const char*, engine::Control> kNames[] = {
        {"left", engine::Control::Left},       {"right", engine::Control::Right},
        {"up", engine::Control::Up},           {"down", engine::Control::Down},
        {"confirm", engine::Control::Confirm}, {"back", engine::Control::Back},
        {"pause", engine::Control::Pause},     {"skip", engine::Control::Skip}};
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        const auto colon = item.find(':');
        ScriptedPress p;
        const char* b = item.data();
        if (colon == std::string::npos || std::from_chars(b, b + colon, p.frame).ptr != b + colon ||
            p.frame < 0)
            return "--menu-keys: expected FRAME:CONTROL, got '" + item + "'";
        const std::string name = item.substr(colon + 1);
        if (name.rfind("type=", 0) == 0 && name.size() > 5) {
            p.typed = name.substr(5);
        } else if (name.rfind("click=", 0) == 0) {
            const std::string_view xy = std::string_view(name).substr(6);
            const std::size_t cut = xy.find('x');
            const std::optional<float> x = read_number<float>(xy.substr(0, cut));
            const std::optional<float> y =
                cut == std::string_view::npos ? std::nullopt : read_number<float>(xy.substr(cut + 1));
            if (!x || !y) return "--menu-keys: expected FRAME:click=XxY, got '" + printable(item) + "'";
            p.click = std::make_pair(*x, *y);
        } else if (name.rfind("key=", 0) == 0) {
            p.key_scancode = SDL_GetScancodeFromName(name.c_str() + 4);
            if (p.key_scancode == SDL_SCANCODE_UNKNOWN)
                return "--menu-keys: unknown SDL key name in '" + item + "'";
        } else {
            for (const auto& [n, c] : kNames)
                if (name == n) p.control = c;
            if (!p.control) return "--menu-keys: unknown control '" + name + "'";
        }
        out.push_back(p);
    }
    return {};
}

namespace {

void push_key(Uint32 type, SDL_Scancode scancode) {
    SDL_Event e{};
    e.type = type;
    e.key.timestamp = SDL_GetTicks();
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.scancode = scancode;
    e.key.keysym.sym = SDL_GetKeyFromScancode(scancode);
    SDL_PushEvent(&e);
}

// The text a US keyboard types with this key alone: letters and digits, else "".
std::string key_text(SDL_Scancode scancode) {
    const std::string name = SDL_GetScancodeName(scancode);
    if (name.size() != 1 || !std::isalnum(static_cast<unsigned char>(name[0]))) return {};
    return std::string(1, static_cast<char>(std::tolower(static_cast<unsigned char>(name[0]))));
}

}  // namespace

void push_scripted_keys(const std::vector<ScriptedPress>& presses, int frame) {
    for (const ScriptedPress& p : presses) {
        if (p.frame != frame || p.key_scancode == 0) continue;
        const auto scancode = static_cast<SDL_Scancode>(p.key_scancode);
        push_key(SDL_KEYDOWN, scancode);
        if (const std::string text = key_text(scancode); !text.empty()) {
            SDL_Event t{};
            t.type = SDL_TEXTINPUT;
            t.text.timestamp = SDL_GetTicks();
            std::snprintf(t.text.text, sizeof t.text.text, "%s", text.c_str());
            SDL_PushEvent(&t);
        }
        push_key(SDL_KEYUP, scancode);
    }
}

void apply_scripted_presses(const std::vector<ScriptedPress>& presses, int frame, engine::Controls& controls,
                            engine::UiInput& ui) {
    for (const ScriptedPress& p : presses) {
        if (p.frame != frame) continue;
        if (p.control) controls.set(*p.control, true);
        ui.typed += p.typed;
        if (p.click) {
            ui.mouse_x = p.click->first;
            ui.mouse_y = p.click->second;
            ui.mouse_moved = ui.clicked = true;
        }
    }
}

}  // namespace sawtooth::app
