#include "gen/generator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sawtooth {

namespace {

// Tuning of the global structure and the look of the fill.
constexpr double kMazeLoopChance = 0.2;     // extra links beyond the spanning tree: alternative routes
constexpr double kExitFarShare = 0.6;       // the exit room is at least this share of the farthest distance
constexpr int kExitRedraws = 200;           // attempts to place conflict-free exits
constexpr int kMazeTries = 8;               // mazes drawn before giving up on a seed
constexpr double kCeilingGrow = 0.35;       // a free cell above open space opens (higher ceilings)
constexpr double kCeilingGrowNextTo = 0.3;  // extra chance when the cell to its left just opened
constexpr double kPocketChance = 0.42;      // noise density of enclosed cave pockets
constexpr int kPocketSmoothing = 2;         // cellular-automaton passes over the pockets
constexpr double kFloorDecoChance = 0.22;
constexpr double kCeilingDecoChance = 0.2;
constexpr std::uint64_t kRoomSalt = 0x526F6F6D5EEDull;
constexpr std::uint64_t kTrapSalt = 0x5472617053ull;
constexpr std::uint64_t kFillSalt = 0x46696C6C53ull;

std::string fmt_double(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

}  // namespace

std::string_view layout_name(Layout layout) { return layout == Layout::Linear ? "linear" : "maze"; }

std::optional<Layout> parse_layout(std::string_view name) {
    if (name == "maze") return Layout::Maze;
    if (name == "linear") return Layout::Linear;
    return std::nullopt;
}

std::string params_problem(const GenParams& p) {
    if (p.rooms_w < 1 || p.rooms_h < 1 || p.rooms_w > kMaxRooms || p.rooms_h > kMaxRooms)
        return "rooms must be between 1x1 and " + std::to_string(kMaxRooms) + "x" + std::to_string(kMaxRooms);
    if (p.rooms_w * p.rooms_h < 2) return "a level needs at least 2 rooms (start and exit rooms differ)";
    if (p.layout == Layout::Linear && p.rooms_w < 2) return "the linear layout needs at least 2 rooms across";
    if (p.room_w < kMinRoomSize || p.room_h < kMinRoomSize || p.room_w > kMaxRoomSize ||
        p.room_h > kMaxRoomSize)
        return "room size must be between " + std::to_string(kMinRoomSize) + "x" +
               std::to_string(kMinRoomSize) + " and " + std::to_string(kMaxRoomSize) + "x" +
               std::to_string(kMaxRoomSize);
    if (p.rooms_h > 1 && p.room_w < kMinRoomWidthForVertical)
        return "rooms narrower than " + std::to_string(kMinRoomWidthForVertical) +
               " cells cannot link vertically: use one row of rooms";
    if (p.level_index < 1 || p.level_index > 1000) return "level index must be between 1 and 1000";
    if (!(p.alpha > 0.0 && p.alpha <= 1.0)) return "alpha must be in (0, 1]";
    return {};
}

namespace {

// One make_maze call: the room grid, the links drawn so far and the random stream. build()
// runs the steps in a fixed order, which fixes the order of the draws: same seed, same maze.
class MazeBuilder {
public:
    MazeBuilder(const GenParams& params, Rng& rng)
        : m_params(params),
          m_rng(rng),
          m_room_count(params.rooms_w * params.rooms_h),
          m_linked(static_cast<std::size_t>(m_room_count * m_room_count), 0),
          m_visited(static_cast<std::size_t>(m_room_count), 0) {
        m_maze.rooms_w = params.rooms_w;
        m_maze.rooms_h = params.rooms_h;
    }

    MazeLayout build() {
        if (m_params.layout == Layout::Maze) {
            carve_backtracker();
            add_loop_links();
            place_maze_ends();
        } else {
            carve_left_to_right_path();
            hang_dead_ends();
        }
        std::sort(m_maze.links.begin(), m_maze.links.end());
        place_exits();
        return std::move(m_maze);
    }

private:
    int id(int x, int y) const { return y * m_params.rooms_w + x; }
    bool linked(int a, int b) const {
        if (a > b) std::swap(a, b);
        return m_linked[static_cast<std::size_t>(a * m_room_count + b)] != 0;
    }
    void link(int a, int b) {
        if (a > b) std::swap(a, b);
        if (linked(a, b)) return;
        m_linked[static_cast<std::size_t>(a * m_room_count + b)] = 1;
        m_maze.links.emplace_back(a, b);
    }
    bool visited(int room) const { return m_visited[static_cast<std::size_t>(room)] != 0; }
    void visit(int room) { m_visited[static_cast<std::size_t>(room)] = 1; }
    std::vector<int> neighbours(int room) const;
    int pick(const std::vector<int>& rooms) {
        return rooms[static_cast<std::size_t>(
            m_rng.uniform_int(0, static_cast<std::int64_t>(rooms.size()) - 1))];
    }

    void carve_backtracker();
    void add_loop_links();
    std::vector<int> link_distances(int from) const;
    void place_maze_ends();
    void carve_left_to_right_path();
    void hang_dead_ends();

    void place_exits();
    void reset_room_borders();
    void draw_link_exits();
    bool room_exits_usable(int room, int degree);

    const GenParams& m_params;
    Rng& m_rng;
    const int m_room_count;
    std::vector<char> m_linked;   // [a * m_room_count + b], a < b
    std::vector<char> m_visited;  // rooms the spanning tree reached
    MazeLayout m_maze;
};

std::vector<int> MazeBuilder::neighbours(int room) const {
    std::vector<int> out;
    const int x = room % m_params.rooms_w, y = room / m_params.rooms_w;
    if (x > 0) out.push_back(id(x - 1, y));
    if (x + 1 < m_params.rooms_w) out.push_back(id(x + 1, y));
    if (y > 0) out.push_back(id(x, y - 1));
    if (y + 1 < m_params.rooms_h) out.push_back(id(x, y + 1));
    return out;
}

// Recursive backtracker: long winding corridors, monotone in neither x nor y.
void MazeBuilder::carve_backtracker() {
    std::vector<int> stack = {static_cast<int>(m_rng.uniform_int(0, m_room_count - 1))};
    visit(stack[0]);
    while (!stack.empty()) {
        std::vector<int> free;
        for (int nb : neighbours(stack.back()))
            if (!visited(nb)) free.push_back(nb);
        if (free.empty()) {
            stack.pop_back();
            continue;
        }
        const int nb = pick(free);
        link(stack.back(), nb);
        visit(nb);
        stack.push_back(nb);
    }
}

void MazeBuilder::add_loop_links() {
    for (int r = 0; r < m_room_count; ++r)
        for (int nb : neighbours(r))
            if (nb > r && !linked(r, nb) && m_rng.chance(kMazeLoopChance)) link(r, nb);
}

// Links walked from `from` to every room (breadth first).
std::vector<int> MazeBuilder::link_distances(int from) const {
    std::vector<int> dist(static_cast<std::size_t>(m_room_count), -1);
    std::vector<int> queue = {from};
    dist[static_cast<std::size_t>(from)] = 0;
    for (std::size_t q = 0; q < queue.size(); ++q)
        for (int nb : neighbours(queue[q]))
            if (linked(queue[q], nb) && dist[static_cast<std::size_t>(nb)] < 0) {
                dist[static_cast<std::size_t>(nb)] = dist[static_cast<std::size_t>(queue[q])] + 1;
                queue.push_back(nb);
            }
    return dist;
}

// Start anywhere; exit among the far rooms.
void MazeBuilder::place_maze_ends() {
    m_maze.start_room = static_cast<int>(m_rng.uniform_int(0, m_room_count - 1));
    const std::vector<int> dist = link_distances(m_maze.start_room);
    const int far = *std::max_element(dist.begin(), dist.end());
    std::vector<int> candidates;
    for (int r = 0; r < m_room_count; ++r)
        if (r != m_maze.start_room && dist[static_cast<std::size_t>(r)] >= std::max(1.0, far * kExitFarShare))
            candidates.push_back(r);
    m_maze.exit_room = pick(candidates);
}

// Study layout: a left-to-right path that may wander vertically inside each column.
void MazeBuilder::carve_left_to_right_path() {
    int row = static_cast<int>(m_rng.uniform_int(0, m_params.rooms_h - 1));
    m_maze.start_room = id(0, row);
    visit(m_maze.start_room);
    for (int x = 0; x < m_params.rooms_w; ++x) {
        const int target = static_cast<int>(m_rng.uniform_int(0, m_params.rooms_h - 1));
        while (row != target) {
            const int next = row + (target > row ? 1 : -1);
            link(id(x, row), id(x, next));
            row = next;
            visit(id(x, row));
        }
        if (x + 1 < m_params.rooms_w) {
            link(id(x, row), id(x + 1, row));
            visit(id(x + 1, row));
        }
    }
    m_maze.exit_room = id(m_params.rooms_w - 1, row);
}

// Rooms off the study path hang on it as dead ends.
void MazeBuilder::hang_dead_ends() {
    bool grew = true;
    while (grew) {
        grew = false;
        for (int r = 0; r < m_room_count; ++r) {
            if (visited(r)) continue;
            std::vector<int> opts;
            for (int nb : neighbours(r))
                if (visited(nb)) opts.push_back(nb);
            if (opts.empty()) continue;
            link(r, pick(opts));
            visit(r);
            grew = true;
        }
    }
}

// Exit positions, aligned between neighbours; redrawn until no room has a conflict.
void MazeBuilder::place_exits() {
    std::vector<int> degree(static_cast<std::size_t>(m_room_count), 0);
    for (auto [a, b] : m_maze.links)
        ++degree[static_cast<std::size_t>(a)], ++degree[static_cast<std::size_t>(b)];
    for (int tries = 0; tries < kExitRedraws; ++tries) {
        reset_room_borders();
        draw_link_exits();
        bool ok = true;
        for (int r = 0; r < m_room_count && ok; ++r)
            ok = room_exits_usable(r, degree[static_cast<std::size_t>(r)]);
        if (ok) break;
    }
}

void MazeBuilder::reset_room_borders() {
    m_maze.rooms.assign(static_cast<std::size_t>(m_room_count), RoomExits{});
    for (int r = 0; r < m_room_count; ++r) {
        RoomExits& e = m_maze.rooms[static_cast<std::size_t>(r)];
        const int x = r % m_params.rooms_w, y = r / m_params.rooms_w;
        e.border_left = x == 0;
        e.border_right = x == m_params.rooms_w - 1;
        e.border_bottom = y == 0;
        e.border_top = y == m_params.rooms_h - 1;
    }
}

void MazeBuilder::draw_link_exits() {
    const int w = m_params.room_w, h = m_params.room_h;
    for (auto [a, b] : m_maze.links) {
        RoomExits& ea = m_maze.rooms[static_cast<std::size_t>(a)];
        RoomExits& eb = m_maze.rooms[static_cast<std::size_t>(b)];
        if (b == a + 1) {  // a left of b
            ea.right_row = eb.left_row = static_cast<int>(m_rng.uniform_int(1, h - 2));
        } else {  // a below b
            ea.top_dir = m_rng.chance(0.5) ? 1 : -1;
            ea.top_x = ea.top_dir > 0 ? static_cast<int>(m_rng.uniform_int(2, w - 4))
                                      : static_cast<int>(m_rng.uniform_int(3, w - 3));
            eb.bottom_x = ea.top_x;
            eb.bottom_dir = ea.top_dir;
        }
    }
}

// Draws the room's interior target where it needs one, then checks its exits. False sends
// place_exits() to redraw every room.
bool MazeBuilder::room_exits_usable(int room, int degree) {
    const int w = m_params.room_w, h = m_params.room_h;
    RoomExits& e = m_maze.rooms[static_cast<std::size_t>(room)];
    const bool level_end = room == m_maze.start_room || room == m_maze.exit_room;
    // Start, exit and dead-end rooms get an interior target the path must reach.
    if (level_end || degree <= 1) {
        bool placed = false;
        for (int t = 0; t < 50 && !placed; ++t) {
            e.target_x = static_cast<int>(m_rng.uniform_int(1, w - 2));
            e.target_y = static_cast<int>(m_rng.uniform_int(1, h - 2));
            placed = room_exits_problem(w, h, e).empty();
        }
        if (!placed) e.target_x = e.target_y = -1;
        if (!placed && level_end) return false;
    }
    if (!room_exits_problem(w, h, e).empty()) return false;
    // Where a fallback table exists it also lists the configurations no search
    // solved (the enumeration's conflicts): never draw one of those.
    if (e.edge_exit_count() > 0 && has_fallback_table(w, h)) {
        RoomExits edges = e;
        edges.target_x = edges.target_y = -1;
        return stored_fallback_seed(w, h, exit_config_code(w, h, edges)) >= 0;
    }
    return true;
}

}  // namespace

MazeLayout make_maze(const GenParams& params, Rng& rng) { return MazeBuilder(params, rng).build(); }

namespace {

// The room's most central connection cell: where the level's start or exit goes when the
// room has no target of its own.
CellPos central_connection_cell(const RoomSolution& s, int room_w, int room_h) {
    int best = -1, best_d = 1 << 30;
    for (int c : s.conn_cells) {
        const int cx = c % room_w, cy = c / room_w;
        const int d = std::abs(2 * cx - room_w) + std::abs(2 * cy - room_h);
        if (d < best_d) best_d = d, best = c;
    }
    return {best % room_w, best / room_w};
}

// One generate_level call: the level being built, what each cell was used for, and the
// random streams of the fill and the traps. build() runs the steps in a fixed order, which
// fixes the order of the draws: same seed, same bytes.
class LevelBuilder {
public:
    LevelBuilder(const GenParams& params, GeneratedLevel& out)
        : m_params(params),
          m_out(out),
          m_level(out.level),
          m_fill_rng(mix_seed(params.seed, kFillSalt)),
          m_trap_rng(mix_seed(params.seed, kTrapSalt)) {
        m_level.width = params.rooms_w * params.room_w;
        m_level.height = params.rooms_h * params.room_h;
        m_kind.assign(cell_count(), RoomCell::Free);
    }

    // Stops at the first step that fails, with m_out.error saying why.
    void build() {
        if (!solve_rooms()) return;
        m_out.error.clear();
        fill_unused_cells();
        m_out.structure = m_level;
        if (!place_routes_and_traps()) return;
        decorate();
        write_meta();
        finish();
    }

private:
    std::size_t cell_count() const { return static_cast<std::size_t>(m_level.width * m_level.height); }
    std::size_t cell(int x, int y) const { return static_cast<std::size_t>(y * m_level.width + x); }

    bool solve_rooms();
    bool solve_maze_room(int room, int maze_try);
    void place_level_end(int room, const RoomExits& exits, const RoomSolution& s);
    void fill_unused_cells();
    void raise_ceilings();
    void carve_pockets();
    std::vector<char> smoothed_pockets(const std::vector<char>& pocket, const std::vector<char>& cand) const;
    bool place_routes_and_traps();
    std::vector<char> cells_kept_bare() const;
    void decorate();
    void write_meta();
    void finish();

    const GenParams& m_params;
    GeneratedLevel& m_out;
    Level& m_level;
    Rng m_fill_rng;
    Rng m_trap_rng;
    std::vector<RoomCell> m_kind;  // per cell: what the room solutions used it for
    LevelGraph m_graph;            // of the structure; moved into m_out at the end
    std::vector<Route> m_routes;
};

// Maze and rooms. A room whose exit configuration has no solution at all (the search
// exhausted its space) sends us back to draw another maze from the next sub-seed.
bool LevelBuilder::solve_rooms() {
    for (int maze_try = 0; maze_try < kMazeTries; ++maze_try) {
        m_out.maze_tries = maze_try + 1;
        Rng maze_rng(mix_seed(m_params.seed, static_cast<std::uint64_t>(maze_try)));
        m_out.maze = make_maze(m_params, maze_rng);
        m_out.stats = GenStats{};
        bool rooms_ok = true;
        for (int r = 0; r < static_cast<int>(m_out.maze.rooms.size()) && rooms_ok; ++r)
            rooms_ok = solve_maze_room(r, maze_try);
        if (rooms_ok) return true;
    }
    return false;
}

bool LevelBuilder::solve_maze_room(int room, int maze_try) {
    const int rw = m_params.room_w, rh = m_params.room_h;
    const RoomExits& e = m_out.maze.rooms[static_cast<std::size_t>(room)];
    if (!room_exits_problem(rw, rh, e).empty()) {
        m_out.error = "could not place conflict-free exits in room " + std::to_string(room);
        return false;
    }
    const RoomSolution s =
        solve_room(rw, rh, e,
                   mix_seed(mix_seed(m_params.seed, kRoomSalt + static_cast<std::uint64_t>(maze_try)),
                            static_cast<std::uint64_t>(room)));
    m_out.stats.room_attempts += s.attempts;
    m_out.stats.rooms_first_try += s.attempts == 1 && s.solved;
    m_out.stats.fallbacks += s.used_fallback;
    m_out.stats.dropped_targets += s.dropped_target;
    if (!s.solved) {
        m_out.error = "room " + std::to_string(room) + " has no solution";
        return false;
    }
    const int ox = (room % m_params.rooms_w) * rw, oy = (room / m_params.rooms_w) * rh;
    for (int y = 0; y < rh; ++y)
        for (int x = 0; x < rw; ++x) m_kind[cell(ox + x, oy + y)] = s.at(x, y);
    if (room == m_out.maze.start_room || room == m_out.maze.exit_room) place_level_end(room, e, s);
    return true;
}

// Start and exit: the room's target, or the path's most central connection cell.
void LevelBuilder::place_level_end(int room, const RoomExits& exits, const RoomSolution& s) {
    CellPos p{exits.target_x, exits.target_y};
    if (s.dropped_target || exits.target_x < 0)
        p = central_connection_cell(s, m_params.room_w, m_params.room_h);
    const int ox = (room % m_params.rooms_w) * m_params.room_w,
              oy = (room / m_params.rooms_w) * m_params.room_h;
    (room == m_out.maze.start_room ? m_level.start : m_level.exit) = {ox + p.x, oy + p.y};
}

// Natural fill of unused cells: solid by default (never a pit), ceilings raised above
// open space (falling from there lands back on the path), enclosed cave pockets.
void LevelBuilder::fill_unused_cells() {
    const std::size_t ncells = cell_count();
    m_level.cells.assign(ncells, Cell::Solid);
    m_out.path_cells.assign(ncells, 0);
    for (std::size_t i = 0; i < ncells; ++i) {
        if (m_kind[i] == RoomCell::Open || m_kind[i] == RoomCell::Conn) m_level.cells[i] = Cell::Open;
        m_out.path_cells[i] = m_kind[i] != RoomCell::Free;
    }
    raise_ceilings();
    carve_pockets();
}

void LevelBuilder::raise_ceilings() {
    for (int y = 1; y < m_level.height; ++y) {
        bool left_grew = false;
        for (int x = 0; x < m_level.width; ++x) {
            const bool grow = m_kind[cell(x, y)] == RoomCell::Free &&
                              m_level.cells[cell(x, y - 1)] == Cell::Open &&
                              m_fill_rng.chance(kCeilingGrow + (left_grew ? kCeilingGrowNextTo : 0.0));
            if (grow) m_level.cells[cell(x, y)] = Cell::Open;
            left_grew = grow;
        }
    }
}

void LevelBuilder::carve_pockets() {
    std::vector<char> pocket(cell_count(), 0), cand(cell_count(), 0);
    for (int y = 1; y + 1 < m_level.height; ++y)
        for (int x = 1; x + 1 < m_level.width; ++x) {
            bool clear = m_kind[cell(x, y)] == RoomCell::Free;
            for (int dy = -2; dy <= 2 && clear; ++dy)
                for (int dx = -2; dx <= 2 && clear; ++dx)
                    if (m_level.in_bounds(x + dx, y + dy) && !m_level.solid(x + dx, y + dy)) clear = false;
            cand[cell(x, y)] = clear;
            pocket[cell(x, y)] = clear && m_fill_rng.chance(kPocketChance);
        }
    for (int pass = 0; pass < kPocketSmoothing; ++pass) pocket = smoothed_pockets(pocket, cand);
    // Pockets keep one cell of rock around them, so they can never join the path.
    for (std::size_t i = 0; i < cell_count(); ++i)
        if (pocket[i] && cand[i]) m_level.cells[i] = Cell::Open;
}

// One cellular-automaton pass over the pocket candidates.
std::vector<char> LevelBuilder::smoothed_pockets(const std::vector<char>& pocket,
                                                 const std::vector<char>& cand) const {
    std::vector<char> next = pocket;
    for (int y = 1; y + 1 < m_level.height; ++y)
        for (int x = 1; x + 1 < m_level.width; ++x) {
            if (!cand[cell(x, y)]) continue;
            int open = 0;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) open += (dx || dy) && pocket[cell(x + dx, y + dy)];
            next[cell(x, y)] = open >= 5 || (pocket[cell(x, y)] && open >= 4);
        }
    return next;
}

// Graph, routes, traps.
bool LevelBuilder::place_routes_and_traps() {
    m_graph = build_level_graph(m_level);
    if (!connected(m_graph, m_graph.stand(m_level.start), m_graph.stand(m_level.exit))) {
        m_out.error = "start and exit are not connected (generator bug)";
        return false;
    }
    m_routes = compute_routes(m_graph, m_graph.stand(m_level.start), m_graph.stand(m_level.exit));
    TrapSettings ts;
    ts.alpha = m_params.alpha;
    ts.level_index = m_params.level_index;
    m_out.traps = place_traps(m_level, m_graph, m_routes, m_level.start, m_level.exit, ts, m_trap_rng);
    m_out.stats.routes = static_cast<int>(m_routes.size());
    m_out.stats.trap_sequences = static_cast<int>(m_out.traps.sequences.size());
    return true;
}

// Cells decoration stays off: the routes, the traps, start and exit.
std::vector<char> LevelBuilder::cells_kept_bare() const {
    std::vector<char> busy(cell_count(), 0);
    for (const Route& r : m_routes)
        for (int id : r.nodes) {
            const CellPos c = m_graph.nodes[static_cast<std::size_t>(id)].cell;
            busy[cell(c.x, c.y)] = 1;
        }
    for (const Trap& t : m_level.traps)
        for (CellPos c : trap_cells(t)) busy[cell(c.x, c.y)] = 1;
    busy[cell(m_level.start.x, m_level.start.y)] = busy[cell(m_level.exit.x, m_level.exit.y)] = 1;
    return busy;
}

void LevelBuilder::decorate() {
    const std::vector<char> busy = cells_kept_bare();
    for (int y = 0; y < m_level.height; ++y)
        for (int x = 0; x < m_level.width; ++x) {
            if (m_level.solid(x, y) || busy[cell(x, y)]) continue;
            if (m_level.solid(x, y - 1) && m_fill_rng.chance(kFloorDecoChance)) {
                const double u = m_fill_rng.uniform01();
                const DecorationType t = u < 0.45 ? DecorationType::Grass
                                                  : (u < 0.8 ? DecorationType::Plant : DecorationType::Rock);
                m_level.decorations.push_back({t, {x, y}, static_cast<int>(m_fill_rng.uniform_int(0, 3))});
            } else if (m_level.solid(x, y + 1) && !m_level.solid(x, y - 1) &&
                       m_fill_rng.chance(kCeilingDecoChance)) {
                m_level.decorations.push_back(
                    {DecorationType::Vine, {x, y}, static_cast<int>(m_fill_rng.uniform_int(0, 3))});
            }
        }
}

void LevelBuilder::write_meta() {
    const GenParams& p = m_params;
    m_level.set_meta("generator", "sawtooth-gen " + std::to_string(kGeneratorVersion));
    m_level.set_meta("seed", std::to_string(p.seed));
    m_level.set_meta("layout", std::string(layout_name(p.layout)));
    m_level.set_meta("rooms", std::to_string(p.rooms_w) + "x" + std::to_string(p.rooms_h));
    m_level.set_meta("room_size", std::to_string(p.room_w) + "x" + std::to_string(p.room_h));
    m_level.set_meta("level_index", std::to_string(p.level_index));
    m_level.set_meta("alpha", fmt_double(p.alpha));
    m_level.set_meta("routes", std::to_string(m_routes.size()));
    m_level.set_meta("trap_sequences", std::to_string(m_out.traps.sequences.size()));
}

// Hands over graph and routes and checks the finished level.
void LevelBuilder::finish() {
    m_out.graph = std::move(m_graph);
    m_out.routes = std::move(m_routes);
    m_out.start_node = m_out.graph.stand(m_level.start);
    m_out.exit_node = m_out.graph.stand(m_level.exit);
    m_out.ok = m_out.start_node >= 0 && m_out.exit_node >= 0 &&
               connected(m_out.graph, m_out.start_node, m_out.exit_node);
    if (!m_out.ok) m_out.error = "start and exit disconnected after trap placement (generator bug)";
    const std::string v = level_problem(m_level);
    if (m_out.ok && !v.empty()) {
        m_out.ok = false;
        m_out.error = "generated level is invalid: " + v;
    }
}

}  // namespace

GeneratedLevel generate_level(const GenParams& params) {
    GeneratedLevel out;
    out.error = params_problem(params);
    if (!out.error.empty()) return out;
    LevelBuilder(params, out).build();
    return out;
}

}  // namespace sawtooth
