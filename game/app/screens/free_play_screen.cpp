#include "game/app/screens/free_play_screen.hpp"

#include "gen/number_text.hpp"

#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/core/level_source.hpp"
#include "game/app/editor/editor_screen.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/screens/adaptive_screen.hpp"
#include "game/app/screens/pack_screen.hpp"
#include "game/app/screens/platformer_screen.hpp"
#include "game/app/screens/rating_screen.hpp"
#include "game/app/screens/title_screen.hpp"
#include "game/app/study/study_session.hpp"
#include "game/app/widgets/difficulty_overlay.hpp"
#include "game/app/widgets/sound_bank.hpp"
#include "game/app/widgets/ui.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace sawtooth::app {

namespace {
enum FreePlayRow {
    kSeed,
    kLayout,
    kRooms,
    kRoomSize,
    kSpeed,
    kFreePlayGap,
    kPlayLevel,
    kPacks,
    kEdit,
    kAdaptive,
    kFreePlayBack,
    kFreePlayRows
};
struct Size2 {
    int w, h;
    const char* name;
};
constexpr Size2 kRoomCounts[] = {{3, 2, "small (3x2 rooms)"},
                                 {4, 3, "medium (4x3 rooms)"},
                                 {6, 4, "large (6x4 rooms)"},
                                 {8, 5, "huge (8x5 rooms)"}};
constexpr Size2 kRoomSizes[] = {
    {9, 6, "compact (9x6 cells)"}, {11, 7, "normal (11x7 cells)"}, {14, 9, "roomy (14x9 cells)"}};
constexpr int kMaxSeedDigits = 19;  // fits in 64 bits
constexpr int kMaxSpeed = 10;

template <typename T, std::size_t N>
int wrap(int i, const T (&)[N]) {
    return (i + static_cast<int>(N)) % static_cast<int>(N);
}
}  // namespace

FreePlayScreen::FreePlayScreen(Services services)
    : m_services(services), m_seed_text(std::to_string(random_seed())) {
    std::vector<MenuItem> items(kFreePlayRows);
    items[kSeed] = {"Seed", "", false, false, "Type digits; Backspace deletes; Enter picks a random seed"};
    items[kLayout] = {"Layout", "", true, false,
                      "Maze: rooms in every direction. Linear: left to right (study)"};
    items[kRooms] = {"Rooms", "", true};
    items[kRoomSize] = {"Room size", "", true};
    items[kSpeed] = {"Trap speed", "", true, false, "1 = slow traps (2 s cycle), 5+ = fastest (1.2-2 s)"};
    items[kFreePlayGap] = {"", "", false, true};
    items[kPlayLevel] = {"Play"};
    items[kPacks] = {"Packs", "", false, false,
                     "Curated level packs (assets/packs, ~/.config/sawtooth/packs)"};
    items[kEdit] = {"Edit in the level editor", "", false, false,
                    "Open this generated level in the editor (saved as seed_N.txt beside editor.txt)"};
    items[kAdaptive] = adaptive_item();
    items[kFreePlayBack] = {"Back"};
    m_menu = Menu(std::move(items), {640, 150, 760, 44, 26});  // eleven rows inside the panel
    refresh();
}

void FreePlayScreen::refresh() {
    const bool editing = m_menu.selected() == kSeed;
    m_menu.item(kSeed).value =
        (m_seed_text.empty() ? std::string("random") : m_seed_text) + (editing ? "_" : "");
    m_menu.item(kLayout).value = m_layout == 0 ? "maze" : "linear";
    m_menu.item(kRooms).value = kRoomCounts[m_rooms].name;
    m_menu.item(kRoomSize).value = kRoomSizes[m_room_size].name;
    m_menu.item(kSpeed).value = std::to_string(m_speed);
}

void FreePlayScreen::tick(const engine::Controls& c) {
    // The seed field takes digits and Backspace before the menu sees them.
    if (m_menu.selected() == kSeed && m_services.ui) {
        for (char ch : m_services.ui->typed)
            if (std::isdigit(static_cast<unsigned char>(ch)) && m_seed_text.size() < kMaxSeedDigits)
                m_seed_text += ch;
        if (c.pressed(engine::Control::Back)) {
            if (!m_seed_text.empty()) m_seed_text.pop_back();
            refresh();
            return;
        }
    }
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    const int row = m_menu.selected();
    const int dir = a == MenuAction::Decrease ? -1 : 1;
    const bool change = a == MenuAction::Decrease || a == MenuAction::Increase || a == MenuAction::Activate;
    if (a == MenuAction::Back || (a == MenuAction::Activate && row == kFreePlayBack)) {
        m_services.screens->pop();
        return;
    }
    if (row == kSeed && a == MenuAction::Activate) m_seed_text = std::to_string(random_seed());
    if (row == kLayout && change) m_layout = 1 - m_layout;
    if (row == kRooms && change) m_rooms = wrap(m_rooms + dir, kRoomCounts);
    if (row == kRoomSize && change) m_room_size = wrap(m_room_size + dir, kRoomSizes);
    if (row == kSpeed && change) m_speed = (m_speed - 1 + dir + kMaxSpeed) % kMaxSpeed + 1;
    if (row == kPlayLevel && a == MenuAction::Activate) play();
    if (row == kEdit && a == MenuAction::Activate) edit();
    if (row == kPacks && a == MenuAction::Activate)
        m_services.screens->push(std::make_unique<PacksMenuScreen>(m_services));
    if (row == kAdaptive && a == MenuAction::Activate) play_adaptive();
    refresh();
}

// The level the setup describes; false (with the status set) when it cannot be made.
bool FreePlayScreen::generate(GenParams& p, Level& level) {
    if (m_seed_text.empty()) m_seed_text = std::to_string(random_seed());
    const std::optional<std::uint64_t> seed = read_number<std::uint64_t>(m_seed_text);
    if (!seed) {
        m_status = bad_number_message("seed", m_seed_text, number_expectation<std::uint64_t>());
        m_status_bad = true;
        return false;
    }
    p.seed = *seed;
    p.layout = m_layout == 0 ? Layout::Maze : Layout::Linear;
    p.rooms_w = kRoomCounts[m_rooms].w;
    p.rooms_h = kRoomCounts[m_rooms].h;
    p.room_w = kRoomSizes[m_room_size].w;
    p.room_h = kRoomSizes[m_room_size].h;
    p.level_index = m_speed;
    if (const std::string err = generate_for_play(p, level); !err.empty()) {
        m_status = err;
        m_status_bad = true;
        return false;
    }
    return true;
}

// "Edit generated level N": the editor on the setup's level, saving beside editor.txt.
void FreePlayScreen::edit() {
    GenParams p;
    Level level;
    if (!generate(p, level)) return;
    const std::filesystem::path file =
        std::filesystem::path(default_editor_file()).parent_path() / ("seed_" + m_seed_text + ".txt");
    m_services.screens->push(std::make_unique<EditorScreen>(m_services, std::move(level), file.string()));
}

void FreePlayScreen::play() {
    GenParams p;
    Level level;
    if (!generate(p, level)) return;
    PlatformerOptions opt;
    opt.title = "Free play: seed " + m_seed_text;
    opt.quit_label = "Back to setup";
    LevelInfo info;
    info.mode = LevelMode::Free;
    info.label = opt.title;
    info.params = p;
    const std::string seed_text = m_seed_text;
    auto screen =
        std::make_unique<PlatformerScreen>(m_services, level, opt, [this, seed_text](const LevelResult& r) {
            // The setup screen stays below the level: it outlives this callback.
            m_status = "Seed " + seed_text + ": " +
                       (r.outcome == LevelOutcome::Completed ? "completed" : "left") + " after " +
                       format_ticks(r.ticks) + " with " + std::to_string(r.deaths) + " deaths";
            m_status_bad = false;
            m_services.screens->pop();
            offer_rating("Free play: seed " + seed_text);
        });
    if (m_services.on_level_start) m_services.on_level_start(*screen, info);
    m_services.screens->push(std::move(screen));
}

// The Adaptive row: on when the F1 overlay's difficulty model is loaded, else "off" and why.
MenuItem FreePlayScreen::adaptive_item() const {
    const OverlayModel* m = m_services.overlay_model;
    if (m && m->model)
        return {"Adaptive", "", false, false, "Levels chosen for your skill by the difficulty model"};
    const bool damaged = m && !m->warning.empty();
    return {
        "Adaptive", "off", false, false,
        std::string(damaged ? "Off: the difficulty model file is damaged (" : "Off: no difficulty model (") +
            "--model FILE or " + default_model_path() + ")"};
}

void FreePlayScreen::play_adaptive() {
    const OverlayModel* m = m_services.overlay_model;
    if (!m || !m->model) {
        m_status =
            "Adaptive is off: it needs a difficulty model (--model FILE or " + default_model_path() + ")";
        m_status_bad = true;
        return;
    }
    try {
        m_services.screens->push(std::make_unique<AdaptiveScreen>(m_services, *m->model));
    } catch (const analysis::AdaptiveError& e) {
        m_status = e.what();
        m_status_bad = true;
    }
}

// The rating screen above the setup for the level that just ended, when it is to be shown.
void FreePlayScreen::offer_rating(const std::string& title) {
    RatingTarget target;
    if (m_services.recorder) target.level_id = m_services.recorder->last_level_id();
    target.title = title;
    if (auto rating = make_rating_screen(m_services, target, [this] { m_services.screens->pop(); }))
        m_services.screens->push(std::move(rating));
}

void FreePlayScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 3.0, 0.0, m_time);
    draw_panel(r, vw / 2.0f - 420, 50, 840, vh - 110.0f);
    m_services.text->draw("Free play", vw / 2, 70, 48, palette::kText, engine::Align::Center);
    m_menu.draw(r, *m_services.text);
    if (!m_status.empty())
        m_services.text->draw(m_status, vw / 2, vh - 84, 20, m_status_bad ? palette::kBad : palette::kGood,
                              engine::Align::Center);
}

}  // namespace sawtooth::app
