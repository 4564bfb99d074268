#include "game/app/study/upload_wait_screen.hpp"

#include "engine/text.hpp"
#include "game/app/core/session_uploads.hpp"
#include "game/app/widgets/ui.hpp"

#include <SDL2/SDL.h>

namespace sawtooth::app {

namespace {

constexpr int kHeadlessWaitMs = 250;

class UploadWaitScreen : public Screen {
public:
    explicit UploadWaitScreen(Services services) : m_services(std::move(services)) {}

    void tick(const engine::Controls& c) override {
        if (m_done) return;
        SessionUploads& uploads = *m_services.uploads;
        const bool settled =
            m_services.headless ? uploads.wait_settled(kHeadlessWaitMs) : uploads.progress().settled;
        if (settled) {
            m_done = true;
            m_services.screens->pop();  // the results show
        } else if (c.pressed(engine::Control::Pause)) {
            m_done = true;
            m_services.screens->pop();  // this page
            m_services.screens->pop();  // and the results: back to the title
        }
    }

    void render(SDL_Renderer* r, double, double real_dt) override {
        m_time += real_dt;
        int vw = 0, vh = 0;
        SDL_RenderGetLogicalSize(r, &vw, &vh);
        draw_backdrop(r, vw, vh, m_time * 2.0, 0.0, m_time);
        draw_panel(r, vw / 2.0f - 440, 30, 880, vh - 60.0f);
        auto& text = *m_services.text;
        text.draw("Saving the session", vw / 2, 50, 40, palette::kText, engine::Align::Center);
        const int dots = static_cast<int>(m_time * 2) % 4;
        text.draw("Sending it to the study server" + std::string(static_cast<std::size_t>(dots), '.'), vw / 2,
                  150, 24, palette::kDim, engine::Align::Center);
        const UploadProgress p = m_services.uploads->progress();
        if (!p.problem.empty()) {
            text.draw("The server has not taken it yet; retrying.", vw / 2, 220, 22, palette::kBad,
                      engine::Align::Center);
            text.draw(p.problem.substr(0, 90), vw / 2, 260, 16, palette::kDim, engine::Align::Center);
        }
        text.draw("Esc: stop waiting (the session stays on this machine and is sent at the next start)",
                  vw / 2, vh - 70, 18, palette::kDim, engine::Align::Center);
    }

    std::string name() const override { return "upload-wait"; }

private:
    Services m_services;
    double m_time = 0.0;
    bool m_done = false;
};

}  // namespace

std::unique_ptr<Screen> make_upload_wait_screen(Services services) {
    return std::make_unique<UploadWaitScreen>(std::move(services));
}

}  // namespace sawtooth::app
