// `sawtooth --replay ID`: a recorded level on screen. The recorded inputs drive a fresh
// Simulation of the rebuilt level; speed (0.25x..16x) changes how many simulation ticks
// run per game tick, never the tick length; seeking backwards re-simulates from the start
// (replay runs thousands of times faster than real time). Stored state hashes are checked
// as the replay passes them and a desync is shown with its tick.
#include "engine/draw.hpp"
#include "engine/text.hpp"
#include "game/app/widgets/camera.hpp"
#include "game/app/widgets/level_view.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/core/screen.hpp"
#include "game/app/widgets/ui.hpp"

#include <SDL2/SDL.h>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace sawtooth::app {

namespace {

constexpr std::array<double, 7> kSpeeds = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0};
constexpr std::uint64_t kSeekStepTicks = 5 * kTicksPerSecond;  // Left / Right jump 5 s
constexpr int kHudFontPx = 20;

std::string speed_text(double speed) {
    char buf[16];
    std::snprintf(buf, sizeof buf, speed < 1.0 ? "%.2fx" : "%.0fx", speed);
    return buf;
}

class ReplayScreen : public Screen {
public:
    ReplayScreen(Services services, std::shared_ptr<telemetry::LoadedRecording> rec, double speed)
        : m_services(std::move(services)), m_rec(std::move(rec)) {
        m_speed_index = 2;
        for (std::size_t i = 0; i < kSpeeds.size(); ++i)
            if (std::abs(kSpeeds[i] - speed) < 1e-9) m_speed_index = static_cast<int>(i);
        restart();
    }

    void tick(const engine::Controls& c) override {
        if (c.pressed(engine::Control::Pause) || c.pressed(engine::Control::Back)) {
            m_services.screens->pop();
            return;
        }
        if (c.pressed(engine::Control::Confirm)) m_paused = !m_paused;
        if (c.pressed(engine::Control::Up))
            m_speed_index = std::min<int>(m_speed_index + 1, kSpeeds.size() - 1);
        if (c.pressed(engine::Control::Down)) m_speed_index = std::max(m_speed_index - 1, 0);
        if (c.pressed(engine::Control::Left))
            seek(m_sim->tick() > kSeekStepTicks ? m_sim->tick() - kSeekStepTicks : 0);
        if (c.pressed(engine::Control::Right)) seek(m_sim->tick() + kSeekStepTicks);
        if (m_paused || at_end()) return;
        // Speed = simulation ticks per game tick; fractions accumulate (0.25x: one in four).
        m_budget += kSpeeds[static_cast<std::size_t>(m_speed_index)];
        while (m_budget >= 1.0 && !at_end()) {
            step_one();
            m_budget -= 1.0;
        }
    }

    void render(SDL_Renderer* r, double alpha, double real_dt) override {
        m_time += real_dt;
        int vw = 0, vh = 0;
        SDL_RenderGetLogicalSize(r, &vw, &vh);
        if (vw == 0) SDL_GetRendererOutputSize(r, &vw, &vh);
        const Level& level = m_sim->level();
        m_camera.set_bounds(level.width * kCellSize, level.height * kCellSize, vw, vh);
        const PlayerView& p = m_sim->player();
        const double a = m_paused ? 1.0 : alpha;
        PlayerPose pose;
        pose.x = m_prev_x + (p.x - m_prev_x) * a;
        pose.y = m_prev_y + (p.y - m_prev_y) * a;
        pose.vx = p.vx;
        pose.vy = p.vy;
        pose.mode = p.mode;
        pose.facing = p.facing;
        pose.dead_ticks = p.mode == PlayerMode::Dead ? static_cast<int>(m_sim->tick() - m_death_tick) : 0;
        pose.respawn_ticks = static_cast<int>(m_sim->tick() - m_respawn_tick);
        if (!m_camera_placed) {
            m_camera.snap(pose.x, pose.y);
            m_camera_placed = true;
        } else if (p.mode != PlayerMode::Dead) {
            m_camera.follow(pose.x + p.facing * 1.5, pose.y + 1.0, real_dt);
        }
        LevelDrawState state;
        state.render_tick = m_sim->tick();
        state.time = m_time;
        state.exit_ticks = m_exit_tick ? static_cast<int>(m_sim->tick() - m_exit_tick) : -1;
        draw_level(r, m_camera, *m_sim, pose, state);
        draw_hud(r, vw, vh);
    }

    void debug_ui() override {
        ImGui::SetNextWindowPos(ImVec2(10, 60), ImGuiCond_FirstUseEver);
        ImGui::Begin("Replay");
        const auto& rec = m_rec->record;
        ImGui::Text("level %lld  session %lld  participant %s", static_cast<long long>(rec.level_id),
                    static_cast<long long>(rec.session_id), rec.participant_id.c_str());
        ImGui::Text("%s  outcome %s  deaths %d", rec.name.c_str(),
                    rec.outcome ? std::string(telemetry::outcome_name(*rec.outcome)).c_str() : "(open)",
                    rec.deaths);
        ImGui::Checkbox("paused (Enter)", &m_paused);
        ImGui::SameLine();
        if (ImGui::Button("restart")) seek(0);
        for (std::size_t i = 0; i < kSpeeds.size(); ++i) {
            if (i) ImGui::SameLine();
            if (ImGui::RadioButton(speed_text(kSpeeds[i]).c_str(), m_speed_index == static_cast<int>(i)))
                m_speed_index = static_cast<int>(i);
        }
        int tick = static_cast<int>(m_sim->tick());
        if (ImGui::SliderInt("tick", &tick, 0, static_cast<int>(m_rec->inputs.size())))
            seek(static_cast<std::uint64_t>(tick));
        ImGui::Text("state %016llx", static_cast<unsigned long long>(m_sim->state_hash()));
        ImGui::Text("hashes verified %zu / %zu", m_hashes_ok, m_rec->hashes.size());
        if (m_desync)
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "DESYNC at tick %llu",
                               (unsigned long long)*m_desync);
        if (!m_rec->same_build)
            ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "other build: best-effort replay");
        ImGui::End();
    }

private:
    bool at_end() const { return m_sim->tick() >= m_rec->inputs.size(); }

    void restart() {
        m_sim = std::make_unique<Simulation>(m_rec->level, m_rec->config);
        m_next_hash = 0;
        m_hashes_ok = 0;
        m_budget = 0.0;
        m_death_tick = m_respawn_tick = m_exit_tick = 0;
        m_prev_x = m_sim->player().x;
        m_prev_y = m_sim->player().y;
    }

    void step_one() {
        m_prev_x = m_sim->player().x;
        m_prev_y = m_sim->player().y;
        m_sim->step(m_rec->inputs[static_cast<std::size_t>(m_sim->tick())]);
        for (const SimEvent& e : m_sim->events()) {
            if (e.type == SimEventType::Death) m_death_tick = e.tick;
            if (e.type == SimEventType::Respawn) {
                m_respawn_tick = e.tick;
                m_prev_x = m_sim->player().x;
                m_prev_y = m_sim->player().y;
            }
            if (e.type == SimEventType::Exit && m_exit_tick == 0) m_exit_tick = e.tick;
        }
        const auto& hashes = m_rec->hashes;
        while (m_next_hash < hashes.size() && hashes[m_next_hash].first < m_sim->tick()) ++m_next_hash;
        if (m_next_hash < hashes.size() && hashes[m_next_hash].first == m_sim->tick()) {
            if (m_sim->state_hash() == hashes[m_next_hash].second)
                ++m_hashes_ok;
            else if (!m_desync)
                m_desync = m_sim->tick();
            ++m_next_hash;
        }
    }

    void seek(std::uint64_t target) {
        target = std::min<std::uint64_t>(target, m_rec->inputs.size());
        if (target < m_sim->tick()) restart();
        while (m_sim->tick() < target) step_one();
        m_prev_x = m_sim->player().x;
        m_prev_y = m_sim->player().y;
        m_camera_placed = false;
    }

    void draw_hud(SDL_Renderer* r, int vw, int vh) {
        auto& text = *m_services.text;
        engine::fill_rect(r, 0, 0, static_cast<float>(vw), 40, {0, 0, 0, 150});
        const auto& rec = m_rec->record;
        text.draw("Replay · level " + std::to_string(rec.level_id) + " · " + rec.participant_id, 16, 9,
                  kHudFontPx, {255, 255, 255});
        const std::string status = format_ticks(m_sim->tick()) + " / " + format_ticks(m_rec->inputs.size()) +
                                   "   " + speed_text(kSpeeds[static_cast<std::size_t>(m_speed_index)]) +
                                   (m_paused ? "   PAUSED" : "") + (at_end() ? "   END" : "");
        text.draw(status, vw - 16, 9, kHudFontPx, {255, 255, 255}, engine::Align::Right);
        text.draw("Deaths " + std::to_string(m_sim->deaths()), vw / 2, 9, kHudFontPx, {255, 140, 120},
                  engine::Align::Center);
        // The keys held at this tick, as four boxes: what the player pressed, visibly.
        if (m_sim->tick() > 0) {
            const InputFrame in = m_rec->inputs[static_cast<std::size_t>(m_sim->tick() - 1)];
            const float s = 26, x0 = 16, y0 = static_cast<float>(vh) - 2 * s - 20;
            const auto key = [&](float x, float y, bool on) {
                engine::fill_rect(r, x, y, s - 2, s - 2,
                                  on ? engine::Color{250, 210, 90, 230} : engine::Color{40, 40, 50, 160});
            };
            key(x0 + s, y0, in.held(kInputUp));
            key(x0, y0 + s, in.held(kInputLeft));
            key(x0 + s, y0 + s, in.held(kInputDown));
            key(x0 + 2 * s, y0 + s, in.held(kInputRight));
        }
        text.draw("Enter pause · Up/Down speed · Left/Right seek 5 s · Esc quit", vw - 16, vh - 30, 16,
                  {200, 200, 210}, engine::Align::Right);
        if (m_desync)
            text.draw(
                "DESYNC at tick " + std::to_string(*m_desync) + " (state hash differs from the recording)",
                vw / 2, 52, kHudFontPx, {255, 110, 110}, engine::Align::Center);
        else if (!m_rec->same_build)
            text.draw("Recorded by another build: best-effort replay", vw / 2, 52, 16, {255, 210, 120},
                      engine::Align::Center);
    }

    Services m_services;
    std::shared_ptr<telemetry::LoadedRecording> m_rec;
    std::unique_ptr<Simulation> m_sim;
    Camera m_camera;
    bool m_camera_placed = false;
    int m_speed_index = 2;
    double m_budget = 0.0;
    bool m_paused = false;
    std::size_t m_next_hash = 0;
    std::size_t m_hashes_ok = 0;
    std::optional<std::uint64_t> m_desync;
    std::uint64_t m_death_tick = 0, m_respawn_tick = 0, m_exit_tick = 0;
    double m_prev_x = 0.0, m_prev_y = 0.0;
    double m_time = 0.0;
};

}  // namespace

std::unique_ptr<Screen> make_replay_screen(Services services, std::shared_ptr<telemetry::LoadedRecording> rec,
                                           double speed) {
    return std::make_unique<ReplayScreen>(std::move(services), std::move(rec), speed);
}

}  // namespace sawtooth::app
