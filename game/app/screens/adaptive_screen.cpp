#include "game/app/screens/adaptive_screen.hpp"

#include "engine/text.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/screens/platformer_screen.hpp"
#include "game/app/screens/rating_screen.hpp"
#include "telemetry/store/events.hpp"

#include <SDL2/SDL.h>

#include <cmath>
#include <cstdio>
#include <optional>

namespace sawtooth::app {

/// Collects a level's event rows as the recorder does (same EventExtractor).
class EventCollector : public LevelObserver {
public:
    void on_start(const Simulation& sim) override {
        m_extractor.emplace(sim.level());
        m_extractor->start(sim, m_rows);
    }
    void on_tick(InputFrame, const Simulation& sim) override {
        if (m_extractor) m_extractor->after_step(sim, m_rows);
    }
    const std::vector<telemetry::EventRow>& rows() const { return m_rows; }

private:
    std::optional<telemetry::EventExtractor> m_extractor;
    std::vector<telemetry::EventRow> m_rows;
};

namespace {
enum AdaptiveRow { kAdaptivePlay, kAdaptiveBack, kAdaptiveRows };

std::string percent(double p) { return std::to_string(static_cast<int>(std::lround(100.0 * p))) + " %"; }

std::string signed_2(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f", x);
    return buf;
}
}  // namespace

AdaptiveScreen::AdaptiveScreen(Services services, const analysis::ChallengeModel& model)
    : m_services(services) {
    const analysis::AdaptiveSettings settings{};
    auto shared_model = std::make_shared<const analysis::ChallengeModel>(model);
    auto candidates = std::make_shared<const std::vector<analysis::CandidateLevel>>(
        analysis::make_candidates(settings, *shared_model));
    m_run = std::make_unique<analysis::AdaptiveRun>(settings, shared_model, candidates);
    std::vector<MenuItem> items(kAdaptiveRows);
    items[kAdaptivePlay] = {"Play", "", false, false, "Plays the level chosen for you"};
    items[kAdaptiveBack] = {"Back"};
    m_menu = Menu(std::move(items), {640, 430, 760, 52, 28});
    refresh();
}

void AdaptiveScreen::refresh() {
    const int n = m_run->settings().count;
    m_menu.item(kAdaptivePlay).label = m_run->finished() ? "Run finished" : "Play";
    m_menu.item(kAdaptivePlay).value =
        m_run->finished() ? "" : "level " + std::to_string(m_run->played() + 1) + " of " + std::to_string(n);
}

void AdaptiveScreen::tick(const engine::Controls& c) {
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    if (a == MenuAction::Back || (a == MenuAction::Activate && m_menu.selected() == kAdaptiveBack)) {
        m_services.screens->pop();
        return;
    }
    if (a == MenuAction::Activate && m_menu.selected() == kAdaptivePlay && !m_run->finished()) play_next();
}

void AdaptiveScreen::play_next() {
    const analysis::Choice choice = m_run->next_level();
    const analysis::CandidateLevel& level = m_run->candidate(choice);
    const std::string label = "Adaptive " + std::to_string(m_run->played() + 1) + "/" +
                              std::to_string(m_run->settings().count) + ": predicted success " +
                              percent(choice.predicted_success);
    PlatformerOptions opt;
    opt.title = label;
    opt.quit_label = "Back to adaptive";
    LevelInfo info;
    info.mode = LevelMode::Free;  // recorded like free play: the player chose adaptive play
    info.label = label;
    info.params = level.params;
    auto screen = std::make_unique<PlatformerScreen>(m_services, level.generated.level, opt,
                                                     [this](const LevelResult&) {
                                                         // This screen stays below the level.
                                                         m_services.screens->pop();
                                                         level_ended();
                                                     });
    m_events = std::make_shared<EventCollector>();
    if (m_services.on_level_start) m_services.on_level_start(*screen, info);
    screen->add_observer(m_events);
    m_services.screens->push(std::move(screen));
}

// Updates the estimate from the level just played, then offers the rating.
void AdaptiveScreen::level_ended() {
    const std::string title = "Adaptive level " + std::to_string(m_run->played() + 1);
    m_run->record_outcome(m_events->rows());
    m_events.reset();
    m_status = title + " done";
    refresh();
    RatingTarget target;
    if (m_services.recorder) target.level_id = m_services.recorder->last_level_id();
    target.title = title;
    if (auto rating = make_rating_screen(m_services, target, [this] { m_services.screens->pop(); }))
        m_services.screens->push(std::move(rating));
}

void AdaptiveScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 3.0, 0.0, m_time);
    draw_panel(r, vw / 2.0f - 420, 50, 840, vh - 110.0f);
    m_services.text->draw("Adaptive", vw / 2, 70, 48, palette::kText, engine::Align::Center);
    const analysis::SkillEstimate& e = m_run->estimate();
    m_services.text->draw("Your skill estimate: " + signed_2(e.mean()) + " +/- " + signed_2(e.sd()).substr(1),
                          vw / 2, 150, 24, palette::kText, engine::Align::Center);
    m_services.text->draw("0 = the model's average player; from " + std::to_string(e.attempts()) +
                              " challenges of this run, " + std::to_string(e.successes()) + " passed",
                          vw / 2, 185, 18, palette::kDim, engine::Align::Center);
    draw_next_level(vw);
    m_menu.draw(r, *m_services.text);
    if (!m_status.empty())
        m_services.text->draw(m_status, vw / 2, vh - 100, 20, palette::kGood, engine::Align::Center);
}

// The chosen level (seed and room size: each seed is a candidate in two sizes), its
// predicted success, and what the chooser aimed at (the target moved by the outcomes).
void AdaptiveScreen::draw_next_level(int vw) {
    const analysis::Choice next = m_run->next_level();
    if (next.candidate < 0) {
        m_services.text->draw("All " + std::to_string(m_run->played()) + " levels played", vw / 2, 240, 22,
                              palette::kGood, engine::Align::Center);
        return;
    }
    const GenParams& p = m_run->candidate(next).params;
    m_services.text->draw("Next level: seed " + std::to_string(p.seed) + ", rooms " +
                              std::to_string(p.room_w) + "x" + std::to_string(p.room_h) +
                              ", predicted success for you " + percent(next.predicted_success),
                          vw / 2, 240, 22, palette::kGood, engine::Align::Center);
    m_services.text->draw("aimed at " + percent(m_run->aim()) + ": the target " +
                              percent(m_run->settings().target) +
                              ", moved by the levels you have won or lost",
                          vw / 2, 275, 18, palette::kDim, engine::Align::Center);
}

}  // namespace sawtooth::app
