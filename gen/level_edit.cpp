// Level editing operations and the undo/redo history (see gen/level_edit.hpp).

#include "gen/level_edit.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <utility>
#include "gen/error.hpp"

namespace sawtooth {

namespace {

constexpr int kMinSize = 3;
constexpr int kMaxSize = 4096;

std::string cell_name(CellPos c) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "(%d, %d)", c.x, c.y);
    return buf;
}

EditResult refuse(std::string why) { return {false, std::move(why)}; }

bool covers(const Trap& t, CellPos cell) {
    const std::vector<CellPos> cells = trap_cells(t);
    return std::find(cells.begin(), cells.end(), cell) != cells.end();
}

// Removes every trap and decoration that `keep` rejects; true if any went.
template <class Keep>
bool drop_traps_unless(Level& level, Keep keep) {
    const auto it =
        std::remove_if(level.traps.begin(), level.traps.end(), [&](const Trap& t) { return !keep(t); });
    const bool any = it != level.traps.end();
    level.traps.erase(it, level.traps.end());
    return any;
}

void drop_decorations_at(Level& level, CellPos cell) {
    std::erase_if(level.decorations, [&](const Decoration& d) { return d.cell == cell; });
}

// Why `cell` cannot hold start or exit ("" when it can); `other` is the other endpoint.
std::string endpoint_blocked(const Level& level, CellPos cell, CellPos other, const char* what) {
    if (!level.in_bounds(cell.x, cell.y))
        return std::string(what) + " " + cell_name(cell) + " is outside the grid";
    if (cell == other) return std::string(what) + " cannot share " + cell_name(cell) + " with the other end";
    if (trap_index_at(level, cell) >= 0)
        return std::string(what) + " cannot go on the trap at " + cell_name(cell);
    return {};
}

EditResult place_endpoint(Level& level, CellPos cell, CellPos& endpoint, CellPos other, const char* what) {
    std::string why = endpoint_blocked(level, cell, other, what);
    if (!why.empty()) return refuse(std::move(why));
    const bool changed = endpoint != cell || level.solid(cell.x, cell.y);
    paint_cell(level, cell, Cell::Open);  // also takes a wall spike standing on this wall
    endpoint = cell;
    return {changed, {}};
}

// Why `trap` cannot be placed ("" when it can); `replacing` is the index it replaces or -1.
std::string trap_blocked(const Level& level, const Trap& trap, int replacing) {
    const std::string at = std::string(trap_type_name(trap.type)) + " at " + cell_name(trap.cell);
    for (CellPos c : trap_cells(trap)) {
        if (!level.in_bounds(c.x, c.y)) return at + " reaches outside the grid";
        if (level.solid(c.x, c.y)) return at + " covers solid cell " + cell_name(c);
        if (c == level.start || c == level.exit) return at + " covers the start or exit";
        const int other = trap_index_at(level, c);
        if (other >= 0 && other != replacing) return at + " overlaps the trap at " + cell_name(c);
    }
    if (trap.type == TrapType::WallSpike) {
        if (trap.facing != 1 && trap.facing != -1) return at + ": facing must be 1 or -1";
        if (!level.solid(trap.cell.x - trap.facing, trap.cell.y)) return at + " has no wall behind it";
    }
    if (trap.cycle_ticks <= 0) return at + ": cycle must be > 0 ticks";
    if (trap.phase_ticks < 0 || trap.phase_ticks >= trap.cycle_ticks)
        return at + ": phase must be in [0, cycle)";
    return {};
}

}  // namespace

Level new_empty_level(int width, int height) {
    if (width < 4 || height < kMinSize || width > kMaxSize || height > kMaxSize)
        throw Error("level size " + std::to_string(width) + "x" + std::to_string(height) +
                    " outside [4, 4096] x [3, 4096]");
    Level level;
    level.width = width;
    level.height = height;
    level.cells.assign(static_cast<std::size_t>(width * height), Cell::Solid);
    for (int y = 1; y < height - 1; ++y)
        for (int x = 1; x < width - 1; ++x) level.set(x, y, Cell::Open);
    level.start = {1, 1};
    level.exit = {width - 2, 1};
    return level;
}

int trap_index_at(const Level& level, CellPos cell) {
    for (std::size_t i = 0; i < level.traps.size(); ++i)
        if (covers(level.traps[i], cell)) return static_cast<int>(i);
    return -1;
}

EditResult paint_cell(Level& level, CellPos cell, Cell value) {
    if (!level.in_bounds(cell.x, cell.y)) return refuse("cell " + cell_name(cell) + " is outside the grid");
    if (level.at(cell.x, cell.y) == value) return {};
    if (value == Cell::Solid) {
        if (cell == level.start || cell == level.exit)
            return refuse("cannot wall over the start or exit at " + cell_name(cell));
        drop_traps_unless(level, [&](const Trap& t) { return !covers(t, cell); });
        drop_decorations_at(level, cell);
    } else {
        // A wall spike stands on the wall behind it: opening that wall takes the spike.
        drop_traps_unless(level, [&](const Trap& t) {
            return !(t.type == TrapType::WallSpike && CellPos{t.cell.x - t.facing, t.cell.y} == cell);
        });
    }
    level.set(cell.x, cell.y, value);
    return {true, {}};
}

EditResult place_start(Level& level, CellPos cell) {
    return place_endpoint(level, cell, level.start, level.exit, "start");
}

EditResult place_exit(Level& level, CellPos cell) {
    return place_endpoint(level, cell, level.exit, level.start, "exit");
}

EditResult place_trap(Level& level, const Trap& trap) {
    Trap t = trap;
    if (t.type == TrapType::Mine) {
        t.cycle_ticks = 1;  // as parse_level_text reads a mine: no timing
        t.phase_ticks = 0;
    }
    if (t.type != TrapType::WallSpike) t.facing = 1;
    int replacing = -1;
    for (std::size_t i = 0; i < level.traps.size(); ++i)
        if (level.traps[i].cell == t.cell && level.traps[i].type == t.type) replacing = static_cast<int>(i);
    std::string why = trap_blocked(level, t, replacing);
    if (!why.empty()) return refuse(std::move(why));
    if (replacing >= 0) {
        Trap& old = level.traps[static_cast<std::size_t>(replacing)];
        const bool changed = old != t;
        old = t;
        return {changed, {}};
    }
    level.traps.push_back(t);
    return {true, {}};
}

EditResult erase_trap_at(Level& level, CellPos cell) {
    return {drop_traps_unless(level, [&](const Trap& t) { return !covers(t, cell); }), {}};
}

EditResult resize_level(Level& level, const ResizeSettings& s) {
    if (s.width < kMinSize || s.height < kMinSize || s.width > kMaxSize || s.height > kMaxSize)
        return refuse("size " + std::to_string(s.width) + "x" + std::to_string(s.height) +
                      " outside [3, 4096]");
    auto moved = [&](CellPos c) { return CellPos{c.x + s.shift_x, c.y + s.shift_y}; };
    Level out;
    out.width = s.width;
    out.height = s.height;
    out.cells.assign(static_cast<std::size_t>(s.width * s.height), s.fill);
    out.start = moved(level.start);
    out.exit = moved(level.exit);
    if (!out.in_bounds(out.start.x, out.start.y) || !out.in_bounds(out.exit.x, out.exit.y))
        return refuse("the start or exit would fall outside a " + std::to_string(s.width) + "x" +
                      std::to_string(s.height) + " level");
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x) {
            const CellPos to = moved({x, y});
            if (out.in_bounds(to.x, to.y)) out.set(to.x, to.y, level.at(x, y));
        }
    out.meta = level.meta;
    for (Trap t : level.traps) {
        t.cell = moved(t.cell);
        if (trap_blocked(out, t, -1).empty()) out.traps.push_back(t);
    }
    for (Decoration d : level.decorations) {
        d.cell = moved(d.cell);
        if (out.in_bounds(d.cell.x, d.cell.y) && !out.solid(d.cell.x, d.cell.y)) out.decorations.push_back(d);
    }
    const bool changed = out != level;
    level = std::move(out);
    return {changed, {}};
}

LevelDocument::LevelDocument(Level level, std::size_t history_limit)
    : m_level(std::move(level)), m_saved(m_level), m_limit(history_limit) {}

LevelDocument LevelDocument::from_text(std::string_view text, std::size_t history_limit) {
    Level level = parse_level_text(text);
    const std::string problem = level_problem(level);
    if (!problem.empty()) throw Error(problem);
    return LevelDocument(std::move(level), history_limit);
}

void LevelDocument::begin_step() {
    if (m_open_steps++ == 0) m_step_before = m_level;
}

void LevelDocument::end_step() {
    if (m_open_steps == 0) return;
    if (--m_open_steps == 0 && m_level != m_step_before) record(std::move(m_step_before));
}

void LevelDocument::record(Level before) {
    m_undo.push_back(std::move(before));
    while (m_undo.size() > m_limit) m_undo.pop_front();
    m_redo.clear();
}

template <class Edit>
EditResult LevelDocument::edit(Edit&& apply) {
    if (m_open_steps > 0) return apply(m_level);
    Level before = m_level;
    EditResult r = apply(m_level);
    if (r.changed) record(std::move(before));
    return r;
}

EditResult LevelDocument::paint(CellPos cell, Cell value) {
    return edit([&](Level& l) { return paint_cell(l, cell, value); });
}

EditResult LevelDocument::set_start(CellPos cell) {
    return edit([&](Level& l) { return place_start(l, cell); });
}

EditResult LevelDocument::set_exit(CellPos cell) {
    return edit([&](Level& l) { return place_exit(l, cell); });
}

EditResult LevelDocument::add_trap(const Trap& trap) {
    return edit([&](Level& l) { return place_trap(l, trap); });
}

EditResult LevelDocument::erase_trap(CellPos cell) {
    return edit([&](Level& l) { return erase_trap_at(l, cell); });
}

EditResult LevelDocument::resize(const ResizeSettings& settings) {
    return edit([&](Level& l) { return resize_level(l, settings); });
}

bool LevelDocument::undo() {
    while (m_open_steps > 0) end_step();
    if (m_undo.empty()) return false;
    m_redo.push_back(std::move(m_level));
    m_level = std::move(m_undo.back());
    m_undo.pop_back();
    return true;
}

bool LevelDocument::redo() {
    while (m_open_steps > 0) end_step();
    if (m_redo.empty()) return false;
    m_undo.push_back(std::move(m_level));
    m_level = std::move(m_redo.back());
    m_redo.pop_back();
    return true;
}

}  // namespace sawtooth
