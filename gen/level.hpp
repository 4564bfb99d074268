#pragma once
// The Level value: everything the game needs to play one platformer level, and the
// canonical text form shared by hand-made levels (assets/levels/*.txt), the generator's
// ascii output and level hashes. Pure data; the generator (gen/) produces it and the
// simulation (game/sim/) consumes it. Does not know about Box2D, SDL or files.
//
// Coordinates: cells are 2 m x 2 m (kCellSize, gen/physics_constants.hpp); cell (x, y) has x to the right
// and y UP, (0, 0) being the bottom-left cell, as in the world. Text rows are written top
// row first.

#include "gen/error.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sawtooth {

/// What fills a grid cell. Traps live in Level::traps, on top of Open cells.
enum class Cell : std::uint8_t { Open = 0, Solid = 1 };

/// A cell coordinate, y up.
struct CellPos {
    int x = 0;
    int y = 0;
    friend bool operator==(const CellPos&, const CellPos&) = default;
};

/// The four trap kinds of the thesis (SPEC P2).
enum class TrapType : std::uint8_t { Saw, WallSpike, Squeeze, Mine };

/// One trap. Geometry (interpreted by game/sim/traps):
/// - Saw: cells (x..x+2, y), all Open with Solid floor below; the blade runs back and forth
///   between the outer cell centres, one round trip per cycle.
/// - WallSpike: cell (x, y), Open, with a Solid wall at x - facing; spikes extend from that
///   wall into the cell for part of each cycle. Kills standing, jumping or hanging players.
/// - Squeeze: cells (x, y) and (x, y + 1), Open; a block rises from the floor and one falls
///   from the top, they meet at y + 1 m once per cycle and stay electrified a few frames.
/// - Mine: cell (x, y), Open with Solid floor; entering arms it, it blows after a delay.
struct Trap {
    TrapType type = TrapType::Saw;
    CellPos cell;           ///< anchor: lowest-left cell of the trap's area
    int facing = 1;         ///< WallSpike: +1 = spikes point right (wall on the left), -1 = left
    int cycle_ticks = 120;  ///< t_cycle in 1/60 s ticks (> 0)
    int phase_ticks = 0;    ///< phase offset in ticks, 0 <= phase < cycle
    friend bool operator==(const Trap&, const Trap&) = default;
};

/// Cosmetic props placed by the generator's seed; never collide, never on gameplay cells.
enum class DecorationType : std::uint8_t { Plant, Rock, Grass, Vine };

/// One decoration sprite anchored in an Open cell.
struct Decoration {
    DecorationType type = DecorationType::Plant;
    CellPos cell;
    int variant = 0;  ///< 0..3, picks a look
    friend bool operator==(const Decoration&, const Decoration&) = default;
};

/// A platformer level. Grid + start/exit + traps + decoration + free-form metadata
/// (seed, parameters, generator version) written as `meta KEY VALUE` lines.
struct Level {
    int width = 0;            ///< cells
    int height = 0;           ///< cells
    std::vector<Cell> cells;  ///< row-major from the bottom row: index = y * width + x
    CellPos start;            ///< the player spawns standing in this Open cell
    CellPos exit;             ///< the exit gate's Open cell
    std::vector<Trap> traps;
    std::vector<Decoration> decorations;
    std::vector<std::pair<std::string, std::string>> meta;  ///< ordered, keys unique

    /// True if (x, y) lies inside the grid.
    bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    /// Cell value; everything outside the grid counts as Solid (levels are closed boxes).
    Cell at(int x, int y) const {
        return in_bounds(x, y) ? cells[static_cast<std::size_t>(y * width + x)] : Cell::Solid;
    }
    /// True if the cell is Solid (outside the grid included).
    bool solid(int x, int y) const { return at(x, y) == Cell::Solid; }
    /// Sets a cell; requires in_bounds.
    void set(int x, int y, Cell c) { cells[static_cast<std::size_t>(y * width + x)] = c; }
    /// Metadata value for key, or `fallback` when absent.
    std::string meta_value(std::string_view key, std::string_view fallback = {}) const;
    /// Sets (or replaces) a metadata value.
    void set_meta(std::string key, std::string value);

    friend bool operator==(const Level&, const Level&) = default;
};

/// A malformed level text: names the line and column (both 1-based) of the problem.
class LevelFormatError : public Error {
public:
    LevelFormatError(int line, int column, const std::string& message);
    int line() const { return m_line; }
    int column() const { return m_column; }

private:
    int m_line;
    int m_column;
};

/// Level text format version written on the first line ("sawtooth-level 1").
inline constexpr int kLevelFormatVersion = 1;

/// Parses the level text format; throws LevelFormatError with line and column.
Level parse_level_text(std::string_view text);

/// Writes the canonical text form; parse_level_text(to_level_text(l)) == l.
std::string to_level_text(const Level& level);

/// Hash of the canonical text: equal levels hash equal on every machine.
std::uint64_t level_hash(const Level& level);

/// The trap type's name in the text format ("saw", "spike", "squeeze", "mine").
std::string_view trap_type_name(TrapType type);

/// The grid letter shown for a trap's cells in the text format.
char trap_letter(TrapType type);

/// The cells a trap covers (see Trap for the geometry of each type).
std::vector<CellPos> trap_cells(const Trap& trap);

/// Checks gameplay invariants a loaded level must satisfy (start/exit open with floor,
/// traps inside the grid on open cells...). Returns an empty string when fine, else a
/// one-line description of the first problem.
std::string level_problem(const Level& level);

}  // namespace sawtooth
