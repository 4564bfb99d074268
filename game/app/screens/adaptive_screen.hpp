#pragma once
// Adaptive free play (docs/difficulty.md §12): the card between the levels of an adaptive run.
// Each level is chosen by the adaptive chooser (telemetry/analysis/adaptive.hpp) from the
// player's own event traces of this run, collected while the level is played (the rows
// the recorder stores, so the estimate is the same with or without recording); each is
// recorded like a free-play level (mode "free") and followed by the rating screen as free
// play is. The card shows the skill estimate and the next level's predicted success; the
// HUD title repeats the prediction. Needs the difficulty model the F1 overlay uses
// (Services::overlay_model); FreePlayScreen only offers the entry when it is there.
// Does not: choose or estimate anything itself (the library does), or touch the simulation.

#include "game/app/core/screen.hpp"
#include "game/app/widgets/ui.hpp"
#include "telemetry/analysis/adaptive.hpp"

#include <memory>
#include <string>

namespace sawtooth::app {

class EventCollector;

/// The card of an adaptive run.
class AdaptiveScreen : public Screen {
public:
    /// Generates the candidates of the default AdaptiveSettings (10 levels chosen among
    /// seeds 1..200, target 0.7) with `model` (a second or so).
    AdaptiveScreen(Services services, const analysis::ChallengeModel& model);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "adaptive"; }

private:
    void draw_next_level(int vw);
    void refresh();
    void play_next();
    void level_ended();

    Services m_services;
    std::unique_ptr<analysis::AdaptiveRun> m_run;
    std::shared_ptr<EventCollector> m_events;  ///< rows of the level in play
    Menu m_menu;
    std::string m_status;
    double m_time = 0.0;
};

}  // namespace sawtooth::app
