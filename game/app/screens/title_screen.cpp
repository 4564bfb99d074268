#include "game/app/screens/title_screen.hpp"

#include "engine/draw.hpp"
#include "engine/text.hpp"
#include "game/app/editor/editor_screen.hpp"
#include "game/app/screens/free_play_screen.hpp"
#include "game/app/screens/message_screen.hpp"
#include "game/app/screens/settings_screen.hpp"
#include "game/app/study/study_session.hpp"
#include "game/app/words/words_menu_screen.hpp"

#include <SDL2/SDL.h>

#include <chrono>
#include <random>

namespace sawtooth::app {

namespace {
enum TitleRow {
    kPlatformerHeader,
    kStudy,
    kFreePlay,
    kWordsHeader,
    kElimination,
    kTitleGap,
    kSettings,
    kEditor,
    kQuit,
    kTitleRows
};
}  // namespace

std::uint64_t random_seed() {
    std::random_device rd;
    const auto t =
        static_cast<std::uint64_t>(std::chrono::high_resolution_clock::now().time_since_epoch().count());
    // Keep seeds short enough to read out and type in again.
    return ((static_cast<std::uint64_t>(rd()) << 32) ^ rd() ^ t) % 1000000000ull;
}

TitleScreen::TitleScreen(Services services, std::optional<std::uint64_t> study_seed)
    : m_services(services), m_study_seed(study_seed) {
    std::vector<MenuItem> items(kTitleRows);
    items[kPlatformerHeader] = {"PLATFORMER", "", false, true};
    items[kStudy] = {"Study session", "", false, false,
                     "Two tutorials, then ten generated levels with traps"};
    items[kFreePlay] = {"Free play", "", false, false, "Any seed, layout and size"};
    items[kWordsHeader] = {"WORDS", "", false, true};
    items[kElimination] = {"Elimination", "", false, false, "Make words by removing letters"};
    items[kTitleGap] = {"", "", false, true};
    items[kSettings] = {"Settings", "", false, false, "Volume, keys, fullscreen"};
    items[kEditor] = {"Level editor", "", false, false,
                      "Build a level; the expert bot proves it playable as you go"};
    items[kQuit] = {"Quit"};
    m_menu = Menu(std::move(items), {640, 226, 460, 44, 30});
}

void TitleScreen::tick(const engine::Controls& c) {
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    if (a == MenuAction::Back) {
        m_menu.select(kQuit);
        return;
    }
    if (a != MenuAction::Activate) return;
    switch (m_menu.selected()) {
        case kStudy: {
            auto session = std::make_shared<StudySession>(m_services, m_study_seed.value_or(random_seed()));
            session->start();
            break;
        }
        case kFreePlay:
            m_services.screens->push(std::make_unique<FreePlayScreen>(m_services));
            break;
        case kElimination:
            open_words_menu(m_services, m_study_seed);
            break;
        case kSettings:
            m_services.screens->push(std::make_unique<SettingsScreen>(m_services));
            break;
        case kEditor:
            open_editor();
            break;
        case kQuit:
            m_services.screens->pop();
            break;
        default:
            break;
    }
}

// The editor on default_editor_file(): where the last session left it, or a new level.
void TitleScreen::open_editor() {
#ifdef __EMSCRIPTEN__  // docs/web.md "What differs from the native game"
    m_services.screens->push(std::make_unique<MessageScreen>(
        m_services, "Level editor",
        std::vector<std::string>{"The level editor is not in the browser version: it proves levels",
                                 "playable on a second thread, which this page does not have.",
                                 "Use the native game (README) to build levels."}));
#else
    const std::string file = default_editor_file();
    Level level;
    if (const std::string err = open_editor_level(file, level); !err.empty()) {
        // A damaged file is kept: the editor starts a new level that saves beside it.
        auto editor = std::make_unique<EditorScreen>(
            m_services, new_empty_level(kNewLevelWidth, kNewLevelHeight), file + ".new.txt");
        editor->set_status(err, true);
        m_services.screens->push(std::move(editor));
        return;
    }
    m_services.screens->push(std::make_unique<EditorScreen>(m_services, level, file));
#endif
}

void TitleScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 4.0, 0.0, m_time);
    draw_logo(r, *m_services.text, vw / 2.0f, 56, m_time);
    m_services.text->draw("a platformer whose levels are generated from seeds", vw / 2, 170, 22,
                          palette::kDim, engine::Align::Center);
    const Menu::Layout& L = m_menu.layout();
    draw_panel(r, L.cx - L.width / 2 - 20, L.top - 14, L.width + 40, m_menu.size() * L.row_h + 70);
    m_menu.draw(r, *m_services.text);
    m_services.text->draw("Arrows / WASD + Enter,  mouse,  or gamepad", vw / 2, vh - 40, 18, palette::kDim,
                          engine::Align::Center);
    m_services.text->draw("v0.1", vw - 14, vh - 30, 14, {110, 114, 140}, engine::Align::Right);
}

}  // namespace sawtooth::app
