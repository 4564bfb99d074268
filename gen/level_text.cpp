// The level text format (see README "Level text format"):
//
//   sawtooth-level 1
//   ; comment lines start with ';'
//   meta seed 42                       (any number of `meta KEY VALUE`, keys unique)
//   grid 24 10                         (width height, then `height` rows, top row first)
//   ########################
//   #S.....................#           # solid  . open  S start  E exit
//   ...                                s saw  k wall spike  q squeeze  m mine (open cells)
//   trap saw X Y CYCLE PHASE           trap cells must carry the trap's letter and
//   trap spike X Y FACING CYCLE PHASE  every lettered cell must belong to a trap line
//   trap squeeze X Y CYCLE PHASE
//   trap mine X Y
//   deco plant|rock|grass|vine X Y VARIANT

#include "gen/hash.hpp"
#include "gen/level.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <sstream>

namespace sawtooth {

LevelFormatError::LevelFormatError(int line, int column, const std::string& message)
    : std::runtime_error("line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
                         message),
      m_line(line),
      m_column(column) {}

std::string Level::meta_value(std::string_view key, std::string_view fallback) const {
    for (const auto& [k, v] : meta)
        if (k == key) return v;
    return std::string(fallback);
}

void Level::set_meta(std::string key, std::string value) {
    for (auto& [k, v] : meta)
        if (k == key) {
            v = std::move(value);
            return;
        }
    meta.emplace_back(std::move(key), std::move(value));
}

std::string_view trap_type_name(TrapType type) {
    switch (type) {
        case TrapType::Saw:
            return "saw";
        case TrapType::WallSpike:
            return "spike";
        case TrapType::Squeeze:
            return "squeeze";
        case TrapType::Mine:
            return "mine";
    }
    return "?";
}

char trap_letter(TrapType type) {
    switch (type) {
        case TrapType::Saw:
            return 's';
        case TrapType::WallSpike:
            return 'k';
        case TrapType::Squeeze:
            return 'q';
        case TrapType::Mine:
            return 'm';
    }
    return '?';
}

std::vector<CellPos> trap_cells(const Trap& trap) {
    const CellPos c = trap.cell;
    switch (trap.type) {
        case TrapType::Saw:
            return {c, {c.x + 1, c.y}, {c.x + 2, c.y}};
        case TrapType::Squeeze:
            return {c, {c.x, c.y + 1}};
        case TrapType::WallSpike:
        case TrapType::Mine:
            return {c};
    }
    return {c};
}

namespace {

constexpr std::string_view kDecorationNames[] = {"plant", "rock", "grass", "vine"};
constexpr int kMaxDimension = 4096;

// Splits a line into whitespace-separated tokens, remembering 1-based columns.
struct Token {
    std::string_view text;
    int column;
};

std::vector<Token> tokenize(std::string_view line) {
    std::vector<Token> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        if (i >= line.size()) break;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        out.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
    }
    return out;
}

long long parse_int(const Token& t, int line, long long lo, long long hi, const char* what) {
    long long v = 0;
    const char* b = t.text.data();
    const char* e = b + t.text.size();
    auto [ptr, ec] = std::from_chars(b, e, v);
    if (ec != std::errc() || ptr != e)
        throw LevelFormatError(
            line, t.column,
            std::string("expected an integer ") + what + ", got '" + std::string(t.text) + "'");
    if (v < lo || v > hi)
        throw LevelFormatError(line, t.column,
                               std::string(what) + " " + std::to_string(v) + " out of range [" +
                                   std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return v;
}

void expect_count(const std::vector<Token>& toks, std::size_t n, int line, std::string_view usage) {
    if (toks.size() != n) {
        const int col =
            toks.size() > n ? toks[n].column : toks.back().column + static_cast<int>(toks.back().text.size());
        throw LevelFormatError(line, col, "expected `" + std::string(usage) + "`");
    }
}

}  // namespace

Level parse_level_text(std::string_view text) {
    Level level;
    std::vector<std::string_view> lines;
    {
        std::size_t pos = 0;
        while (pos <= text.size()) {
            std::size_t nl = text.find('\n', pos);
            if (nl == std::string_view::npos) nl = text.size();
            std::string_view l = text.substr(pos, nl - pos);
            if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
            lines.push_back(l);
            pos = nl + 1;
        }
        while (!lines.empty() && lines.back().empty()) lines.pop_back();
    }
    if (lines.empty()) throw LevelFormatError(1, 1, "empty level file");

    std::size_t li = 0;
    auto is_skippable = [](std::string_view l) {
        auto t = tokenize(l);
        return t.empty() || t[0].text[0] == ';';
    };
    while (li < lines.size() && is_skippable(lines[li])) ++li;
    if (li >= lines.size()) throw LevelFormatError(1, 1, "no `sawtooth-level` header");
    {
        auto toks = tokenize(lines[li]);
        if (toks[0].text != "sawtooth-level")
            throw LevelFormatError(
                static_cast<int>(li) + 1, toks[0].column,
                "expected header `sawtooth-level " + std::to_string(kLevelFormatVersion) + "`");
        expect_count(toks, 2, static_cast<int>(li) + 1, "sawtooth-level VERSION");
        const auto v = parse_int(toks[1], static_cast<int>(li) + 1, 0, 1000000, "format version");
        if (v != kLevelFormatVersion)
            throw LevelFormatError(static_cast<int>(li) + 1, toks[1].column,
                                   "unsupported level format version " + std::to_string(v) +
                                       " (this build reads " + std::to_string(kLevelFormatVersion) + ")");
        ++li;
    }

    bool have_grid = false, have_start = false, have_exit = false;
    int grid_first_line = 0;
    // Letters seen in the grid, to cross-check against trap lines.
    std::vector<char> letters;

    for (; li < lines.size(); ++li) {
        const int ln = static_cast<int>(li) + 1;
        auto toks = tokenize(lines[li]);
        if (toks.empty() || toks[0].text[0] == ';') continue;
        const std::string_view kw = toks[0].text;
        if (kw == "meta") {
            if (toks.size() < 3) expect_count(toks, 3, ln, "meta KEY VALUE");
            const std::string key(toks[1].text);
            for (const auto& [k, v] : level.meta)
                if (k == key) throw LevelFormatError(ln, toks[1].column, "duplicate meta key '" + key + "'");
            // The value is the rest of the line (may contain spaces).
            std::string_view rest = lines[li].substr(static_cast<std::size_t>(toks[2].column - 1));
            while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
            level.meta.emplace_back(key, std::string(rest));
        } else if (kw == "grid") {
            if (have_grid) throw LevelFormatError(ln, toks[0].column, "second `grid` section");
            expect_count(toks, 3, ln, "grid WIDTH HEIGHT");
            level.width = static_cast<int>(parse_int(toks[1], ln, 3, kMaxDimension, "width"));
            level.height = static_cast<int>(parse_int(toks[2], ln, 3, kMaxDimension, "height"));
            level.cells.assign(static_cast<std::size_t>(level.width * level.height), Cell::Open);
            letters.assign(level.cells.size(), '.');
            grid_first_line = ln + 1;
            for (int row = 0; row < level.height; ++row) {
                ++li;
                const int rl = ln + 1 + row;
                if (li >= lines.size())
                    throw LevelFormatError(rl, 1,
                                           "grid ends early: expected " + std::to_string(level.height) +
                                               " rows, got " + std::to_string(row));
                const std::string_view r = lines[li];
                if (static_cast<int>(r.size()) != level.width)
                    throw LevelFormatError(rl, std::min<int>(static_cast<int>(r.size()), level.width) + 1,
                                           "grid row has " + std::to_string(r.size()) + " cells, expected " +
                                               std::to_string(level.width));
                const int y = level.height - 1 - row;
                for (int x = 0; x < level.width; ++x) {
                    const char c = r[static_cast<std::size_t>(x)];
                    const auto idx = static_cast<std::size_t>(y * level.width + x);
                    switch (c) {
                        case '#':
                            level.cells[idx] = Cell::Solid;
                            break;
                        case '.':
                            break;
                        case 'S':
                            if (have_start) throw LevelFormatError(rl, x + 1, "second start 'S'");
                            have_start = true;
                            level.start = {x, y};
                            break;
                        case 'E':
                            if (have_exit) throw LevelFormatError(rl, x + 1, "second exit 'E'");
                            have_exit = true;
                            level.exit = {x, y};
                            break;
                        case 's':
                        case 'k':
                        case 'q':
                        case 'm':
                            letters[idx] = c;
                            break;
                        default:
                            throw LevelFormatError(rl, x + 1,
                                                   std::string("unknown cell character '") + c +
                                                       "' (expected one of # . S E s k q m)");
                    }
                }
            }
            have_grid = true;
        } else if (kw == "trap") {
            if (!have_grid) throw LevelFormatError(ln, toks[0].column, "`trap` before `grid`");
            if (toks.size() < 2) expect_count(toks, 2, ln, "trap TYPE ...");
            Trap t;
            const std::string_view type = toks[1].text;
            std::size_t next = 4;
            if (type == "saw") {
                t.type = TrapType::Saw;
                expect_count(toks, 6, ln, "trap saw X Y CYCLE PHASE");
            } else if (type == "spike") {
                t.type = TrapType::WallSpike;
                expect_count(toks, 7, ln, "trap spike X Y FACING CYCLE PHASE");
                const auto f = parse_int(toks[4], ln, -1, 1, "facing");
                if (f == 0) throw LevelFormatError(ln, toks[4].column, "facing must be 1 or -1");
                t.facing = static_cast<int>(f);
                next = 5;
            } else if (type == "squeeze") {
                t.type = TrapType::Squeeze;
                expect_count(toks, 6, ln, "trap squeeze X Y CYCLE PHASE");
            } else if (type == "mine") {
                t.type = TrapType::Mine;
                expect_count(toks, 4, ln, "trap mine X Y");
            } else {
                throw LevelFormatError(
                    ln, toks[1].column,
                    "unknown trap type '" + std::string(type) + "' (saw, spike, squeeze, mine)");
            }
            t.cell.x = static_cast<int>(parse_int(toks[2], ln, 0, level.width - 1, "x"));
            t.cell.y = static_cast<int>(parse_int(toks[3], ln, 0, level.height - 1, "y"));
            if (t.type != TrapType::Mine) {
                t.cycle_ticks = static_cast<int>(parse_int(toks[next], ln, 1, 100000, "cycle (ticks)"));
                t.phase_ticks =
                    static_cast<int>(parse_int(toks[next + 1], ln, 0, t.cycle_ticks - 1, "phase (ticks)"));
            } else {
                t.cycle_ticks = 1;
            }
            for (const CellPos& c : trap_cells(t)) {
                if (!level.in_bounds(c.x, c.y))
                    throw LevelFormatError(ln, toks[2].column, "trap reaches outside the grid");
                const auto idx = static_cast<std::size_t>(c.y * level.width + c.x);
                if (letters[idx] != trap_letter(t.type))
                    throw LevelFormatError(ln, toks[2].column,
                                           "trap cell (" + std::to_string(c.x) + ", " + std::to_string(c.y) +
                                               ") is not marked '" + std::string(1, trap_letter(t.type)) +
                                               "' in the grid");
                letters[idx] = '.';  // consumed: each lettered cell belongs to one trap
            }
            level.traps.push_back(t);
        } else if (kw == "deco") {
            if (!have_grid) throw LevelFormatError(ln, toks[0].column, "`deco` before `grid`");
            expect_count(toks, 5, ln, "deco TYPE X Y VARIANT");
            Decoration d;
            const auto it = std::find(std::begin(kDecorationNames), std::end(kDecorationNames), toks[1].text);
            if (it == std::end(kDecorationNames))
                throw LevelFormatError(
                    ln, toks[1].column,
                    "unknown decoration '" + std::string(toks[1].text) + "' (plant, rock, grass, vine)");
            d.type = static_cast<DecorationType>(it - std::begin(kDecorationNames));
            d.cell.x = static_cast<int>(parse_int(toks[2], ln, 0, level.width - 1, "x"));
            d.cell.y = static_cast<int>(parse_int(toks[3], ln, 0, level.height - 1, "y"));
            d.variant = static_cast<int>(parse_int(toks[4], ln, 0, 3, "variant"));
            if (level.solid(d.cell.x, d.cell.y))
                throw LevelFormatError(ln, toks[2].column, "decoration on a solid cell");
            level.decorations.push_back(d);
        } else {
            throw LevelFormatError(
                ln, toks[0].column,
                "unknown keyword '" + std::string(kw) + "' (expected meta, grid, trap or deco)");
        }
    }
    if (!have_grid) throw LevelFormatError(static_cast<int>(lines.size()), 1, "missing `grid` section");
    if (!have_start) throw LevelFormatError(grid_first_line, 1, "grid has no start cell 'S'");
    if (!have_exit) throw LevelFormatError(grid_first_line, 1, "grid has no exit cell 'E'");
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x)
            if (letters[static_cast<std::size_t>(y * level.width + x)] != '.')
                throw LevelFormatError(grid_first_line + (level.height - 1 - y), x + 1,
                                       std::string("cell marked '") +
                                           letters[static_cast<std::size_t>(y * level.width + x)] +
                                           "' has no matching `trap` line");
    return level;
}

std::string to_level_text(const Level& level) {
    std::vector<char> grid(level.cells.size());
    for (std::size_t i = 0; i < grid.size(); ++i) grid[i] = level.cells[i] == Cell::Solid ? '#' : '.';
    auto put = [&](CellPos c, char ch) {
        if (level.in_bounds(c.x, c.y)) grid[static_cast<std::size_t>(c.y * level.width + c.x)] = ch;
    };
    for (const Trap& t : level.traps)
        for (CellPos c : trap_cells(t)) put(c, trap_letter(t.type));
    put(level.start, 'S');
    put(level.exit, 'E');

    std::ostringstream out;
    out << "sawtooth-level " << kLevelFormatVersion << "\n";
    for (const auto& [k, v] : level.meta) out << "meta " << k << " " << v << "\n";
    out << "grid " << level.width << " " << level.height << "\n";
    for (int y = level.height - 1; y >= 0; --y) {
        out.write(grid.data() + static_cast<std::ptrdiff_t>(y) * level.width, level.width);
        out << "\n";
    }
    for (const Trap& t : level.traps) {
        out << "trap " << trap_type_name(t.type) << " " << t.cell.x << " " << t.cell.y;
        if (t.type == TrapType::WallSpike) out << " " << t.facing;
        if (t.type != TrapType::Mine) out << " " << t.cycle_ticks << " " << t.phase_ticks;
        out << "\n";
    }
    for (const Decoration& d : level.decorations)
        out << "deco " << kDecorationNames[static_cast<int>(d.type)] << " " << d.cell.x << " " << d.cell.y
            << " " << d.variant << "\n";
    return out.str();
}

std::uint64_t level_hash(const Level& level) { return fnv1a64(to_level_text(level)); }

std::string validate_level(const Level& level) {
    auto name = [](CellPos c) {
        // snprintf rather than string concatenation: GCC 12 warns falsely (-Wrestrict) on
        // "(" + std::to_string(...) chains.
        char buf[48];
        std::snprintf(buf, sizeof buf, "(%d, %d)", c.x, c.y);
        return std::string(buf);
    };
    if (level.width < 3 || level.height < 3) return "level smaller than 3x3";
    if (level.cells.size() != static_cast<std::size_t>(level.width * level.height))
        return "cell count does not match width x height";
    if (!level.in_bounds(level.start.x, level.start.y) || level.solid(level.start.x, level.start.y))
        return "start " + name(level.start) + " is not an open cell";
    if (!level.in_bounds(level.exit.x, level.exit.y) || level.solid(level.exit.x, level.exit.y))
        return "exit " + name(level.exit) + " is not an open cell";
    for (const Trap& t : level.traps) {
        for (CellPos c : trap_cells(t)) {
            if (!level.in_bounds(c.x, c.y)) return "trap at " + name(t.cell) + " reaches outside the grid";
            if (level.solid(c.x, c.y)) return "trap at " + name(t.cell) + " covers solid cell " + name(c);
        }
        if (t.cycle_ticks <= 0) return "trap at " + name(t.cell) + " has a non-positive cycle";
        if (t.phase_ticks < 0 || (t.type != TrapType::Mine && t.phase_ticks >= t.cycle_ticks))
            return "trap at " + name(t.cell) + " has a phase outside [0, cycle)";
        if (t.type == TrapType::WallSpike && !level.solid(t.cell.x - t.facing, t.cell.y))
            return "wall spike at " + name(t.cell) + " has no wall behind it";
    }
    return {};
}

}  // namespace sawtooth
