#include "gen/level_graph.hpp"

#include <algorithm>
#include <cstdlib>
#include <queue>
#include <tuple>

namespace sawtooth {

int LevelGraph::find(CellPos c, NodeType t) const {
    if (c.x < 0 || c.y < 0 || c.x >= width || c.y >= height) return -1;
    return index[static_cast<std::size_t>((c.y * width + c.x) * 3 + static_cast<int>(t))];
}

double edge_weight(CellPos a, CellPos b) {
    const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
    return (dx == 1 && dy == 0) ? 0.5 : static_cast<double>(dx + dy);
}

namespace {

bool open(const Level& l, int x, int y) { return l.in_bounds(x, y) && !l.solid(x, y); }

// Node patches (thesis Fig. 3.7). A hang node is an open cell with open space below (so
// not a stand node), a solid cell beside it whose top corner is open above: the ledge.
bool is_node(const Level& l, int x, int y, NodeType t) {
    if (!open(l, x, y)) return false;
    switch (t) {
        case NodeType::Stand:
            return l.solid(x, y - 1);
        case NodeType::HangLeft:
            return open(l, x, y - 1) && open(l, x, y + 1) && l.solid(x - 1, y) && open(l, x - 1, y + 1);
        case NodeType::HangRight:
            return open(l, x, y - 1) && open(l, x, y + 1) && l.solid(x + 1, y) && open(l, x + 1, y + 1);
    }
    return false;
}

// Indices into jump_patches() of the patches that start at a node of each type.
const std::vector<int>& patches_from(NodeType t) {
    static const std::vector<std::vector<int>> by_type = [] {
        std::vector<std::vector<int>> out(3);
        const auto& patches = jump_patches();
        for (int p = 0; p < static_cast<int>(patches.size()); ++p)
            out[static_cast<std::size_t>(patches[static_cast<std::size_t>(p)].from_type)].push_back(p);
        return out;
    }();
    return by_type[static_cast<std::size_t>(t)];
}

// The node patch j leads to when its start is node `from`.
GraphNode patch_target(const JumpPatch& j, const GraphNode& from) {
    return {{from.cell.x - j.from[0] + j.to[0], from.cell.y - j.from[1] + j.to[1]}, j.to_type};
}

// The solid and open cells of patch j, started at node `from`, are so in the level.
bool patch_cells_match(const Level& level, const JumpPatch& j, const GraphNode& from) {
    const int ox = from.cell.x - j.from[0], oy = from.cell.y - j.from[1];
    for (const PieceCell& c : j.cells) {
        const int x = ox + c.x, y = oy + c.y;
        if (c.kind == PatternCell::Solid ? !level.solid(x, y) : !open(level, x, y)) return false;
    }
    return true;
}

// How far (in x or y) a patch reaches from its start: its cells and its target.
int patch_reach() {
    static const int reach = [] {
        int r = 0;
        for (const JumpPatch& j : jump_patches()) {
            r = std::max({r, std::abs(j.to[0] - j.from[0]), std::abs(j.to[1] - j.from[1])});
            for (const PieceCell& c : j.cells)
                r = std::max({r, std::abs(c.x - j.from[0]), std::abs(c.y - j.from[1])});
        }
        return r;
    }();
    return reach;
}

}  // namespace

LevelGraph build_level_graph(const Level& level) {
    LevelGraph g;
    g.width = level.width;
    g.height = level.height;
    g.index.assign(static_cast<std::size_t>(level.width * level.height * 3), -1);
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x)
            for (int t = 0; t < 3; ++t)
                if (is_node(level, x, y, static_cast<NodeType>(t))) {
                    g.index[static_cast<std::size_t>((y * level.width + x) * 3 + t)] =
                        static_cast<int>(g.nodes.size());
                    g.nodes.push_back({{x, y}, static_cast<NodeType>(t)});
                }
    std::vector<std::tuple<int, int, int>> found;  // (a, b, patch), a < b
    const auto& patches = jump_patches();
    for (int n = 0; n < static_cast<int>(g.nodes.size()); ++n) {
        const GraphNode& from = g.nodes[static_cast<std::size_t>(n)];
        for (int p : patches_from(from.type)) {
            const JumpPatch& j = patches[static_cast<std::size_t>(p)];
            const GraphNode target = patch_target(j, from);
            const int to = g.find(target.cell, target.type);
            if (to >= 0 && patch_cells_match(level, j, from))
                found.emplace_back(std::min(n, to), std::max(n, to), p);
        }
    }
    std::sort(found.begin(), found.end());
    g.adj.resize(g.nodes.size());
    for (std::size_t i = 0; i < found.size(); ++i) {
        const auto [a, b, p] = found[i];
        if (!g.edges.empty() && g.edges.back().a == a && g.edges.back().b == b) continue;
        const int e = static_cast<int>(g.edges.size());
        g.edges.push_back({a, b,
                           edge_weight(g.nodes[static_cast<std::size_t>(a)].cell,
                                       g.nodes[static_cast<std::size_t>(b)].cell),
                           p});
        g.adj[static_cast<std::size_t>(a)].emplace_back(b, e);
        g.adj[static_cast<std::size_t>(b)].emplace_back(a, e);
    }
    return g;
}

PatchedGraph::PatchedGraph(const LevelGraph& before, const Level& after, const std::vector<CellPos>& changed)
    : m_before(before), m_after(after) {
    if (changed.empty()) return;
    // A node depends on the cells one step around it, an edge on its patch's cells and its
    // two nodes: whatever changes has an end within reach + 1 of a changed cell.
    const int margin = patch_reach() + 1;
    int x0 = changed[0].x, x1 = x0, y0 = changed[0].y, y1 = y0;
    for (CellPos c : changed) {
        x0 = std::min(x0, c.x), x1 = std::max(x1, c.x);
        y0 = std::min(y0, c.y), y1 = std::max(y1, c.y);
    }
    m_x0 = std::max(0, x0 - margin), m_x1 = std::min(after.width - 1, x1 + margin);
    m_y0 = std::max(0, y0 - margin), m_y1 = std::min(after.height - 1, y1 + margin);
    const auto& patches = jump_patches();
    for (int y = m_y0; y <= m_y1; ++y)
        for (int x = m_x0; x <= m_x1; ++x)
            for (int t = 0; t < 3; ++t) {
                const GraphNode from{{x, y}, static_cast<NodeType>(t)};
                if (!is_node(after, x, y, from.type)) continue;
                for (int p : patches_from(from.type)) {  // edges found from inside the window
                    const JumpPatch& j = patches[static_cast<std::size_t>(p)];
                    const GraphNode to = patch_target(j, from);
                    if (has_node(to) && patch_cells_match(after, j, from)) add_edge(key(from), key(to));
                }
                // Edges to outside the window that only the outside end's patches find:
                // those ends' surroundings did not change, so the old graph lists them.
                const int old_id = before.find(from.cell, from.type);
                if (old_id < 0) continue;
                for (auto [m, e] : before.adj[static_cast<std::size_t>(old_id)]) {
                    const GraphNode& out = before.nodes[static_cast<std::size_t>(m)];
                    if (inside(out.cell) || !finds(out, from)) continue;
                    add_edge(key(from), key(out));
                }
            }
    std::sort(m_edges.begin(), m_edges.end());
    m_edges.erase(std::unique(m_edges.begin(), m_edges.end()), m_edges.end());
}

bool PatchedGraph::inside(CellPos c) const {
    return c.x >= m_x0 && c.x <= m_x1 && c.y >= m_y0 && c.y <= m_y1;
}

int PatchedGraph::key(const GraphNode& n) const {
    return (n.cell.y * m_after.width + n.cell.x) * 3 + static_cast<int>(n.type);
}

GraphNode PatchedGraph::node_of(int key) const {
    return {{(key / 3) % m_after.width, (key / 3) / m_after.width}, static_cast<NodeType>(key % 3)};
}

void PatchedGraph::add_edge(int a, int b) {
    m_edges.emplace_back(a, b);
    m_edges.emplace_back(b, a);
}

// Some patch started at node `from` leads to `to` (both nodes of the level after).
bool PatchedGraph::finds(const GraphNode& from, const GraphNode& to) const {
    const auto& patches = jump_patches();
    for (int p : patches_from(from.type)) {
        const JumpPatch& j = patches[static_cast<std::size_t>(p)];
        const GraphNode t = patch_target(j, from);
        if (t.cell == to.cell && t.type == to.type && patch_cells_match(m_after, j, from)) return true;
    }
    return false;
}

bool PatchedGraph::has_node(const GraphNode& n) const {
    if (!m_after.in_bounds(n.cell.x, n.cell.y)) return false;
    if (inside(n.cell)) return is_node(m_after, n.cell.x, n.cell.y, n.type);
    return m_before.find(n.cell, n.type) >= 0;
}

bool PatchedGraph::has_edge(const GraphNode& a, const GraphNode& b) const {
    if (!has_node(a) || !has_node(b)) return false;
    if (inside(a.cell) || inside(b.cell))
        return std::binary_search(m_edges.begin(), m_edges.end(), std::pair{key(a), key(b)});
    const int ia = m_before.find(a.cell, a.type), ib = m_before.find(b.cell, b.type);
    const auto& adj = m_before.adj[static_cast<std::size_t>(ia)];
    return std::any_of(adj.begin(), adj.end(), [ib](const auto& pe) { return pe.first == ib; });
}

bool PatchedGraph::connected(const GraphNode& a, const GraphNode& b) const {
    if (!has_node(a) || !has_node(b)) return false;
    std::vector<char> seen(static_cast<std::size_t>(m_after.width * m_after.height * 3), 0);
    std::vector<int> stack = {key(a)};
    seen[static_cast<std::size_t>(stack[0])] = 1;
    auto visit = [&](int k) {
        if (!seen[static_cast<std::size_t>(k)]) {
            seen[static_cast<std::size_t>(k)] = 1;
            stack.push_back(k);
        }
    };
    while (!stack.empty()) {
        const int k = stack.back();
        stack.pop_back();
        if (k == key(b)) return true;
        const GraphNode n = node_of(k);
        // Edges with an end in the window are in m_edges; the others are the old graph's.
        auto it = std::lower_bound(m_edges.begin(), m_edges.end(), std::pair{k, -1});
        for (; it != m_edges.end() && it->first == k; ++it) visit(it->second);
        if (inside(n.cell)) continue;
        const int id = m_before.find(n.cell, n.type);
        for (auto [m, e] : m_before.adj[static_cast<std::size_t>(id)]) {
            const GraphNode& o = m_before.nodes[static_cast<std::size_t>(m)];
            if (!inside(o.cell)) visit(key(o));
        }
    }
    return false;
}

std::vector<char> reachable(const LevelGraph& g, int from) {
    std::vector<char> seen(g.nodes.size(), 0);
    if (from < 0) return seen;
    std::vector<int> stack = {from};
    seen[static_cast<std::size_t>(from)] = 1;
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        for (auto [m, e] : g.adj[static_cast<std::size_t>(n)])
            if (!seen[static_cast<std::size_t>(m)]) {
                seen[static_cast<std::size_t>(m)] = 1;
                stack.push_back(m);
            }
    }
    return seen;
}

bool connected(const LevelGraph& g, int a, int b) {
    if (a < 0 || b < 0) return false;
    return reachable(g, a)[static_cast<std::size_t>(b)] != 0;
}

std::vector<int> minimum_spanning_tree(const LevelGraph& g, int root) {
    std::vector<int> parent(g.nodes.size(), -1);
    std::vector<char> in_tree(g.nodes.size(), 0);
    if (root < 0) return parent;
    // (weight, node, parent): ties broken by node id so the tree is the same everywhere.
    using Item = std::tuple<double, int, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> pq;
    pq.emplace(0.0, root, -1);
    while (!pq.empty()) {
        const auto [w, n, p] = pq.top();
        pq.pop();
        if (in_tree[static_cast<std::size_t>(n)]) continue;
        in_tree[static_cast<std::size_t>(n)] = 1;
        parent[static_cast<std::size_t>(n)] = p;
        for (auto [m, e] : g.adj[static_cast<std::size_t>(n)])
            if (!in_tree[static_cast<std::size_t>(m)])
                pq.emplace(g.edges[static_cast<std::size_t>(e)].weight, m, n);
    }
    return parent;
}

namespace {

// The start's spanning tree with what the route search needs per node: its depth below
// the root (-1 outside the tree) and the weight of the edge up to its parent.
struct RootedTree {
    std::vector<int> parent;
    std::vector<int> depth;
    std::vector<double> up_weight;
};

double weight_between(const LevelGraph& g, int a, int b) {
    for (auto [m, e] : g.adj[static_cast<std::size_t>(a)])
        if (m == b) return g.edges[static_cast<std::size_t>(e)].weight;
    return 0.0;
}

// Depths in id order need parents first: each node resolves the chain up to a node whose
// depth is known.
RootedTree root_tree(const LevelGraph& g, std::vector<int> parent, int start) {
    const std::size_t n = g.nodes.size();
    RootedTree t{std::move(parent), std::vector<int>(n, -1), std::vector<double>(n, 0.0)};
    std::vector<int> chain;
    for (std::size_t i = 0; i < n; ++i) {
        if (static_cast<int>(i) != start && t.parent[i] < 0) continue;
        int v = static_cast<int>(i);
        chain.clear();
        while (t.depth[static_cast<std::size_t>(v)] < 0 && v != start) {
            chain.push_back(v);
            v = t.parent[static_cast<std::size_t>(v)];
        }
        if (v == start) t.depth[static_cast<std::size_t>(start)] = 0;
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            const int c = *it;
            const int p = t.parent[static_cast<std::size_t>(c)];
            t.depth[static_cast<std::size_t>(c)] = t.depth[static_cast<std::size_t>(p)] + 1;
            t.up_weight[static_cast<std::size_t>(c)] = weight_between(g, c, p);
        }
    }
    return t;
}

// The tree path start -> end.
Route tree_path(const RootedTree& t, int start, int end) {
    Route r;
    for (int v = end; v != -1; v = t.parent[static_cast<std::size_t>(v)]) {
        r.nodes.push_back(v);
        if (v != start) r.length += t.up_weight[static_cast<std::size_t>(v)];
        if (v == start) break;
    }
    std::reverse(r.nodes.begin(), r.nodes.end());
    return r;
}

// A simple cycle of the graph; weights[i] is the edge nodes[i] -> nodes[i + 1 mod size].
struct Cycle {
    std::vector<int> nodes;
    std::vector<double> weights;
};

// The cycle a back edge closes in the tree: a -> ... -> lca -> ... -> b -> a.
Cycle back_edge_cycle(const RootedTree& t, const GraphEdge& edge) {
    std::vector<int> left, right;
    std::vector<double> lw, rw;
    int a = edge.a, b = edge.b;
    auto climb = [&t](int& v, std::vector<int>& nodes, std::vector<double>& weights) {
        nodes.push_back(v);
        weights.push_back(t.up_weight[static_cast<std::size_t>(v)]);
        v = t.parent[static_cast<std::size_t>(v)];
    };
    while (t.depth[static_cast<std::size_t>(a)] > t.depth[static_cast<std::size_t>(b)]) climb(a, left, lw);
    while (t.depth[static_cast<std::size_t>(b)] > t.depth[static_cast<std::size_t>(a)]) climb(b, right, rw);
    while (a != b) {
        climb(a, left, lw);
        climb(b, right, rw);
    }
    Cycle c{std::move(left), std::move(lw)};
    c.nodes.push_back(a);  // the lowest common ancestor
    c.nodes.insert(c.nodes.end(), right.rbegin(), right.rend());
    c.weights.insert(c.weights.end(), rw.rbegin(), rw.rend());
    c.weights.push_back(edge.weight);  // b -> a closes the cycle
    return c;
}

// The part of the cycle outside the routes so far (`on_route`), from the route node just
// before it to the route node just after it. Empty when the cycle meets the routes in
// other than one contiguous arc, so that the rest is not one route.
Route arc_outside_routes(const Cycle& c, const std::vector<char>& on_route) {
    const std::size_t m = c.nodes.size();
    auto on = [&](std::size_t i) { return on_route[static_cast<std::size_t>(c.nodes[i % m])] != 0; };
    std::size_t in_count = 0, transitions = 0;
    for (std::size_t i = 0; i < m; ++i) {
        in_count += on(i);
        transitions += on(i) != on(i + 1);
    }
    if (in_count == 0 || in_count == m || transitions != 2) return {};
    std::size_t s = 0;
    while (!(on(s) && !on(s + 1))) ++s;
    Route r;
    std::size_t i = s;
    r.nodes.push_back(c.nodes[i]);
    do {
        r.length += c.weights[i];
        i = (i + 1) % m;
        r.nodes.push_back(c.nodes[i]);
    } while (!on(i));
    return r;
}

// The alternative route a non-tree edge opens; empty if none.
Route route_around(const RootedTree& t, const GraphEdge& edge, const std::vector<char>& on_route) {
    if (t.depth[static_cast<std::size_t>(edge.a)] < 0 || t.depth[static_cast<std::size_t>(edge.b)] < 0)
        return {};
    if (on_route[static_cast<std::size_t>(edge.a)] + on_route[static_cast<std::size_t>(edge.b)] > 1)
        return {};
    return arc_outside_routes(back_edge_cycle(t, edge), on_route);
}

void add_route(std::vector<Route>& routes, std::vector<char>& on_route, Route r) {
    for (int v : r.nodes) on_route[static_cast<std::size_t>(v)] = 1;
    routes.push_back(std::move(r));
}

}  // namespace

std::vector<Route> compute_routes(const LevelGraph& g, int start, int end) {
    std::vector<Route> routes;
    if (start < 0 || end < 0) return routes;
    std::vector<int> parent = minimum_spanning_tree(g, start);
    if (end != start && parent[static_cast<std::size_t>(end)] < 0) return routes;
    std::vector<char> tree_edge(g.edges.size(), 0);
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
        const GraphEdge& ge = g.edges[e];
        tree_edge[e] =
            parent[static_cast<std::size_t>(ge.a)] == ge.b || parent[static_cast<std::size_t>(ge.b)] == ge.a;
    }
    const RootedTree tree = root_tree(g, std::move(parent), start);
    std::vector<char> on_route(g.nodes.size(), 0);
    add_route(routes, on_route, tree_path(tree, start, end));
    std::vector<char> used_edge(g.edges.size(), 0);
    for (;;) {
        Route best;
        int best_edge = -1;
        for (std::size_t e = 0; e < g.edges.size(); ++e) {
            if (tree_edge[e] || used_edge[e]) continue;
            Route r = route_around(tree, g.edges[e], on_route);
            if (!r.nodes.empty() && r.length > best.length) {
                best = std::move(r);
                best_edge = static_cast<int>(e);
            }
        }
        if (best_edge < 0) break;
        used_edge[static_cast<std::size_t>(best_edge)] = 1;
        add_route(routes, on_route, std::move(best));
    }
    return routes;
}

}  // namespace sawtooth
