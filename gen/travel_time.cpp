#include "gen/travel_time.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth {

namespace {
constexpr double kHalfWidth = kPlayerWidth / 2;
constexpr double kHalfHeight = kPlayerHeight / 2;
// Distances below this (metres) count as zero: the target is reached, the move is level.
constexpr double kNearZero = 1e-9;
}  // namespace

std::pair<double, double> node_position(const GraphNode& n) {
    const double cx = (n.cell.x + 0.5) * kCellSize;
    const double ledge_top = (n.cell.y + 1) * kCellSize;
    switch (n.type) {
        case NodeType::Stand:
            return {cx, n.cell.y * kCellSize + kHalfHeight};
        case NodeType::HangLeft:
            return {n.cell.x * kCellSize + kHalfWidth, ledge_top + kHangTopAboveLedge - kHalfHeight};
        case NodeType::HangRight:
            return {(n.cell.x + 1) * kCellSize - kHalfWidth, ledge_top + kHangTopAboveLedge - kHalfHeight};
    }
    return {cx, n.cell.y * kCellSize};
}

int travel_ticks(double x0, double y0, double x1, double y1) {
    const double dir = x1 >= x0 ? 1.0 : -1.0;
    double x = x0, y = y0;
    // Climbing needs a jump; level or downward moves run and fall off the edge.
    double vy = y1 > y0 + kNearZero ? kJumpSpeed : 0.0;
    const bool jumping = vy > 0.0;
    bool airborne = jumping;
    for (int t = 1; t <= kMaxTravelTicks; ++t) {
        const double remaining = (x1 - x) * dir;
        const double vx = remaining > kNearZero ? dir * std::min(kRunSpeed, remaining / kTickSeconds) : 0.0;
        // Walking off a ledge: gravity acts once the body has left the cell it stood in.
        if (!airborne && y1 < y0 - kNearZero && std::abs(x - x0) >= kCellSize * 0.5) airborne = true;
        if (airborne) vy += kGravity * kTickSeconds;
        x += vx * kTickSeconds;
        y += vy * kTickSeconds;
        const bool x_done = (x1 - x) * dir <= kNearZero;
        if (!airborne) {
            if (x_done) return t;
        } else if (vy <= 0.0 && y <= y1) {
            if (x_done) return t;
            y = y1;  // landed short of the target: run the rest on the ground
            vy = 0.0;
            airborne = false;
        }
    }
    return kMaxTravelTicks;
}

int path_travel_ticks(const LevelGraph& g, const std::vector<int>& path) {
    int total = 0;
    for (std::size_t i = 1; i < path.size(); ++i) {
        const auto [x0, y0] = node_position(g.nodes[static_cast<std::size_t>(path[i - 1])]);
        const auto [x1, y1] = node_position(g.nodes[static_cast<std::size_t>(path[i])]);
        total += travel_ticks(x0, y0, x1, y1);
    }
    return total;
}

std::pair<double, int> jump_apex() {
    double y = 0.0, vy = kJumpSpeed;
    int t = 0;
    while (true) {
        const double nvy = vy + kGravity * kTickSeconds;
        if (nvy <= 0.0) break;
        vy = nvy;
        y += vy * kTickSeconds;
        ++t;
    }
    return {y, t};
}

}  // namespace sawtooth
