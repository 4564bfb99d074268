#include "gen/room_solver.hpp"

#include "gen/fallback_seeds.hpp"
#include "gen/pieces.hpp"

#include <algorithm>
#include <cstdlib>
#include <span>

namespace sawtooth {

bool vertical_link_ok(int width, int x, int dir) {
    if (dir != 1 && dir != -1) return false;
    for (int c : {x - dir, x, x + dir, x + 2 * dir})
        if (c < 1 || c > width - 2) return false;
    return true;
}

int RoomExits::edge_exit_count() const {
    return (left_row >= 0) + (right_row >= 0) + (top_x >= 0) + (bottom_x >= 0);
}

namespace {

// Fixed state of a cell of the room or of its one-cell frame, before any piece.
enum class Fixed : unsigned char { Free, Solid, Open, Forbidden };

struct Variant {
    std::vector<PieceCell> cells;
    int conn[2][2];
};

// Pieces and their mirror images, without duplicates (symmetric pieces mirror onto
// themselves with A and B swapped, which the two anchor choices already cover).
const std::vector<Variant>& variants() {
    static const std::vector<Variant> all = [] {
        std::vector<Variant> out;
        auto key = [](std::vector<PieceCell> cells) {
            std::sort(cells.begin(), cells.end(), [](const PieceCell& a, const PieceCell& b) {
                return a.y != b.y ? a.y < b.y : a.x < b.x;
            });
            std::vector<int> k;
            for (const auto& c : cells) k.insert(k.end(), {c.x, c.y, static_cast<int>(c.kind)});
            return k;
        };
        for (const Piece& p : building_pieces()) {
            const Piece m = mirrored(p);
            out.push_back({p.cells, {{p.conn[0][0], p.conn[0][1]}, {p.conn[1][0], p.conn[1][1]}}});
            if (key(m.cells) != key(p.cells))
                out.push_back({m.cells, {{m.conn[0][0], m.conn[0][1]}, {m.conn[1][0], m.conn[1][1]}}});
        }
        return out;
    }();
    return all;
}

// Start cells and variant orders of a typical search's nodes (grows when deeper).
constexpr std::size_t kStackReserve = 2048;

// One search attempt; the grid includes a one-cell frame around the room.
class Search {
public:
    Search(int w, int h, const RoomExits& e, Rng& rng, int max_iterations)
        : m_w(w), m_h(h), m_fw(w + 2), m_rng(rng), m_max(max_iterations) {
        const std::size_t n = static_cast<std::size_t>((w + 2) * (h + 2));
        m_fixed.assign(n, Fixed::Forbidden);
        m_solid.assign(n, 0);
        m_open.assign(n, 0);
        m_conn.assign(n, 0);
        m_exit.assign(n, 0);
        m_path.reserve(n);
        m_stack.reserve(kStackReserve);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) m_fixed[idx(x, y)] = Fixed::Free;
        // Beyond the level's outer border everything is solid: pieces may rest on it.
        for (int y = -1; y <= h; ++y)
            for (int x = -1; x <= w; ++x) {
                const bool outside = (x < 0 && e.border_left) || (x >= w && e.border_right) ||
                                     (y < 0 && e.border_bottom) || (y >= h && e.border_top);
                if (outside) m_fixed[idx(x, y)] = Fixed::Solid;
            }
        if (e.left_row >= 0) add_exit(0, e.left_row);
        if (e.right_row >= 0) add_exit(w - 1, e.right_row);
        if (e.top_x >= 0) {
            add_exit(e.top_x, h - 1);
            m_fixed[idx(e.top_x + e.top_dir, h - 1)] = Fixed::Solid;
            // The upper room keeps its shaft cell (top_x, 0) and its exit cell open.
            m_fixed[idx(e.top_x, h)] = Fixed::Open;
            m_fixed[idx(e.top_x + e.top_dir, h)] = Fixed::Open;
        }
        if (e.bottom_x >= 0) {
            const int x = e.bottom_x, d = e.bottom_dir;
            m_fixed[idx(x, 0)] = Fixed::Open;
            m_fixed[idx(x, 1)] = Fixed::Open;
            m_fixed[idx(x + d, 1)] = Fixed::Open;
            m_fixed[idx(x + d, -1)] = Fixed::Solid;  // the lower room's solid top cell
            // The lower room's exit cell below the shaft is open, so a piece may reach
            // over it (e.g. jump the shaft from the exit); without this the enumeration
            // proves rooms with crossing top and bottom exits empty.
            m_fixed[idx(x, -1)] = Fixed::Open;
            add_exit(x + d, 0);
        }
        if (e.target_x >= 0) add_exit(e.target_x, e.target_y);
    }

    bool run() {
        if (m_exits.empty()) return false;
        const int first = m_exits[static_cast<std::size_t>(
            m_rng.uniform_int(0, static_cast<std::int64_t>(m_exits.size()) - 1))];
        m_exit[static_cast<std::size_t>(first)] = 2;  // the search starts here: already contained
        m_remaining = static_cast<int>(m_exits.size()) - 1;
        m_stack.assign(1, first);
        return solve(0, 1);
    }

    int iterations() const { return m_iters; }
    bool aborted() const { return m_aborted; }

    RoomSolution result() const {
        RoomSolution s;
        s.width = m_w;
        s.height = m_h;
        s.cells.resize(static_cast<std::size_t>(m_w * m_h));
        for (int y = 0; y < m_h; ++y)
            for (int x = 0; x < m_w; ++x) {
                const std::size_t i = idx(x, y);
                RoomCell c = RoomCell::Free;
                if (m_solid[i] > 0 || m_fixed[i] == Fixed::Solid)
                    c = RoomCell::Solid;
                else if (m_conn[i] > 0)
                    c = RoomCell::Conn;
                else if (m_open[i] > 0 || m_fixed[i] == Fixed::Open)
                    c = RoomCell::Open;
                s.cells[static_cast<std::size_t>(y * m_w + x)] = c;
                if (c == RoomCell::Conn) s.conn_cells.push_back(y * m_w + x);
            }
        return s;
    }

private:
    std::size_t idx(int x, int y) const { return static_cast<std::size_t>((y + 1) * m_fw + (x + 1)); }

    // An exit cell is a standing place: it needs its floor (thesis 3.2), which is fixed
    // up front so that no piece can dig it away and wall the exit in (the costly case of
    // thesis 3.2.2, where the search only notices after exhausting the subtree).
    void add_exit(int x, int y) {
        if (m_fixed[idx(x, y - 1)] != Fixed::Open) m_fixed[idx(x, y - 1)] = Fixed::Solid;
        m_fixed[idx(x, y)] = Fixed::Open;
        m_exit[idx(x, y)] = 1;
        m_exits.push_back(static_cast<int>(idx(x, y)));
    }

    // Constraints C0-C3 for variant v translated by (ox, oy).
    bool fits(const Variant& v, int ox, int oy, int new_conn) const {
        for (const PieceCell& c : v.cells) {
            const int x = ox + c.x, y = oy + c.y;
            if (x < -1 || y < -1 || x > m_w || y > m_h) return false;  // C0
            const std::size_t i = idx(x, y);
            const Fixed f = m_fixed[i];
            if (c.kind == PatternCell::Solid) {
                if (f == Fixed::Open || f == Fixed::Forbidden || m_open[i] > 0) return false;  // C0, C1
            } else {
                if (f == Fixed::Solid || f == Fixed::Forbidden || m_solid[i] > 0) return false;  // C0, C1
                if (c.kind == PatternCell::Open && m_exit[i]) return false;                      // C3
            }
        }
        // C2 (checked last: new_conn is only a valid index once C0 held for every cell).
        return m_conn[static_cast<std::size_t>(new_conn)] == 0;
    }

    // What apply() changed besides the per-cell counts: the path and the exits it took,
    // both kept on stacks that undo() cuts back to these sizes.
    struct Undo {
        std::size_t conns_before;
        std::size_t taken_before;
    };

    Undo apply(const Variant& v, int ox, int oy) {
        const Undo u{m_path.size(), m_taken.size()};
        for (const PieceCell& c : v.cells) {
            const std::size_t i = idx(ox + c.x, oy + c.y);
            if (c.kind == PatternCell::Solid) {
                ++m_solid[i];
            } else {
                ++m_open[i];
                if (c.kind == PatternCell::Conn) {
                    if (m_conn[i]++ == 0) m_path.push_back(static_cast<int>(i));
                    if (m_exit[i] == 1) {
                        m_exit[i] = 2;
                        --m_remaining;
                        m_taken.push_back(static_cast<int>(i));
                    }
                }
            }
        }
        return u;
    }

    void undo(const Variant& v, int ox, int oy, const Undo& u) {
        for (const PieceCell& c : v.cells) {
            const std::size_t i = idx(ox + c.x, oy + c.y);
            if (c.kind == PatternCell::Solid) {
                --m_solid[i];
            } else {
                --m_open[i];
                if (c.kind == PatternCell::Conn) --m_conn[i];
            }
        }
        m_path.resize(u.conns_before);
        for (std::size_t k = u.taken_before; k < m_taken.size(); ++k)
            m_exit[static_cast<std::size_t>(m_taken[k])] = 1;
        m_remaining += static_cast<int>(m_taken.size() - u.taken_before);
        m_taken.resize(u.taken_before);
    }

    // Algorithm 1 (solveRoom). The node's start cells are m_stack[begin, begin + count); its
    // variant order follows them and its children's start cells go above that, so a node
    // allocates nothing once the buffers have grown. Indices, not references, into m_stack:
    // a child's push_back may move it. The random draws are those of the version that
    // built a vector per node (generator v3), in the same order.
    bool solve(std::size_t begin, std::size_t count) {
        if (++m_iters > m_max) {
            m_aborted = true;
            return false;
        }
        m_rng.shuffle(std::span<int>(m_stack.data() + begin, count));
        const auto& vs = variants();
        const std::size_t order_at = begin + count, nv = vs.size();
        m_stack.resize(order_at);
        for (std::size_t i = 0; i < nv; ++i) m_stack.push_back(static_cast<int>(i));
        const std::size_t top = m_stack.size();
        for (std::size_t si = 0; si < count; ++si) {
            const int s = m_stack[begin + si];
            const int sx = s % m_fw - 1, sy = s / m_fw - 1;
            m_rng.shuffle(std::span<int>(m_stack.data() + order_at, nv));
            for (std::size_t oi = 0; oi < nv; ++oi) {
                const Variant& v = vs[static_cast<std::size_t>(m_stack[order_at + oi])];
                if (place_variant(v, sx, sy, top)) return true;
                if (m_aborted) return false;
            }
        }
        return false;
    }

    // Variant v anchored at start cell (sx, sy) by either connection cell (random order),
    // each fitting placement searched deeper with its start cells at m_stack[top, ...).
    bool place_variant(const Variant& v, int sx, int sy, std::size_t top) {
        const int first = m_rng.chance(0.5) ? 0 : 1;
        for (int k = 0; k < 2; ++k) {
            const int a = k == 0 ? first : 1 - first;  // the anchor connection cell
            const int ox = sx - v.conn[a][0], oy = sy - v.conn[a][1];
            const int other = static_cast<int>(idx(ox + v.conn[1 - a][0], oy + v.conn[1 - a][1]));
            if (!fits(v, ox, oy, other)) continue;
            const Undo u = apply(v, ox, oy);
            if (m_remaining == 0) return true;
            m_stack.resize(top);
            if (m_taken.size() > u.taken_before)  // a new exit: branch from anywhere on the path
                m_stack.insert(m_stack.end(), m_path.begin(), m_path.end());
            else
                m_stack.push_back(other);
            if (solve(top, m_stack.size() - top)) return true;
            if (m_aborted) return false;
            undo(v, ox, oy, u);
        }
        return false;
    }

    int m_w, m_h, m_fw;
    Rng& m_rng;
    int m_max;
    int m_iters = 0;
    bool m_aborted = false;
    int m_remaining = 0;
    std::vector<Fixed> m_fixed;
    std::vector<short> m_solid, m_open, m_conn;
    std::vector<unsigned char> m_exit;  // 0 no exit, 1 exit not yet contained, 2 contained
    std::vector<int> m_exits;
    std::vector<int> m_path;   // connection cells of the path, in placement order
    std::vector<int> m_taken;  // exits contained by the pieces placed so far, in order
    std::vector<int> m_stack;  // per search node: its start cells, then its variant order
};

int vertical_index(int width, int x, int dir) {
    int i = 0;
    for (int cx = 1; cx <= width - 2; ++cx)
        for (int d : {-1, 1}) {
            if (!vertical_link_ok(width, cx, d)) continue;
            if (cx == x && d == dir) return i + 1;
            ++i;
        }
    return 0;
}

}  // namespace

RoomSolution solve_room_attempt(int width, int height, const RoomExits& exits, Rng& rng, int max_iterations,
                                int* iterations) {
    Search s(width, height, exits, rng, max_iterations);
    const bool ok = s.run();
    if (iterations) *iterations = s.iterations();
    RoomSolution r = ok ? s.result() : RoomSolution{};
    r.solved = ok;
    r.width = width;
    r.height = height;
    r.attempts = 1;
    r.last_iterations = s.iterations();
    r.exhausted = !ok && !s.aborted();
    return r;
}

std::uint64_t fallback_attempt_seed(int code, std::uint32_t s) {
    return mix_seed(0x5A77007F4A11BAC4ull ^ static_cast<std::uint64_t>(code), s);
}

bool has_fallback_table(int width, int height) {
    return width == kFallbackRoomWidth && height == kFallbackRoomHeight && kFallbackSeedCount > 0;
}

int stored_fallback_seed(int width, int height, int code) {
    if (width != kFallbackRoomWidth || height != kFallbackRoomHeight) return -1;
    if (code < 0 || code >= kFallbackSeedCount) return -1;
    const int v = kFallbackSeeds[code];
    return v == 0xFFFF ? -1 : v;
}

RoomSolution solve_room_restarts(int width, int height, const RoomExits& exits, std::uint64_t seed,
                                 const SolverSettings& settings, int* iterations) {
    RoomSolution r;
    int spent = 0;
    const int cap = std::max(1, settings.restart_iterations);
    for (std::uint64_t k = 0; spent < settings.max_iterations; ++k) {
        Rng rng(k == 0 ? seed : mix_seed(seed, k));
        const int limit = std::min(cap, settings.max_iterations - spent);
        int used = 0;
        r = solve_room_attempt(width, height, exits, rng, limit, &used);
        spent += std::min(used, limit);      // a cut-off search counts one call past its limit
        if (r.solved || r.exhausted) break;  // exhausted: no restart can find a solution
    }
    if (iterations) *iterations = spent;
    return r;
}

RoomSolution solve_room(int width, int height, const RoomExits& exits, std::uint64_t seed,
                        const SolverSettings& settings) {
    RoomSolution r;
    int attempts = 0;
    auto attempt = [&](const RoomExits& e, std::uint64_t s) {
        r = solve_room_restarts(width, height, e, s, settings);
        ++attempts;
        r.attempts = attempts;
        return r.solved;
    };
    bool edges_unsolvable = false;
    for (int a = 0; a < settings.attempts_before_fallback; ++a) {
        if (attempt(exits, mix_seed(seed, static_cast<std::uint64_t>(a)))) return r;
        if (r.exhausted) {  // the whole search space is empty: more attempts cannot help
            edges_unsolvable = exits.target_x < 0;
            break;
        }
    }
    // The stored seed solves the edge exits alone; the interior target is given up.
    RoomExits edges = exits;
    edges.target_x = edges.target_y = -1;
    const int code = exit_config_code(width, height, edges);
    const int stored = edges.edge_exit_count() > 0 ? stored_fallback_seed(width, height, code) : -1;
    if (stored >= 0) {
        RoomExits plain = edges;  // the table was computed without border knowledge
        plain.border_left = plain.border_right = plain.border_bottom = plain.border_top = false;
        Rng rng(fallback_attempt_seed(code, static_cast<std::uint32_t>(stored)));
        r = solve_room_attempt(width, height, plain, rng, settings.max_iterations);
        r.attempts = ++attempts;
        if (r.solved) {
            r.used_fallback = true;
            r.dropped_target = exits.target_x >= 0;
            return r;
        }
    }
    for (int a = settings.attempts_before_fallback; a < settings.max_attempts && !edges_unsolvable; ++a) {
        const RoomExits& e = (a % 2 == 0 || exits.edge_exit_count() == 0) ? exits : edges;
        if (attempt(e, mix_seed(seed, static_cast<std::uint64_t>(a)))) {
            r.dropped_target = exits.target_x >= 0 && e.target_x < 0;
            return r;
        }
        if (r.exhausted && e.target_x < 0) edges_unsolvable = true;
    }
    return r;
}

std::string room_exits_problem(int w, int h, const RoomExits& e) {
    if (w < 3 || h < 4) return "room smaller than 3x4";
    auto side_ok = [&](int row) { return row == -1 || (row >= 1 && row <= h - 2); };
    auto vert_ok = [&](int x, int d) { return x == -1 || vertical_link_ok(w, x, d); };
    if (!side_ok(e.left_row) || !side_ok(e.right_row)) return "side exit row outside [1, h - 2]";
    if (!vert_ok(e.top_x, e.top_dir) || !vert_ok(e.bottom_x, e.bottom_dir))
        return "top/bottom exit columns x - dir .. x + 2 dir not all inside [1, w - 2]";
    const int tmin = std::min(e.top_x, e.top_x + e.top_dir), tmax = std::max(e.top_x, e.top_x + e.top_dir);
    const int bmin = std::min(e.bottom_x, e.bottom_x + e.bottom_dir),
              bmax = std::max(e.bottom_x, e.bottom_x + e.bottom_dir);
    // Corner conflicts (thesis 3.2): the solid cell and floor of an upper exit, or the head
    // room of a lower one, must not wall in a side exit in the same corner.
    if (e.top_x >= 0) {
        if (e.left_row >= h - 3 && tmin < 2)
            return "top exit conflicts with the left exit (upper-left corner)";
        if (e.right_row >= h - 3 && e.right_row >= 0 && tmax > w - 3)
            return "top exit conflicts with the right exit (upper-right corner)";
    }
    if (e.bottom_x >= 0) {
        if (e.left_row >= 0 && e.left_row <= 2 && bmin < 2)
            return "bottom exit conflicts with the left exit (lower-left corner)";
        if (e.right_row >= 0 && e.right_row <= 2 && bmax > w - 3)
            return "bottom exit conflicts with the right exit (lower-right corner)";
    }
    if (e.target_x >= 0) {
        if (e.target_x < 1 || e.target_x > w - 2 || e.target_y < 1 || e.target_y > h - 2)
            return "target outside the room interior";
        auto near = [&](int x, int y) {
            return std::abs(x - e.target_x) <= 1 && std::abs(y - e.target_y) <= 1;
        };
        if (e.top_x >= 0 && (near(e.top_x, h - 1) || near(e.top_x + e.top_dir, h - 1)))
            return "target next to the top exit";
        if (e.bottom_x >= 0 &&
            (near(e.bottom_x, 0) || near(e.bottom_x, 1) || near(e.bottom_x + e.bottom_dir, 1)))
            return "target next to the bottom exit";
        if (e.left_row >= 0 && near(0, e.left_row)) return "target next to the left exit";
        if (e.right_row >= 0 && near(w - 1, e.right_row)) return "target next to the right exit";
    }
    return {};
}

int exit_config_count(int width, int height) {
    const int s = height - 1;                      // none + rows 1..h-2
    const int v = 1 + 2 * std::max(0, width - 5);  // none + valid (x, dir) pairs
    return s * s * v * v;
}

int exit_config_code(int width, int height, const RoomExits& e) {
    const int s = height - 1, v = 1 + 2 * std::max(0, width - 5);
    const int l = e.left_row < 0 ? 0 : e.left_row;
    const int r = e.right_row < 0 ? 0 : e.right_row;
    const int t = e.top_x < 0 ? 0 : vertical_index(width, e.top_x, e.top_dir);
    const int b = e.bottom_x < 0 ? 0 : vertical_index(width, e.bottom_x, e.bottom_dir);
    return ((l * s + r) * v + t) * v + b;
}

std::vector<RoomExits> all_exit_configs(int width, int height, int min_exits) {
    std::vector<std::pair<int, int>> vert = {{-1, 0}};
    for (int x = 1; x <= width - 2; ++x)
        for (int d : {-1, 1})
            if (vertical_link_ok(width, x, d)) vert.emplace_back(x, d);
    std::vector<int> side = {-1};
    for (int r = 1; r <= height - 2; ++r) side.push_back(r);
    std::vector<RoomExits> out;
    for (int l : side)
        for (int r : side)
            for (auto [tx, td] : vert)
                for (auto [bx, bd] : vert) {
                    RoomExits e;
                    e.left_row = l;
                    e.right_row = r;
                    e.top_x = tx;
                    e.top_dir = td;
                    e.bottom_x = bx;
                    e.bottom_dir = bd;
                    if (e.edge_exit_count() < min_exits) continue;
                    if (!room_exits_problem(width, height, e).empty()) continue;
                    out.push_back(e);
                }
    return out;
}

}  // namespace sawtooth
