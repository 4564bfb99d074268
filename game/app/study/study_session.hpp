#pragma once
// The thesis' user-study session (§4.2, SPEC P4): tutorial 1 (controls, find the exit),
// tutorial 2 (touch each trap), then the ten generated levels of the study plan
// (gen/study_plan.hpp: seeds derived from one session seed, trap timing following the level
// index), then a results screen. Between levels a card shows what comes next; every level can be
// skipped (a switch event) and every level is announced to Services::on_level_start.
// After each of the ten levels the rating screen asks for a rating (when it is on).
// A session may play a level pack's levels (`sawtooth --thesis-session --pack FILE`) in place of the
// drawn ones: the tutorials stay, the pack's levels follow in its order, as many as it holds.
// A study protocol run (protocol_run.hpp) plays its condition's levels the same way, with
// tutorials and ratings as the protocol says and its questionnaires and breaks between levels
// (an adaptive condition chooses each level through StudyConfig::choose_level and level_ended).

#include "game/app/core/screen.hpp"
#include "game/app/screens/platformer_screen.hpp"
#include "game/app/widgets/ui.hpp"
#include "gen/study_plan.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::app {

/// What a study session plays: the thesis plan (gen/study_plan.hpp), a pack's levels, or a
/// protocol condition's.
struct StudyConfig {
    int levels = kStudyLevels;  ///< generated levels after the tutorials
    StudyLevelShape shape;      ///< drawn levels' size and trap density
    /// Non-empty: play these levels in order instead of drawing them (`levels` is then
    /// their count); read and checked by telemetry::read_pack.
    std::vector<GenParams> pack_levels;
    std::string pack_name;   ///< shown on the results (and the cards, as "Pack: NAME")
    std::string card_label;  ///< the cards' line under a level's title ("" = "Pack: NAME" or the drawn text)
    bool tutorials = true;   ///< play the two tutorials first
    bool ratings = true;     ///< offer the rating screen after each level (and the setting is on)
    int resume_at = 0;       ///< levels already played elsewhere: start at level resume_at + 1 (no tutorials)
    /// Set (with `levels`, no pack_levels): fills the generator parameters of level k (1-based)
    /// when level k starts, or returns why there is none (the level then counts as skipped);
    /// an adaptive protocol condition chooses each level from the ones before.
    std::function<std::string(int k, GenParams& params)> choose_level;
    /// Set: runs when level k (1-based) ends, before its rating; its recording is complete.
    std::function<void(int k)> level_ended;
    /// Set: runs after level k (1-based, after its rating) when the session goes on, and
    /// after the last level; it shows its screens and calls `next` once to continue.
    std::function<void(int k, std::function<void()> next)> interlude;
    /// Set: runs once when the results are shown (after they are on the screen stack, so a
    /// screen it pushes comes above them), with true when every level was played.
    std::function<void(bool completed)> on_end;
    std::string results_subtitle;  ///< "" = the session seed (and pack)
};

/// One row of the results.
struct StageResult {
    std::string name;  ///< "Tutorial 1", "Level 3"
    bool tutorial = false;
    bool played = false;  ///< false: the session ended before it
    LevelOutcome outcome = LevelOutcome::Quit;
    int deaths = 0;
    std::uint64_t ticks = 0;
    std::uint64_t seed = 0;  ///< generated levels only
};

/// Runs a study session on the screen stack (owned by its own screens' callbacks).
class StudySession : public std::enable_shared_from_this<StudySession> {
public:
    StudySession(Services services, std::uint64_t session_seed, StudyConfig config = {});
    /// Shows the first card; call once after construction via make_shared.
    void start();
    /// Tutorials played before the levels (2, or 0 when off).
    int tutorials() const { return m_tutorials; }
    /// Stage count (tutorials + levels).
    int stage_count() const { return static_cast<int>(m_results.size()); }
    const std::vector<StageResult>& results() const { return m_results; }
    std::uint64_t seed() const { return m_seed; }
    /// The cards' line under a level's title ("" for drawn levels).
    const std::string& card_label() const { return m_config.card_label; }
    /// Stage currently shown or played.
    int stage() const { return m_stage; }
    /// Starts the level of the current stage (called by the card).
    void play_current();
    /// Ends the session now and shows the results.
    void show_results();

private:
    void level_done(int stage, const LevelResult& result);
    /// After a level (and its rating): the next card, or the results after the last
    /// level or when the player ended the session (`quit`).
    void after_level(int stage, bool quit);
    void show_card();
    /// The generated level of study level k (1-based): the pack's, else drawn from the seed.
    std::string level_for(int k, Level& level, GenParams& params) const;

    Services m_services;
    std::uint64_t m_seed;
    StudyConfig m_config;
    int m_tutorials = 0;
    int m_first_stage = 0;  ///< the stage start() shows first (after resumed levels)
    std::vector<StageResult> m_results;
    int m_stage = 0;
    bool m_ended = false;
};

/// The results table of a study session; Enter returns to the title.
class ResultsScreen : public Screen {
public:
    ResultsScreen(Services services, std::vector<StageResult> results, std::string subtitle);
    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "results"; }

private:
    Services m_services;
    std::vector<StageResult> m_results;
    std::string m_subtitle;
    Menu m_menu;
    double m_time = 0.0;
};

/// Deterministic made-up results for the README screenshot (`--screen results`).
std::vector<StageResult> demo_results();

}  // namespace sawtooth::app
