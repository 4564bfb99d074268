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

std::string validate_params(const GenParams& p) {
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

MazeLayout make_maze(const GenParams& p, Rng& rng) {
    MazeLayout m;
    m.rooms_w = p.rooms_w;
    m.rooms_h = p.rooms_h;
    const int n = p.rooms_w * p.rooms_h;
    auto id = [&](int x, int y) { return y * p.rooms_w + x; };
    std::vector<char> linked(static_cast<std::size_t>(n * n), 0);
    auto link = [&](int a, int b) {
        if (a > b) std::swap(a, b);
        if (linked[static_cast<std::size_t>(a * n + b)]) return;
        linked[static_cast<std::size_t>(a * n + b)] = 1;
        m.links.emplace_back(a, b);
    };
    auto neighbours = [&](int r) {
        std::vector<int> out;
        const int x = r % p.rooms_w, y = r / p.rooms_w;
        if (x > 0) out.push_back(id(x - 1, y));
        if (x + 1 < p.rooms_w) out.push_back(id(x + 1, y));
        if (y > 0) out.push_back(id(x, y - 1));
        if (y + 1 < p.rooms_h) out.push_back(id(x, y + 1));
        return out;
    };
    std::vector<char> visited(static_cast<std::size_t>(n), 0);
    if (p.layout == Layout::Maze) {
        // Recursive backtracker: long winding corridors, monotone in neither x nor y.
        std::vector<int> stack = {static_cast<int>(rng.uniform_int(0, n - 1))};
        visited[static_cast<std::size_t>(stack[0])] = 1;
        while (!stack.empty()) {
            std::vector<int> free;
            for (int nb : neighbours(stack.back()))
                if (!visited[static_cast<std::size_t>(nb)]) free.push_back(nb);
            if (free.empty()) {
                stack.pop_back();
                continue;
            }
            const int nb = free[static_cast<std::size_t>(
                rng.uniform_int(0, static_cast<std::int64_t>(free.size()) - 1))];
            link(stack.back(), nb);
            visited[static_cast<std::size_t>(nb)] = 1;
            stack.push_back(nb);
        }
        for (int r = 0; r < n; ++r)
            for (int nb : neighbours(r))
                if (nb > r && !linked[static_cast<std::size_t>(r * n + nb)] && rng.chance(kMazeLoopChance))
                    link(r, nb);
        // Start anywhere; exit among the far rooms.
        m.start_room = static_cast<int>(rng.uniform_int(0, n - 1));
        std::vector<int> dist(static_cast<std::size_t>(n), -1);
        std::vector<int> queue = {m.start_room};
        dist[static_cast<std::size_t>(m.start_room)] = 0;
        for (std::size_t q = 0; q < queue.size(); ++q)
            for (int nb : neighbours(queue[q])) {
                const int a = std::min(queue[q], nb), b = std::max(queue[q], nb);
                if (linked[static_cast<std::size_t>(a * n + b)] && dist[static_cast<std::size_t>(nb)] < 0) {
                    dist[static_cast<std::size_t>(nb)] = dist[static_cast<std::size_t>(queue[q])] + 1;
                    queue.push_back(nb);
                }
            }
        const int far = *std::max_element(dist.begin(), dist.end());
        std::vector<int> candidates;
        for (int r = 0; r < n; ++r)
            if (r != m.start_room && dist[static_cast<std::size_t>(r)] >= std::max(1.0, far * kExitFarShare))
                candidates.push_back(r);
        m.exit_room = candidates[static_cast<std::size_t>(
            rng.uniform_int(0, static_cast<std::int64_t>(candidates.size()) - 1))];
    } else {
        // Study layout: a left-to-right path that may wander vertically inside each column;
        // rooms off the path hang on it as dead ends.
        int row = static_cast<int>(rng.uniform_int(0, p.rooms_h - 1));
        m.start_room = id(0, row);
        visited[static_cast<std::size_t>(m.start_room)] = 1;
        for (int x = 0; x < p.rooms_w; ++x) {
            const int target = static_cast<int>(rng.uniform_int(0, p.rooms_h - 1));
            while (row != target) {
                const int next = row + (target > row ? 1 : -1);
                link(id(x, row), id(x, next));
                row = next;
                visited[static_cast<std::size_t>(id(x, row))] = 1;
            }
            if (x + 1 < p.rooms_w) {
                link(id(x, row), id(x + 1, row));
                visited[static_cast<std::size_t>(id(x + 1, row))] = 1;
            }
        }
        m.exit_room = id(p.rooms_w - 1, row);
        bool grew = true;
        while (grew) {
            grew = false;
            for (int r = 0; r < n; ++r) {
                if (visited[static_cast<std::size_t>(r)]) continue;
                std::vector<int> opts;
                for (int nb : neighbours(r))
                    if (visited[static_cast<std::size_t>(nb)]) opts.push_back(nb);
                if (opts.empty()) continue;
                link(r, opts[static_cast<std::size_t>(
                            rng.uniform_int(0, static_cast<std::int64_t>(opts.size()) - 1))]);
                visited[static_cast<std::size_t>(r)] = 1;
                grew = true;
            }
        }
    }
    std::sort(m.links.begin(), m.links.end());

    // Exit positions, aligned between neighbours; redrawn until no room has a conflict.
    const int w = p.room_w, h = p.room_h;
    std::vector<int> degree(static_cast<std::size_t>(n), 0);
    for (auto [a, b] : m.links) ++degree[static_cast<std::size_t>(a)], ++degree[static_cast<std::size_t>(b)];
    auto draw_vertical = [&](int& x, int& d) {
        d = rng.chance(0.5) ? 1 : -1;
        x = d > 0 ? static_cast<int>(rng.uniform_int(2, w - 4)) : static_cast<int>(rng.uniform_int(3, w - 3));
    };
    for (int tries = 0; tries < kExitRedraws; ++tries) {
        m.rooms.assign(static_cast<std::size_t>(n), RoomExits{});
        for (int r = 0; r < n; ++r) {
            RoomExits& e = m.rooms[static_cast<std::size_t>(r)];
            const int x = r % p.rooms_w, y = r / p.rooms_w;
            e.border_left = x == 0;
            e.border_right = x == p.rooms_w - 1;
            e.border_bottom = y == 0;
            e.border_top = y == p.rooms_h - 1;
        }
        for (auto [a, b] : m.links) {
            RoomExits& ea = m.rooms[static_cast<std::size_t>(a)];
            RoomExits& eb = m.rooms[static_cast<std::size_t>(b)];
            if (b == a + 1) {  // a left of b
                ea.right_row = eb.left_row = static_cast<int>(rng.uniform_int(1, h - 2));
            } else {  // a below b
                draw_vertical(ea.top_x, ea.top_dir);
                eb.bottom_x = ea.top_x;
                eb.bottom_dir = ea.top_dir;
            }
        }
        bool ok = true;
        for (int r = 0; r < n && ok; ++r) {
            RoomExits& e = m.rooms[static_cast<std::size_t>(r)];
            // Start, exit and dead-end rooms get an interior target the path must reach.
            if (r == m.start_room || r == m.exit_room || degree[static_cast<std::size_t>(r)] <= 1) {
                bool placed = false;
                for (int t = 0; t < 50 && !placed; ++t) {
                    e.target_x = static_cast<int>(rng.uniform_int(1, w - 2));
                    e.target_y = static_cast<int>(rng.uniform_int(1, h - 2));
                    placed = check_room_exits(w, h, e).empty();
                }
                if (!placed) e.target_x = e.target_y = -1;
                if (!placed && (r == m.start_room || r == m.exit_room)) ok = false;
            }
            if (ok && !check_room_exits(w, h, e).empty()) ok = false;
            // Where a fallback table exists it also lists the configurations no search
            // solved (the enumeration's conflicts): never draw one of those.
            if (ok && e.edge_exit_count() > 0 && has_fallback_table(w, h)) {
                RoomExits edges = e;
                edges.target_x = edges.target_y = -1;
                ok = stored_fallback_seed(w, h, exit_config_code(w, h, edges)) >= 0;
            }
        }
        if (ok) break;
    }
    return m;
}

GeneratedLevel generate_level(const GenParams& params) {
    GeneratedLevel out;
    out.error = validate_params(params);
    if (!out.error.empty()) return out;
    Rng fill_rng(mix_seed(params.seed, kFillSalt));
    Rng trap_rng(mix_seed(params.seed, kTrapSalt));
    const int rw = params.room_w, rh = params.room_h;
    Level& level = out.level;
    level.width = params.rooms_w * rw;
    level.height = params.rooms_h * rh;
    const std::size_t ncells = static_cast<std::size_t>(level.width * level.height);
    std::vector<RoomCell> kind(ncells, RoomCell::Free);
    auto cidx = [&](int x, int y) { return static_cast<std::size_t>(y * level.width + x); };

    // Maze and rooms. A room whose exit configuration has no solution at all (the search
    // exhausted its space) sends us back to draw another maze from the next sub-seed.
    bool rooms_ok = false;
    for (int maze_try = 0; maze_try < kMazeTries && !rooms_ok; ++maze_try) {
        out.maze_tries = maze_try + 1;
        Rng maze_rng(mix_seed(params.seed, static_cast<std::uint64_t>(maze_try)));
        out.maze = make_maze(params, maze_rng);
        out.stats = GenStats{};
        rooms_ok = true;
        const MazeLayout& m = out.maze;
        for (int r = 0; r < static_cast<int>(m.rooms.size()) && rooms_ok; ++r) {
            const RoomExits& e = m.rooms[static_cast<std::size_t>(r)];
            if (!check_room_exits(rw, rh, e).empty()) {
                out.error = "could not place conflict-free exits in room " + std::to_string(r);
                rooms_ok = false;
                break;
            }
            const RoomSolution s =
                solve_room(rw, rh, e,
                           mix_seed(mix_seed(params.seed, kRoomSalt + static_cast<std::uint64_t>(maze_try)),
                                    static_cast<std::uint64_t>(r)));
            out.stats.room_attempts += s.attempts;
            out.stats.rooms_first_try += s.attempts == 1 && s.solved;
            out.stats.fallbacks += s.used_fallback;
            out.stats.dropped_targets += s.dropped_target;
            if (!s.solved) {
                out.error = "room " + std::to_string(r) + " has no solution";
                rooms_ok = false;
                break;
            }
            const int ox = (r % params.rooms_w) * rw, oy = (r / params.rooms_w) * rh;
            for (int y = 0; y < rh; ++y)
                for (int x = 0; x < rw; ++x) kind[cidx(ox + x, oy + y)] = s.at(x, y);
            // Start and exit: the room's target, or the path's most central connection cell.
            if (r == m.start_room || r == m.exit_room) {
                CellPos p{e.target_x, e.target_y};
                if (s.dropped_target || e.target_x < 0) {
                    int best = -1, best_d = 1 << 30;
                    for (int c : s.conn_cells) {
                        const int cx = c % rw, cy = c / rw;
                        const int d = std::abs(2 * cx - rw) + std::abs(2 * cy - rh);
                        if (d < best_d) best_d = d, best = c;
                    }
                    p = {best % rw, best / rw};
                }
                (r == m.start_room ? level.start : level.exit) = {ox + p.x, oy + p.y};
            }
        }
    }
    if (!rooms_ok) return out;
    out.error.clear();

    // Natural fill of unused cells: solid by default (never a pit), ceilings raised above
    // open space (falling from there lands back on the path), enclosed cave pockets.
    level.cells.assign(ncells, Cell::Solid);
    out.path_cells.assign(ncells, 0);
    for (std::size_t i = 0; i < ncells; ++i) {
        if (kind[i] == RoomCell::Open || kind[i] == RoomCell::Conn) level.cells[i] = Cell::Open;
        out.path_cells[i] = kind[i] != RoomCell::Free;
    }
    for (int y = 1; y < level.height; ++y) {
        bool left_grew = false;
        for (int x = 0; x < level.width; ++x) {
            const bool grow = kind[cidx(x, y)] == RoomCell::Free &&
                              level.cells[cidx(x, y - 1)] == Cell::Open &&
                              fill_rng.chance(kCeilingGrow + (left_grew ? kCeilingGrowNextTo : 0.0));
            if (grow) level.cells[cidx(x, y)] = Cell::Open;
            left_grew = grow;
        }
    }
    {
        std::vector<char> pocket(ncells, 0), cand(ncells, 0);
        for (int y = 1; y + 1 < level.height; ++y)
            for (int x = 1; x + 1 < level.width; ++x) {
                bool clear = kind[cidx(x, y)] == RoomCell::Free;
                for (int dy = -2; dy <= 2 && clear; ++dy)
                    for (int dx = -2; dx <= 2 && clear; ++dx)
                        if (level.in_bounds(x + dx, y + dy) && !level.solid(x + dx, y + dy)) clear = false;
                cand[cidx(x, y)] = clear;
                pocket[cidx(x, y)] = clear && fill_rng.chance(kPocketChance);
            }
        for (int pass = 0; pass < kPocketSmoothing; ++pass) {
            std::vector<char> next = pocket;
            for (int y = 1; y + 1 < level.height; ++y)
                for (int x = 1; x + 1 < level.width; ++x) {
                    if (!cand[cidx(x, y)]) continue;
                    int open = 0;
                    for (int dy = -1; dy <= 1; ++dy)
                        for (int dx = -1; dx <= 1; ++dx) open += (dx || dy) && pocket[cidx(x + dx, y + dy)];
                    next[cidx(x, y)] = open >= 5 || (pocket[cidx(x, y)] && open >= 4);
                }
            pocket = next;
        }
        // Pockets keep one cell of rock around them, so they can never join the path.
        for (std::size_t i = 0; i < ncells; ++i)
            if (pocket[i] && cand[i]) level.cells[i] = Cell::Open;
    }

    out.structure = level;
    // Graph, routes, traps.
    LevelGraph graph = build_level_graph(level);
    if (!connected(graph, graph.stand(level.start), graph.stand(level.exit))) {
        out.error = "start and exit are not connected (generator bug)";
        return out;
    }
    const int start0 = graph.stand(level.start), exit0 = graph.stand(level.exit);
    std::vector<Route> routes = compute_routes(graph, start0, exit0);
    TrapSettings ts;
    ts.alpha = params.alpha;
    ts.level_index = params.level_index;
    out.traps = place_traps(level, graph, routes, level.start, level.exit, ts, trap_rng);
    out.stats.routes = static_cast<int>(routes.size());
    out.stats.trap_sequences = static_cast<int>(out.traps.sequences.size());

    // Decoration on open cells off the routes and away from traps, start and exit.
    std::vector<char> busy(ncells, 0);
    for (const Route& r : routes)
        for (int id : r.nodes) {
            const CellPos c = graph.nodes[static_cast<std::size_t>(id)].cell;
            busy[cidx(c.x, c.y)] = 1;
        }
    for (const Trap& t : level.traps)
        for (CellPos c : trap_cells(t)) busy[cidx(c.x, c.y)] = 1;
    busy[cidx(level.start.x, level.start.y)] = busy[cidx(level.exit.x, level.exit.y)] = 1;
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x) {
            if (level.solid(x, y) || busy[cidx(x, y)]) continue;
            if (level.solid(x, y - 1) && fill_rng.chance(kFloorDecoChance)) {
                const double u = fill_rng.uniform01();
                const DecorationType t = u < 0.45 ? DecorationType::Grass
                                                  : (u < 0.8 ? DecorationType::Plant : DecorationType::Rock);
                level.decorations.push_back({t, {x, y}, static_cast<int>(fill_rng.uniform_int(0, 3))});
            } else if (level.solid(x, y + 1) && !level.solid(x, y - 1) &&
                       fill_rng.chance(kCeilingDecoChance)) {
                level.decorations.push_back(
                    {DecorationType::Vine, {x, y}, static_cast<int>(fill_rng.uniform_int(0, 3))});
            }
        }

    level.set_meta("generator", "sawtooth-gen " + std::to_string(kGeneratorVersion));
    level.set_meta("seed", std::to_string(params.seed));
    level.set_meta("layout", std::string(layout_name(params.layout)));
    level.set_meta("rooms", std::to_string(params.rooms_w) + "x" + std::to_string(params.rooms_h));
    level.set_meta("room_size", std::to_string(params.room_w) + "x" + std::to_string(params.room_h));
    level.set_meta("level_index", std::to_string(params.level_index));
    level.set_meta("alpha", fmt_double(params.alpha));
    level.set_meta("routes", std::to_string(routes.size()));
    level.set_meta("trap_sequences", std::to_string(out.traps.sequences.size()));

    out.graph = std::move(graph);
    out.routes = std::move(routes);
    out.start_node = out.graph.stand(level.start);
    out.exit_node = out.graph.stand(level.exit);
    out.ok = out.start_node >= 0 && out.exit_node >= 0 && connected(out.graph, out.start_node, out.exit_node);
    if (!out.ok) out.error = "start and exit disconnected after trap placement (generator bug)";
    const std::string v = validate_level(level);
    if (out.ok && !v.empty()) {
        out.ok = false;
        out.error = "generated level is invalid: " + v;
    }
    return out;
}

}  // namespace sawtooth
