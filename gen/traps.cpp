#include "gen/traps.hpp"

#include "gen/travel_time.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth {

namespace {
// Fig. 3.8, rows = modifiers (# o = . t d \ +), columns = cell values (# o = . t d).
constexpr bool kTruth[8][6] = {
    {true, false, false, false, false, false},  // [#]
    {false, true, false, false, false, false},  // [o]
    {true, false, true, false, false, false},   // [=]
    {false, true, false, true, false, false},   // [.]
    {false, true, false, false, false, false},  // [t]
    {true, true, false, false, false, false},   // [d]
    {true, true, false, false, false, false},   // [\] add solid
    {true, true, false, false, false, false},   // [+] dig
};
}  // namespace

bool modifier_allowed(Modifier m, CellValue v) { return kTruth[static_cast<int>(m)][static_cast<int>(v)]; }

CellValue apply_modifier(Modifier m, CellValue v) {
    switch (m) {
        case Modifier::Solid:
            return CellValue::Solid;
        case Modifier::Open:
            return CellValue::Open;
        case Modifier::MustSolid:
            return CellValue::MustSolid;
        case Modifier::MustOpen:
            return CellValue::MustOpen;
        case Modifier::Trap:
            return CellValue::Trap;
        case Modifier::Deadly:
            return CellValue::Deadly;
        case Modifier::AddSolid:
            return CellValue::MustSolid;
        case Modifier::Dig:
            return CellValue::MustOpen;
    }
    return v;
}

std::pair<double, double> cycle_interval_seconds(int level_index) {
    constexpr double kHi = 2.0, kLoFirst = 2.0, kLoLast = 1.2;
    constexpr int kNarrowLevels = 4;  // level 1 -> level 5
    const int k = std::clamp(level_index - 1, 0, kNarrowLevels);
    return {kLoFirst + (kLoLast - kLoFirst) * k / kNarrowLevels, kHi};
}

namespace {

struct Mod {
    CellPos c;
    Modifier m;
};

// Trap kinds the placement balances: saw, squeeze, wall spikes (hang and stand together).
constexpr int kTrapKinds = 3;

struct Candidate {
    int kind = 0;             // kind of its first periodic trap (mines go with it)
    std::vector<Trap> traps;  // route order
    std::vector<int> entry;   // route index where the player meets each trap
    std::vector<Mod> mods;
    int first = 0, last = 0;  // route index range of the sequence graph G_j
};

using RoutePos = std::vector<GraphNode>;

// dir of a horizontal run of k stand nodes from i, or 0.
int run(const RoutePos& r, int i, int k) {
    if (i < 0 || i + k > static_cast<int>(r.size())) return 0;
    const int dir =
        k > 1 ? r[static_cast<std::size_t>(i + 1)].cell.x - r[static_cast<std::size_t>(i)].cell.x : 1;
    if (dir != 1 && dir != -1) return 0;
    for (int j = 0; j < k; ++j) {
        const GraphNode& n = r[static_cast<std::size_t>(i + j)];
        if (n.type != NodeType::Stand || n.cell.y != r[static_cast<std::size_t>(i)].cell.y ||
            n.cell.x != r[static_cast<std::size_t>(i)].cell.x + dir * j)
            return 0;
    }
    return dir;
}

const GraphNode& at(const RoutePos& r, int i) { return r[static_cast<std::size_t>(i)]; }

// Saw: the route walks five stand nodes in a row; the saw runs over the middle three and
// the player jumps it, so the arc above must be open (dug out where it is rock).
bool saw(const Level& level, const RoutePos& r, int i, Candidate& c) {
    if (!run(r, i, 5)) return false;
    // Head room for the jump: keep open cells open, dig solid ones ([+]).
    auto room = [&](int x, int y) {
        c.mods.push_back({{x, y}, level.solid(x, y) ? Modifier::Dig : Modifier::MustOpen});
    };
    const int y = at(r, i).cell.y;
    const int x0 = std::min(at(r, i + 1).cell.x, at(r, i + 3).cell.x);
    const int xa = std::min(at(r, i).cell.x, at(r, i + 4).cell.x);
    c.traps.push_back({TrapType::Saw, {x0, y}, 1, 120, 0});
    c.entry.push_back(i + 1);
    for (int x = x0; x < x0 + 3; ++x) {
        c.mods.push_back({{x, y}, Modifier::Trap});
        c.mods.push_back({{x, y - 1}, Modifier::MustSolid});
        room(x, y + 2);
    }
    for (int x = xa; x < xa + 5; ++x) room(x, y + 1);
    c.first = i + 1;
    c.last = i + 3;
    return true;
}

// Squeeze: two blocks meet in a two-high gap the route walks through; its ceiling is
// added as a solid cell ([\]) when the space above is open.
bool squeeze(const RoutePos& r, int i, Candidate& c) {
    if (!run(r, i, 3)) return false;
    const CellPos p = at(r, i + 1).cell;
    c.traps.push_back({TrapType::Squeeze, p, 1, 120, 0});
    c.entry.push_back(i + 1);
    c.mods.push_back({p, Modifier::Trap});
    c.mods.push_back({{p.x, p.y + 1}, Modifier::Trap});
    c.mods.push_back({{p.x, p.y - 1}, Modifier::MustSolid});
    c.mods.push_back({{p.x, p.y + 2}, Modifier::AddSolid});
    c.first = c.last = i + 1;
    return true;
}

// Wall spikes where the route hangs on a ledge: the climb has to be timed.
bool spike_hang(const RoutePos& r, int i, Candidate& c) {
    if (i <= 0 || i + 1 >= static_cast<int>(r.size())) return false;
    const GraphNode& n = at(r, i);
    if (n.type == NodeType::Stand) return false;
    const int facing = n.type == NodeType::HangLeft ? 1 : -1;
    c.traps.push_back({TrapType::WallSpike, n.cell, facing, 120, 0});
    c.entry.push_back(i);
    c.mods.push_back({n.cell, Modifier::Trap});
    c.mods.push_back({{n.cell.x - facing, n.cell.y}, Modifier::MustSolid});
    c.first = c.last = i;
    return true;
}

// Wall spikes at the foot of a step the route climbs or drops.
bool spike_stand(const Level& level, const RoutePos& r, int i, Candidate& c) {
    if (i <= 0 || i + 1 >= static_cast<int>(r.size())) return false;
    const GraphNode& n = at(r, i);
    if (n.type != NodeType::Stand) return false;
    const GraphNode& next = at(r, i + 1);
    if (next.cell.y <= n.cell.y || next.cell.x == n.cell.x) return false;  // climbing away from here
    const int s = next.cell.x > n.cell.x ? 1 : -1;
    if (!level.solid(n.cell.x + s, n.cell.y)) return false;
    c.traps.push_back({TrapType::WallSpike, n.cell, -s, 120, 0});
    c.entry.push_back(i);
    c.mods.push_back({n.cell, Modifier::Trap});
    c.mods.push_back({{n.cell.x + s, n.cell.y}, Modifier::MustSolid});
    c.first = c.last = i;
    return true;
}

bool base(const Level& level, const RoutePos& r, int kind, int i, Candidate& c) {
    switch (kind) {
        case 0:
            return saw(level, r, i, c);
        case 1:
            return squeeze(r, i, c);
        case 2:
            return spike_hang(r, i, c);
        default:
            return spike_stand(level, r, i, c);
    }
}

// The base trap whose first trap node is route index `node`.
bool base_at(const Level& level, const RoutePos& r, int kind, int node, Candidate& c) {
    const int i = kind <= 1 ? node - 1 : node;  // saw and squeeze start one node early
    return base(level, r, kind, i, c);
}

void append(Candidate& a, const Candidate& b) {
    a.traps.insert(a.traps.end(), b.traps.begin(), b.traps.end());
    a.entry.insert(a.entry.end(), b.entry.begin(), b.entry.end());
    a.mods.insert(a.mods.end(), b.mods.begin(), b.mods.end());
    a.first = std::min(a.first, b.first);
    a.last = std::max(a.last, b.last);
}

std::vector<Candidate> possible_traps(const Level& level, const RoutePos& r, int max_mines) {
    std::vector<Candidate> out;
    const int n = static_cast<int>(r.size());
    constexpr int kKinds = 4;
    constexpr int kMaxPairGap = 4;  // free route nodes at most between paired traps
    for (int node = 1; node + 1 < n; ++node)
        for (int kind = 0; kind < kKinds; ++kind) {
            Candidate a;
            if (!base_at(level, r, kind, node, a)) continue;
            a.kind = std::min(kind, kTrapKinds - 1);
            out.push_back(a);
            // Mines: one or two on the stand nodes right before the trap, never alone.
            for (int k = 1; k <= max_mines; ++k) {
                const int m0 = node - k;
                if (m0 < 1 || !run(r, m0, k)) break;
                Candidate m;
                m.kind = a.kind;
                m.first = m0;
                m.last = node;
                for (int j = m0; j < m0 + k; ++j) {
                    const CellPos p = at(r, j).cell;
                    m.traps.push_back({TrapType::Mine, p, 1, 1, 0});
                    m.entry.push_back(j);
                    m.mods.push_back({p, Modifier::Trap});
                    m.mods.push_back({{p.x, p.y - 1}, Modifier::MustSolid});
                }
                append(m, a);
                out.push_back(std::move(m));
            }
            // Pairs of periodic traps: the second is phase-delayed by the travel time.
            for (int gap = 2; gap <= kMaxPairGap + 1; ++gap)
                for (int kind2 = 0; kind2 < kKinds; ++kind2) {
                    Candidate b;
                    if (!base_at(level, r, kind2, a.last + gap, b)) continue;
                    if (b.first <= a.last + 1) continue;
                    Candidate p = a;
                    append(p, b);
                    out.push_back(std::move(p));
                }
        }
    return out;
}

class Placer {
public:
    Placer(Level& level, LevelGraph& graph, CellPos start, CellPos exit, Rng& rng)
        : m_level(level), m_graph(graph), m_start(start), m_exit(exit), m_rng(rng) {
        m_values.resize(level.cells.size());
        for (std::size_t i = 0; i < level.cells.size(); ++i)
            m_values[i] = level.cells[i] == Cell::Solid ? CellValue::Solid : CellValue::Open;
        for (CellPos p : {start, exit}) {
            m_values[idx(p)] = CellValue::MustOpen;
            if (level.in_bounds(p.x, p.y - 1)) m_values[idx({p.x, p.y - 1})] = CellValue::MustSolid;
        }
        for (const Trap& t : level.traps)
            for (CellPos c : trap_cells(t)) m_values[idx(c)] = CellValue::Trap;
    }

    std::size_t idx(CellPos p) const { return static_cast<std::size_t>(p.y * m_level.width + p.x); }

    bool trapped(CellPos p) const {
        if (!m_level.in_bounds(p.x, p.y)) return false;
        const CellValue v = m_values[idx(p)];
        return v == CellValue::Trap || v == CellValue::Deadly;
    }

    // C0 (pattern matched on the route), C1 (truth table), C2 and C3 (every neighbour of
    // the sequence outside it is trap-free, which includes its predecessor and successor).
    bool fit(const Candidate& c, const RoutePos& r, const std::vector<char>& route_cell) {
        if (c.first < 1 || c.last + 1 >= static_cast<int>(r.size())) return false;
        std::vector<std::pair<std::size_t, CellValue>> scratch;
        auto value = [&](std::size_t i) {
            for (auto it = scratch.rbegin(); it != scratch.rend(); ++it)
                if (it->first == i) return it->second;
            return m_values[i];
        };
        for (const Mod& m : c.mods) {
            if (!m_level.in_bounds(m.c.x, m.c.y)) {
                if (m.m == Modifier::MustSolid || m.m == Modifier::AddSolid || m.m == Modifier::Solid)
                    continue;
                return false;
            }
            const std::size_t i = idx(m.c);
            const CellValue v = value(i);
            if (!modifier_allowed(m.m, v)) return false;
            // Structural changes may not remove a node any route runs through.
            if ((m.m == Modifier::AddSolid || m.m == Modifier::Dig) && route_cell[i]) return false;
            scratch.emplace_back(i, apply_modifier(m.m, v));
        }
        if (trapped(at(r, c.first - 1).cell) || trapped(at(r, c.last + 1).cell)) return false;
        std::vector<int> seq;
        for (int k = c.first; k <= c.last; ++k) {
            const int id = m_graph.find(at(r, k).cell, at(r, k).type);
            if (id < 0) return false;
            seq.push_back(id);
        }
        for (int id : seq)
            for (auto [m, e] : m_graph.adj[static_cast<std::size_t>(id)]) {
                if (std::find(seq.begin(), seq.end(), m) != seq.end()) continue;
                if (trapped(m_graph.nodes[static_cast<std::size_t>(m)].cell)) return false;
            }
        return true;
    }

    // Applies the modifiers; returns false (and restores everything) when C4 fails or a
    // route lost one of its moves.
    bool apply(const Candidate& c, const std::vector<RoutePos>& routes) {
        std::vector<std::pair<std::size_t, CellValue>> old_values;
        std::vector<std::pair<std::size_t, Cell>> old_cells;
        for (const Mod& m : c.mods) {
            if (!m_level.in_bounds(m.c.x, m.c.y)) continue;
            const std::size_t i = idx(m.c);
            old_values.emplace_back(i, m_values[i]);
            m_values[i] = apply_modifier(m.m, m_values[i]);
            const Cell want = (m.m == Modifier::AddSolid)
                                  ? Cell::Solid
                                  : (m.m == Modifier::Dig ? Cell::Open : m_level.cells[i]);
            if (want != m_level.cells[i]) {
                old_cells.emplace_back(i, m_level.cells[i]);
                m_level.cells[i] = want;
            }
        }
        if (!old_cells.empty()) {
            if (!keeps_routes(old_cells, routes)) {
                for (auto it = old_cells.rbegin(); it != old_cells.rend(); ++it)
                    m_level.cells[it->first] = it->second;
                for (auto it = old_values.rbegin(); it != old_values.rend(); ++it)
                    m_values[it->first] = it->second;
                return false;
            }
            m_graph = build_level_graph(m_level);
        }
        return true;
    }

    // C4 and the routes after the cells in `changed` took their new values: start and exit
    // still connected, every move of every route still in the graph. Most tentative
    // changes fail this, so it is answered from m_graph and a window around the change
    // (PatchedGraph) rather than a whole new graph; the answer is the same.
    bool keeps_routes(const std::vector<std::pair<std::size_t, Cell>>& changed,
                      const std::vector<RoutePos>& routes) const {
        std::vector<CellPos> cells;
        for (const auto& [i, old] : changed)
            cells.push_back({static_cast<int>(i) % m_level.width, static_cast<int>(i) / m_level.width});
        const PatchedGraph g(m_graph, m_level, cells);
        if (!g.connected({m_start, NodeType::Stand}, {m_exit, NodeType::Stand})) return false;
        for (const RoutePos& r : routes)
            for (std::size_t k = 1; k < r.size(); ++k)
                if (!g.has_edge(r[k - 1], r[k])) return false;
        return true;
    }

private:
    Level& m_level;
    LevelGraph& m_graph;
    CellPos m_start, m_exit;
    Rng& m_rng;
    std::vector<CellValue> m_values;
};

/// Routes as node positions (node ids change whenever the graph is rebuilt), and a mark on
/// every cell a route passes through.
std::vector<RoutePos> route_positions(const Level& level, const LevelGraph& graph,
                                      const std::vector<Route>& routes, std::vector<char>& route_cell) {
    std::vector<RoutePos> pos;
    route_cell.assign(level.cells.size(), 0);
    for (const Route& r : routes) {
        RoutePos p;
        for (int id : r.nodes) {
            p.push_back(graph.nodes[static_cast<std::size_t>(id)]);
            const CellPos c = p.back().cell;
            route_cell[static_cast<std::size_t>(c.y * level.width + c.x)] = 1;
        }
        pos.push_back(std::move(p));
    }
    return pos;
}

/// Kind first, then a sequence of that kind: one uniform draw over all candidates gave
/// ~95 % wall spikes, because spikes fit at almost every climb while a saw needs five flat
/// nodes. Each kind gets an equal chance to go next, falling back to the others when none
/// of its candidates fits. Draws the kind order from rng and sorts `cands` by it (stable).
void order_by_drawn_kind(std::vector<Candidate>& cands, Rng& rng) {
    std::vector<int> kinds(kTrapKinds);
    for (int k = 0; k < kTrapKinds; ++k) kinds[static_cast<std::size_t>(k)] = k;
    rng.shuffle(kinds);
    std::vector<int> rank(kTrapKinds);  // per kind: its place in the drawn order
    for (int i = 0; i < kTrapKinds; ++i)
        rank[static_cast<std::size_t>(kinds[static_cast<std::size_t>(i)])] = i;
    std::stable_sort(cands.begin(), cands.end(), [&rank](const Candidate& a, const Candidate& b) {
        return rank[static_cast<std::size_t>(a.kind)] < rank[static_cast<std::size_t>(b.kind)];
    });
}

/// Travel ticks along route r from node `from` to node `to` (from < to).
int route_travel_ticks(const RoutePos& r, int from, int to) {
    int ticks = 0;
    for (int k = from + 1; k <= to; ++k) {
        const auto [xa, ya] = node_position(r[static_cast<std::size_t>(k - 1)]);
        const auto [xb, yb] = node_position(r[static_cast<std::size_t>(k)]);
        ticks += travel_ticks(xa, ya, xb, yb);
    }
    return ticks;
}

/// Adds the traps of candidate c on route ri to the level as one timed sequence: one cycle
/// per sequence (drawn from [lo, hi] seconds), so the phase delays hold on every cycle.
TrapSequence add_timed_sequence(Level& level, const Candidate& c, const RoutePos& r, std::size_t ri,
                                double lo, double hi, Rng& rng) {
    TrapSequence seq;
    seq.route = static_cast<int>(ri);
    for (int k = c.first; k <= c.last; ++k) seq.cells.push_back(r[static_cast<std::size_t>(k)].cell);
    const int cycle = static_cast<int>(std::lround(rng.uniform(lo, hi + 1e-9) * 60.0));
    int phase = static_cast<int>(rng.uniform_int(0, cycle - 1));
    int prev_entry = -1;
    for (std::size_t t = 0; t < c.traps.size(); ++t) {
        Trap trap = c.traps[t];
        if (trap.type != TrapType::Mine) {
            if (prev_entry >= 0) {
                const int delay = route_travel_ticks(r, prev_entry, c.entry[t]);
                seq.delays.push_back(delay);
                phase = (phase + delay) % cycle;
            }
            trap.cycle_ticks = cycle;
            trap.phase_ticks = phase;
            prev_entry = c.entry[t];
        }
        seq.traps.push_back(static_cast<int>(level.traps.size()));
        level.traps.push_back(trap);
    }
    return seq;
}

/// Remaps the routes onto the final graph by their node positions.
void remap_routes(const LevelGraph& graph, const std::vector<RoutePos>& pos, std::vector<Route>& routes) {
    for (std::size_t ri = 0; ri < routes.size(); ++ri) {
        Route nr;
        nr.length = routes[ri].length;
        for (const GraphNode& p : pos[ri]) {
            const int id = graph.find(p.cell, p.type);
            if (id >= 0) nr.nodes.push_back(id);
        }
        routes[ri] = std::move(nr);
    }
}

}  // namespace

TrapPlacement place_traps(Level& level, LevelGraph& graph, std::vector<Route>& routes, CellPos start,
                          CellPos exit, const TrapSettings& settings, Rng& rng) {
    TrapPlacement out;
    std::vector<char> route_cell;
    std::vector<RoutePos> pos = route_positions(level, graph, routes, route_cell);
    Placer placer(level, graph, start, exit, rng);
    const double total_limit = settings.alpha * static_cast<double>(graph.nodes.size());
    const auto [lo, hi] = cycle_interval_seconds(settings.level_index);
    for (std::size_t ri = 0; ri < pos.size(); ++ri) {
        const RoutePos& r = pos[ri];
        const double route_limit = settings.alpha * static_cast<double>(r.size());
        int n = 0;  // trap nodes on this route so far
        for (bool placed = true; placed;) {
            std::vector<Candidate> cands = possible_traps(level, r, settings.max_mines_before);
            rng.shuffle(cands);
            order_by_drawn_kind(cands, rng);
            placed = false;
            for (const Candidate& c : cands) {
                ++out.candidates_tried;
                const int dn = c.last - c.first + 1;
                if (n + dn >= route_limit || out.sequence_nodes + dn >= total_limit) continue;  // C5
                if (!placer.fit(c, r, route_cell)) continue;
                if (!placer.apply(c, pos)) continue;  // C4
                n += dn;
                out.sequence_nodes += dn;
                out.sequences.push_back(add_timed_sequence(level, c, r, ri, lo, hi, rng));
                placed = true;
                break;
            }
        }
    }
    remap_routes(graph, pos, routes);
    return out;
}

}  // namespace sawtooth
