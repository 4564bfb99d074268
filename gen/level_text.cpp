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
#include "gen/printable.hpp"
#include "gen/text_tokens.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <sstream>

namespace sawtooth {

LevelFormatError::LevelFormatError(int line, int column, const std::string& message)
    : Error("line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message),
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

using Token = TextToken;

long long parse_int(const Token& t, int line, long long lo, long long hi, const char* what) {
    long long v = 0;
    const char* b = t.text.data();
    const char* e = b + t.text.size();
    auto [ptr, ec] = std::from_chars(b, e, v);
    if (ec != std::errc() || ptr != e)
        throw LevelFormatError(
            line, t.column, std::string("expected an integer ") + what + ", got '" + printable(t.text) + "'");
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

// Lines of the text without their line ends (LF or CRLF), trailing empty lines dropped.
std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
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
    return lines;
}

bool is_blank_or_comment(const std::vector<Token>& toks) { return toks.empty() || toks[0].text[0] == ';'; }

// One parse_level_text call: the lines, the line being read and what the grid declared
// so far. Errors are LevelFormatError with the 1-based line and column of the culprit.
class LevelTextParser {
public:
    explicit LevelTextParser(std::string_view text) : m_lines(split_lines(text)) {}

    Level parse() {
        if (m_lines.empty()) throw LevelFormatError(1, 1, "empty level file");
        read_header();
        for (; m_li < m_lines.size(); ++m_li) {
            const std::vector<Token> toks = split_tokens(m_lines[m_li]);
            if (!is_blank_or_comment(toks)) read_statement(toks, line_number());
        }
        check_complete();
        return std::move(m_level);
    }

private:
    int line_number() const { return static_cast<int>(m_li) + 1; }
    std::size_t cell(int x, int y) const { return static_cast<std::size_t>(y * m_level.width + x); }

    void read_header();
    void read_statement(const std::vector<Token>& toks, int ln);
    void read_meta(const std::vector<Token>& toks, int ln);
    void read_grid(const std::vector<Token>& toks, int ln);
    void read_grid_row(std::string_view row, int ln, int y);
    void read_grid_cell(char c, int ln, int x, int y);
    void read_trap(const std::vector<Token>& toks, int ln);
    Trap read_trap_type(const std::vector<Token>& toks, int ln) const;
    void claim_trap_cells(const Trap& t, int column, int ln);
    void read_deco(const std::vector<Token>& toks, int ln);
    void check_complete() const;

    std::vector<std::string_view> m_lines;
    std::size_t m_li = 0;  // index of the line being read
    Level m_level;
    bool m_have_grid = false, m_have_start = false, m_have_exit = false;
    int m_grid_first_line = 0;
    // Trap letters seen in the grid, cleared as trap lines claim them.
    std::vector<char> m_letters;
};

void LevelTextParser::read_header() {
    while (m_li < m_lines.size() && is_blank_or_comment(split_tokens(m_lines[m_li]))) ++m_li;
    if (m_li >= m_lines.size()) throw LevelFormatError(1, 1, "no `sawtooth-level` header");
    const int ln = line_number();
    const std::vector<Token> toks = split_tokens(m_lines[m_li]);
    if (toks[0].text != "sawtooth-level")
        throw LevelFormatError(
            ln, toks[0].column,
            "expected header `sawtooth-level " + std::to_string(kLevelFormatVersion) + "`");
    expect_count(toks, 2, ln, "sawtooth-level VERSION");
    const auto v = parse_int(toks[1], ln, 0, 1000000, "format version");
    if (v != kLevelFormatVersion)
        throw LevelFormatError(ln, toks[1].column,
                               "unsupported level format version " + std::to_string(v) +
                                   " (this build reads " + std::to_string(kLevelFormatVersion) + ")");
    ++m_li;
}

void LevelTextParser::read_statement(const std::vector<Token>& toks, int ln) {
    const std::string_view kw = toks[0].text;
    if (kw == "meta") {
        read_meta(toks, ln);
    } else if (kw == "grid") {
        read_grid(toks, ln);
    } else if (kw == "trap") {
        read_trap(toks, ln);
    } else if (kw == "deco") {
        read_deco(toks, ln);
    } else {
        throw LevelFormatError(ln, toks[0].column,
                               "unknown keyword '" + printable(kw) + "' (expected meta, grid, trap or deco)");
    }
}

void LevelTextParser::read_meta(const std::vector<Token>& toks, int ln) {
    if (toks.size() < 3) expect_count(toks, 3, ln, "meta KEY VALUE");
    const std::string key(toks[1].text);
    for (const auto& [k, v] : m_level.meta)
        if (k == key)
            throw LevelFormatError(ln, toks[1].column, "duplicate meta key '" + printable(key) + "'");
    // The value is the rest of the line (may contain spaces).
    std::string_view rest = m_lines[m_li].substr(static_cast<std::size_t>(toks[2].column - 1));
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
    m_level.meta.emplace_back(key, std::string(rest));
}

// Reads the `grid` line and the rows after it (top row first), leaving m_li on the last row.
void LevelTextParser::read_grid(const std::vector<Token>& toks, int ln) {
    if (m_have_grid) throw LevelFormatError(ln, toks[0].column, "second `grid` section");
    expect_count(toks, 3, ln, "grid WIDTH HEIGHT");
    m_level.width = static_cast<int>(parse_int(toks[1], ln, 3, kMaxDimension, "width"));
    m_level.height = static_cast<int>(parse_int(toks[2], ln, 3, kMaxDimension, "height"));
    m_level.cells.assign(static_cast<std::size_t>(m_level.width * m_level.height), Cell::Open);
    m_letters.assign(m_level.cells.size(), '.');
    m_grid_first_line = ln + 1;
    for (int row = 0; row < m_level.height; ++row) {
        ++m_li;
        const int rl = ln + 1 + row;
        if (m_li >= m_lines.size())
            throw LevelFormatError(rl, 1,
                                   "grid ends early: expected " + std::to_string(m_level.height) +
                                       " rows, got " + std::to_string(row));
        read_grid_row(m_lines[m_li], rl, m_level.height - 1 - row);
    }
    m_have_grid = true;
}

void LevelTextParser::read_grid_row(std::string_view row, int ln, int y) {
    if (static_cast<int>(row.size()) != m_level.width)
        throw LevelFormatError(ln, std::min<int>(static_cast<int>(row.size()), m_level.width) + 1,
                               "grid row has " + std::to_string(row.size()) + " cells, expected " +
                                   std::to_string(m_level.width));
    for (int x = 0; x < m_level.width; ++x) read_grid_cell(row[static_cast<std::size_t>(x)], ln, x, y);
}

void LevelTextParser::read_grid_cell(char c, int ln, int x, int y) {
    switch (c) {
        case '#':
            m_level.cells[cell(x, y)] = Cell::Solid;
            break;
        case '.':
            break;
        case 'S':
            if (m_have_start) throw LevelFormatError(ln, x + 1, "second start 'S'");
            m_have_start = true;
            m_level.start = {x, y};
            break;
        case 'E':
            if (m_have_exit) throw LevelFormatError(ln, x + 1, "second exit 'E'");
            m_have_exit = true;
            m_level.exit = {x, y};
            break;
        case 's':
        case 'k':
        case 'q':
        case 'm':
            m_letters[cell(x, y)] = c;
            break;
        default:
            throw LevelFormatError(ln, x + 1,
                                   std::string("unknown cell character '") + printable(std::string(1, c)) +
                                       "' (expected one of # . S E s k q m)");
    }
}

void LevelTextParser::read_trap(const std::vector<Token>& toks, int ln) {
    if (!m_have_grid) throw LevelFormatError(ln, toks[0].column, "`trap` before `grid`");
    if (toks.size() < 2) expect_count(toks, 2, ln, "trap TYPE ...");
    Trap t = read_trap_type(toks, ln);
    t.cell.x = static_cast<int>(parse_int(toks[2], ln, 0, m_level.width - 1, "x"));
    t.cell.y = static_cast<int>(parse_int(toks[3], ln, 0, m_level.height - 1, "y"));
    if (t.type != TrapType::Mine) {
        const std::size_t timing = t.type == TrapType::WallSpike ? 5 : 4;  // after FACING for spikes
        t.cycle_ticks = static_cast<int>(parse_int(toks[timing], ln, 1, 100000, "cycle (ticks)"));
        t.phase_ticks =
            static_cast<int>(parse_int(toks[timing + 1], ln, 0, t.cycle_ticks - 1, "phase (ticks)"));
    } else {
        t.cycle_ticks = 1;
    }
    claim_trap_cells(t, toks[2].column, ln);
    m_level.traps.push_back(t);
}

// The trap's type and, for spikes, its facing; checks the token count the type needs.
Trap LevelTextParser::read_trap_type(const std::vector<Token>& toks, int ln) const {
    Trap t;
    const std::string_view type = toks[1].text;
    if (type == "saw") {
        t.type = TrapType::Saw;
        expect_count(toks, 6, ln, "trap saw X Y CYCLE PHASE");
    } else if (type == "spike") {
        t.type = TrapType::WallSpike;
        expect_count(toks, 7, ln, "trap spike X Y FACING CYCLE PHASE");
        const auto f = parse_int(toks[4], ln, -1, 1, "facing");
        if (f == 0) throw LevelFormatError(ln, toks[4].column, "facing must be 1 or -1");
        t.facing = static_cast<int>(f);
    } else if (type == "squeeze") {
        t.type = TrapType::Squeeze;
        expect_count(toks, 6, ln, "trap squeeze X Y CYCLE PHASE");
    } else if (type == "mine") {
        t.type = TrapType::Mine;
        expect_count(toks, 4, ln, "trap mine X Y");
    } else {
        throw LevelFormatError(ln, toks[1].column,
                               "unknown trap type '" + printable(type) + "' (saw, spike, squeeze, mine)");
    }
    return t;
}

// Every cell of the trap must carry its letter in the grid; each lettered cell belongs to
// one trap, so claiming clears it.
void LevelTextParser::claim_trap_cells(const Trap& t, int column, int ln) {
    for (const CellPos& c : trap_cells(t)) {
        if (!m_level.in_bounds(c.x, c.y)) throw LevelFormatError(ln, column, "trap reaches outside the grid");
        char& letter = m_letters[cell(c.x, c.y)];
        if (letter != trap_letter(t.type))
            throw LevelFormatError(ln, column,
                                   "trap cell (" + std::to_string(c.x) + ", " + std::to_string(c.y) +
                                       ") is not marked '" + std::string(1, trap_letter(t.type)) +
                                       "' in the grid");
        letter = '.';
    }
}

void LevelTextParser::read_deco(const std::vector<Token>& toks, int ln) {
    if (!m_have_grid) throw LevelFormatError(ln, toks[0].column, "`deco` before `grid`");
    expect_count(toks, 5, ln, "deco TYPE X Y VARIANT");
    Decoration d;
    const auto it = std::find(std::begin(kDecorationNames), std::end(kDecorationNames), toks[1].text);
    if (it == std::end(kDecorationNames))
        throw LevelFormatError(
            ln, toks[1].column,
            "unknown decoration '" + printable(toks[1].text) + "' (plant, rock, grass, vine)");
    d.type = static_cast<DecorationType>(it - std::begin(kDecorationNames));
    d.cell.x = static_cast<int>(parse_int(toks[2], ln, 0, m_level.width - 1, "x"));
    d.cell.y = static_cast<int>(parse_int(toks[3], ln, 0, m_level.height - 1, "y"));
    d.variant = static_cast<int>(parse_int(toks[4], ln, 0, 3, "variant"));
    if (m_level.solid(d.cell.x, d.cell.y))
        throw LevelFormatError(ln, toks[2].column, "decoration on a solid cell");
    m_level.decorations.push_back(d);
}

void LevelTextParser::check_complete() const {
    if (!m_have_grid) throw LevelFormatError(static_cast<int>(m_lines.size()), 1, "missing `grid` section");
    if (!m_have_start) throw LevelFormatError(m_grid_first_line, 1, "grid has no start cell 'S'");
    if (!m_have_exit) throw LevelFormatError(m_grid_first_line, 1, "grid has no exit cell 'E'");
    for (int y = 0; y < m_level.height; ++y)
        for (int x = 0; x < m_level.width; ++x)
            if (m_letters[cell(x, y)] != '.')
                throw LevelFormatError(m_grid_first_line + (m_level.height - 1 - y), x + 1,
                                       std::string("cell marked '") +
                                           printable(std::string(1, m_letters[cell(x, y)])) +
                                           "' has no matching `trap` line");
}

}  // namespace

Level parse_level_text(std::string_view text) { return LevelTextParser(text).parse(); }

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

std::string level_problem(const Level& level) {
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
