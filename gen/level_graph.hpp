#pragma once
// The level graph (thesis 3.3.1) and routes (3.3.3, Algorithm 2). Nodes are found by
// patch matching (stand, left hang, right hang: Fig. 3.7), edges by matching the jump
// patches of gen/pieces (the same moves the building pieces are made of, the climb split
// at its hang). Undirected; weight 1/2 between horizontal neighbours, Manhattan otherwise.
// Computed from a Level on demand; holds no reference to it.

#include "gen/level.hpp"
#include "gen/pieces.hpp"

#include <vector>

namespace sawtooth {

/// A place the player can be at rest: standing in a cell or hanging beside a ledge.
struct GraphNode {
    CellPos cell;
    NodeType type = NodeType::Stand;
};

/// An undirected move between two nodes.
struct GraphEdge {
    int a = 0;
    int b = 0;
    double weight = 0.0;
    int patch = 0;  ///< index into jump_patches() that produced it
};

/// The movement graph of one level.
struct LevelGraph {
    int width = 0;
    int height = 0;
    std::vector<GraphNode> nodes;                       ///< ordered by (y, x, type)
    std::vector<GraphEdge> edges;                       ///< ordered by (a, b)
    std::vector<std::vector<std::pair<int, int>>> adj;  ///< per node: (neighbour, edge index)
    std::vector<int> index;                             ///< (y * width + x) * 3 + type -> node or -1

    /// Node of that type in that cell, or -1.
    int find(CellPos c, NodeType t) const;
    /// Stand node in that cell, or -1.
    int stand(CellPos c) const { return find(c, NodeType::Stand); }
};

/// Edge weight between nodes at cells a and b (thesis 3.3.1).
double edge_weight(CellPos a, CellPos b);

/// Builds the graph of a level. Trap cells count as open (traps are periodic).
LevelGraph build_level_graph(const Level& level);

/// The graph of level `after` seen through the graph `before` of the same level before
/// the cells `changed` were changed: only a window around them (a patch's reach plus one)
/// is matched again, everything else is read from `before`. Answers node, edge and
/// connectivity questions exactly as build_level_graph(after) would, for checking a
/// tentative change without rebuilding the whole graph. Keeps references to both.
class PatchedGraph {
public:
    PatchedGraph(const LevelGraph& before, const Level& after, const std::vector<CellPos>& changed);
    bool has_node(const GraphNode& n) const;
    bool has_edge(const GraphNode& a, const GraphNode& b) const;
    /// Both are nodes and in the same connected component.
    bool connected(const GraphNode& a, const GraphNode& b) const;

private:
    bool inside(CellPos c) const;
    int key(const GraphNode& n) const;
    GraphNode node_of(int key) const;
    void add_edge(int a, int b);
    bool finds(const GraphNode& from, const GraphNode& to) const;

    const LevelGraph& m_before;
    const Level& m_after;
    int m_x0 = 0, m_x1 = -1, m_y0 = 0, m_y1 = -1;  ///< the window (empty: nothing changed)
    std::vector<std::pair<int, int>> m_edges;      ///< (node key, neighbour key), both ways, sorted
};

/// True if nodes a and b are in the same connected component.
bool connected(const LevelGraph& graph, int a, int b);

/// Nodes reachable from `from` (bool per node).
std::vector<char> reachable(const LevelGraph& graph, int from);

/// A route: a path of adjacent nodes (thesis 3.3.3).
struct Route {
    std::vector<int> nodes;
    double length = 0.0;  ///< sum of its edge weights
};

/// The minimum spanning tree of the start's component (Prim): parent per node, -1 at the
/// root and outside the component.
std::vector<int> minimum_spanning_tree(const LevelGraph& graph, int root);

/// Algorithm 2: the start -> end path in the MST, then alternative routes from back edges
/// (cycle minus the routes found so far, attached to them at both ends), longest first,
/// until none is left. Empty when end is not reachable from start.
std::vector<Route> compute_routes(const LevelGraph& graph, int start, int end);

}  // namespace sawtooth
