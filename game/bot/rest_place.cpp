#include "game/bot/rest_place.hpp"

#include <cmath>

namespace sawtooth::bot {

int floor_div(double v) { return static_cast<int>(std::floor(v / kCellSize)); }

int feet_row(const PlayerView& v) { return floor_div(v.y - kHalfH + 0.05); }

double cell_centre_x(CellPos c) { return (c.x + 0.5) * kCellSize; }

bool at_rest(const PlayerView& v) {
    return (v.mode == PlayerMode::Ground && std::fabs(v.vx) < kRestSpeed) || v.mode == PlayerMode::HangLeft ||
           v.mode == PlayerMode::HangRight;
}

bool hanging(const PlayerView& v) {
    return v.mode == PlayerMode::HangLeft || v.mode == PlayerMode::HangRight;
}

int node_of(const LevelGraph& g, const PlayerView& v) {
    const int cx = floor_div(v.x);
    switch (v.mode) {
        case PlayerMode::Ground:
            return g.stand({cx, feet_row(v)});
        case PlayerMode::HangLeft:
            return g.find({cx, floor_div(v.y)}, NodeType::HangLeft);
        case PlayerMode::HangRight:
            return g.find({cx, floor_div(v.y)}, NodeType::HangRight);
        default:
            return -1;
    }
}

RestKey key_of(const PlayerView& v) {
    const int cx = floor_div(v.x);
    if (v.mode == PlayerMode::HangLeft) return {cx, floor_div(v.y), 1};
    if (v.mode == PlayerMode::HangRight) return {cx, floor_div(v.y), 2};
    return {cx, feet_row(v), 0};
}

RestKey fine_key_of(const PlayerView& v) {
    RestKey k = key_of(v);
    k.sub = static_cast<int>(std::floor((v.x / kCellSize - k.x) * 4.0));
    return k;
}

}  // namespace sawtooth::bot
