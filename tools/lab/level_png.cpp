#include "tools/lab/level_png.hpp"

#include "gen/physics_constants.hpp"
#include "gen/travel_time.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/png.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace sawtooth::lab {

namespace {

/// Top pixel of a cell row (rows count up, pixels down).
int row_px(const Level& l, int cell_y, int s) { return (l.height - 1 - cell_y) * s; }

/// Cells (darker on the path), faint room borders, decorations and trap cells.
void draw_cells(Canvas& c, const GeneratedLevel& g, int s) {
    const Level& l = g.level;
    auto py = [&](int cell_y) { return row_px(l, cell_y, s); };
    for (int y = 0; y < l.height; ++y)
        for (int x = 0; x < l.width; ++x) {
            const bool on_path =
                !g.path_cells.empty() && g.path_cells[static_cast<std::size_t>(y * l.width + x)];
            c.rect(x * s, py(y), (x + 1) * s, py(y) + s,
                   l.solid(x, y) ? (on_path ? 0x3A3A46u : 0x55504Au) : (on_path ? 0xF4F1E8u : 0xDCE6EEu));
        }
    // Room borders, faint.
    const int rw = l.width / std::max(1, g.maze.rooms_w), rh = l.height / std::max(1, g.maze.rooms_h);
    for (int x = rw; x < l.width; x += rw) c.rect(x * s, 0, x * s + 1, c.h, 0x9090A0u, 0.5);
    for (int y = rh; y < l.height; y += rh) c.rect(0, py(y) + s - 1, c.w, py(y) + s, 0x9090A0u, 0.5);
    for (const Decoration& d : l.decorations)
        c.rect(d.cell.x * s + s / 3, py(d.cell.y) + s / 3, d.cell.x * s + 2 * s / 3, py(d.cell.y) + 2 * s / 3,
               0x7FB069u, 0.35);
    // Saw magenta: red would read as a right-hang node (0xC0392B), drawn on top of it.
    const std::uint32_t trap_col[4] = {0xE600E6u, 0xF46036u, 0x8E44ADu, 0xE8C547u};  // saw spike squeeze mine
    for (const Trap& t : l.traps)
        for (CellPos p : trap_cells(t))
            c.rect(p.x * s + 1, py(p.y) + 1, (p.x + 1) * s - 1, py(p.y) + s - 1,
                   trap_col[static_cast<int>(t.type)], 0.85);
}

/// The level graph's edges, the routes (the first thickest) and the nodes by type.
void draw_graph(Canvas& c, const GeneratedLevel& g, int s) {
    auto node_px = [&](int id) {
        const GraphNode& n = g.graph.nodes[static_cast<std::size_t>(id)];
        const auto [wx, wy] = node_position(n);
        return std::pair<double, double>{wx / kCellSize * s, c.h - wy / kCellSize * s};
    };
    for (const GraphEdge& e : g.graph.edges) {
        const auto [x0, y0] = node_px(e.a);
        const auto [x1, y1] = node_px(e.b);
        c.line(x0, y0, x1, y1, 0x808080u, 1, 0.5);
    }
    const std::uint32_t route_col[8] = {0x0077FFu, 0xFF2E88u, 0x00B894u, 0xFF9F1Cu,
                                        0x6C5CE7u, 0x00CEC9u, 0xB33771u, 0x2D3436u};
    for (std::size_t r = g.routes.size(); r-- > 0;) {
        const Route& route = g.routes[r];
        const int thick = r == 0 ? std::max(2, s / 5) : std::max(2, s / 7);
        for (std::size_t i = 1; i < route.nodes.size(); ++i) {
            const auto [x0, y0] = node_px(route.nodes[i - 1]);
            const auto [x1, y1] = node_px(route.nodes[i]);
            c.line(x0, y0, x1, y1, route_col[r % 8], thick, 0.9);
        }
    }
    const std::uint32_t node_col[3] = {0x1B998Bu, 0x2E86DEu, 0xC0392Bu};  // stand, hang left, hang right
    const int ns = std::max(2, s / 4);
    for (std::size_t i = 0; i < g.graph.nodes.size(); ++i) {
        const auto [x, y] = node_px(static_cast<int>(i));
        c.rect(static_cast<int>(x) - ns / 2, static_cast<int>(y) - ns / 2, static_cast<int>(x) - ns / 2 + ns,
               static_cast<int>(y) - ns / 2 + ns, node_col[static_cast<int>(g.graph.nodes[i].type)]);
    }
}

/// The start (green) and the exit: a black-and-white chequered flag in a white frame, a
/// pattern no trap, node or route colour shares (a yellow exit looked like a mine, a green
/// one like the start).
void draw_start_exit(Canvas& c, const Level& l, int s) {
    const CellPos p = l.start;
    c.rect(p.x * s + s / 6, row_px(l, p.y, s) + s / 6, (p.x + 1) * s - s / 6, row_px(l, p.y, s) + s - s / 6,
           0x2ECC71u, 0.9);
    const int x0 = l.exit.x * s, y0 = row_px(l, l.exit.y, s), x1 = x0 + s, y1 = y0 + s;
    const int frame = std::max(1, s / 10);
    c.rect(x0, y0, x1, y1, 0x111111u);  // dark edge: the white frame shows on pale cells too
    c.rect(x0 + 1, y0 + 1, x1 - 1, y1 - 1, 0xFFFFFFu);
    const int ix0 = x0 + 1 + frame, iy0 = y0 + 1 + frame, ix1 = x1 - 1 - frame, iy1 = y1 - 1 - frame;
    constexpr int kChecks = 4;
    for (int j = 0; j < kChecks; ++j)
        for (int i = 0; i < kChecks; ++i)
            c.rect(ix0 + (ix1 - ix0) * i / kChecks, iy0 + (iy1 - iy0) * j / kChecks,
                   ix0 + (ix1 - ix0) * (i + 1) / kChecks, iy0 + (iy1 - iy0) * (j + 1) / kChecks,
                   (i + j) % 2 ? 0xFFFFFFu : 0x111111u);
}

}  // namespace

void write_level_png(const GeneratedLevel& g, const std::string& path, int s) {
    Canvas c(g.level.width * s, g.level.height * s);
    draw_cells(c, g, s);
    draw_graph(c, g, s);
    draw_start_exit(c, g.level, s);
    if (!write_png(path, c.w, c.h, c.px)) throw LabError("cannot write PNG '" + path + "'");
}

}  // namespace sawtooth::lab
