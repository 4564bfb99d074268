#include "telemetry/analysis/event_trace.hpp"

#include "gen/travel_time.hpp"

#include <cmath>
#include <limits>

namespace sawtooth::analysis {

using telemetry::EventKind;
using telemetry::EventRow;

TraceStats& TraceStats::operator+=(const TraceStats& o) {
    traces += o.traces;
    without_traps += o.without_traps;
    unfinished += o.unfinished;
    mine_only += o.mine_only;
    unmapped += o.unmapped;
    mapped += o.mapped;
    return *this;
}

namespace {

int floor_cell(double metres) { return static_cast<int>(std::floor(metres / kCellSize)); }

/// Graph node of a safe landing: the stand node of the landing cell, else (feet over a
/// gap, held by an edge) the safe node nearest to the body.
int safe_landing_node(const LevelGraph& graph, const TrapMap& traps, const EventRow& r) {
    if (const int n = graph.stand({r.a, r.b}); n >= 0 && traps.safe(n)) return n;
    int best = -1;
    double best_d = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
        if (!traps.safe(static_cast<int>(i))) continue;
        const auto [nx, ny] = node_position(graph.nodes[i]);
        const double d = (nx - r.x) * (nx - r.x) + (ny - r.y) * (ny - r.y);
        if (d < best_d) {
            best_d = d;
            best = static_cast<int>(i);
        }
    }
    return best;
}

/// Graph node of a landing inside trap cells: the stand node of the cell, else the
/// recorded nearest node.
int landing_node(const LevelGraph& graph, const EventRow& r) {
    const int n = graph.stand({r.a, r.b});
    return n >= 0 ? n : r.c;
}

/// Graph node of a hang row: the hang node of the body's cell on the recorded side.
int hang_node(const LevelGraph& graph, const EventRow& r) {
    const CellPos body{floor_cell(r.x), floor_cell(r.y)};
    const int n = graph.find(body, r.a < 0 ? NodeType::HangLeft : NodeType::HangRight);
    return n >= 0 ? n : r.c;
}

bool valid_node(const LevelGraph& graph, int n) {
    return n >= 0 && static_cast<std::size_t>(n) < graph.nodes.size();
}

double dist2_to_node(const LevelGraph& graph, int node, double x, double y) {
    const auto [nx, ny] = node_position(graph.nodes[static_cast<std::size_t>(node)]);
    return (nx - x) * (nx - x) + (ny - y) * (ny - y);
}

}  // namespace

std::vector<Trace> cut_traces(const LevelGraph& graph, const TrapMap& traps,
                              const std::vector<EventRow>& rows, TraceStats* stats) {
    TraceStats local;
    std::vector<Trace> out;
    bool open = false;
    Trace cur;
    const auto close = [&](bool success, std::uint64_t tick) {
        cur.success = success;
        cur.end_tick = tick;
        if (cur.traps_entered.empty() && cur.death_trap < 0) {
            ++local.without_traps;
        } else {
            ++local.traces;
            out.push_back(cur);
        }
        open = false;
    };
    for (const EventRow& r : rows) {
        switch (r.kind) {
            case EventKind::Node: {
                if (traps.trap_at({r.a, r.b}) < 0) {
                    // A safe landing ends the running trace and opens the next one.
                    if (open) close(true, r.tick);
                    cur = Trace{};
                    cur.start_tick = r.tick;
                    cur.safe_node = safe_landing_node(graph, traps, r);
                    open = cur.safe_node >= 0;
                } else if (const int node = landing_node(graph, r); open && valid_node(graph, node)) {
                    cur.arrival_nodes.push_back(node);
                }
                break;
            }
            case EventKind::Hang: {
                const int node = hang_node(graph, r);
                if (open && valid_node(graph, node) && !traps.safe(node)) cur.arrival_nodes.push_back(node);
                break;
            }
            case EventKind::Trap:
                if (open) {
                    cur.traps_entered.push_back(r.a);
                    cur.enter_x.push_back(r.x);
                    cur.enter_y.push_back(r.y);
                }
                break;
            case EventKind::Death:
                if (open) {
                    cur.death_trap = r.a;
                    cur.death_x = r.x;
                    cur.death_y = r.y;
                    close(false, r.tick);
                }
                break;
            default:
                break;
        }
    }
    if (open && (!cur.traps_entered.empty() || cur.death_trap >= 0)) ++local.unfinished;
    if (stats) *stats += local;
    return out;
}

std::vector<int> filter_sub_graph(const TrapMap& traps, const std::vector<int>& path) {
    std::vector<int> g;
    for (std::size_t i = 0; i < path.size(); ++i) {
        const int v = path[i];
        if (traps.safe(v) && i + 1 < path.size() && !traps.safe(path[i + 1])) g.push_back(v);
        if (traps.mine(v)) g.push_back(v);
        if (traps.atomic(v)) {
            g.push_back(v);
            return g;
        }
    }
    return {};
}

namespace {

bool is_atomic_trap(const Level& level, int i) {
    return i >= 0 && static_cast<std::size_t>(i) < level.traps.size() &&
           level.traps[static_cast<std::size_t>(i)].type != TrapType::Mine;
}

/// The atomic trap nearest the mine `mine_trap` (mines are only placed in front of one), or -1.
int atomic_trap_nearest_mine(const Level& level, int mine_trap) {
    int challenge = -1;
    const CellPos m = level.traps[static_cast<std::size_t>(mine_trap)].cell;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < level.traps.size(); ++i) {
        if (!is_atomic_trap(level, static_cast<int>(i))) continue;
        for (CellPos c : trap_cells(level.traps[i])) {
            const double d = std::hypot(c.x - m.x, c.y - m.y);
            if (d < best) {
                best = d;
                challenge = static_cast<int>(i);
            }
        }
    }
    return challenge;
}

/// The atomic challenge of the trace: the first atomic trap entered (firstTrapEvent,
/// mines ignored; `first_entry` = its index in traps_entered), else the atomic trap that
/// killed, else, for a mine death, the atomic trap nearest that mine. -1 if none.
int trace_challenge(const Level& level, const Trace& t, std::size_t& first_entry) {
    first_entry = 0;
    for (std::size_t i = 0; i < t.traps_entered.size(); ++i)
        if (is_atomic_trap(level, t.traps_entered[i])) {
            first_entry = i;
            return t.traps_entered[i];
        }
    if (is_atomic_trap(level, t.death_trap)) return t.death_trap;
    if (t.death_trap >= 0 && static_cast<std::size_t>(t.death_trap) < level.traps.size())
        return atomic_trap_nearest_mine(level, t.death_trap);
    return -1;
}

/// The node of trap `challenge` where the trace met it, or -1: where the player died, else
/// the first landing inside the trap's area, else (jumped over it) nearest where they entered.
int encounter_node(const LevelGraph& graph, const TrapMap& traps, const Trace& t, int challenge,
                   std::size_t first_entry) {
    std::vector<int> trap_nodes;
    for (std::size_t n = 0; n < graph.nodes.size(); ++n)
        if (traps.node_trap[n] == challenge) trap_nodes.push_back(static_cast<int>(n));
    const auto nearest = [&](double x, double y) {
        int best = -1;
        double best_d = std::numeric_limits<double>::infinity();
        for (int n : trap_nodes)
            if (const double d = dist2_to_node(graph, n, x, y); d < best_d) {
                best_d = d;
                best = n;
            }
        return best;
    };
    if (!t.success) return nearest(t.death_x, t.death_y);
    for (int n : t.arrival_nodes)
        if (traps.node_trap[static_cast<std::size_t>(n)] == challenge) return n;
    if (first_entry < t.enter_x.size()) return nearest(t.enter_x[first_entry], t.enter_y[first_entry]);
    return -1;
}

}  // namespace

bool map_trace(const Level& level, const LevelGraph& graph, const TrapMap& traps, const Trace& t,
               MappedTrace& out, TraceStats* stats) {
    TraceStats local;
    const auto finish = [&](bool ok) {
        if (stats) *stats += local;
        return ok;
    };
    std::size_t first_entry = 0;
    const int challenge = trace_challenge(level, t, first_entry);
    if (challenge < 0) {
        ++local.mine_only;
        return finish(false);
    }
    const int encounter = encounter_node(graph, traps, t, challenge, first_entry);
    if (encounter < 0 || t.safe_node < 0) {
        ++local.unmapped;
        return finish(false);
    }
    const std::vector<int> path = shortest_path(graph, t.safe_node, encounter);
    std::vector<int> sub = filter_sub_graph(traps, path);
    if (sub.size() < 2) {
        ++local.unmapped;
        return finish(false);
    }
    out.trace = t;
    out.encounter_node = encounter;
    out.params = challenge_params(level, graph, traps, sub);
    out.sub_graph = std::move(sub);
    ++local.mapped;
    return finish(true);
}

std::vector<MappedTrace> level_traces(const Level& level, const LevelGraph& graph,
                                      const std::vector<EventRow>& rows, TraceStats* stats) {
    const TrapMap traps = classify_nodes(level, graph);
    std::vector<MappedTrace> out;
    for (const Trace& t : cut_traces(graph, traps, rows, stats)) {
        MappedTrace m;
        if (map_trace(level, graph, traps, t, m, stats)) out.push_back(std::move(m));
    }
    return out;
}

}  // namespace sawtooth::analysis
