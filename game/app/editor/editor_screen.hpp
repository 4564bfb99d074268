#pragma once
// The platformer level editor (docs/game.md "Level editor"): a grid with cell
// coordinates and a cursor over the level drawn by LevelView; paint and erase by mouse
// (click or drag, right button erases, wheel zooms, middle button pans) or keyboard
// (arrows move the cursor, letter keys pick tools); undo/redo; resize; atomic save; test
// play that returns to where you were; and the live checks of editor_checks.hpp drawn
// over the level. Editing itself is gen/level_edit.hpp's; this screen turns input into
// its calls and draws. Controls: kEditorKeys below and the docs' table.

#include "game/app/widgets/camera.hpp"
#include "game/app/editor/editor_checks.hpp"
#include "game/app/core/screen.hpp"
#include "game/sim/simulation.hpp"
#include "gen/level_edit.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace sawtooth::app {

/// What a click or the action key does at a cell.
enum class EditorTool : std::uint8_t { Wall, Erase, Start, Exit, Saw, Spike, Squeeze, Mine, Count };

/// The file the title menu's Editor opens: $XDG_DATA_HOME/sawtooth/levels/editor.txt (or
/// ~/.local/share/...); "levels/editor.txt" when neither variable is set.
std::string default_editor_file();

/// The level to edit in `file`: read from it when it exists (else a new empty level);
/// "" on success, else the one-line problem (the first error's line and column).
std::string open_editor_level(const std::string& file, Level& out);

/// Size of a new empty level, in cells.
inline constexpr int kNewLevelWidth = 32;
inline constexpr int kNewLevelHeight = 14;

/// The editor screen over one level file.
class EditorScreen : public Screen {
public:
    /// Edits `level`; saving writes `file` (created with its folder when missing).
    EditorScreen(Services services, Level level, std::string file);

    void tick(const engine::Controls& controls) override;
    void render(SDL_Renderer* r, double alpha, double real_dt) override;
    std::string name() const override { return "editor"; }
    /// Letter keys pick tools: they must not also move as W, A, S, D.
    bool takes_text() const override { return true; }
    /// Waits for the running check, then: size, undo steps, ticks run while checking, the
    /// verdict and the trap-rule warnings (tests).
    std::string final_report() const override;
    /// True while a check runs or waits.
    bool background_busy() const override { return m_checker.busy(); }

    const LevelDocument& document() const { return m_doc; }
    /// The status line under the top bar (red when `bad`).
    void set_status(std::string text, bool bad) {
        m_status = std::move(text);
        m_status_bad = bad;
    }
    /// The live checks' newest result for the level as it is now (empty while checking).
    std::optional<EditorCheckResult> current_check() const;

private:
    void on_key(int scancode, bool ctrl);
    bool on_tool_key(int scancode);
    bool on_param_key(int scancode);
    void on_mouse();
    void on_mouse_button(unsigned buttons, const CellPos* cell);
    void apply_tool(CellPos cell);
    void erase(CellPos cell);
    void show(const EditResult& r);
    void move_cursor(int dx, int dy);
    void resize(int dw, int dh);
    void zoom(int notches);
    void save();
    void test_play(bool from_cursor);
    void leave();
    void level_changed();
    std::optional<CellPos> cell_under_mouse() const;
    Trap trap_for(EditorTool tool, CellPos cell) const;

    void update_camera();
    void draw_grid(SDL_Renderer* r, int vw, int vh);
    void draw_checks(SDL_Renderer* r);
    void draw_cursor(SDL_Renderer* r);
    void draw_hud(SDL_Renderer* r, int vw, int vh);
    std::string difficulty_text(const EditorCheckResult& check);
    void draw_palette(SDL_Renderer* r, int vw, int vh);

    Services m_services;
    LevelDocument m_doc;
    std::string m_file;
    EditorTool m_tool = EditorTool::Wall;
    CellPos m_cursor{1, 1};
    int m_cycle_ticks = 120;  ///< timing of traps placed next
    int m_phase_ticks = 0;
    int m_facing = 1;  ///< preferred wall-spike facing (the other is used when only it has a wall)
    std::unique_ptr<Simulation> m_view_sim;  ///< the level as LevelView draws it (never stepped)
    std::uint64_t m_view_hash = 0;
    std::uint64_t m_submitted_hash = 0;  ///< the level last given to the checker
    EditorChecker m_checker;
    Camera m_camera;
    double m_ppm = 32.0;                        ///< zoom: pixels per metre
    double m_centre_x = 0.0, m_centre_y = 0.0;  ///< view centre, metres
    int m_vw = 1280, m_vh = 720;                ///< logical view size at the last frame
    unsigned m_buttons = 0;                     ///< mouse buttons held at the last tick
    float m_mouse_x = -1.0f, m_mouse_y = -1.0f;
    std::optional<CellPos> m_stroke_cell;  ///< last cell of the drag in progress
    bool m_show_graph = false;             ///< the overlay's graph, routes and easiest path
    bool m_confirm_leave = false;          ///< Escape pressed once with unsaved changes
    int m_ticks_while_checking = 0;        ///< ticks run while a check was busy (never blocked)
    std::string m_status;
    bool m_status_bad = false;
    std::uint64_t m_shown_hash = 0;               ///< the level whose difficulty the HUD shows
    double m_shown_difficulty = 0.0;              ///< its difficulty
    std::optional<double> m_previous_difficulty;  ///< the one shown before the last change
    double m_time = 0.0;
};

}  // namespace sawtooth::app
