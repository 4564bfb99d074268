#include "game/app/platformer_screen.hpp"

#include "engine/draw.hpp"
#include "engine/platform.hpp"
#include "engine/text.hpp"
#include "game/app/pause_screen.hpp"

#include <SDL2/SDL.h>
#include <imgui.h>

#include <cstdio>

namespace sawtooth::app {

namespace {
constexpr int kExitCelebrationTicks = 40;  // brief pause on the gate before the level ends
constexpr int kHudFontPx = 22;

const char* mode_name(PlayerMode m) {
    switch (m) {
        case PlayerMode::Ground:
            return "ground";
        case PlayerMode::Air:
            return "air";
        case PlayerMode::HangLeft:
            return "hang-left";
        case PlayerMode::HangRight:
            return "hang-right";
        case PlayerMode::Dead:
            return "dead";
    }
    return "?";
}

std::string clock_text(std::uint64_t ticks) {
    char buf[32];
    const std::uint64_t s = ticks / kTicksPerSecond;
    std::snprintf(buf, sizeof buf, "%llu:%02llu.%01llu", static_cast<unsigned long long>(s / 60),
                  static_cast<unsigned long long>(s % 60),
                  static_cast<unsigned long long>((ticks % kTicksPerSecond) * 10 / kTicksPerSecond));
    return buf;
}
}  // namespace

PlatformerScreen::PlatformerScreen(Services services, const Level& level, PlatformerOptions options,
                                   std::function<void(const LevelResult&)> on_finish)
    : m_services(services),
      m_options(std::move(options)),
      m_sim(std::make_unique<Simulation>(level)),
      m_on_finish(std::move(on_finish)) {
    m_prev_x = m_sim->player().x;
    m_prev_y = m_sim->player().y;
}

InputFrame PlatformerScreen::input_from(const engine::Controls& c) {
    InputFrame f;
    if (c.hold(engine::Control::Left)) f.bits |= kInputLeft;
    if (c.hold(engine::Control::Right)) f.bits |= kInputRight;
    if (c.hold(engine::Control::Up)) f.bits |= kInputUp;
    if (c.hold(engine::Control::Down)) f.bits |= kInputDown;
    return f;
}

void PlatformerScreen::tick(const engine::Controls& controls) {
    if (m_finished) return;
    if (controls.pressed(engine::Control::Pause)) {
        m_services.screens->push(std::make_unique<PauseScreen>(m_services, this));
        return;
    }
    if (m_options.allow_skip && controls.pressed(engine::Control::Skip)) {
        finish(LevelOutcome::Skipped);
        return;
    }
    if (controls.pressed(engine::Control::Debug)) m_show_debug = !m_show_debug;
    step(input_from(controls));
}

void PlatformerScreen::add_observer(std::shared_ptr<LevelObserver> observer) {
    observer->on_start(*m_sim);
    m_observers.push_back(std::move(observer));
}

void PlatformerScreen::step(InputFrame input) {
    if (m_finished) return;
    m_prev_x = m_sim->player().x;
    m_prev_y = m_sim->player().y;
    m_sim->step(input);
    for (const auto& o : m_observers) o->on_tick(input, *m_sim);
    for (const SimEvent& e : m_sim->events()) {
        if (e.type == SimEventType::Death) m_death_tick = e.tick;
        if (e.type == SimEventType::Respawn) {
            m_prev_x = m_sim->player().x;  // no interpolation streak across the teleport
            m_prev_y = m_sim->player().y;
        }
    }
    if (m_sim->reached_exit()) {
        if (m_exit_tick == 0) m_exit_tick = m_sim->tick();
        if (m_sim->tick() - m_exit_tick >= kExitCelebrationTicks) finish(LevelOutcome::Completed);
    }
}

void PlatformerScreen::finish(LevelOutcome outcome) {
    if (m_finished) return;
    m_finished = true;
    const LevelResult result{outcome, m_sim->deaths(), m_sim->tick()};
    for (const auto& o : m_observers) o->on_finish(result, *m_sim);
    if (m_on_finish) m_on_finish(result);
}

void PlatformerScreen::render(SDL_Renderer* r, double alpha, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    const Level& level = m_sim->level();
    m_camera.set_bounds(level.width * kCellSize, level.height * kCellSize, vw, vh);
    const PlayerView& p = m_sim->player();
    PlayerPose pose;
    pose.x = m_prev_x + (p.x - m_prev_x) * alpha;
    pose.y = m_prev_y + (p.y - m_prev_y) * alpha;
    pose.mode = p.mode;
    pose.facing = p.facing;
    pose.dead_ticks = p.mode == PlayerMode::Dead ? static_cast<int>(m_sim->tick() - m_death_tick) : 0;
    if (!m_camera_placed) {
        m_camera.snap(pose.x, pose.y);
        m_camera_placed = true;
    } else if (p.mode != PlayerMode::Dead) {
        m_camera.follow(pose.x + p.facing * 1.5, pose.y + 1.0, real_dt);
    }
    draw_level(r, m_camera, *m_sim, pose, m_sim->tick());

    // HUD: title, deaths, time.
    engine::fill_rect(r, 0, 0, static_cast<float>(vw), 40, {0, 0, 0, 140});
    auto& text = *m_services.text;
    text.draw(m_options.title, 16, 8, kHudFontPx, {255, 255, 255});
    text.draw("Deaths " + std::to_string(m_sim->deaths()), vw / 2, 8, kHudFontPx, {255, 140, 120},
              engine::Align::Center);
    text.draw(clock_text(m_sim->tick()), vw - 16, 8, kHudFontPx, {255, 255, 255}, engine::Align::Right);
    if (m_options.allow_skip)
        text.draw("Tab: skip level", vw - 16, vh - 32, 16, {200, 200, 210}, engine::Align::Right);
    if (m_sim->reached_exit())
        text.draw("Level complete!", vw / 2, vh / 2 - 60, 40, {140, 255, 170}, engine::Align::Center);
    if (real_dt > 0) m_fps = m_fps * 0.9 + 0.1 / real_dt;
}

void PlatformerScreen::debug_ui() {
    if (!m_show_debug) return;
    ImGui::SetNextWindowPos(ImVec2(10, 50), ImGuiCond_FirstUseEver);
    ImGui::Begin("Debug (F1)");
    const PlayerView& p = m_sim->player();
    ImGui::Text("tick %llu   fps %.0f", static_cast<unsigned long long>(m_sim->tick()), m_fps);
    ImGui::Text("player %s  pos (%.3f, %.3f) m", mode_name(p.mode), p.x, p.y);
    ImGui::Text("velocity (%.3f, %.3f) m/s", p.vx, p.vy);
    ImGui::Text("deaths %d  safe cell (%d, %d)", m_sim->deaths(), m_sim->safe_cell().x, m_sim->safe_cell().y);
    ImGui::Text("state hash %016llx", static_cast<unsigned long long>(m_sim->state_hash()));
    if (ImGui::CollapsingHeader("Physics constants", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::Text("gravity %.1f m/s^2   run %.2f m/s   jump %.1f m/s", kGravity, kRunSpeed, kJumpSpeed);
        ImGui::Text("drag: ground %.0f%%  air %.0f%% per step", kGroundDrag * 100, kAirDrag * 100);
        ImGui::Text("body %.2f x %.2f m, %.0f kg, roof %.2f m", kPlayerWidth, kPlayerHeight, kPlayerMass,
                    kPlayerRoofHeight);
        ImGui::Text("tick %.4f s (%d Hz), cell %.0f m", kTickSeconds, kTicksPerSecond, kCellSize);
    }
    if (ImGui::CollapsingHeader("Traps")) {
        const auto& traps = m_sim->level().traps;
        for (std::size_t i = 0; i < traps.size(); ++i)
            ImGui::Text("%zu %s at (%d,%d) cycle %d phase %d %s", i,
                        std::string(trap_type_name(traps[i].type)).c_str(), traps[i].cell.x, traps[i].cell.y,
                        traps[i].cycle_ticks, traps[i].phase_ticks, m_sim->traps()[i].deadly ? "DEADLY" : "");
    }
    ImGui::End();
}

}  // namespace sawtooth::app
