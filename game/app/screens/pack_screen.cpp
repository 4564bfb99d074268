#include "game/app/screens/pack_screen.hpp"

#include "engine/text.hpp"
#include "game/app/core/settings.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/screens/platformer_screen.hpp"
#include "game/app/screens/rating_screen.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <filesystem>

namespace sawtooth::app {

namespace {
enum PackRow { kPackPlay, kPackBack, kPackRows };
}  // namespace

PackScreen::PackScreen(Services services, telemetry::Pack pack, std::string file)
    : m_services(services), m_pack(std::move(pack)), m_file(std::move(file)) {
    std::vector<MenuItem> items(kPackRows);
    items[kPackPlay] = {"Play", "", false, false, "Plays the pack's levels in order"};
    items[kPackBack] = {"Back"};
    m_menu = Menu(std::move(items), {640, 430, 760, 52, 28});
    refresh();
}

void PackScreen::refresh() {
    const std::size_t n = m_pack.levels.size();
    m_menu.item(kPackPlay).label = m_next == 0 && m_played > 0 ? "Play again from level 1" : "Play";
    m_menu.item(kPackPlay).value = "level " + std::to_string(m_next + 1) + " of " + std::to_string(n);
}

void PackScreen::tick(const engine::Controls& c) {
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    if (a == MenuAction::Back || (a == MenuAction::Activate && m_menu.selected() == kPackBack)) {
        m_services.screens->pop();
        return;
    }
    if (a == MenuAction::Activate && m_menu.selected() == kPackPlay) play_next();
    refresh();
}

void PackScreen::play_next() {
    const telemetry::PackLevel& pl = m_pack.levels[m_next];
    const std::string label = "Pack " + m_pack.name + ": level " + std::to_string(m_next + 1) + "/" +
                              std::to_string(m_pack.levels.size());
    Level level;
    try {
        level = telemetry::pack_level(pl, label);
    } catch (const telemetry::PackError& e) {
        m_status = e.what();
        m_status_bad = true;
        return;
    }
    PlatformerOptions opt;
    opt.title = label;
    opt.quit_label = "Back to pack";
    LevelInfo info;
    info.mode = LevelMode::Free;  // recorded like free play: the player chose the pack
    info.label = label;
    if (pl.hand_made())
        info.file = m_file + "#" + pl.name;  // recorded with its level text, like --level
    else
        info.params = pl.params;
    auto screen = std::make_unique<PlatformerScreen>(m_services, level, opt, [this](const LevelResult& r) {
        // This screen stays below the level: it outlives the callback.
        m_services.screens->pop();
        level_ended(r.outcome == LevelOutcome::Completed);
    });
    if (m_services.on_level_start) m_services.on_level_start(*screen, info);
    m_services.screens->push(std::move(screen));
}

// Advances, then offers the rating; a completed level goes on to the next after it.
void PackScreen::level_ended(bool completed) {
    const std::string title = "Pack " + m_pack.name + ": level " + std::to_string(m_next + 1);
    ++m_played;
    m_next = (m_next + 1) % m_pack.levels.size();
    const bool go_on = completed && m_next != 0;
    m_status = m_next == 0 ? "Pack finished"
                           : "Level " + std::to_string(m_next) + (completed ? " completed" : " left");
    m_status_bad = false;
    refresh();
    RatingTarget target;
    if (m_services.recorder) target.level_id = m_services.recorder->last_level_id();
    target.title = title;
    auto after = [this, go_on] {
        m_services.screens->pop();
        if (go_on) play_next();
    };
    if (auto rating = make_rating_screen(m_services, target, after))
        m_services.screens->push(std::move(rating));
    else if (go_on)
        play_next();
}

void PackScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 3.0, 0.0, m_time);
    draw_panel(r, vw / 2.0f - 420, 50, 840, vh - 110.0f);
    m_services.text->draw(m_pack.name, vw / 2, 70, 44, palette::kText, engine::Align::Center);
    const std::size_t n = m_pack.levels.size();
    m_services.text->draw(std::to_string(n) + (n == 1 ? " level" : " levels") + " - " +
                              std::filesystem::path(m_file).filename().string(),
                          vw / 2, 130, 22, palette::kText, engine::Align::Center);
    // Eight rows at most, scrolled so the next level stays in view.
    const std::size_t shown = std::min<std::size_t>(n, 8);
    const std::size_t first = std::min(n - shown, m_next > 3 ? m_next - 3 : 0);
    for (std::size_t i = first; i < first + shown; ++i) {
        const telemetry::PackLevel& pl = m_pack.levels[i];
        const GenParams& p = pl.params;
        const std::string what =
            pl.hand_made() ? pl.name + ", hand-made"
                           : "seed " + std::to_string(p.seed) + ", " + std::string(layout_name(p.layout)) +
                                 " " + std::to_string(p.rooms_w) + "x" + std::to_string(p.rooms_h) + " rooms";
        const std::string line = std::to_string(i + 1) + ". " + what + (i == m_next ? "  <- next" : "");
        m_services.text->draw(line, vw / 2, 170 + static_cast<int>(i - first) * 30, 20,
                              i == m_next ? palette::kGood : palette::kText, engine::Align::Center);
    }
    m_menu.draw(r, *m_services.text);
    if (!m_status.empty())
        m_services.text->draw(m_status, vw / 2, vh - 100, 20, m_status_bad ? palette::kBad : palette::kGood,
                              engine::Align::Center);
}

std::vector<std::string> pack_folders(const std::string& asset_dir) {
    std::vector<std::string> out{(std::filesystem::path(asset_dir) / "packs").string()};
    if (const std::string user = xdg_path("XDG_CONFIG_HOME", ".config", "packs"); !user.empty())
        out.push_back(user);
    return out;
}

PacksMenuScreen::PacksMenuScreen(Services services) : m_services(services) {
    namespace fs = std::filesystem;
    for (const std::string& folder : pack_folders(m_services.asset_dir)) {
        std::error_code ec;
        std::vector<std::string> here;
        for (const auto& e : fs::directory_iterator(folder, ec))
            if (e.path().extension() == ".json") here.push_back(e.path().string());
        std::sort(here.begin(), here.end());
        m_files.insert(m_files.end(), here.begin(), here.end());
    }
    std::vector<MenuItem> items;
    for (const std::string& f : m_files) items.push_back({fs::path(f).stem().string(), "", false, false, f});
    if (m_files.empty()) m_status = "No pack in " + pack_folders(m_services.asset_dir).front();
    items.push_back({"Back"});
    m_menu = Menu(std::move(items), {640, 150, 760, 52, 28});
}

void PacksMenuScreen::tick(const engine::Controls& c) {
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    const auto row = static_cast<std::size_t>(m_menu.selected());
    if (a == MenuAction::Back || (a == MenuAction::Activate && row == m_files.size())) {
        m_services.screens->pop();
        return;
    }
    if (a != MenuAction::Activate) return;
    try {
        telemetry::Pack pack = telemetry::read_pack(m_files[row]);
        m_services.screens->push(std::make_unique<PackScreen>(m_services, std::move(pack), m_files[row]));
        m_status.clear();
    } catch (const telemetry::PackError& e) {
        m_status = e.what();
    }
}

void PacksMenuScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 3.0, 0.0, m_time);
    draw_panel(r, vw / 2.0f - 420, 50, 840, vh - 110.0f);
    m_services.text->draw("Packs", vw / 2, 70, 48, palette::kText, engine::Align::Center);
    m_menu.draw(r, *m_services.text);
    if (!m_status.empty())
        m_services.text->draw(m_status, vw / 2, vh - 100, 20, palette::kBad, engine::Align::Center);
}

}  // namespace sawtooth::app
