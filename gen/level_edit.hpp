#pragma once
// Level editing as pure functions: the operations of the level editor on a
// Level value, and a LevelDocument holding the level being edited with its undo/redo
// history. No SDL, no files, no clocks: the editor screen (game/app/editor/editor_screen) turns
// input into these calls, tests call them directly.
//
// Lives in gen because everything it touches is gen's: the Level value, its text format
// and level_problem. It needs neither the simulation nor the bot.
//
// Every operation keeps the level valid (level_problem() == "") and writable as level
// text that reads back equal: an edit that would break that is refused with a one-line
// reason and changes nothing (start/exit on a trap, a trap over solid cells...), or takes
// the things it invalidates with it (painting solid over a trap removes the trap, opening
// the wall behind a wall spike removes the spike). Does not: check playability (the expert
// bot does, game/bot), or draw anything.

#include "gen/level.hpp"

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

namespace sawtooth {

/// The result of one edit: `changed` when the level differs afterwards; `refused` names
/// why nothing was done ("" when the edit was allowed, even if it changed nothing).
struct EditResult {
    bool changed = false;
    std::string refused;
};

/// An empty level to start from: a closed box of solid border, open inside, start in the
/// bottom-left inner cell, exit in the bottom-right one. Requires 3 <= width, height <= 4096
/// and width >= 4 (start and exit need distinct cells).
Level new_empty_level(int width, int height);

/// Paints one cell Solid or Open. Painting Solid over the start or exit is refused; over a
/// trap or decoration removes it. Opening the wall behind a wall spike removes the spike.
EditResult paint_cell(Level& level, CellPos cell, Cell value);

/// Moves the start (or exit) to `cell`: opens it if solid; refused outside the grid, on a
/// trap's cells or on the other one of start/exit.
EditResult place_start(Level& level, CellPos cell);
EditResult place_exit(Level& level, CellPos cell);

/// Places a trap (geometry: see Trap). Its cells must be inside the grid, open, free of
/// other traps, start and exit; a wall spike needs a solid cell behind it (x - facing);
/// cycle > 0 and 0 <= phase < cycle (a mine's cycle is 1, phase 0, as the parser reads it).
/// A trap already anchored at the same cell with the same type is replaced (new timing).
EditResult place_trap(Level& level, const Trap& trap);

/// Removes the trap covering `cell`, if any.
EditResult erase_trap_at(Level& level, CellPos cell);

/// Index into level.traps of the trap covering `cell`, or -1.
int trap_index_at(const Level& level, CellPos cell);

/// How to resize: the new size in cells, how far the old content moves (cells, + = right
/// and up; growing at the left or bottom needs a positive shift), and what new cells hold.
struct ResizeSettings {
    int width = 0;
    int height = 0;
    int shift_x = 0;
    int shift_y = 0;
    Cell fill = Cell::Solid;
};

/// Resizes keeping the content (shifted by shift_x, shift_y). Refused when the size is
/// outside [3, 4096] or the start or exit would fall outside; traps that would no longer
/// fit whole, and decorations outside, are dropped.
EditResult resize_level(Level& level, const ResizeSettings& settings);

/// The level being edited and its history. A step is one undo unit: every edit outside
/// begin_step()/end_step() is its own step; the edits between them (a mouse drag) are one.
/// Keeps at most `history_limit` undo steps, dropping the oldest.
class LevelDocument {
public:
    /// Requires level_problem(level) == "".
    explicit LevelDocument(Level level, std::size_t history_limit = 200);

    /// Reads level text; throws LevelFormatError (line and column) when malformed and
    /// sawtooth::Error when it parses but breaks level_problem.
    static LevelDocument from_text(std::string_view text, std::size_t history_limit = 200);

    const Level& level() const { return m_level; }
    std::string text() const { return to_level_text(m_level); }

    /// Opens a step: the edits until end_step() undo together. Nested calls count.
    void begin_step();
    /// Closes the step opened by begin_step(); records it if the level changed.
    void end_step();

    EditResult paint(CellPos cell, Cell value);
    EditResult set_start(CellPos cell);
    EditResult set_exit(CellPos cell);
    EditResult add_trap(const Trap& trap);
    EditResult erase_trap(CellPos cell);
    EditResult resize(const ResizeSettings& settings);

    bool can_undo() const { return !m_undo.empty(); }
    bool can_redo() const { return !m_redo.empty(); }
    /// Steps back (forward); false when there is nothing to undo (redo). An open step is
    /// closed first.
    bool undo();
    bool redo();
    std::size_t undo_depth() const { return m_undo.size(); }
    std::size_t redo_depth() const { return m_redo.size(); }

    /// True when the level differs from the one last marked saved (or loaded).
    bool modified() const { return m_level != m_saved; }
    void mark_saved() { m_saved = m_level; }

private:
    template <class Edit>
    EditResult edit(Edit&& apply);
    void record(Level before);

    Level m_level;
    Level m_saved;
    std::size_t m_limit;
    std::deque<Level> m_undo;
    std::vector<Level> m_redo;
    int m_open_steps = 0;
    Level m_step_before;
};

}  // namespace sawtooth
