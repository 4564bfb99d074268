#include "game/app/study/protocol_run.hpp"

#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/screens/message_screen.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/study/study_session.hpp"
#include "game/app/widgets/ui.hpp"
#include "gen/printable.hpp"
#include "telemetry/analysis/adaptive.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/study/study_status.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace sawtooth::app {

namespace {

using telemetry::QuestionItem;
using telemetry::Questionnaire;
using telemetry::StudyProtocol;

constexpr std::size_t kWrapChars = 64;   // consent and question lines, at 24 px in the 840 px panel
constexpr std::size_t kMaxIdChars = 40;  // a participant id field longer than any real id

// The library's settings of an adaptive condition (its candidates in the default shape).
analysis::AdaptiveSettings adaptive_settings(const telemetry::ConditionLevels& levels) {
    analysis::AdaptiveSettings settings;
    settings.count = levels.count;
    settings.target = levels.target;
    settings.model = levels.model_file;
    settings.model_hash = levels.model_hash;
    settings.first_seed = levels.seed_range->first;
    settings.last_seed = levels.seed_range->last;
    return settings;
}

// `text` broken at spaces into lines of at most `width` characters (longer words stay whole).
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
    std::vector<std::string> lines;
    std::string line, word;
    auto flush_word = [&] {
        if (word.empty()) return;
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            lines.push_back(line);
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        word.clear();
    };
    for (char ch : text) {
        if (ch == ' ' || ch == '\n') {
            flush_word();
            if (ch == '\n' && !line.empty()) lines.push_back(std::exchange(line, {}));
        } else {
            word += ch;
        }
    }
    flush_word();
    if (!line.empty()) lines.push_back(line);
    return lines;
}

// The anchor shown beside Likert point p (1-based): anchors label every point or the two ends.
std::string point_label(const QuestionItem& item, int p) {
    const auto& a = item.anchors;
    if (static_cast<int>(a.size()) == item.points) return a[static_cast<std::size_t>(p - 1)];
    if (a.size() == 2 && p == 1) return a[0];
    if (a.size() == 2 && p == item.points) return a[1];
    return {};
}

// Title, wrapped text and a menu on the usual backdrop and panel.
void draw_page(SDL_Renderer* r, const Services& s, double time, const std::string& title,
               const std::vector<std::string>& lines) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    draw_backdrop(r, vw, vh, time * 2.0, 0.0, time);
    draw_panel(r, vw / 2.0f - 440, 30, 880, vh - 60.0f);
    s.text->draw(title, vw / 2, 50, 40, palette::kText, engine::Align::Center);
    for (std::size_t i = 0; i < lines.size(); ++i)
        s.text->draw(lines[i], vw / 2, 118 + static_cast<int>(i) * 32, 22, palette::kDim,
                     engine::Align::Center);
}

class ProtocolRun;

// The consent text with "I agree" / "I do not agree"; Esc declines too.
class ConsentScreen : public Screen {
public:
    ConsentScreen(Services services, std::shared_ptr<ProtocolRun> run, const StudyProtocol& protocol)
        : m_services(std::move(services)),
          m_run(std::move(run)),
          m_title(protocol.name),
          m_lines(wrap(protocol.consent, kWrapChars)) {
        m_menu = Menu({{"I agree"}, {"I do not agree"}}, {640, 520, 420, 56, 30});
    }
    void tick(const engine::Controls& c) override;
    void render(SDL_Renderer* r, double, double real_dt) override {
        m_time += real_dt;
        draw_page(r, m_services, m_time, m_title, m_lines);
        m_menu.draw(r, *m_services.text);
    }
    std::string name() const override { return "consent"; }

private:
    Services m_services;
    std::shared_ptr<ProtocolRun> m_run;
    std::string m_title;
    std::vector<std::string> m_lines;
    Menu m_menu;
    double m_time = 0.0;
};

// The participant id: typed or scanned (a scanner types the id and Enter), or Tab for a
// new one. Letter keys also steer menus, so this screen has no menu: Enter, Tab, Esc.
class ParticipantScreen : public Screen {
public:
    ParticipantScreen(Services services, std::shared_ptr<ProtocolRun> run)
        : m_services(std::move(services)), m_run(std::move(run)) {}
    void tick(const engine::Controls& c) override;
    void render(SDL_Renderer* r, double, double real_dt) override;
    std::string name() const override { return "participant"; }

private:
    Services m_services;
    std::shared_ptr<ProtocolRun> m_run;
    std::string m_id;
    std::string m_error;
    double m_time = 0.0;
};

// One questionnaire, one item per page: a menu of the Likert points or the options
// (arrows + Enter, the mouse, or a digit 1-9); Esc or Backspace skips the item.
class QuestionnaireScreen : public Screen {
public:
    QuestionnaireScreen(Services services, const Questionnaire& questionnaire, int after_level,
                        std::int64_t session_id, std::function<void()> next)
        : m_services(std::move(services)),
          m_questionnaire(questionnaire),
          m_after_level(after_level),
          m_session_id(session_id),
          m_next(std::move(next)) {
        show_item();
    }
    void tick(const engine::Controls& c) override;
    void render(SDL_Renderer* r, double, double real_dt) override {
        m_time += real_dt;
        const QuestionItem& item = m_questionnaire.items[m_item];
        draw_page(
            r, m_services, m_time,
            "Question " + std::to_string(m_item + 1) + " of " + std::to_string(m_questionnaire.items.size()),
            wrap(item.text, kWrapChars));
        m_menu.draw(r, *m_services.text);
        int vw = 0, vh = 0;
        SDL_RenderGetLogicalSize(r, &vw, &vh);
        m_services.text->draw("Digits, arrows + Enter, or click.  Esc: skip this question", vw / 2, vh - 70,
                              18, palette::kDim, engine::Align::Center);
    }
    std::string name() const override { return "questionnaire"; }

private:
    void show_item();
    void answer(std::optional<int> value);

    Services m_services;
    const Questionnaire& m_questionnaire;
    int m_after_level;
    std::int64_t m_session_id;
    std::function<void()> m_next;
    std::size_t m_item = 0;
    std::uint32_t m_ticks = 0;
    Menu m_menu;
    double m_time = 0.0;
    bool m_done = false;
};

// A break: the protocol's text and Continue.
class BreakPage : public Screen {
public:
    BreakPage(Services services, std::string text, std::function<void()> next)
        : m_services(std::move(services)), m_lines(wrap(text, kWrapChars)), m_next(std::move(next)) {
        m_menu = Menu({{"Continue"}}, {640, 520, 360, 56, 30});
    }
    void tick(const engine::Controls& c) override {
        if (m_done || m_menu.update(c, m_services.ui, m_services.sounds) != MenuAction::Activate) return;
        m_done = true;
        m_next();
    }
    void render(SDL_Renderer* r, double, double real_dt) override {
        m_time += real_dt;
        draw_page(r, m_services, m_time, "Break", m_lines);
        m_menu.draw(r, *m_services.text);
    }
    std::string name() const override { return "break"; }

private:
    Services m_services;
    std::vector<std::string> m_lines;
    std::function<void()> m_next;
    Menu m_menu;
    double m_time = 0.0;
    bool m_done = false;
};

// The run: owns the protocol, and once the participant is known, the study session.
class ProtocolRun : public std::enable_shared_from_this<ProtocolRun> {
public:
    ProtocolRun(Services services, StudyProtocol protocol, std::uint64_t seed)
        : m_services(std::move(services)), m_protocol(std::move(protocol)), m_seed(seed) {}

    void start() {
        m_services.screens->push(std::make_unique<ConsentScreen>(m_services, shared_from_this(), m_protocol));
    }
    void agreed() {
        m_services.screens->replace(std::make_unique<ParticipantScreen>(m_services, shared_from_this()));
    }
    void declined() {
        m_services.screens->replace(std::make_unique<MessageScreen>(
            m_services, "No study run",
            std::vector<std::string>{"You did not agree: nothing was recorded.", "Thank you."}));
    }
    GameRecorder& recorder() { return *m_services.recorder; }
    /// Assigns the condition and starts the session of `participant` (who exists).
    void begin(const std::string& participant);

private:
    StudyConfig study_config(const telemetry::Condition& condition, const std::vector<int>& order);
    /// After level k: its questionnaires, then its break, then `next`.
    void interlude(int k, std::function<void()> next);
    void show_pages(std::vector<std::function<void(std::function<void()>)>> pages, std::size_t i,
                    std::function<void()> next);
    /// An adaptive condition's run, its estimate rebuilt from the levels `participant` ended before.
    std::string start_adaptive(const std::string& participant);
    /// Level k of an adaptive condition: the run's next choice.
    std::string choose_adaptive(GenParams& params) const;
    /// Level k ended: the run reads its recorded events.
    void adaptive_level_ended();

    Services m_services;
    StudyProtocol m_protocol;
    std::uint64_t m_seed;
    const telemetry::Condition* m_condition = nullptr;
    std::int64_t m_session_id = 0;
    std::unique_ptr<analysis::AdaptiveRun> m_adaptive;
};

void ConsentScreen::tick(const engine::Controls& c) {
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    if (a == MenuAction::Activate && m_menu.selected() == 0)
        m_run->agreed();
    else if (a == MenuAction::Activate || a == MenuAction::Back)
        m_run->declined();
}

void ParticipantScreen::tick(const engine::Controls& c) {
    if (m_services.ui)
        for (char ch : m_services.ui->typed)
            if ((std::isalnum(static_cast<unsigned char>(ch)) || ch == '-') && m_id.size() < kMaxIdChars)
                m_id += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (c.pressed(engine::Control::Back) && !m_id.empty()) m_id.pop_back();
    if (c.pressed(engine::Control::Pause)) {
        m_services.screens->pop();  // back to the title; nothing was recorded
        return;
    }
    telemetry::Store& store = m_run->recorder().store();
    try {
        if (c.pressed(engine::Control::Skip)) {
            m_id = store.create_participant();
            m_error.clear();
        }
        if (!c.pressed(engine::Control::Confirm) || m_id.empty()) return;
        if (!store.has_participant(m_id)) {
            m_error = "No participant " + m_id + " in this database.";
            return;
        }
        m_run->begin(m_id);
    } catch (const std::exception& e) {
        m_error = one_line(e.what());
    }
}

void ParticipantScreen::render(SDL_Renderer* r, double, double real_dt) {
    m_time += real_dt;
    draw_page(r, m_services, m_time, "Participant",
              {"Type or scan the participant id, then Enter.",
               "Tab: a new participant id (sawtooth-lab participant new "
               "makes them ahead)."});
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    const bool cursor = static_cast<int>(m_time * 2) % 2 == 0;
    m_services.text->draw(m_id + (cursor ? "_" : " "), vw / 2, 300, 48, palette::kAccent,
                          engine::Align::Center);
    if (!m_error.empty())
        m_services.text->draw(m_error, vw / 2, 400, 22, palette::kBad, engine::Align::Center);
    m_services.text->draw("Enter: continue   Backspace: delete   Esc: cancel", vw / 2, vh - 70, 18,
                          palette::kDim, engine::Align::Center);
}

void QuestionnaireScreen::show_item() {
    const QuestionItem& item = m_questionnaire.items[m_item];
    std::vector<MenuItem> rows;
    if (item.type == QuestionItem::Type::Likert) {
        for (int p = 1; p <= item.points; ++p) rows.emplace_back(std::to_string(p), point_label(item, p));
    } else {
        for (std::size_t i = 0; i < item.options.size(); ++i)
            rows.emplace_back(std::to_string(i + 1) + "  " + item.options[i]);
    }
    const float row_h = rows.size() > 7 ? 36.0f : 46.0f;
    m_menu = Menu(std::move(rows), {640, 250, 620, row_h, 26});
    m_ticks = 0;
}

void QuestionnaireScreen::tick(const engine::Controls& c) {
    if (m_done) return;
    ++m_ticks;
    const int n = m_menu.size();
    if (m_services.ui)
        for (char ch : m_services.ui->typed)
            if (ch >= '1' && ch <= '9' && ch - '0' <= n) {
                answer(ch - '0');
                return;
            }
    const MenuAction a = m_menu.update(c, m_services.ui, m_services.sounds);
    if (a == MenuAction::Activate) answer(m_menu.selected() + 1);
    if (a == MenuAction::Back || c.pressed(engine::Control::Pause)) answer(std::nullopt);
}

void QuestionnaireScreen::answer(std::optional<int> value) {
    const QuestionItem& item = m_questionnaire.items[m_item];
    telemetry::QuestionnaireAnswerRow row;
    row.session_id = m_session_id;
    row.after_level = m_after_level;
    row.questionnaire_id = m_questionnaire.id;
    row.item_id = item.id;
    row.value = value;
    row.skipped = !value;
    row.answer_ticks = m_ticks;
    if (value) {
        const auto i = static_cast<std::size_t>(*value - 1);
        if (item.type == QuestionItem::Type::Choice)
            row.answer_text = item.options[i];
        else
            row.answer_text = point_label(item, *value);
        if (row.answer_text.empty()) row.answer_text = std::to_string(*value);
    }
    try {
        if (m_services.recorder) m_services.recorder->store().add_questionnaire_answer(row);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sawtooth: warning: answer not recorded: %s\n", one_line(e.what()).c_str());
    }
    if (m_item + 1 < m_questionnaire.items.size()) {
        ++m_item;
        show_item();
        return;
    }
    m_done = true;
    m_next();
}

void ProtocolRun::begin(const std::string& participant) {
    telemetry::Store& store = recorder().store();
    // A participant seen before under this protocol resumes their condition at the first
    // level they did not end; a new one is assigned a condition.
    const telemetry::ParticipantProgress progress =
        telemetry::participant_progress(store, m_protocol, participant);
    if (progress.finished) {
        m_services.screens->replace(std::make_unique<MessageScreen>(
            m_services, "Already done",
            std::vector<std::string>{"Participant " + participant + " has finished this study.",
                                     "Nothing new was recorded."}));
        return;
    }
    int index = progress.condition;
    telemetry::ParticipantKey key{participant, progress.number};
    if (index < 0) {
        const std::vector<int> counts = telemetry::study_status(store, m_protocol).counts();
        index = telemetry::assign_condition(m_protocol, {participant, 1}, counts);
        // The participant's number within the condition picks their Latin-square row.
        key.number = counts[static_cast<std::size_t>(index)] + 1;
    }
    m_condition = &m_protocol.conditions[static_cast<std::size_t>(index)];
    if (m_condition->levels.kind == telemetry::ConditionKind::Adaptive)
        if (const std::string err = start_adaptive(participant); !err.empty()) {
            m_services.screens->replace(std::make_unique<MessageScreen>(
                m_services, "Cannot start", std::vector<std::string>{err, "No session was recorded."}));
            return;
        }
    const std::vector<int> order =
        telemetry::level_order(m_condition->order, m_condition->level_count(), key);
    StudyConfig config = study_config(*m_condition, order);
    config.resume_at = std::min(progress.levels_ended, m_condition->level_count() - 1);
    m_session_id =
        recorder().begin_protocol_session(participant, {m_protocol.hash, m_condition->name}).session_id();
    auto session = std::make_shared<StudySession>(m_services, m_seed, std::move(config));
    m_services.screens->pop();
    session->start();
}

StudyConfig ProtocolRun::study_config(const telemetry::Condition& condition, const std::vector<int>& order) {
    StudyConfig config;
    auto self = shared_from_this();
    const bool adaptive = condition.levels.kind == telemetry::ConditionKind::Adaptive;
    if (adaptive) {
        config.levels = condition.level_count();
        config.choose_level = [self](int, GenParams& params) { return self->choose_adaptive(params); };
        config.level_ended = [self](int) { self->adaptive_level_ended(); };
    }
    for (int i : adaptive ? std::vector<int>{} : order) {
        const auto at = static_cast<std::size_t>(i);
        config.pack_levels.push_back(condition.levels.kind == telemetry::ConditionKind::Pack
                                         ? condition.levels.pack.levels[at].params
                                         : condition.levels.seeds[at]);
    }
    config.card_label = m_protocol.name;  // not the condition: participants need not know it
    config.tutorials = m_protocol.tutorials;
    config.ratings = m_protocol.ratings;
    config.interlude = [self](int k, std::function<void()> next) { self->interlude(k, std::move(next)); };
    config.on_end = [self](bool completed) {
        self->recorder().end_session(completed ? telemetry::SessionEnd::Finished
                                               : telemetry::SessionEnd::Quit);
    };
    config.results_subtitle = m_protocol.name + ", condition " + condition.name +
                              ". Thank you: the study is over, please tell the experimenter.";
    return config;
}

// The estimate restarts from the events of the levels the participant ended in this
// condition before (a resumed run): the run chose each of them, so feeding their events in
// order rebuilds the same estimate and the same choices.
std::string ProtocolRun::start_adaptive(const std::string& participant) {
    try {
        m_adaptive = std::make_unique<analysis::AdaptiveRun>(
            analysis::start_adaptive_run(adaptive_settings(m_condition->levels)));
        telemetry::Store& store = recorder().store();
        for (const std::int64_t id :
             telemetry::ended_condition_levels(store, m_protocol, participant, m_condition->name))
            if (!m_adaptive->finished()) m_adaptive->record_outcome(store.load_events(id));
    } catch (const std::exception& e) {
        return one_line(e.what());
    }
    return {};
}

std::string ProtocolRun::choose_adaptive(GenParams& params) const {
    const analysis::Choice choice = m_adaptive->next_level();
    if (choice.candidate < 0) return "No candidate level is left in this condition's seeds.";
    params = m_adaptive->candidate(choice).params;
    return {};
}

void ProtocolRun::adaptive_level_ended() {
    try {
        const std::int64_t id = recorder().last_level_id();
        m_adaptive->record_outcome(id != 0 ? recorder().store().load_events(id)
                                           : std::vector<telemetry::EventRow>{});
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sawtooth: warning: adaptive estimate not updated: %s\n",
                     one_line(e.what()).c_str());
    }
}

void ProtocolRun::interlude(int k, std::function<void()> next) {
    using When = telemetry::QuestionnairePlacement::When;
    const bool last = k == m_condition->level_count();
    std::vector<std::function<void(std::function<void()>)>> pages;
    for (const Questionnaire& q : m_protocol.questionnaires) {
        const auto& at = q.placement.after_levels;
        const bool shown =
            q.placement.when == When::AfterEachLevel || (q.placement.when == When::AtEnd && last) ||
            (q.placement.when == When::AfterLevels && std::find(at.begin(), at.end(), k) != at.end());
        if (shown && !q.items.empty())
            pages.push_back([this, &q, k](std::function<void()> done) {
                m_services.screens->replace(
                    std::make_unique<QuestionnaireScreen>(m_services, q, k, m_session_id, std::move(done)));
            });
    }
    for (const telemetry::BreakScreen& b : m_protocol.breaks)
        if (b.after_level == k)
            pages.push_back([this, &b](std::function<void()> done) {
                m_services.screens->replace(std::make_unique<BreakPage>(m_services, b.text, std::move(done)));
            });
    show_pages(std::move(pages), 0, std::move(next));
}

void ProtocolRun::show_pages(std::vector<std::function<void(std::function<void()>)>> pages, std::size_t i,
                             std::function<void()> next) {
    if (i == pages.size()) {
        next();
        return;
    }
    auto page = pages[i];
    page([self = shared_from_this(), pages = std::move(pages), i, next = std::move(next)]() mutable {
        self->show_pages(std::move(pages), i + 1, std::move(next));
    });
}

// A curve condition's levels as `sawtooth-lab pick-difficulty` picks them for the same
// model, curve and candidates (its default shape and tolerance): into `levels.seeds`, in
// curve order. "" or the one-line reason.
std::string pick_curve_levels(telemetry::ConditionLevels& levels) {
    try {
        const analysis::ChallengeModel model =
            analysis::load_pinned_model(levels.model_file, levels.model_hash);
        const analysis::CurveCandidates set =
            levels.catalog_file.empty()
                ? analysis::seed_curve_candidates({analysis::default_curve_shape()}, {1},
                                                  levels.seed_range->first, levels.seed_range->last, model,
                                                  analysis::serial_for_each)
                : analysis::catalog_curve_candidates(levels.catalog_file, model, analysis::serial_for_each);
        const std::vector<double> targets =
            levels.curve_shape ? analysis::named_curve_targets(*levels.curve_shape, set.list, levels.count)
                               : levels.curve;
        const analysis::CurvePickSettings settings;
        const analysis::CurvePick pick =
            analysis::pick_for_curve(analysis::curve_groups(set.list), targets, settings);
        if (!pick.met) {
            char buf[200];
            std::snprintf(buf, sizeof buf,
                          "tolerance %g cannot be met: the best choice of %d levels is %.4f off at its worst "
                          "position (widen the candidates)",
                          settings.tolerance, levels.count, pick.best_max_error);
            return buf;
        }
        levels.seeds.clear();
        for (const std::size_t k : pick.chosen) levels.seeds.push_back(set.list[k].level.params);
        return {};
    } catch (const analysis::ModelError& e) {
        return one_line(e.what());
    } catch (const analysis::CurveError& e) {
        return one_line(e.what());
    }
}

// An adaptive condition the library accepts, with a model that loads ("" or why not). The
// candidates are generated when a participant is assigned the condition.
std::string check_adaptive(const telemetry::ConditionLevels& levels) {
    const analysis::AdaptiveSettings settings = adaptive_settings(levels);
    if (std::string err = analysis::adaptive_settings_problem(settings); !err.empty()) return err;
    try {
        analysis::load_pinned_model(settings.model, settings.model_hash);
    } catch (const analysis::ModelError& e) {
        return one_line(e.what());
    }
    return {};
}

}  // namespace

std::string prepare_protocol(StudyProtocol& protocol) {
    for (telemetry::Condition& c : protocol.conditions) {
        const std::string where = protocol.file + ": condition '" + c.name + "'";
        if (c.levels.kind == telemetry::ConditionKind::Adaptive)
            if (std::string err = check_adaptive(c.levels); !err.empty()) return where + ": " + err;
        if (c.levels.kind == telemetry::ConditionKind::Curve)
            if (std::string err = pick_curve_levels(c.levels); !err.empty()) return where + ": " + err;
        // A study session records generator parameters per level, as --study --pack does.
        for (const telemetry::PackLevel& l : c.levels.pack.levels)
            if (l.hand_made())
                return where + ": hand-made pack level '" + l.name + "': a study plays generated levels only";
    }
    return {};
}

void start_protocol_run(Services services, StudyProtocol protocol, std::uint64_t session_seed) {
    auto run = std::make_shared<ProtocolRun>(std::move(services), std::move(protocol), session_seed);
    run->start();
}

}  // namespace sawtooth::app
