#include "telemetry/analysis/level_model.hpp"

#include "gen/shortest_path.hpp"
#include "gen/travel_time.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
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

LevelModelResult evaluate_level(const Level& level, const LevelGraph& graph, int start, int exit,
                                const ChallengeModel& model) {
    LevelModelResult r;
    r.traps = classify_nodes(level, graph);
    const TrapMap& tm = r.traps;
    const std::size_t n = graph.nodes.size();

    // Algorithm 5, generalised from one challenge path to every way in: for each atomic trap
    // node v, each chain w -> m1 .. mk -> v (k <= 2 mine nodes, w neither a mine nor a node
    // of v's trap) is one substitute edge w -> v weighted by delta([w, m1..mk, v]).
    std::map<std::pair<int, int>, ChallengeEdge> best;
    std::vector<char> challenge_mine(n, 0);
    std::vector<int> chain;
    std::function<void(int, int)> extend = [&](int head, int trap) {
        // `chain` holds [head .. v] reversed order is built front-first: chain[0] = head.
        for (const auto& [w, e] : graph.adj[static_cast<std::size_t>(head)]) {
            (void)e;
            if (std::find(chain.begin(), chain.end(), w) != chain.end()) continue;
            if (tm.node_trap[static_cast<std::size_t>(w)] == trap) continue;
            if (tm.mine(w)) {
                if (static_cast<int>(chain.size()) - 1 < kMaxMinesPerChallenge) {
                    chain.insert(chain.begin(), w);
                    extend(w, trap);
                    chain.erase(chain.begin());
                }
                continue;
            }
            std::vector<int> nodes = chain;
            nodes.insert(nodes.begin(), w);
            ChallengeEdge ce;
            ce.from = w;
            ce.to = nodes.back();
            ce.trap = trap;
            ce.params = challenge_params(level, graph, tm, nodes);
            ce.probability = model.predict(ce.params);
            ce.nodes = std::move(nodes);
            for (std::size_t i = 1; i + 1 < ce.nodes.size(); ++i)
                challenge_mine[static_cast<std::size_t>(ce.nodes[i])] = 1;
            auto it = best.find({ce.from, ce.to});
            if (it == best.end() || ce.probability > it->second.probability)
                best[{ce.from, ce.to}] = std::move(ce);
        }
    };
    for (std::size_t v = 0; v < n; ++v)
        if (tm.atomic(static_cast<int>(v))) {
            chain.assign(1, static_cast<int>(v));
            extend(static_cast<int>(v), tm.node_trap[v]);
        }

    // G': kept graph edges (weight 1) plus the substitute edges.
    std::vector<std::vector<std::pair<int, double>>> out(n);
    std::vector<std::vector<int>> out_challenge(n);  // parallel: challenge edge index or -1
    for (const GraphEdge& e : graph.edges) {
        bool any = false;
        for (int dir = 0; dir < 2; ++dir) {
            const int u = dir == 0 ? e.a : e.b, v = dir == 0 ? e.b : e.a;
            const int ut = tm.node_trap[static_cast<std::size_t>(u)],
                      vt = tm.node_trap[static_cast<std::size_t>(v)];
            bool keep;
            if (tm.atomic(v))
                keep = tm.atomic(u) && ut == vt;  // moving inside a trap; entering is substituted
            else if (tm.mine(v) && challenge_mine[static_cast<std::size_t>(v)])
                keep = false;  // mines in front of a trap are only crossed inside a challenge
            else
                keep =
                    !crosses_atomic_trap(level, graph, tm, u, v, tm.atomic(u) ? ut : -1);  // leaving or safe
            if (keep) {
                out[static_cast<std::size_t>(u)].push_back({v, 1.0});
                out_challenge[static_cast<std::size_t>(u)].push_back(-1);
                any = true;
            }
        }
        if (!any) r.removed_edges.push_back({e.a, e.b});
    }
    for (auto& [key, ce] : best) {
        out[static_cast<std::size_t>(ce.from)].push_back({ce.to, ce.probability});
        out_challenge[static_cast<std::size_t>(ce.from)].push_back(
            static_cast<int>(r.challenge_edges.size()));
        r.challenge_edges.push_back(ce);
    }

    std::vector<int> parent;
    const std::vector<double> value = easiest_values(out, start, parent);
    if (exit < 0 || static_cast<std::size_t>(exit) >= n || start < 0 || static_cast<std::size_t>(start) >= n)
        return r;
    if (exit != start && parent[static_cast<std::size_t>(exit)] < 0) return r;
    r.reachable = true;
    r.difficulty = value[static_cast<std::size_t>(exit)];
    r.success_probability = 1.0 - r.difficulty;
    for (int v = exit; v != -1; v = parent[static_cast<std::size_t>(v)]) {
        r.easiest_path.push_back(v);
        if (v == start) break;
    }
    std::reverse(r.easiest_path.begin(), r.easiest_path.end());
    for (std::size_t i = 1; i < r.easiest_path.size(); ++i) {
        const int u = r.easiest_path[i - 1], v = r.easiest_path[i];
        // The step taken is the best edge u -> v (a substitute edge may run parallel to none).
        int chosen = -1;
        double w_best = -1.0;
        const auto& o = out[static_cast<std::size_t>(u)];
        for (std::size_t k = 0; k < o.size(); ++k)
            if (o[k].first == v && o[k].second > w_best) {
                w_best = o[k].second;
                chosen = out_challenge[static_cast<std::size_t>(u)][k];
            }
        if (chosen >= 0) r.path_challenges.push_back(chosen);
    }
    return r;
}

LevelModelResult evaluate_level(const GeneratedLevel& g, const ChallengeModel& model) {
    return evaluate_level(g.level, g.graph, g.start_node, g.exit_node, model);
}

}  // namespace sawtooth::analysis
