#include "game/sim/level_geometry.hpp"

#include <cstdint>
#include <map>
#include <utility>

namespace sawtooth {

namespace {

struct IVec {
    int x, y;
    bool operator<(const IVec& o) const { return x != o.x ? x < o.x : y < o.y; }
    bool operator==(const IVec& o) const { return x == o.x && y == o.y; }
};

struct Edge {
    IVec from, to;
    bool used = false;
};

IVec dir(const Edge& e) { return {e.to.x - e.from.x, e.to.y - e.from.y}; }

// Cross product z of two directions: > 0 means b turns left of a.
int cross(IVec a, IVec b) { return a.x * b.y - a.y * b.x; }

// Unit edges between an open cell and a solid neighbour, oriented so the open cell is on
// the right (solid on the left): that is a counter-clockwise walk around solids.
std::vector<Edge> boundary_edges(const Level& level) {
    std::vector<Edge> edges;
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x) {
            if (level.solid(x, y)) continue;
            if (level.solid(x, y - 1)) edges.push_back({{x + 1, y}, {x, y}});          // floor
            if (level.solid(x, y + 1)) edges.push_back({{x, y + 1}, {x + 1, y + 1}});  // ceiling
            if (level.solid(x - 1, y)) edges.push_back({{x, y}, {x, y + 1}});          // left wall
            if (level.solid(x + 1, y)) edges.push_back({{x + 1, y + 1}, {x + 1, y}});  // right wall
        }
    return edges;
}

// Follows unused edges from `first` until the loop closes; marks them used and returns
// the loop's vertices.
std::vector<IVec> walk_loop(std::vector<Edge>& edges, const std::multimap<IVec, std::size_t>& by_start,
                            std::size_t first) {
    std::vector<IVec> loop;
    std::size_t cur = first;
    while (true) {
        edges[cur].used = true;
        loop.push_back(edges[cur].from);
        const IVec end = edges[cur].to;
        if (end == edges[first].from) break;
        // At a saddle (two solids touching diagonally) two edges leave this vertex:
        // take the left turn, which hugs the same solid cell and keeps regions apart.
        std::size_t next = SIZE_MAX;
        auto [lo, hi] = by_start.equal_range(end);
        for (auto it = lo; it != hi; ++it) {
            const std::size_t cand = it->second;
            if (edges[cand].used) continue;
            if (next == SIZE_MAX || cross(dir(edges[cur]), dir(edges[cand])) > 0) next = cand;
        }
        if (next == SIZE_MAX) break;  // cannot happen for a closed boundary
        cur = next;
    }
    return loop;
}

// The loop's corners in metres: collinear runs merged.
Outline corners(const std::vector<IVec>& loop, double cell_size) {
    Outline out;
    const std::size_t n = loop.size();
    for (std::size_t i = 0; i < n; ++i) {
        const IVec prev = loop[(i + n - 1) % n];
        const IVec p = loop[i];
        const IVec next = loop[(i + 1) % n];
        if (cross({p.x - prev.x, p.y - prev.y}, {next.x - p.x, next.y - p.y}) == 0) continue;
        out.push_back({p.x * cell_size, p.y * cell_size});
    }
    return out;
}

}  // namespace

std::vector<Outline> trace_outlines(const Level& level, double cell_size) {
    std::vector<Edge> edges = boundary_edges(level);
    // Ordered map keeps the walk (and so the fixture order) deterministic.
    std::multimap<IVec, std::size_t> by_start;
    for (std::size_t i = 0; i < edges.size(); ++i) by_start.emplace(edges[i].from, i);

    std::vector<Outline> outlines;
    for (std::size_t first = 0; first < edges.size(); ++first) {
        if (edges[first].used) continue;
        Outline out = corners(walk_loop(edges, by_start, first), cell_size);
        if (out.size() >= 3) outlines.push_back(std::move(out));
    }
    return outlines;
}

}  // namespace sawtooth
