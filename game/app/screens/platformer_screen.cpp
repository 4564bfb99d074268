#include "game/app/screens/platformer_screen.hpp"

#include "engine/draw.hpp"
#include "engine/platform.hpp"
#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/screens/pause_screen.hpp"
#include "game/app/widgets/sound_bank.hpp"
#include "game/app/widgets/ui.hpp"

#include <SDL2/SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace sawtooth::app {

namespace {
constexpr int kExitCelebrationTicks = 60;  // a second on the open gate before the level ends
constexpr int kHudFontPx = 24;
constexpr int kHudBarHeight = 44;
constexpr double kDeathShakePx = 9.0;
constexpr double kShakeDecayPerSecond = 6.0;
constexpr double kTellSoundRangeM = 18.0;  // traps farther than this from the player stay quiet
constexpr int kHintFontPx = 20;

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

const char* const kTrapNames[] = {"Saw", "Wall spikes", "Squeeze", "Mine"};
}  // namespace

std::vector<LevelHint> level_hints(const Level& level) {
    std::vector<LevelHint> out;
    for (const auto& [key, value] : level.meta) {
        if (key.rfind("hint", 0) != 0) continue;
        std::istringstream in(value);
        LevelHint h;
        if (!(in >> h.cell.x >> h.cell.y)) continue;
        std::getline(in >> std::ws, h.text);
        if (!h.text.empty()) out.push_back(std::move(h));
    }
    return out;
}

PlatformerScreen::PlatformerScreen(Services services, const Level& level, PlatformerOptions options,
                                   std::function<void(const LevelResult&)> on_finish)
    : m_services(services),
      m_options(std::move(options)),
      m_sim(std::make_unique<Simulation>(level)),
      m_on_finish(std::move(on_finish)),
      m_hints(level_hints(level)),
      m_was_telling(level.traps.size(), false) {
    m_show_debug = m_services.debug_overlay;
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
        if (m_services.sounds) m_services.sounds->play(Sfx::Click, 0.6);
        m_services.screens->push(std::make_unique<PauseScreen>(m_services, this));
        return;
    }
    if (m_options.allow_skip && controls.pressed(engine::Control::Skip)) {
        finish(LevelOutcome::Skipped);
        return;
    }
    if (m_options.quit_key != 0 && m_services.ui && m_services.ui->key_scancode == m_options.quit_key) {
        finish(LevelOutcome::Quit);
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
    react_to_events();
    if (m_sim->reached_exit()) {
        if (m_exit_tick == 0) m_exit_tick = m_sim->tick();
        if (m_sim->tick() - m_exit_tick >= kExitCelebrationTicks) finish(LevelOutcome::Completed);
    }
}

void PlatformerScreen::react_to_events() {
    SoundBank* sfx = m_services.sounds;
    auto play = [&](Sfx s, double gain = 1.0) {
        if (sfx) sfx->play(s, gain);
    };
    const auto& traps = m_sim->level().traps;
    for (const SimEvent& e : m_sim->events()) {
        switch (e.type) {
            case SimEventType::Jump:
                play(Sfx::Jump, 0.8);
                break;
            case SimEventType::Land:
                play(Sfx::Land, 0.7);
                break;
            case SimEventType::Hang:
                play(Sfx::Hang);
                break;
            case SimEventType::LetGo:
                play(Sfx::LetGo, 0.8);
                break;
            case SimEventType::TrapEnter:
                if (e.a >= 0 && static_cast<std::size_t>(e.a) < traps.size())
                    m_touched[static_cast<std::size_t>(traps[static_cast<std::size_t>(e.a)].type)] = true;
                break;
            case SimEventType::Death:
                m_death_tick = e.tick;
                m_shake = kDeathShakePx;
                if (e.a >= 0 && static_cast<std::size_t>(e.a) < traps.size())
                    m_touched[static_cast<std::size_t>(traps[static_cast<std::size_t>(e.a)].type)] = true;
                play(Sfx::Death);
                break;
            case SimEventType::Respawn:
                m_prev_x = m_sim->player().x;  // no interpolation streak across the teleport
                m_prev_y = m_sim->player().y;
                m_respawn_tick = e.tick;
                play(Sfx::Respawn, 0.7);
                break;
            case SimEventType::Exit:
                play(Sfx::Exit);
                break;
            case SimEventType::MineArmed:
                play(Sfx::MineArm, 0.8);
                break;
            case SimEventType::MineBlast:
                play(Sfx::MineBlast);
                m_shake = std::max(m_shake, kDeathShakePx * 0.6);
                break;
        }
    }
    // A short beep when a nearby trap starts its warning: the ear learns the rhythm.
    const PlayerView& p = m_sim->player();
    for (std::size_t i = 0; i < traps.size(); ++i) {
        const bool telling = m_sim->traps()[i].telling;
        if (telling && !m_was_telling[i]) {
            const double dx = traps[i].cell.x * kCellSize + 1.0 - p.x,
                         dy = traps[i].cell.y * kCellSize + 1.0 - p.y;
            const double d = std::sqrt(dx * dx + dy * dy);
            if (d < kTellSoundRangeM) play(Sfx::TrapTell, 0.9 * (1.0 - d / kTellSoundRangeM));
        }
        m_was_telling[i] = telling;
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
    m_time += real_dt;
    const Level& level = m_sim->level();
    m_camera.set_bounds(level.width * kCellSize, level.height * kCellSize, vw, vh);
    const PlayerView& p = m_sim->player();
    PlayerPose pose;
    pose.x = m_prev_x + (p.x - m_prev_x) * alpha;
    pose.y = m_prev_y + (p.y - m_prev_y) * alpha;
    pose.mode = p.mode;
    pose.facing = p.facing;
    pose.dead_ticks = p.mode == PlayerMode::Dead ? static_cast<int>(m_sim->tick() - m_death_tick) : 0;
    pose.respawn_ticks =
        m_respawn_tick > 0 ? static_cast<int>(m_sim->tick() - m_respawn_tick) : kRespawnFlashTicks + 1;
    pose.vx = p.vx;
    pose.vy = p.vy;
    if (m_pinned) {
        m_camera.snap(m_pin_x, m_pin_y);
    } else if (!m_camera_placed) {
        m_camera.snap(pose.x, pose.y);
        m_camera_placed = true;
    } else if (p.mode != PlayerMode::Dead) {
        const double look = m_camera.look_ahead() * p.facing;
        m_camera.follow(pose.x + look, pose.y + 1.0, real_dt);
    }
    m_camera.set_shake(m_shake, m_time);
    m_shake = std::max(0.0, m_shake - kShakeDecayPerSecond * m_shake * real_dt - 0.5 * real_dt);

    LevelDrawState ds;
    ds.render_tick = m_sim->tick();
    ds.time = m_time;
    ds.exit_ticks = m_exit_tick > 0 ? static_cast<int>(m_sim->tick() - m_exit_tick) : -1;
    draw_level(r, m_camera, *m_sim, pose, ds);
    if (m_show_debug) {
        if (!m_overlay)
            m_overlay = std::make_unique<DifficultyOverlay>(
                level, m_services.overlay_model ? *m_services.overlay_model : OverlayModel{});
        m_overlay->draw(r, m_camera, m_overlay_layers);
    }

    // Signs: the tutorials' hints, painted where they apply.
    for (const LevelHint& h : m_hints) {
        const float x = m_camera.sx(h.cell.x * kCellSize + 1.0);
        const float y = m_camera.sy(h.cell.y * kCellSize + 1.6);
        int tw = 0, th = 0;
        m_services.text->measure(h.text, kHintFontPx, tw, th);
        if (x + tw / 2.0f < 0 || x - tw / 2.0f > vw || y < -40 || y > vh + 40) continue;
        draw_panel(r, x - tw / 2.0f - 12, y - th - 10, static_cast<float>(tw) + 24,
                   static_cast<float>(th) + 12, {20, 22, 36, 200});
        engine::fill_triangle(r, x - 8, y + 2, x + 8, y + 2, x, y + 10, {20, 22, 36, 200});
        m_services.text->draw(h.text, static_cast<int>(x), static_cast<int>(y - th - 4), kHintFontPx,
                              palette::kText, engine::Align::Center);
    }
    draw_effects(r, vw, vh);
    draw_hud(r, vw, vh);
    if (real_dt > 0) m_fps = m_fps * 0.9 + 0.1 / real_dt;
}

void PlatformerScreen::draw_effects(SDL_Renderer* r, int vw, int vh) {
    const PlayerView& p = m_sim->player();
    if (p.mode == PlayerMode::Dead) {
        // Red flash fading over the first third of the death time, then a dim vignette.
        const int t = static_cast<int>(m_sim->tick() - m_death_tick);
        const double f = std::max(0.0, 1.0 - t / (kDeathTicks / 3.0));
        engine::fill_rect(r, 0, 0, static_cast<float>(vw), static_cast<float>(vh),
                          {200, 30, 30, static_cast<std::uint8_t>(90 * f + 30)});
    }
    if (m_sim->reached_exit()) {
        const int t = static_cast<int>(m_sim->tick() - m_exit_tick);
        const float a = std::min(1.0f, t / 15.0f);
        draw_panel(r, vw / 2.0f - 260, vh / 2.0f - 110, 520, 110,
                   {16, 40, 28, static_cast<std::uint8_t>(210 * a)});
        m_services.text->draw("Level complete!", vw / 2, vh / 2 - 100, 48,
                              {140, 255, 170, static_cast<std::uint8_t>(255 * a)}, engine::Align::Center);
        m_services.text->draw(std::to_string(m_sim->deaths()) +
                                  (m_sim->deaths() == 1 ? " death, " : " deaths, ") +
                                  format_ticks(m_sim->tick()),
                              vw / 2, vh / 2 - 40, 24, {220, 240, 226, static_cast<std::uint8_t>(255 * a)},
                              engine::Align::Center);
    }
}

void PlatformerScreen::draw_hud(SDL_Renderer* r, int vw, int vh) {
    auto& text = *m_services.text;
    engine::fill_rect(r, 0, 0, static_cast<float>(vw), kHudBarHeight, {8, 10, 20, 170});
    engine::fill_rect(r, 0, kHudBarHeight, static_cast<float>(vw), 2, {255, 255, 255, 25});
    const int ty = (kHudBarHeight - kHudFontPx * 6 / 5) / 2;
    text.draw(m_options.title, 18, ty, kHudFontPx, palette::kText);
    // Deaths with a little skull-red marker; the count pulses right after a death.
    const int since_death = m_death_tick > 0 ? static_cast<int>(m_sim->tick() - m_death_tick) : 1000;
    const int dpx = since_death < 20 ? kHudFontPx + (20 - since_death) / 3 : kHudFontPx;
    engine::fill_circle(r, vw / 2.0f - 70, kHudBarHeight / 2.0f, 8, palette::kBad);
    text.draw("Deaths " + std::to_string(m_sim->deaths()), vw / 2 - 54, (kHudBarHeight - dpx * 6 / 5) / 2,
              dpx, since_death < 20 ? palette::kBad : palette::kText);
    text.draw(format_ticks(m_sim->tick()), vw - 18, ty, kHudFontPx, palette::kText, engine::Align::Right);

    if (m_options.trap_checklist) {
        const float x = 18, y = kHudBarHeight + 12;
        draw_panel(r, x, y, 250, 36 + 4 * 30.0f, {8, 10, 20, 170});
        text.draw("Touch every trap:", static_cast<int>(x + 14), static_cast<int>(y + 8), 20,
                  palette::kAccent);
        for (int i = 0; i < 4; ++i) {
            const bool done = m_touched[static_cast<std::size_t>(i)];
            const float ry = y + 38 + i * 30.0f;
            engine::outline_rect(r, x + 16, ry + 4, 18, 18, done ? palette::kGood : palette::kDim);
            if (done) engine::fill_rect(r, x + 20, ry + 8, 10, 10, palette::kGood);
            text.draw(kTrapNames[i], static_cast<int>(x + 46), static_cast<int>(ry), 20,
                      done ? palette::kGood : palette::kText);
        }
    }
    // Bottom line: the controls that matter here, always visible but quiet.
    std::string help = "Esc: pause";
    if (m_options.allow_skip) help = "Tab / pad Y: skip level     " + help;
    int tw = 0, th = 0;
    text.measure(help, 18, tw, th);
    engine::fill_rect(r, vw - tw - 30.0f, vh - th - 16.0f, tw + 30.0f, th + 16.0f, {8, 10, 20, 150});
    text.draw(help, vw - 15, vh - th - 8, 18, m_options.allow_skip ? palette::kAccent : palette::kDim,
              engine::Align::Right);
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
    ImGui::Text("level %s", m_sim->level().meta_value("seed", "(file)").c_str());
    if (ImGui::CollapsingHeader("Physics constants", ImGuiTreeNodeFlags_DefaultOpen)) {
        // The running simulation's values (read-only: a change mid-level would make the
        // recording unreplayable; tune the named constants in game/sim/simulation.hpp).
        const SimConfig& cfg = m_sim->config();
        ImGui::Text("gravity %.1f m/s^2   run %.2f m/s   jump %.1f m/s", cfg.gravity, cfg.run_speed,
                    cfg.jump_speed);
        ImGui::Text("drag: ground %.0f%%  air %.0f%% per step   traps %s", cfg.ground_drag * 100,
                    cfg.air_drag * 100, cfg.traps_enabled ? "on" : "off");
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
    if (m_overlay) m_overlay->debug_ui(m_overlay_layers);
    ImGui::End();
}

}  // namespace sawtooth::app
