#include "game/app/editor/editor_screen.hpp"

#include "engine/draw.hpp"
#include "engine/text.hpp"
#include "engine/ui_input.hpp"
#include "game/app/screens/platformer_screen.hpp"
#include "game/app/widgets/level_view.hpp"
#include "game/app/widgets/ui.hpp"
#include "gen/physics_constants.hpp"
#include "telemetry/store/level_file.hpp"

#include <SDL2/SDL.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace sawtooth::app {

namespace {

constexpr double kMinPpm = 6.0;  // zoom limits, pixels per metre
constexpr double kMaxPpm = 96.0;
constexpr double kZoomStep = 1.25;  // per wheel notch or +/- press
constexpr double kMarginM = 6.0;    // metres the view may pan past the level's edges
constexpr float kHudH = 64.0f;      // top bar, logical pixels
constexpr float kPaletteH = 84.0f;  // bottom bar
constexpr int kCycleStep = 6;       // [ ] and , . change timings by 0.1 s
constexpr int kMaxCycle = 600;

struct ToolInfo {
    EditorTool tool;
    const char* name;
    SDL_Scancode key;
    engine::Color colour;
};

constexpr std::array<ToolInfo, static_cast<std::size_t>(EditorTool::Count)> kTools{{
    {EditorTool::Wall, "Wall", SDL_SCANCODE_W, {150, 150, 170, 255}},
    {EditorTool::Erase, "Erase", SDL_SCANCODE_X, {230, 230, 240, 255}},
    {EditorTool::Start, "Start", SDL_SCANCODE_S, {80, 220, 120, 255}},
    {EditorTool::Exit, "Exit", SDL_SCANCODE_E, {250, 200, 60, 255}},
    {EditorTool::Saw, "Saw", SDL_SCANCODE_A, {230, 60, 70, 255}},
    {EditorTool::Spike, "Spike", SDL_SCANCODE_K, {245, 110, 60, 255}},
    {EditorTool::Squeeze, "Squeeze", SDL_SCANCODE_Q, {160, 90, 200, 255}},
    {EditorTool::Mine, "Mine", SDL_SCANCODE_M, {190, 170, 220, 255}},
}};

const ToolInfo& tool_info(EditorTool t) { return kTools[static_cast<std::size_t>(t)]; }

// Palette slot of tool i, in logical pixels.
SDL_FRect palette_slot(std::size_t i, int vh) {
    return {16.0f + static_cast<float>(i) * 128.0f, static_cast<float>(vh) - kPaletteH + 8.0f, 120.0f, 30.0f};
}

bool inside(const SDL_FRect& r, float x, float y) {
    return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

std::string cell_text(CellPos c) {
    char buf[48];  // snprintf: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(...) chains
    std::snprintf(buf, sizeof buf, "(%d, %d)", c.x, c.y);
    return buf;
}

std::string seconds_text(std::uint64_t ticks) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f s", static_cast<double>(ticks) / 60.0);
    return buf;
}

}  // namespace

std::string default_editor_file() {
    const char* data = std::getenv("XDG_DATA_HOME");
    const char* home = std::getenv("HOME");
    std::filesystem::path dir = data && *data   ? std::filesystem::path(data) / "sawtooth"
                                : home && *home ? std::filesystem::path(home) / ".local/share/sawtooth"
                                                : std::filesystem::path(".");
    return (dir / "levels" / "editor.txt").string();
}

std::string open_editor_level(const std::string& file, Level& out) {
    if (!std::filesystem::exists(file)) {
        out = new_empty_level(kNewLevelWidth, kNewLevelHeight);
        return {};
    }
    try {
        out = telemetry::read_level_file(file);
    } catch (const telemetry::LevelFileError& e) {
        return e.what();
    }
    return {};
}

EditorScreen::EditorScreen(Services services, Level level, std::string file)
    : m_services(services),
      m_doc(std::move(level)),
      m_file(std::move(file)),
      m_cursor(m_doc.level().start),
      m_checker(EditorCheckSettings{services.overlay_model ? *services.overlay_model : OverlayModel{}}) {
    const Level& l = m_doc.level();
    m_centre_x = l.width * kCellSize / 2.0;
    m_centre_y = l.height * kCellSize / 2.0;
    // Fit the whole level between the bars of a 1280x720 view.
    m_ppm = std::clamp(
        std::min(1240.0 / (l.width * kCellSize), (720.0 - kHudH - kPaletteH - 20) / (l.height * kCellSize)),
        kMinPpm, kMaxPpm);
    m_status = "Editing " + std::filesystem::path(m_file).filename().string();
    level_changed();
}

std::optional<EditorCheckResult> EditorScreen::current_check() const {
    std::optional<EditorCheckResult> r = m_checker.latest();
    if (r && r->level_hash != m_view_hash) return std::nullopt;
    return r;
}

// ---- input ----

std::string EditorScreen::final_report() const {
    m_checker.wait_idle();
    const Level& l = m_doc.level();
    std::string out = "editor: " + std::to_string(l.width) + "x" + std::to_string(l.height) + ", " +
                      std::to_string(m_doc.undo_depth()) + " undo steps, cursor " + cell_text(m_cursor) +
                      ", " + std::to_string(m_ticks_while_checking) + " ticks while checking";
    const std::optional<EditorCheckResult> check = current_check();
    if (!check) return out + "\ncheck: none";
    out += std::string("\ncheck: ") + (check->playable() ? "playable" : "unplayable");
    if (!check->playable())
        out += " (" +
               (check->proof.forward.reached() ? check->proof.backward.failure()
                                               : check->proof.forward.failure()) +
               ")";
    if (check->overlay && check->overlay->result()) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "\ndifficulty: %.3f", check->overlay->result()->difficulty);
        out += buf;
    }
    for (const std::string& w : check->warnings) out += "\nwarning: " + w;
    return out;
}

void EditorScreen::tick(const engine::Controls&) {
    if (m_checker.busy()) ++m_ticks_while_checking;
    if (!m_services.ui) return;
    const engine::UiInput& ui = *m_services.ui;
    if (ui.key_scancode != 0) on_key(ui.key_scancode, ui.ctrl);
    update_camera();
    on_mouse();
}

void EditorScreen::on_key(int sc, bool ctrl) {
    if (sc != SDL_SCANCODE_ESCAPE) m_confirm_leave = false;
    if (ctrl && sc == SDL_SCANCODE_S) return save();
    if (sc == SDL_SCANCODE_Z || sc == SDL_SCANCODE_Y) {
        const bool undo = sc == SDL_SCANCODE_Z;
        if (!(undo ? m_doc.undo() : m_doc.redo()))
            show({false, undo ? "nothing to undo" : "nothing to redo"});
        else
            set_status(std::string(undo ? "Undone" : "Redone") + ": " + std::to_string(m_doc.undo_depth()) +
                           " undo steps left",
                       false);
        return level_changed();
    }
    if (on_tool_key(sc) || on_param_key(sc)) return;
    switch (sc) {
        case SDL_SCANCODE_LEFT:
            return move_cursor(-1, 0);
        case SDL_SCANCODE_RIGHT:
            return move_cursor(1, 0);
        case SDL_SCANCODE_UP:
            return move_cursor(0, 1);
        case SDL_SCANCODE_DOWN:
            return move_cursor(0, -1);
        case SDL_SCANCODE_SPACE:
        case SDL_SCANCODE_RETURN:
            return apply_tool(m_cursor);
        case SDL_SCANCODE_DELETE:
        case SDL_SCANCODE_BACKSPACE:
            return erase(m_cursor);
        case SDL_SCANCODE_HOME:
            return resize(-1, 0);
        case SDL_SCANCODE_END:
            return resize(1, 0);
        case SDL_SCANCODE_PAGEDOWN:
            return resize(0, -1);
        case SDL_SCANCODE_PAGEUP:
            return resize(0, 1);
        case SDL_SCANCODE_EQUALS:
        case SDL_SCANCODE_KP_PLUS:
            return zoom(1);
        case SDL_SCANCODE_MINUS:
        case SDL_SCANCODE_KP_MINUS:
            return zoom(-1);
        case SDL_SCANCODE_G:
            m_show_graph = !m_show_graph;
            return;
        case SDL_SCANCODE_F2:
            return save();
        case SDL_SCANCODE_F5:
            return test_play(false);
        case SDL_SCANCODE_F6:
            return test_play(true);
        case SDL_SCANCODE_ESCAPE:
            return leave();
        default:
            return;
    }
}

// Letter keys W X S E A K Q M and digits 1-8 pick a tool.
bool EditorScreen::on_tool_key(int sc) {
    for (std::size_t i = 0; i < kTools.size(); ++i)
        if (sc == kTools[i].key || sc == SDL_SCANCODE_1 + static_cast<int>(i)) {
            m_tool = kTools[i].tool;
            return true;
        }
    return false;
}

// [ ] trap cycle, , . phase, F spike facing: the timing of the traps placed next.
bool EditorScreen::on_param_key(int sc) {
    switch (sc) {
        case SDL_SCANCODE_LEFTBRACKET:
            m_cycle_ticks = std::max(kCycleStep, m_cycle_ticks - kCycleStep);
            break;
        case SDL_SCANCODE_RIGHTBRACKET:
            m_cycle_ticks = std::min(kMaxCycle, m_cycle_ticks + kCycleStep);
            break;
        case SDL_SCANCODE_COMMA:
            m_phase_ticks -= kCycleStep;
            break;
        case SDL_SCANCODE_PERIOD:
            m_phase_ticks += kCycleStep;
            break;
        case SDL_SCANCODE_F:
            m_facing = -m_facing;
            break;
        default:
            return false;
    }
    m_phase_ticks = ((m_phase_ticks % m_cycle_ticks) + m_cycle_ticks) % m_cycle_ticks;
    return true;
}

void EditorScreen::on_mouse() {
    const engine::UiInput& ui = *m_services.ui;
    const float dx = ui.mouse_x - m_mouse_x, dy = ui.mouse_y - m_mouse_y;
    const bool moved = m_mouse_x >= 0 && (dx != 0 || dy != 0);
    m_mouse_x = ui.mouse_x;
    m_mouse_y = ui.mouse_y;
    if ((ui.buttons & 2u) && moved) {  // middle drag pans
        m_centre_x -= dx / m_ppm;
        m_centre_y += dy / m_ppm;
    }
    if (ui.wheel != 0) zoom(ui.wheel);
    const std::optional<CellPos> cell = cell_under_mouse();
    if (cell && (moved || ui.clicked || ui.right_clicked)) m_cursor = *cell;
    // A scripted click arrives without a held button: a press and release in one tick.
    unsigned buttons = ui.buttons;
    if (ui.clicked && !(buttons & 1u)) {
        on_mouse_button(buttons | 1u, cell ? &*cell : nullptr);
        on_mouse_button(buttons, cell ? &*cell : nullptr);
        return;
    }
    on_mouse_button(buttons, cell ? &*cell : nullptr);
}

// Left drag paints with the tool (walls and erasing follow the mouse; the others act once
// per press), right drag erases; each drag is one undo step.
void EditorScreen::on_mouse_button(unsigned buttons, const CellPos* cell) {
    const bool left = buttons & 1u, right = buttons & 4u;
    const bool was_left = m_buttons & 1u, was_right = m_buttons & 4u;
    m_buttons = buttons;
    if ((was_left && !left) || (was_right && !right)) {
        m_stroke_cell.reset();
        m_doc.end_step();
        level_changed();
    }
    const bool pressed = (left && !was_left) || (right && !was_right);
    if (pressed && m_services.ui && m_services.ui->mouse_y >= 0) {
        const float mx = m_services.ui->mouse_x, my = m_services.ui->mouse_y;
        for (std::size_t i = 0; i < kTools.size(); ++i)
            if (left && inside(palette_slot(i, m_vh), mx, my)) {
                m_tool = kTools[i].tool;
                return;
            }
    }
    if (!cell || !(left || right) || (m_stroke_cell && *m_stroke_cell == *cell)) return;
    const bool drags = right || m_tool == EditorTool::Wall || m_tool == EditorTool::Erase;
    if (!pressed && !drags) return;
    if (pressed) m_doc.begin_step();
    m_stroke_cell = *cell;
    if (right)
        erase(*cell);
    else
        apply_tool(*cell);
}

std::optional<CellPos> EditorScreen::cell_under_mouse() const {
    const engine::UiInput& ui = *m_services.ui;
    if (ui.mouse_x < 0 || ui.mouse_y < kHudH || ui.mouse_y > m_vh - kPaletteH) return std::nullopt;
    const double wx = m_camera.centre_x() + (ui.mouse_x - m_vw / 2.0) / m_camera.scale();
    const double wy = m_camera.centre_y() - (ui.mouse_y - m_vh / 2.0) / m_camera.scale();
    const CellPos c{static_cast<int>(std::floor(wx / kCellSize)),
                    static_cast<int>(std::floor(wy / kCellSize))};
    if (!m_doc.level().in_bounds(c.x, c.y)) return std::nullopt;
    return c;
}

// ---- editing ----

Trap EditorScreen::trap_for(EditorTool tool, CellPos cell) const {
    Trap t;
    t.cell = cell;
    t.cycle_ticks = m_cycle_ticks;
    t.phase_ticks = m_phase_ticks;
    switch (tool) {
        case EditorTool::Saw:
            t.type = TrapType::Saw;
            break;
        case EditorTool::Spike:
            t.type = TrapType::WallSpike;
            // The preferred facing when its wall is there, else the other side's wall.
            t.facing = m_doc.level().solid(cell.x - m_facing, cell.y) ? m_facing : -m_facing;
            break;
        case EditorTool::Squeeze:
            t.type = TrapType::Squeeze;
            break;
        default:
            t.type = TrapType::Mine;
            break;
    }
    return t;
}

void EditorScreen::apply_tool(CellPos cell) {
    switch (m_tool) {
        case EditorTool::Wall:
            show(m_doc.paint(cell, Cell::Solid));
            break;
        case EditorTool::Erase:
            erase(cell);
            return;
        case EditorTool::Start:
            show(m_doc.set_start(cell));
            break;
        case EditorTool::Exit:
            show(m_doc.set_exit(cell));
            break;
        default:
            show(m_doc.add_trap(trap_for(m_tool, cell)));
            break;
    }
    level_changed();
}

// Erasing takes the trap at the cell if there is one, else opens the cell.
void EditorScreen::erase(CellPos cell) {
    if (trap_index_at(m_doc.level(), cell) >= 0)
        show(m_doc.erase_trap(cell));
    else
        show(m_doc.paint(cell, Cell::Open));
    level_changed();
}

void EditorScreen::show(const EditResult& r) {
    if (!r.refused.empty()) {
        m_status = r.refused;
        m_status_bad = true;
    } else if (r.changed) {
        m_status.clear();
        m_status_bad = false;
    }
}

void EditorScreen::move_cursor(int dx, int dy) {
    const Level& l = m_doc.level();
    m_cursor.x = std::clamp(m_cursor.x + dx, 0, l.width - 1);
    m_cursor.y = std::clamp(m_cursor.y + dy, 0, l.height - 1);
    // Keep the cursor in view: recentre when it leaves the area between the bars.
    const float sx = m_camera.sx((m_cursor.x + 0.5) * kCellSize),
                sy = m_camera.sy((m_cursor.y + 0.5) * kCellSize);
    if (sx < 20 || sx > m_vw - 20 || sy < kHudH + 20 || sy > m_vh - kPaletteH - 20) {
        m_centre_x = (m_cursor.x + 0.5) * kCellSize;
        m_centre_y = (m_cursor.y + 0.5) * kCellSize;
    }
}

// Grows or shrinks the right column / top row; new cells are solid.
void EditorScreen::resize(int dw, int dh) {
    const Level& l = m_doc.level();
    show(m_doc.resize(ResizeSettings{l.width + dw, l.height + dh}));
    move_cursor(0, 0);
    level_changed();
}

void EditorScreen::zoom(int notches) {
    m_ppm = std::clamp(m_ppm * std::pow(kZoomStep, notches), kMinPpm, kMaxPpm);
}

void EditorScreen::level_changed() {
    const std::uint64_t h = level_hash(m_doc.level());
    if (h != m_view_hash || !m_view_sim) {
        m_view_hash = h;
        m_view_sim = std::make_unique<Simulation>(m_doc.level());
    }
    if (m_buttons || h == m_submitted_hash) return;  // a drag is checked once, when it ends
    m_submitted_hash = h;
    m_checker.submit(m_doc.level());
}

void EditorScreen::save() {
    try {
        const std::filesystem::path dir = std::filesystem::path(m_file).parent_path();
        if (!dir.empty()) std::filesystem::create_directories(dir);
        telemetry::write_level_file(m_file, m_doc.level());
        m_doc.mark_saved();
        m_status = "Saved " + m_file;
        m_status_bad = false;
    } catch (const std::exception& e) {
        m_status = e.what();
        m_status_bad = true;
    }
}

// Plays the level (from the start, or with the start moved to the cursor) above the
// editor, recorded like free play; F5 or the pause menu comes back to the editor as it was.
void EditorScreen::test_play(bool from_cursor) {
    Level level = m_doc.level();
    if (from_cursor) {
        const EditResult r = place_start(level, m_cursor);
        if (!r.refused.empty()) return show(r);
    }
    PlatformerOptions opt;
    opt.title =
        "Test play: " + std::filesystem::path(m_file).filename().string() + " (F5: back to the editor)";
    opt.quit_label = "Back to editor";
    opt.quit_key = SDL_SCANCODE_F5;
    LevelInfo info;
    info.mode = LevelMode::Free;
    info.label = opt.title;
    info.file = m_file;
    auto screen = std::make_unique<PlatformerScreen>(m_services, level, opt, [this](const LevelResult& r) {
        // The editor stays below the level: it outlives this callback.
        m_status = std::string("Test play ") + (r.outcome == LevelOutcome::Completed ? "completed" : "left") +
                   " after " + format_ticks(r.ticks) + " with " + std::to_string(r.deaths) + " deaths";
        m_status_bad = false;
        m_services.screens->pop();
    });
    if (m_services.on_level_start) m_services.on_level_start(*screen, info);
    m_services.screens->push(std::move(screen));
}

void EditorScreen::leave() {
    if (m_doc.modified() && !m_confirm_leave) {
        m_confirm_leave = true;
        m_status = "Unsaved changes: Esc again leaves without saving, F2 saves";
        m_status_bad = true;
        return;
    }
    m_services.screens->pop();
}

// ---- drawing ----

// The camera of the current zoom and centre; ticks map the mouse through it too (headless
// runs tick without drawing).
void EditorScreen::update_camera() {
    const Level& l = m_doc.level();
    CameraConfig cc;
    cc.pixels_per_metre = m_ppm;
    cc.margin = kMarginM;
    m_camera = Camera(cc);
    m_camera.set_bounds(l.width * kCellSize, l.height * kCellSize, m_vw, m_vh);
    m_camera.snap(m_centre_x, m_centre_y);
    m_centre_x = m_camera.centre_x();  // panning stops at the margins
    m_centre_y = m_camera.centre_y();
}

void EditorScreen::render(SDL_Renderer* r, double, double real_dt) {
    int vw = 0, vh = 0;
    SDL_RenderGetLogicalSize(r, &vw, &vh);
    m_vw = vw;
    m_vh = vh;
    m_time += real_dt;
    update_camera();

    const PlayerView& p = m_view_sim->player();
    PlayerPose pose;
    pose.x = p.x;
    pose.y = p.y;
    pose.mode = p.mode;
    LevelDrawState ds;
    ds.render_tick = static_cast<std::uint64_t>(m_time * 60.0);
    ds.time = m_time;
    draw_level(r, m_camera, *m_view_sim, pose, ds);
    draw_grid(r, vw, vh);
    draw_checks(r);
    draw_cursor(r);
    draw_hud(r, vw, vh);
    draw_palette(r, vw, vh);
}

void EditorScreen::draw_grid(SDL_Renderer* r, int vw, int vh) {
    const Level& l = m_doc.level();
    const engine::Color thin{255, 255, 255, 36}, thick{255, 255, 255, 80};
    const float top = m_camera.sy(l.height * kCellSize), bottom = m_camera.sy(0);
    const float left = m_camera.sx(0), right = m_camera.sx(l.width * kCellSize);
    for (int x = 0; x <= l.width; ++x) {
        const float sx = m_camera.sx(x * kCellSize);
        engine::line(r, sx, top, sx, bottom, x % 5 == 0 ? thick : thin);
    }
    for (int y = 0; y <= l.height; ++y) {
        const float sy = m_camera.sy(y * kCellSize);
        engine::line(r, left, sy, right, sy, y % 5 == 0 ? thick : thin);
    }
    // Coordinates of every fifth cell along the bars' edges.
    const float cell_px = static_cast<float>(kCellSize) * m_camera.scale();
    const int step = cell_px >= 24 ? 5 : 10;
    for (int x = 0; x < l.width; x += step) {
        const float sx = m_camera.sx((x + 0.5) * kCellSize);
        if (sx > 0 && sx < vw)
            m_services.text->draw(std::to_string(x), static_cast<int>(sx),
                                  static_cast<int>(vh - kPaletteH - 20), 14, palette::kText,
                                  engine::Align::Center);
    }
    for (int y = 0; y < l.height; y += step) {
        const float sy = m_camera.sy((y + 0.5) * kCellSize);
        if (sy > kHudH && sy < vh - kPaletteH - 20)
            m_services.text->draw(std::to_string(y), 6, static_cast<int>(sy) - 8, 14, palette::kText);
    }
}

void EditorScreen::draw_checks(SDL_Renderer* r) {
    const std::optional<EditorCheckResult> check = current_check();
    if (!check) return;
    if (m_show_graph && check->overlay) check->overlay->draw(r, m_camera, OverlayLayers{});
    auto path = [&](const bot::ProofPlay& run, engine::Color c) {
        for (std::size_t i = 1; i < run.path.size(); ++i)
            engine::line(r, m_camera.sx(run.path[i - 1].first), m_camera.sy(run.path[i - 1].second),
                         m_camera.sx(run.path[i].first), m_camera.sy(run.path[i].second), c);
        if (run.reached() || run.path.empty()) return;
        // Where the bot gave up: a red ring and a label.
        const float x = m_camera.sx(run.path.back().first), y = m_camera.sy(run.path.back().second);
        const float rad = std::max(8.0f, m_camera.scale() * 0.8f);
        engine::fill_circle(r, x, y, rad, {255, 60, 50, 150});
        m_services.text->draw("stuck", static_cast<int>(x), static_cast<int>(y - rad - 20), 16, palette::kBad,
                              engine::Align::Center);
    };
    path(check->proof.backward, {200, 120, 255, 200});
    path(check->proof.forward, {90, 230, 255, 230});
}

void EditorScreen::draw_cursor(SDL_Renderer* r) {
    std::vector<CellPos> cells{m_cursor};
    if (m_tool >= EditorTool::Saw) cells = trap_cells(trap_for(m_tool, m_cursor));
    const engine::Color c = tool_info(m_tool).colour;
    const float s = static_cast<float>(kCellSize) * m_camera.scale();
    for (CellPos p : cells) {
        const float x = m_camera.sx(p.x * kCellSize), y = m_camera.sy((p.y + 1) * kCellSize);
        engine::fill_rect(r, x, y, s, s, {c.r, c.g, c.b, 90});
        engine::outline_rect(r, x, y, s, s, c);
    }
    // The cursor cell itself in white over black, visible on any tile.
    const float x = m_camera.sx(m_cursor.x * kCellSize), y = m_camera.sy((m_cursor.y + 1) * kCellSize);
    engine::outline_rect(r, x - 2, y - 2, s + 4, s + 4, {0, 0, 0, 255});
    engine::outline_rect(r, x - 1, y - 1, s + 2, s + 2, {255, 255, 255, 255});
    engine::outline_rect(r, x, y, s, s, {255, 255, 255, 255});
}

// "   difficulty 0.74 (was 0.71)": the model's figure for this check, and the one shown
// before the last edit that changed it; "" without a model.
std::string EditorScreen::difficulty_text(const EditorCheckResult& check) {
    if (!check.overlay || !check.overlay->result()) return {};
    const double d = check.overlay->result()->difficulty;
    if (check.level_hash != m_shown_hash) {
        if (m_shown_hash != 0) m_previous_difficulty = m_shown_difficulty;
        m_shown_hash = check.level_hash;
        m_shown_difficulty = d;
    }
    char buf[64];
    if (m_previous_difficulty && std::abs(*m_previous_difficulty - d) >= 0.005)
        std::snprintf(buf, sizeof buf, "   difficulty %.2f (was %.2f)", d, *m_previous_difficulty);
    else
        std::snprintf(buf, sizeof buf, "   difficulty %.2f", d);
    return buf;
}

void EditorScreen::draw_hud(SDL_Renderer* r, int vw, int) {
    const Level& l = m_doc.level();
    draw_panel(r, 0, 0, static_cast<float>(vw), kHudH);
    const std::string file =
        std::filesystem::path(m_file).filename().string() + (m_doc.modified() ? " *" : "");
    const std::string left =
        file + "   " + std::to_string(l.width) + "x" + std::to_string(l.height) + "   cell " +
        cell_text(m_cursor) + "   " + tool_info(m_tool).name +
        (m_tool >= EditorTool::Saw && m_tool != EditorTool::Mine
             ? "  cycle " + seconds_text(static_cast<std::uint64_t>(m_cycle_ticks)) + " phase " +
                   seconds_text(static_cast<std::uint64_t>(m_phase_ticks))
             : "") +
        (m_tool == EditorTool::Spike ? (m_facing > 0 ? "  facing right" : "  facing left") : "");
    m_services.text->draw(left, 12, 6, 20, palette::kText);
    if (!m_status.empty())
        m_services.text->draw(m_status, 12, 36, 16, m_status_bad ? palette::kBad : palette::kDim);

    const std::optional<EditorCheckResult> check = current_check();
    std::string verdict = "checking...", detail;
    engine::Color colour = palette::kDim;
    const bool unplayable = check && !check->playable();
    if (check) {
        if (check->playable()) {
            verdict = "playable both ways (" + seconds_text(check->proof.forward.ticks) + ", back " +
                      seconds_text(check->proof.backward.ticks) + ")";
            colour = palette::kGood;
        } else {
            // The short verdict on top, the bot's reason on the line below (it is long).
            verdict = std::string("UNPLAYABLE: ") +
                      (check->proof.forward.reached() ? "exit->start" : "start->exit");
            detail = check->proof.forward.reached() ? check->proof.backward.failure()
                                                    : check->proof.forward.failure();
            colour = palette::kBad;
        }
        verdict += difficulty_text(*check);
    }
    m_services.text->draw(verdict, vw - 12, 6, 18, colour, engine::Align::Right);
    if (detail.empty() && check && !check->warnings.empty())
        detail =
            "warning: " + check->warnings.front() +
            (check->warnings.size() > 1 ? " (+" + std::to_string(check->warnings.size() - 1) + " more)" : "");
    if (!detail.empty())
        m_services.text->draw(detail.size() > 100 ? detail.substr(0, 97) + "..." : detail, vw - 12, 36, 16,
                              unplayable ? palette::kBad : palette::kAccent, engine::Align::Right);
}

void EditorScreen::draw_palette(SDL_Renderer* r, int vw, int vh) {
    draw_panel(r, 0, static_cast<float>(vh) - kPaletteH, static_cast<float>(vw), kPaletteH);
    for (std::size_t i = 0; i < kTools.size(); ++i) {
        const SDL_FRect s = palette_slot(i, vh);
        const ToolInfo& t = kTools[i];
        const bool on = t.tool == m_tool;
        engine::fill_rect(
            r, s.x, s.y, s.w, s.h,
            on ? engine::Color{t.colour.r, t.colour.g, t.colour.b, 110} : engine::Color{40, 44, 64, 200});
        engine::outline_rect(r, s.x, s.y, s.w, s.h, t.colour);
        m_services.text->draw(std::to_string(i + 1) + " " + SDL_GetScancodeName(t.key) + "  " + t.name,
                              static_cast<int>(s.x + 8), static_cast<int>(s.y + 5), 16,
                              on ? palette::kText : palette::kDim);
    }
    m_services.text->draw(
        "Click/drag paint, right erase, wheel zoom, middle pan | Arrows+Space | Z/Y undo/redo | F2 save | "
        "F5 play, F6 from cursor | G graph | [ ] cycle , . phase F facing | Home/End PgUp/PgDn size | Esc",
        16, vh - 38, 13, palette::kDim);
}

}  // namespace sawtooth::app
