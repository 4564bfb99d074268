#include "game/app/words/words_menu_screen.hpp"

#include "engine/text.hpp"
#include "game/app/screens/message_screen.hpp"
#include "game/app/screens/title_screen.hpp"
#include "game/app/words/words_builder_screen.hpp"
#include "game/app/words/words_context.hpp"
#include "game/app/words/words_level_screen.hpp"
#include "gen/words/level_table.hpp"

#include <SDL2/SDL.h>

#include <algorithm>

namespace sawtooth::app {

namespace w = sawtooth::words;

namespace {
enum Row {
    kLevelsHeader,
    kLevel,
    kPlayLevel,
    kMoreHeader,
    kInfinite,
    kDaily,
    kBuilder,
    kHowTo,
    kGap,
    kBack,
    kRowCount
};
}  // namespace

void open_words_menu(Services services, std::optional<std::uint64_t> infinite_seed) {
    std::string error;
    WordsContext* ctx = services.words ? services.words->get(error) : nullptr;
    if (!ctx) {
        if (error.empty()) error = "the word game is not available in this run";
        services.screens->push(
            std::make_unique<MessageScreen>(services, "Elimination", std::vector<std::string>{error}));
        return;
    }
    services.screens->push(std::make_unique<WordsMenuScreen>(services, *ctx, infinite_seed));
}

WordsMenuScreen::WordsMenuScreen(Services services, WordsContext& ctx,
                                 std::optional<std::uint64_t> infinite_seed)
    : m_services(services), m_ctx(&ctx), m_infinite_seed(infinite_seed) {
    // Start on the first level not yet scored, else the highest unlocked one.
    const WordsProgress& p = ctx.progress;
    m_level = std::clamp(p.unlocked, 1, w::kLevelCount);
    for (int l = 1; l <= p.unlocked; ++l)
        if (!p.best_level.count(l)) {
            m_level = l;
            break;
        }
    std::vector<MenuItem> items(kRowCount);
    items[kLevelsHeader] = {"LEVELS", "", false, true};
    items[kLevel] = {"Level", "", true, false, "Left / Right: choose among the unlocked levels"};
    items[kPlayLevel] = {"Play", "", false, false,
                         "Ten challenges; the difficulty rises and falls in a sawtooth"};
    items[kMoreHeader] = {"MORE MODES", "", false, true};
    items[kInfinite] = {"Infinite", "", false, false, "Level after level, always a little harder"};
    items[kDaily] = {"Daily", "", false, false, "One level a day, the same for everyone (UTC date)"};
    items[kBuilder] = {"Builder", "", false, false,
                       "Make your own challenges, see every word they hold, play them"};
    items[kHowTo] = {"How to play"};
    items[kGap] = {"", "", false, true};
    items[kBack] = {"Back"};
    m_menu = Menu(std::move(items), {640, 170, 620, 40, 28});
    m_menu.select(kPlayLevel);
    refresh();
}

void WordsMenuScreen::refresh() {
    const WordsProgress& p = m_ctx->progress;
    const int unlocked = std::clamp(p.unlocked, 1, w::kLevelCount);
    m_level = std::clamp(m_level, 1, unlocked);
    const auto best = p.best_level.find(m_level);
    m_menu.item(kLevel).value =
        std::to_string(m_level) + " / " + std::to_string(w::kLevelCount) +
        (best != p.best_level.end() ? "   best " + std::to_string(best->second) : "   new");
    m_menu.item(kPlayLevel).label = "Play level " + std::to_string(m_level);
    m_menu.item(kInfinite).value = p.infinite_best_level > 0
                                       ? "best: level " + std::to_string(p.infinite_best_level) + ", " +
                                             std::to_string(p.infinite_best_score) + " pts"
                                       : "";
    const auto daily = p.daily.find(m_ctx->today);
    m_menu.item(kDaily).value =
        m_ctx->today + (daily != p.daily.end() ? "   best " + std::to_string(daily->second) : "");
}

void WordsMenuScreen::tick(const engine::Controls& c) {
    refresh();  // progress changes while a level runs above this screen
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    if (a == MenuAction::Back) {
        m_services.screens->pop();
        return;
    }
    if (a == MenuAction::Decrease || a == MenuAction::Increase) {
        m_level += a == MenuAction::Increase ? 1 : -1;
        refresh();
        return;
    }
    if (a != MenuAction::Activate) return;
    WordsRun run;
    switch (m_menu.selected()) {
        case kLevel:
        case kPlayLevel:
            run.level = w::levels_mode_level(m_level);
            break;
        case kInfinite:
            run.infinite_seed = m_infinite_seed.value_or(random_seed());
            run.level = w::infinite_mode_level(run.infinite_seed, 1);
            break;
        case kDaily:
            run.level = w::daily_mode_level(m_ctx->today);
            break;
        case kBuilder:
            open_words_builder(m_services, *m_ctx, default_words_level_path());
            return;
        case kHowTo:
            m_services.screens->push(std::make_unique<MessageScreen>(
                m_services, "How to play",
                std::vector<std::string>{"Remove letters until the ones left spell a word (3+ letters).",
                                         "Click a letter, type it, or use the arrows and Enter.",
                                         "A word scores its length, doubled if it keeps the 2X letter.",
                                         "Stuck? Backspace brings the letters back; the clock keeps running.",
                                         "Ten challenges a level; a level ends early if time runs out."}));
            return;
        case kBack:
            m_services.screens->pop();
            return;
        default:
            return;
    }
    start_words_level(m_services, *m_ctx, std::move(run), m_error);
}

void WordsMenuScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 4.0, 0.0, m_time);
    m_services.text->draw("ELIMINATION", vw / 2, 50, 64, palette::kAccent, engine::Align::Center);
    m_services.text->draw("remove letters until a word remains", vw / 2, 128, 22, palette::kDim,
                          engine::Align::Center);
    const Menu::Layout& L = m_menu.layout();
    draw_panel(r, L.cx - L.width / 2 - 20, L.top - 14, L.width + 40, m_menu.size() * L.row_h + 70);
    m_menu.draw(r, *m_services.text);
    m_services.text->draw("Arrows / WASD + Enter,  mouse,  or gamepad", vw / 2, vh - 40, 18, palette::kDim,
                          engine::Align::Center);
}

}  // namespace sawtooth::app
