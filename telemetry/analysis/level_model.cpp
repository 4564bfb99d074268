#include "telemetry/analysis/level_model.hpp"

#include "gen/shortest_path.hpp"
#include "gen/travel_time.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace sawtooth::analysis {

namespace {

/// Samples per metre along an edge when testing which cells it crosses.
constexpr double kSamplesPerMetre = 8.0;

/// True if the straight segment between the rest positions of nodes a and b passes
/// through a cell of an atomic trap other than `own_trap` (endpoints excluded).
bool crosses_atomic_trap(const Level& level, const LevelGraph& graph, const TrapMap& traps, int a, int b,
                         int own_trap) {
    const auto [x0, y0] = node_position(graph.nodes[static_cast<std::size_t>(a)]);
    const auto [x1, y1] = node_position(graph.nodes[static_cast<std::size_t>(b)]);
    const int n = std::max(2, static_cast<int>(std::hypot(x1 - x0, y1 - y0) * kSamplesPerMetre));
    for (int i = 1; i < n; ++i) {
        const double t = static_cast<double>(i) / n;
        const CellPos c{static_cast<int>(std::floor((x0 + (x1 - x0) * t) / kCellSize)),
                        static_cast<int>(std::floor((y0 + (y1 - y0) * t) / kCellSize))};
        const int trap = traps.trap_at(c);
        if (trap >= 0 && trap != own_trap &&
            level.traps[static_cast<std::size_t>(trap)].type != TrapType::Mine)
            return true;
    }
    return false;
}

}  // namespace

std::vector<double> easiest_values(const std::vector<std::vector<std::pair<int, double>>>& out, int start,
                                   std::vector<int>& parent) {
    // value = probability of failing before v: weights in [0, 1] never lower it (up to
    // rounding, hence expand_once), so Dijkstra's greedy order stays correct.
    auto step = [](double d, int, int, double w) { return 1.0 - (1.0 - d) * w; };
    ShortestPathRules rules;
    rules.expand_once = true;
    ShortestPathTree tree = shortest_path_tree(out, start, step, rules);
    parent = std::move(tree.parent);
    for (double& v : tree.value)
        if (std::isinf(v)) v = 1.0;  // unreached: certain failure
    return std::move(tree.value);
}

namespace {

/// Algorithm 5, generalised from one challenge path to every way in: for each atomic trap
/// node v, each chain w -> m1 .. mk -> v (k <= 2 mine nodes, w neither a mine nor a node of
/// v's trap) is one substitute edge w -> v weighted by delta([w, m1..mk, v]).
class ChallengeEdgeFinder {
public:
    ChallengeEdgeFinder(const Level& level, const LevelGraph& graph, const TrapMap& traps,
                        const ChallengeModel& model)
        : m_level(level),
          m_graph(graph),
          m_traps(traps),
          m_model(model),
          m_challenge_mine(graph.nodes.size(), 0) {}

    void find_all() {
        for (std::size_t v = 0; v < m_graph.nodes.size(); ++v)
            if (m_traps.atomic(static_cast<int>(v))) {
                m_chain.assign(1, static_cast<int>(v));
                extend(static_cast<int>(v), m_traps.node_trap[v]);
            }
    }
    /// The most probable challenge edge per (from, to), in key order.
    const std::map<std::pair<int, int>, ChallengeEdge>& best() const { return m_best; }
    /// Every challenge edge found, in the order found.
    const std::vector<ChallengeEdge>& all() const { return m_all; }
    /// Per node: 1 if it is a mine crossed inside some challenge.
    const std::vector<char>& challenge_mine() const { return m_challenge_mine; }

private:
    // m_chain holds [head .. v], built front-first: m_chain[0] = head.
    void extend(int head, int trap) {
        for (const auto& [w, e] : m_graph.adj[static_cast<std::size_t>(head)]) {
            (void)e;
            if (std::find(m_chain.begin(), m_chain.end(), w) != m_chain.end()) continue;
            if (m_traps.node_trap[static_cast<std::size_t>(w)] == trap) continue;
            if (!m_traps.mine(w)) {
                add_edge(w, trap);
                continue;
            }
            if (static_cast<int>(m_chain.size()) - 1 < kMaxMinesPerChallenge) {
                m_chain.insert(m_chain.begin(), w);
                extend(w, trap);
                m_chain.erase(m_chain.begin());
            }
        }
    }

    void add_edge(int w, int trap) {
        std::vector<int> nodes = m_chain;
        nodes.insert(nodes.begin(), w);
        ChallengeEdge ce;
        ce.from = w;
        ce.to = nodes.back();
        ce.trap = trap;
        ce.params = challenge_params(m_level, m_graph, m_traps, nodes);
        ce.probability = m_model.predict(ce.params);
        ce.nodes = std::move(nodes);
        for (std::size_t i = 1; i + 1 < ce.nodes.size(); ++i)
            m_challenge_mine[static_cast<std::size_t>(ce.nodes[i])] = 1;
        auto it = m_best.find({ce.from, ce.to});
        if (it == m_best.end() || ce.probability > it->second.probability) m_best[{ce.from, ce.to}] = ce;
        m_all.push_back(std::move(ce));
    }

    const Level& m_level;
    const LevelGraph& m_graph;
    const TrapMap& m_traps;
    const ChallengeModel& m_model;
    std::map<std::pair<int, int>, ChallengeEdge> m_best;
    std::vector<ChallengeEdge> m_all;
    std::vector<char> m_challenge_mine;
    std::vector<int> m_chain;
};

/// Whether the graph edge u -> v stays in G' with weight 1.
bool keeps_edge(const Level& level, const LevelGraph& graph, const TrapMap& tm,
                const std::vector<char>& challenge_mine, int u, int v) {
    const int ut = tm.node_trap[static_cast<std::size_t>(u)], vt = tm.node_trap[static_cast<std::size_t>(v)];
    if (tm.atomic(v)) return tm.atomic(u) && ut == vt;  // moving inside a trap; entering is substituted
    if (tm.mine(v) && challenge_mine[static_cast<std::size_t>(v)])
        return false;  // mines in front of a trap are only crossed inside a challenge
    return !crosses_atomic_trap(level, graph, tm, u, v, tm.atomic(u) ? ut : -1);  // leaving or safe
}

/// G': kept graph edges (weight 1) plus the substitute edges, which are appended to
/// r.challenge_edges; graph edges kept in neither direction go to r.removed_edges.
ReducedGraph build_reduced_graph(const Level& level, const LevelGraph& graph,
                                 const ChallengeEdgeFinder& found, LevelModelResult& r) {
    const TrapMap& tm = r.traps;
    ReducedGraph g;
    g.out.resize(graph.nodes.size());
    g.out_challenge.resize(graph.nodes.size());
    for (const GraphEdge& e : graph.edges) {
        bool any = false;
        for (const auto& [u, v] : {std::pair{e.a, e.b}, std::pair{e.b, e.a}}) {
            if (!keeps_edge(level, graph, tm, found.challenge_mine(), u, v)) continue;
            g.out[static_cast<std::size_t>(u)].push_back({v, 1.0});
            g.out_challenge[static_cast<std::size_t>(u)].push_back(-1);
            any = true;
        }
        if (!any) r.removed_edges.push_back({e.a, e.b});
    }
    for (const auto& [key, ce] : found.best()) {
        g.out[static_cast<std::size_t>(ce.from)].push_back({ce.to, ce.probability});
        g.out_challenge[static_cast<std::size_t>(ce.from)].push_back(
            static_cast<int>(r.challenge_edges.size()));
        r.challenge_edges.push_back(ce);
    }
    return g;
}

/// The challenge edge index of the step u -> v on the easiest path: the best edge u -> v
/// (a substitute edge may run parallel to none); -1 for a plain graph edge.
int chosen_challenge(const ReducedGraph& g, int u, int v) {
    int chosen = -1;
    double w_best = -1.0;
    const auto& o = g.out[static_cast<std::size_t>(u)];
    for (std::size_t k = 0; k < o.size(); ++k)
        if (o[k].first == v && o[k].second > w_best) {
            w_best = o[k].second;
            chosen = g.out_challenge[static_cast<std::size_t>(u)][k];
        }
    return chosen;
}

/// Fills reachable, difficulty, the easiest path and its challenges from start to exit.
void trace_easiest_path(const ReducedGraph& g, int start, int exit, LevelModelResult& r) {
    std::vector<int> parent;
    const std::vector<double> value = easiest_values(g.out, start, parent);
    const std::size_t n = g.out.size();
    if (exit < 0 || static_cast<std::size_t>(exit) >= n || start < 0 || static_cast<std::size_t>(start) >= n)
        return;
    if (exit != start && parent[static_cast<std::size_t>(exit)] < 0) return;
    r.reachable = true;
    r.difficulty = value[static_cast<std::size_t>(exit)];
    r.success_probability = 1.0 - r.difficulty;
    for (int v = exit; v != -1; v = parent[static_cast<std::size_t>(v)]) {
        r.easiest_path.push_back(v);
        if (v == start) break;
    }
    std::reverse(r.easiest_path.begin(), r.easiest_path.end());
    for (std::size_t i = 1; i < r.easiest_path.size(); ++i) {
        const int chosen = chosen_challenge(g, r.easiest_path[i - 1], r.easiest_path[i]);
        if (chosen >= 0) r.path_challenges.push_back(chosen);
    }
}

}  // namespace

LevelModel::LevelModel(const Level& level, const LevelGraph& graph, int start, int exit,
                       const ChallengeModel& model)
    : m_start(start), m_exit(exit) {
    m_result.traps = classify_nodes(level, graph);
    ChallengeEdgeFinder found(level, graph, m_result.traps, model);
    found.find_all();
    m_graph = build_reduced_graph(level, graph, found, m_result);
    trace_easiest_path(m_graph, start, exit, m_result);
}

LevelModel::LevelModel(const GeneratedLevel& g, const ChallengeModel& model)
    : LevelModel(g.level, g.graph, g.start_node, g.exit_node, model) {}

LevelModelResult LevelModel::evaluate(const std::function<double(double)>& adjust) const {
    LevelModelResult r;
    r.traps = m_result.traps;
    r.removed_edges = m_result.removed_edges;
    r.challenge_edges = m_result.challenge_edges;
    for (ChallengeEdge& ce : r.challenge_edges) ce.probability = adjust(ce.probability);
    ReducedGraph g = m_graph;
    for (std::size_t u = 0; u < g.out.size(); ++u)
        for (std::size_t k = 0; k < g.out[u].size(); ++k)
            if (const int ce = g.out_challenge[u][k]; ce >= 0)
                g.out[u][k].second = r.challenge_edges[static_cast<std::size_t>(ce)].probability;
    trace_easiest_path(g, m_start, m_exit, r);
    return r;
}

ChallengeGraph challenge_graph(const Level& level, const LevelGraph& graph, int start, int exit) {
    ChallengeGraph cg;
    cg.nodes = static_cast<int>(graph.nodes.size());
    cg.start = start;
    cg.exit = exit;
    const TrapMap traps = classify_nodes(level, graph);
    const ChallengeModel any = thesis_reference_model();  // weights unused: every edge is kept
    ChallengeEdgeFinder found(level, graph, traps, any);
    found.find_all();
    for (const GraphEdge& e : graph.edges)
        for (const auto& [u, v] : {std::pair{e.a, e.b}, std::pair{e.b, e.a}})
            if (keeps_edge(level, graph, traps, found.challenge_mine(), u, v)) cg.edges.push_back({u, v, -1});
    for (const ChallengeEdge& ce : found.all()) {
        cg.edges.push_back({ce.from, ce.to, static_cast<int>(cg.challenges.size())});
        cg.challenges.push_back(ce.params);
    }
    return cg;
}

double ChallengeGraph::difficulty(const ChallengeModel& model) const {
    const auto n = static_cast<std::size_t>(nodes);
    if (start < 0 || exit < 0 || static_cast<std::size_t>(start) >= n || static_cast<std::size_t>(exit) >= n)
        return 1.0;
    std::vector<double> p(challenges.size());
    for (std::size_t k = 0; k < p.size(); ++k) p[k] = model.predict(challenges[k]);
    std::vector<std::vector<std::pair<int, double>>> out(n);
    for (const Edge& e : edges)
        out[static_cast<std::size_t>(e.from)].push_back(
            {e.to, e.challenge < 0 ? 1.0 : p[static_cast<std::size_t>(e.challenge)]});
    std::vector<int> parent;
    const std::vector<double> value = easiest_values(out, start, parent);
    if (exit != start && parent[static_cast<std::size_t>(exit)] < 0) return 1.0;
    return value[static_cast<std::size_t>(exit)];
}

LevelModelResult evaluate_level(const Level& level, const LevelGraph& graph, int start, int exit,
                                const ChallengeModel& model) {
    return LevelModel(level, graph, start, exit, model).result();
}

LevelModelResult evaluate_level(const GeneratedLevel& g, const ChallengeModel& model) {
    return evaluate_level(g.level, g.graph, g.start_node, g.exit_node, model);
}

}  // namespace sawtooth::analysis
