#include "game/app/study/protocol_run.hpp"

#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/core/session_uploads.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/screens/message_screen.hpp"
#include "game/app/study/study_session.hpp"
#include "game/app/study/upload_wait_screen.hpp"
#include "game/app/widgets/ui.hpp"
#include "game/flows/protocol_plan.hpp"
#include "gen/printable.hpp"
#include "telemetry/analysis/adaptive.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
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
    ParticipantScreen(Services services, std::shared_ptr<ProtocolRun> run, std::string remembered)
        : m_services(std::move(services)), m_run(std::move(run)), m_id(std::move(remembered)) {}
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
    ProtocolRun(Services services, StudyProtocol protocol, ProtocolRunSettings settings)
        : m_services(std::move(services)), m_protocol(std::move(protocol)), m_settings(std::move(settings)) {}

    void start() {
        if (m_settings.participant.empty()) {
            m_services.screens->push(
                std::make_unique<ConsentScreen>(m_services, shared_from_this(), m_protocol));
            return;
        }
        // Consent and id came from the page: begin() replaces this screen as it replaces the
        // id screen, so it is in place (applied) before.
        m_services.screens->push(std::make_unique<MessageScreen>(m_services, m_protocol.name,
                                                                 std::vector<std::string>{"Starting..."}));
        m_services.screens->apply();
        begin(m_settings.participant);
    }
    void agreed() {
        m_services.screens->replace(
            std::make_unique<ParticipantScreen>(m_services, shared_from_this(), remembered_participant()));
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
    /// The id kept in `participant_memory` for this protocol, or "".
    std::string remembered_participant() const;
    /// Keeps `participant` in `participant_memory` (written whole, then renamed into place).
    void remember_participant(const std::string& participant) const;
    StudyConfig study_config(const flows::ParticipantPlan& plan);
    /// After level k: its questionnaires, then its break, then `next`.
    void interlude(int k, std::function<void()> next);
    void show_pages(std::vector<std::function<void(std::function<void()>)>> pages, std::size_t i,
                    std::function<void()> next);
    /// An adaptive condition's run, its estimate rebuilt from the levels `participant` ended
    /// before: "" or why it cannot start.
    std::string start_adaptive(const std::string& participant);
    /// Level k of an adaptive condition: the run's next choice.
    std::string choose_adaptive(GenParams& params) const;
    /// Level k ended: the run reads its recorded events.
    void adaptive_level_ended();
    /// The session's rows changed: the uploads, if any, send it (docs/online.md "Lab machines").
    void uploads_changed() const {
        if (m_services.uploads) m_services.uploads->changed();
    }

    Services m_services;
    StudyProtocol m_protocol;
    ProtocolRunSettings m_settings;
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
    const flows::ParticipantPlan plan =
        flows::plan_participant(store, m_protocol, participant, m_settings.assigned);
    if (plan.finished) {
        m_services.screens->replace(std::make_unique<MessageScreen>(
            m_services, "Already done",
            std::vector<std::string>{"Participant " + participant + " has finished this study.",
                                     "Nothing new was recorded."}));
        return;
    }
    m_condition = &m_protocol.conditions[static_cast<std::size_t>(plan.condition)];
    if (plan.adaptive)
        if (const std::string err = start_adaptive(participant); !err.empty()) {
            m_services.screens->replace(std::make_unique<MessageScreen>(
                m_services, "Cannot start", std::vector<std::string>{err, "No session was recorded."}));
            return;
        }
    StudyConfig config = study_config(plan);
    m_session_id =
        recorder().begin_protocol_session(participant, {m_protocol.hash, m_condition->name}).session_id();
    remember_participant(participant);
    auto session = std::make_shared<StudySession>(m_services, m_settings.session_seed, std::move(config));
    m_services.screens->pop();
    session->start();
}

// The file holds one line: the protocol's hash and the participant id.
std::string ProtocolRun::remembered_participant() const {
    if (m_settings.participant_memory.empty()) return "";
    std::ifstream in(m_settings.participant_memory);
    std::string hash, id;
    if (!(in >> hash >> id) || hash != m_protocol.hash || id.size() > kMaxIdChars) return "";
    const bool valid =
        std::all_of(id.begin(), id.end(), [](unsigned char ch) { return std::isalnum(ch) || ch == '-'; });
    return valid ? id : "";
}

void ProtocolRun::remember_participant(const std::string& participant) const {
    if (m_settings.participant_memory.empty()) return;
    const std::filesystem::path file = m_settings.participant_memory, part = file.string() + ".part";
    std::error_code ec;
    std::filesystem::create_directories(file.parent_path(), ec);
    {
        std::ofstream out(part, std::ios::trunc);
        out << m_protocol.hash << ' ' << participant << '\n';
        if (!out.flush()) return;  // not kept: the id is typed again after a reload
    }
    std::filesystem::rename(part, file, ec);
}

StudyConfig ProtocolRun::study_config(const flows::ParticipantPlan& plan) {
    StudyConfig config;
    auto self = shared_from_this();
    config.levels = plan.level_count;
    config.pack_levels = plan.levels;
    config.resume_at = plan.resume_at;
    if (plan.adaptive)
        config.choose_level = [self](int, GenParams& params) { return self->choose_adaptive(params); };
    config.level_ended = [self, adaptive = plan.adaptive](int) {
        if (adaptive) self->adaptive_level_ended();
        self->uploads_changed();
    };
    config.card_label = m_protocol.name;  // not the condition: participants need not know it
    config.tutorials = m_protocol.tutorials;
    config.ratings = m_protocol.ratings;
    config.interlude = [self](int k, std::function<void()> next) { self->interlude(k, std::move(next)); };
    // The results are on the stack by now; with uploads, the completion shows once acknowledged.
    config.on_end = [self](bool completed) {
        self->recorder().end_session(completed ? telemetry::SessionEnd::Finished
                                               : telemetry::SessionEnd::Quit);
        self->uploads_changed();
        if (self->m_services.uploads)
            self->m_services.screens->push(make_upload_wait_screen(self->m_services));
    };
    config.results_subtitle = m_protocol.name + ", condition " + m_condition->name +
                              ". Thank you: the study is over, please tell the experimenter.";
    return config;
}

std::string ProtocolRun::start_adaptive(const std::string& participant) {
    try {
        m_adaptive = flows::resume_adaptive_run(recorder().store(), m_protocol, *m_condition, participant);
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
    uploads_changed();  // the level's rating
    const flows::Interlude after = flows::interlude_after(m_protocol, *m_condition, k);
    std::vector<std::function<void(std::function<void()>)>> pages;
    for (const Questionnaire* q : after.questionnaires)
        pages.push_back([this, q, k](std::function<void()> done) {
            m_services.screens->replace(
                std::make_unique<QuestionnaireScreen>(m_services, *q, k, m_session_id, std::move(done)));
        });
    for (const telemetry::BreakScreen* b : after.breaks)
        pages.push_back([this, b](std::function<void()> done) {
            m_services.screens->replace(std::make_unique<BreakPage>(m_services, b->text, std::move(done)));
        });
    show_pages(std::move(pages), 0, [self = shared_from_this(), next = std::move(next)] {
        self->uploads_changed();  // the questionnaires' answers
        next();
    });
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

}  // namespace

void start_protocol_run(Services services, StudyProtocol protocol, ProtocolRunSettings settings) {
    auto run = std::make_shared<ProtocolRun>(std::move(services), std::move(protocol), std::move(settings));
    run->start();
}

}  // namespace sawtooth::app
