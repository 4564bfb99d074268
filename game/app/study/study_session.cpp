#include "game/app/study/study_session.hpp"

#include "engine/draw.hpp"
#include "engine/text.hpp"
#include "game/app/core/level_source.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/screens/message_screen.hpp"
#include "game/app/screens/rating_screen.hpp"
#include "game/app/widgets/sound_bank.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

namespace sawtooth::app {

namespace {

constexpr int kTutorials = std::size(kStudyTutorialFiles);
const char* const kTutorialTitles[kTutorials] = {"Controls", "Traps"};
const char* const kTutorialLines[kTutorials][3] = {
    {"Run, jump, hang on ledges and find the exit gate.", "Arrows or WASD move, Up / W / Space jumps.",
     "Falling past a ledge grabs it: jump again to climb, Down lets go."},
    {"Four traps: saw, wall spikes, squeeze and mine.",
     "Touch each one: dying here is fine, it is how you learn them.",
     "Watch for the yellow warning before a trap turns deadly."},
};

const char* outcome_text(const StageResult& r) {
    if (!r.played) return "-";
    switch (r.outcome) {
        case LevelOutcome::Completed:
            return "completed";
        case LevelOutcome::Skipped:
            return "skipped";
        case LevelOutcome::Quit:
            return "quit";
    }
    return "?";
}

// The card shown before each stage: what comes next, progress, Start / End session.
class StageCardScreen : public Screen {
public:
    StageCardScreen(Services services, std::shared_ptr<StudySession> session)
        : m_services(services), m_session(std::move(session)) {
        m_menu = Menu({{"Start"}, {"End session", "", false, false, "Shows the results so far"}},
                      {640, 470, 400, 56, 30});
    }
    void tick(const engine::Controls& c) override {
        const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
        if (a == MenuAction::Activate && m_menu.selected() == 0) m_session->play_current();
        if (a == MenuAction::Activate && m_menu.selected() == 1) m_session->show_results();
        if (a == MenuAction::Back) m_menu.select(1);
    }
    std::string name() const override { return "card " + std::to_string(m_session->stage() + 1); }
    void render(SDL_Renderer* r, double, double real_dt) override {
        int vw = 0, vh = 0;
        SDL_RenderGetLogicalSize(r, &vw, &vh);
        m_time += real_dt;
        draw_backdrop(r, vw, vh, m_time * 3.0 + m_session->stage() * 40.0, 0.0, m_time);
        draw_panel(r, vw / 2.0f - 460, 90, 920, 540);
        auto& text = *m_services.text;
        const int stage = m_session->stage();
        std::string title, sub;
        std::vector<std::string> lines;
        const int tutorials = m_session->tutorials();
        if (stage < tutorials) {
            title = "Tutorial " + std::to_string(stage + 1) + " of 2";
            sub = kTutorialTitles[stage];
            for (const char* l : kTutorialLines[stage]) lines.emplace_back(l);
        } else {
            const int k = stage - tutorials + 1;
            title =
                "Level " + std::to_string(k) + " / " + std::to_string(m_session->stage_count() - tutorials);
            const std::string& label = m_session->card_label();
            sub = !label.empty() ? label
                  : k == 1       ? "The study begins"
                                 : "Traps get faster over the first five levels";
            lines = {label.empty() ? "Reach the exit gate on the right." : "Reach the exit gate.",
                     "Stuck? Tab (pad Y) skips the level: that is fine.", "Esc pauses."};
        }
        text.draw(title, vw / 2, 120, 56, palette::kText, engine::Align::Center);
        text.draw(sub, vw / 2, 196, 28, palette::kAccent, engine::Align::Center);
        for (std::size_t i = 0; i < lines.size(); ++i)
            text.draw(lines[i], vw / 2, 262 + static_cast<int>(i) * 36, 22, palette::kDim,
                      engine::Align::Center);
        // Progress: one pip per stage, coloured by outcome.
        const auto& res = m_session->results();
        const float pip = 26, gap = 12;
        const float total = res.size() * pip + (res.size() - 1) * gap;
        for (std::size_t i = 0; i < res.size(); ++i) {
            const float x = vw / 2.0f - total / 2 + i * (pip + gap);
            engine::Color c = {60, 64, 90};
            if (res[i].played)
                c = res[i].outcome == LevelOutcome::Completed ? palette::kGood : palette::kAccent;
            if (static_cast<int>(i) == stage) c = palette::kText;
            engine::fill_rect(r, x, 410, pip, res[i].tutorial ? pip * 0.6f : pip, c);
        }
        if (stage > 0 && res[static_cast<std::size_t>(stage - 1)].played) {
            const StageResult& prev = res[static_cast<std::size_t>(stage - 1)];
            text.draw(prev.name + ": " + outcome_text(prev) + ", " + std::to_string(prev.deaths) +
                          " deaths, " + format_ticks(prev.ticks),
                      vw / 2, 370, 20, palette::kDim, engine::Align::Center);
        }
        m_menu.draw(r, text);
    }

private:
    Services m_services;
    std::shared_ptr<StudySession> m_session;
    Menu m_menu;
    double m_time = 0.0;
};

}  // namespace

StudySession::StudySession(Services services, std::uint64_t session_seed, StudyConfig config)
    : m_services(std::move(services)), m_seed(session_seed), m_config(std::move(config)) {
    if (!m_config.pack_levels.empty()) m_config.levels = static_cast<int>(m_config.pack_levels.size());
    if (m_config.card_label.empty() && !m_config.pack_name.empty())
        m_config.card_label = "Pack: " + m_config.pack_name;
    m_tutorials = m_config.tutorials && m_config.resume_at == 0 ? kTutorials : 0;
    m_first_stage =
        m_config.resume_at;  // resuming plays no tutorials: level resume_at + 1 is stage resume_at
    for (int i = 0; i < m_tutorials; ++i) {
        StageResult r;
        r.name = "Tutorial " + std::to_string(i + 1);
        r.tutorial = true;
        m_results.push_back(r);
    }
    for (int k = 1; k <= m_config.levels; ++k) {
        StageResult r;
        r.name = "Level " + std::to_string(k);
        m_results.push_back(r);
    }
}

void StudySession::start() {
    m_stage = m_first_stage;
    m_services.screens->push(std::make_unique<StageCardScreen>(m_services, shared_from_this()));
}

void StudySession::show_card() {
    m_services.screens->replace(std::make_unique<StageCardScreen>(m_services, shared_from_this()));
}

void StudySession::play_current() {
    Level level;
    LevelInfo info;
    PlatformerOptions opt;
    opt.allow_skip = true;
    opt.quit_label = "End session";
    std::string err;
    if (m_stage < m_tutorials) {
        info.mode = LevelMode::Tutorial;
        info.index = m_stage + 1;
        info.count = kTutorials;
        info.file = m_services.asset_dir + "/levels/" + kStudyTutorialFiles[m_stage];
        err = read_level_file(info.file, level);
        opt.title = "Tutorial " + std::to_string(m_stage + 1) + "/2: " + kTutorialTitles[m_stage];
        opt.trap_checklist = m_stage == 1;
    } else {
        const int k = m_stage - m_tutorials + 1;
        info.mode = LevelMode::Study;
        info.index = k;
        info.count = m_config.levels;
        GenParams p;
        err = level_for(k, level, p);
        info.params = p;
        m_results[static_cast<std::size_t>(m_stage)].seed = p.seed;
        opt.title = "Level " + std::to_string(k) + "/" + std::to_string(m_config.levels);
    }
    if (!err.empty()) {
        // A broken install (missing tutorial) or a generator failure: say so, keep going.
        m_results[static_cast<std::size_t>(m_stage)].played = true;
        m_results[static_cast<std::size_t>(m_stage)].outcome = LevelOutcome::Skipped;
        ++m_stage;
        if (m_stage >= stage_count())
            show_results();
        else
            show_card();
        // Pushed after the replace so it lies on top of the next card.
        m_services.screens->push(std::make_unique<MessageScreen>(
            m_services, "Cannot load this level", std::vector<std::string>{err, "It counts as skipped."}));
        return;
    }
    info.label = opt.title;
    const int stage = m_stage;
    auto self = shared_from_this();
    auto screen = std::make_unique<PlatformerScreen>(
        m_services, level, opt, [self, stage](const LevelResult& r) { self->level_done(stage, r); });
    if (m_services.on_level_start) m_services.on_level_start(*screen, info);
    m_services.screens->replace(std::move(screen));
}

std::string StudySession::level_for(int k, Level& level, GenParams& params) const {
    if (!m_config.pack_levels.empty()) {
        params = m_config.pack_levels[static_cast<std::size_t>(k - 1)];
        return generate_for_play(params, level);
    }
    if (m_config.choose_level) {
        if (std::string err = m_config.choose_level(k, params); !err.empty()) return err;
        return generate_for_play(params, level);
    }
    StudyLevel drawn = draw_study_level(m_seed, k, m_config.shape);
    params = drawn.params;
    if (drawn.ok) level = std::move(drawn.level);
    return drawn.error;
}

void StudySession::level_done(int stage, const LevelResult& result) {
    StageResult& r = m_results[static_cast<std::size_t>(stage)];
    r.played = true;
    r.outcome = result.outcome;
    r.deaths = result.deaths;
    r.ticks = result.ticks;
    if (m_config.level_ended && stage >= m_tutorials) m_config.level_ended(stage - m_tutorials + 1);
    auto self = shared_from_this();
    auto next = [self, stage, quit = result.outcome == LevelOutcome::Quit] {
        self->after_level(stage, quit);
    };
    // The ten study levels are rated (the tutorials teach; their ratings would say nothing
    // about generated levels), whatever their outcome: a skipped level's rating says why.
    RatingTarget target;
    if (m_services.recorder && stage >= m_tutorials) target.level_id = m_services.recorder->last_level_id();
    target.title = r.name + " of " + std::to_string(m_config.levels);
    if (auto rating = m_config.ratings ? make_rating_screen(m_services, target, next) : nullptr) {
        m_services.screens->replace(std::move(rating));
        return;
    }
    next();
}

void StudySession::after_level(int stage, bool quit) {
    if (quit) {
        show_results();
        return;
    }
    m_stage = stage + 1;
    auto self = shared_from_this();
    auto next = [self] {
        if (self->m_stage >= self->stage_count())
            self->show_results();
        else
            self->show_card();
    };
    if (m_config.interlude && stage >= m_tutorials)
        m_config.interlude(stage - m_tutorials + 1, next);
    else
        next();
}

void StudySession::show_results() {
    const bool first_end = !m_ended;
    m_ended = true;
    const std::string seed = "Session seed " + std::to_string(m_seed);
    std::string subtitle = m_config.results_subtitle;
    if (subtitle.empty())
        subtitle = m_config.pack_name.empty() ? seed : "Pack " + m_config.pack_name + ", " + seed;
    m_services.screens->replace(std::make_unique<ResultsScreen>(m_services, m_results, std::move(subtitle)));
    if (m_config.on_end && first_end)  // after the results, so a page it pushes comes above them
        m_config.on_end(
            std::all_of(m_results.begin() + m_first_stage, m_results.end(),
                        [](const StageResult& r) { return r.played && r.outcome != LevelOutcome::Quit; }));
}

ResultsScreen::ResultsScreen(Services services, std::vector<StageResult> results, std::string subtitle)
    : m_services(services), m_results(std::move(results)), m_subtitle(std::move(subtitle)) {
    m_menu = Menu({{"Back to title"}}, {640, 600, 360, 52, 28});
    if (m_services.sounds) m_services.sounds->play(Sfx::Exit, 0.7);
}

void ResultsScreen::tick(const engine::Controls& c) {
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    if (a == MenuAction::Activate || a == MenuAction::Back) m_services.screens->pop();
}

void ResultsScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_time += real_dt;
    draw_backdrop(r, vw, vh, m_time * 2.0, 0.0, m_time);
    draw_panel(r, vw / 2.0f - 440, 20, 880, 560);
    auto& text = *m_services.text;
    text.draw("Session results", vw / 2, 30, 44, palette::kText, engine::Align::Center);
    text.draw(m_subtitle, vw / 2, 84, 18, palette::kDim, engine::Align::Center);

    const int cols[] = {vw / 2 - 400, vw / 2 - 170, vw / 2 + 50, vw / 2 + 250, vw / 2 + 400};
    const int row_h = 30, top = 120, px = 22;
    text.draw("Level", cols[0], top, px, palette::kAccent);
    text.draw("Result", cols[1], top, px, palette::kAccent);
    text.draw("Deaths", cols[3], top, px, palette::kAccent, engine::Align::Right);
    text.draw("Time", cols[4], top, px, palette::kAccent, engine::Align::Right);
    engine::fill_rect(r, cols[0] - 10.0f, top + row_h - 2.0f, cols[4] - cols[0] + 20.0f, 2,
                      {255, 206, 96, 120});
    int deaths = 0, completed = 0, skipped = 0, levels = 0;
    std::uint64_t ticks = 0;
    int y = top + row_h + 6;
    for (std::size_t i = 0; i < m_results.size(); ++i) {
        const StageResult& s = m_results[i];
        if (i % 2 == 0)
            engine::fill_rect(r, cols[0] - 10.0f, static_cast<float>(y) - 2, cols[4] - cols[0] + 20.0f, row_h,
                              {255, 255, 255, 10});
        const engine::Color c = !s.played                              ? engine::Color{110, 114, 134}
                                : s.outcome == LevelOutcome::Completed ? palette::kGood
                                : s.outcome == LevelOutcome::Skipped   ? palette::kAccent
                                                                       : palette::kBad;
        text.draw(s.name, cols[0], y, px, s.tutorial ? palette::kDim : palette::kText);
        text.draw(outcome_text(s), cols[1], y, px, c);
        if (s.seed) text.draw("seed " + std::to_string(s.seed), cols[1] + 130, y + 4, 15, {120, 124, 146});
        text.draw(s.played ? std::to_string(s.deaths) : "-", cols[3], y, px, palette::kText,
                  engine::Align::Right);
        text.draw(s.played ? format_ticks(s.ticks) : "-", cols[4], y, px, palette::kText,
                  engine::Align::Right);
        if (!s.tutorial && s.played) {
            ++levels;
            deaths += s.deaths;
            ticks += s.ticks;
            completed += s.outcome == LevelOutcome::Completed;
            skipped += s.outcome == LevelOutcome::Skipped;
        }
        y += row_h;
    }
    engine::fill_rect(r, cols[0] - 10.0f, y + 2.0f, cols[4] - cols[0] + 20.0f, 2, {255, 206, 96, 120});
    y += 10;
    text.draw("Total (" + std::to_string(levels) + " levels)", cols[0], y, px, palette::kAccent);
    text.draw(std::to_string(completed) + " completed, " + std::to_string(skipped) + " skipped", cols[1], y,
              px, palette::kText);
    text.draw(std::to_string(deaths), cols[3], y, px, palette::kAccent, engine::Align::Right);
    text.draw(format_ticks(ticks), cols[4], y, px, palette::kAccent, engine::Align::Right);
    m_menu.draw(r, text);
}

std::vector<StageResult> demo_results() {
    // Shaped like a real session: tutorials, deaths rising with the trap speed, one skip.
    const int deaths[] = {0, 5, 1, 2, 4, 3, 7, 5, 0, 6, 4, 8};
    const int seconds[] = {48, 95, 62, 71, 88, 80, 131, 104, 45, 117, 96, 140};
    std::vector<StageResult> out;
    for (int i = 0; i < 12; ++i) {
        StageResult r;
        r.tutorial = i < kTutorials;
        r.name = r.tutorial ? "Tutorial " + std::to_string(i + 1) : "Level " + std::to_string(i - 1);
        r.played = true;
        r.outcome = i == 10 ? LevelOutcome::Skipped : LevelOutcome::Completed;
        r.deaths = deaths[i];
        r.ticks =
            static_cast<std::uint64_t>(seconds[i]) * kTicksPerSecond + static_cast<std::uint64_t>(i * 7);
        if (!r.tutorial) r.seed = study_level_params(1234, i - 1).seed;
        out.push_back(r);
    }
    return out;
}

}  // namespace sawtooth::app
