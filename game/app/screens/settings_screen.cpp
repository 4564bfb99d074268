#include "game/app/screens/settings_screen.hpp"

#include "engine/audio.hpp"
#include "engine/draw.hpp"
#include "engine/input_devices.hpp"
#include "engine/platform.hpp"
#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/core/settings.hpp"
#include "game/app/widgets/sound_bank.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <cmath>

namespace sawtooth::app {

namespace {
enum SettingsRow {
    kVolume,
    kFullscreen,
    kRateLevels,
    kKeysHeader,
    kLeft,
    kRight,
    kJump,
    kDown,
    kResetKeys,
    kSettingsBack,
    kSettingsRows
};
constexpr double kVolumeStep = 0.1;
const char* const kDefaultKeys[] = {"Left / A", "Right / D", "Up / W / Space", "Down / S"};
}  // namespace

SettingsScreen::SettingsScreen(Services services) : m_services(services) {
    std::vector<MenuItem> items(kSettingsRows);
    items[kVolume] = {"Volume", "", true, false, "Left / Right to change"};
    items[kFullscreen] = {"Fullscreen", "", true, false, "F11 toggles it anywhere"};
    items[kRateLevels] = {"Rate levels", "", true, false,
                          "After each recorded level: how much fun, how hard"};
    items[kKeysHeader] = {"EXTRA KEYS (the defaults always work too)", "", false, true};
    items[kLeft] = {"Move left", "", false, false, "Enter, then press the new key"};
    items[kRight] = {"Move right", "", false, false, "Enter, then press the new key"};
    items[kJump] = {"Jump / climb", "", false, false, "Enter, then press the new key"};
    items[kDown] = {"Let go of a ledge", "", false, false, "Enter, then press the new key"};
    items[kResetKeys] = {"Clear extra keys"};
    items[kSettingsBack] = {"Back"};
    m_menu = Menu(std::move(items), {640, 150, 720, 50, 26});
    refresh();
}

int* SettingsScreen::binding(int row) {
    if (!m_services.settings) return nullptr;
    engine::KeyBindings& k = m_services.settings->keys;
    switch (row) {
        case kLeft:
            return &k.left;
        case kRight:
            return &k.right;
        case kJump:
            return &k.up;
        case kDown:
            return &k.down;
        default:
            return nullptr;
    }
}

void SettingsScreen::refresh() {
    const Settings s = m_services.settings ? *m_services.settings : Settings{};
    m_menu.item(kVolume).value = std::to_string(static_cast<int>(std::lround(s.volume * 100))) + " %";
    m_menu.item(kFullscreen).value = s.fullscreen ? "On" : "Off";
    m_menu.item(kRateLevels).value = s.rate_levels ? "On" : "Off";
    for (int row = kLeft; row <= kDown; ++row) {
        const int* b = binding(row);
        std::string v = kDefaultKeys[row - kLeft];
        if (b && *b > 0) v += " + " + std::string(SDL_GetScancodeName(static_cast<SDL_Scancode>(*b)));
        if (row == m_waiting_row) v = "press a key...  (Esc cancels)";
        m_menu.item(row).value = v;
    }
}

void SettingsScreen::changed() {
    if (!m_services.settings) return;
    const Settings& s = *m_services.settings;
    if (m_services.audio) m_services.audio->set_volume(s.volume);
    if (m_services.devices) m_services.devices->set_bindings(s.keys);
    if (m_services.platform && m_services.platform->fullscreen() != s.fullscreen)
        m_services.platform->toggle_fullscreen();
    m_message.clear();
    if (!m_services.settings_path.empty()) m_message = save_settings(m_services.settings_path, s);
    refresh();
}

void SettingsScreen::tick(const engine::Controls& c) {
    if (m_waiting_row >= 0) {
        // Rebinding: the next raw key press wins; Esc cancels (Esc is the pause key).
        const int key = m_services.ui ? m_services.ui->key_scancode : 0;
        if (c.pressed(engine::Control::Pause) || key == SDL_SCANCODE_ESCAPE) {
            m_waiting_row = -1;
            refresh();
        } else if (key > 0) {
            if (int* b = binding(m_waiting_row)) *b = key;
            m_waiting_row = -1;
            if (m_services.sounds) m_services.sounds->play(Sfx::Click, 0.6);
            changed();
        }
        return;
    }
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    const int row = m_menu.selected();
    Settings* s = m_services.settings;
    if (a == MenuAction::Back || (a == MenuAction::Activate && row == kSettingsBack)) {
        m_services.screens->pop();
        return;
    }
    if (!s) return;
    if (row == kVolume &&
        (a == MenuAction::Decrease || a == MenuAction::Increase || a == MenuAction::Activate)) {
        const double dir = a == MenuAction::Decrease ? -1.0 : 1.0;
        double v = std::round((s->volume + dir * kVolumeStep) * 10.0) / 10.0;
        if (a == MenuAction::Activate && v > 1.0) v = 0.0;  // Enter cycles
        s->volume = std::clamp(v, 0.0, 1.0);
        changed();
        if (m_services.sounds) m_services.sounds->play(Sfx::Jump);  // hear the new level
    } else if (row == kFullscreen && a != MenuAction::None) {
        s->fullscreen = !s->fullscreen;
        changed();
    } else if (row == kRateLevels && a != MenuAction::None) {
        s->rate_levels = !s->rate_levels;
        changed();
    } else if (row >= kLeft && row <= kDown && a == MenuAction::Activate) {
        m_waiting_row = row;
        refresh();
    } else if (row == kResetKeys && a == MenuAction::Activate) {
        s->keys = {};
        changed();
    }
}

void SettingsScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 2.0, 0.0, m_time);
    draw_panel(r, vw / 2.0f - 400, 50, 800, vh - 110.0f);
    m_services.text->draw("Settings", vw / 2, 70, 48, palette::kText, engine::Align::Center);
    m_menu.draw(r, *m_services.text);
    std::string foot = m_message.empty() ? "Settings file: " + m_services.settings_path : m_message;
    if (m_services.settings_path.empty()) foot = "Settings are not saved (no HOME / XDG_CONFIG_HOME)";
    m_services.text->draw(foot, vw / 2, vh - 44, 16, m_message.empty() ? palette::kDim : palette::kBad,
                          engine::Align::Center);
}

}  // namespace sawtooth::app
