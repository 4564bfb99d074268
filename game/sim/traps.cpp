#include "game/sim/traps.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth {

namespace {
constexpr double kCell = 2.0;  // metres per cell (kCellSize; not included to stay standalone)

double smooth01(double t) { return std::clamp(t, 0.0, 1.0); }

Box shrink(const Box& b, double d) { return {b.x0 + d, b.y0 + d, b.x1 - d, b.y1 - d}; }

// Squared distance from point to box.
double dist2_point_box(double px, double py, const Box& b) {
    const double dx = std::max({b.x0 - px, 0.0, px - b.x1});
    const double dy = std::max({b.y0 - py, 0.0, py - b.y1});
    return dx * dx + dy * dy;
}
}  // namespace

bool overlaps(const Box& a, const Box& b) { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1; }

int cycle_position(const Trap& trap, std::uint64_t tick) {
    const auto c = static_cast<std::uint64_t>(std::max(trap.cycle_ticks, 1));
    const auto p = static_cast<std::uint64_t>(std::max(trap.phase_ticks, 0)) % c;
    return static_cast<int>((tick + c - p) % c);
}

Box trap_area(const Trap& trap) {
    const double x0 = trap.cell.x * kCell, y0 = trap.cell.y * kCell;
    switch (trap.type) {
        case TrapType::Saw:
            return {x0, y0, x0 + 3 * kCell, y0 + kCell};
        case TrapType::Squeeze:
            return {x0, y0, x0 + kCell, y0 + 2 * kCell};
        case TrapType::WallSpike:
        case TrapType::Mine:
            return {x0, y0, x0 + kCell, y0 + kCell};
    }
    return {x0, y0, x0 + kCell, y0 + kCell};
}

TrapState periodic_trap_state(const Trap& trap, std::uint64_t tick) {
    TrapState s;
    const int c = std::max(trap.cycle_ticks, 1);
    const int t = cycle_position(trap, tick);
    const double x0 = trap.cell.x * kCell, y0 = trap.cell.y * kCell;
    switch (trap.type) {
        case TrapType::Saw: {
            // Triangle wave between the outer cell centres: one round trip per cycle.
            const double u = static_cast<double>(t) / c;
            const double tri = 1.0 - std::fabs(2.0 * u - 1.0);
            s.saw_x = x0 + kCell * 0.5 + tri * (2 * kCell);
            s.saw_y = y0 + kSawHubHeight;
            s.saw_angle = static_cast<double>(tick % 360) * 0.35;
            s.deadly = true;
            break;
        }
        case TrapType::WallSpike: {
            // Hidden for the first half, then out until the end of the cycle.
            const int out_at = c / 2;
            if (t >= out_at - kTellTicks && t < out_at) s.telling = true;
            double reach = 0.0;
            if (t >= out_at) {
                const int since = t - out_at;
                const int until_end = c - t;
                reach = smooth01(std::min(since + 1, until_end) / static_cast<double>(kSpikeMoveTicks));
            }
            s.spike_reach = reach * kSpikeDepth;
            s.deadly = s.spike_reach > 0.0;
            break;
        }
        case TrapType::Squeeze: {
            // Contact at mid-cycle; the blocks close before it and reopen after the sparks.
            const int contact = c / 2;
            const int close_start = contact - kSqueezeCloseTicks;
            const int electric_end = contact + kSqueezeElectricTicks;
            const int open_end = electric_end + kSqueezeOpenTicks;
            double closed = 0.0;  // 0 = fully open, 1 = shut
            if (t >= close_start && t < contact)
                closed = static_cast<double>(t - close_start + 1) / kSqueezeCloseTicks;
            else if (t >= contact && t < electric_end)
                closed = 1.0;
            else if (t >= electric_end && t < open_end)
                closed = 1.0 - static_cast<double>(t - electric_end + 1) / kSqueezeOpenTicks;
            closed = smooth01(closed);
            s.telling = t >= close_start - kTellTicks && t < close_start;
            s.electrified = t >= contact && t < electric_end;
            s.squeeze_bottom = closed * kSqueezeMeetHeight;
            s.squeeze_top = 2 * kCell - closed * (2 * kCell - kSqueezeMeetHeight);
            s.deadly = closed > 0.0;
            break;
        }
        case TrapType::Mine:
            break;
    }
    return s;
}

void step_mine(TrapState& s, bool touching) {
    s.blast = false;
    switch (s.mine) {
        case MinePhase::Idle:
            if (touching) {
                s.mine = MinePhase::Armed;
                s.mine_timer = kMineFuseTicks;
            }
            break;
        case MinePhase::Armed:
            if (--s.mine_timer <= 0) {
                s.blast = true;
                s.mine = MinePhase::Spent;
                s.mine_timer = kMineRearmTicks;
            }
            break;
        case MinePhase::Spent:
            if (--s.mine_timer <= 0) s.mine = MinePhase::Idle;
            break;
    }
    s.telling = s.mine == MinePhase::Armed;
    s.deadly = s.blast;
}

bool trap_hits(const Trap& trap, const TrapState& s, const Box& player_box) {
    if (!s.deadly) return false;
    const Box p = shrink(player_box, kHitboxShrink);
    const double x0 = trap.cell.x * kCell, y0 = trap.cell.y * kCell;
    switch (trap.type) {
        case TrapType::Saw:
            return dist2_point_box(s.saw_x, s.saw_y, p) < kSawRadius * kSawRadius;
        case TrapType::WallSpike: {
            const double wall = trap.facing > 0 ? x0 : x0 + kCell;
            const Box spikes = trap.facing > 0 ? Box{wall, y0 + 0.1, wall + s.spike_reach, y0 + kCell - 0.1}
                                               : Box{wall - s.spike_reach, y0 + 0.1, wall, y0 + kCell - 0.1};
            return overlaps(p, spikes);
        }
        case TrapType::Squeeze: {
            if (s.electrified)
                return overlaps(
                    p, {x0 - kSqueezeSparkMargin, y0, x0 + kCell + kSqueezeSparkMargin, y0 + 2 * kCell});
            const Box bottom{x0, y0, x0 + kCell, y0 + s.squeeze_bottom};
            const Box top{x0, y0 + s.squeeze_top, x0 + kCell, y0 + 2 * kCell};
            return overlaps(p, bottom) || overlaps(p, top);
        }
        case TrapType::Mine: {
            const double cx = x0 + kCell * 0.5, cy = y0 + kMineHeight;
            return dist2_point_box(cx, cy, p) < kMineBlastRadius * kMineBlastRadius;
        }
    }
    return false;
}

}  // namespace sawtooth
