#include "game/sim/traps.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace sawtooth {

namespace {
// The saw's angle for drawing: radians turned per tick, wrapped every this many ticks so
// the angle stays small.
constexpr double kSawSpinPerTick = 0.35;
constexpr std::uint64_t kSawSpinWrapTicks = 360;
// m of the cell's height left free of spikes at its top and bottom.
constexpr double kSpikeInset = 0.1;

double clamp01(double t) { return std::clamp(t, 0.0, 1.0); }

Box shrink(const Box& b, double d) { return {b.x0 + d, b.y0 + d, b.x1 - d, b.y1 - d}; }

// Squared distance from point to box.
double dist2_point_box(double px, double py, const Box& b) {
    const double dx = std::max({b.x0 - px, 0.0, px - b.x1});
    const double dy = std::max({b.y0 - py, 0.0, py - b.y1});
    return dx * dx + dy * dy;
}
}  // namespace

int cycle_position(const Trap& trap, std::uint64_t tick) {
    const auto c = static_cast<std::uint64_t>(std::max(trap.cycle_ticks, 1));
    const auto p = static_cast<std::uint64_t>(std::max(trap.phase_ticks, 0)) % c;
    return static_cast<int>((tick + c - p) % c);
}

Box trap_area(const Trap& trap) {
    // The bounding box of the trap's cells: gen/level owns each kind's footprint.
    const std::vector<CellPos> cells = trap_cells(trap);
    CellPos lo = cells.front(), hi = cells.front();
    for (const CellPos c : cells) {
        lo = {std::min(lo.x, c.x), std::min(lo.y, c.y)};
        hi = {std::max(hi.x, c.x), std::max(hi.y, c.y)};
    }
    return {lo.x * kCellSize, lo.y * kCellSize, (hi.x + 1) * kCellSize, (hi.y + 1) * kCellSize};
}

Box trap_reach(const Trap& trap) {
    // Beyond the deadly parts' furthest extent, plus a margin: the box only prunes tests.
    constexpr double kMargin = 0.05;
    const double x0 = trap.cell.x * kCellSize, y0 = trap.cell.y * kCellSize;
    Box b;
    switch (trap.type) {
        case TrapType::Saw: {  // the blade's disc along its whole track
            const double cx = x0 + kCellSize * 0.5, cy = y0 + kSawHubHeight;
            b = {cx - kSawRadius, cy - kSawRadius, cx + kSawTravel + kSawRadius, cy + kSawRadius};
            break;
        }
        case TrapType::WallSpike: {  // fully out, on either side of the wall line
            const double wall = trap.facing > 0 ? x0 : x0 + kCellSize;
            b = {wall - kSpikeDepth, y0, wall + kSpikeDepth, y0 + kCellSize};
            break;
        }
        case TrapType::Squeeze:  // the column and the sparks beside it
            b = {x0 - kSqueezeSparkMargin, y0, x0 + kCellSize + kSqueezeSparkMargin,
                 y0 + kSqueezeColumnHeight};
            break;
        case TrapType::Mine: {  // the blast's disc
            const double cx = x0 + kCellSize * 0.5, cy = y0 + kMineHeight;
            b = {cx - kMineBlastRadius, cy - kMineBlastRadius, cx + kMineBlastRadius, cy + kMineBlastRadius};
            break;
        }
    }
    return {b.x0 - kMargin, b.y0 - kMargin, b.x1 + kMargin, b.y1 + kMargin};
}

namespace {
// `c` is the cycle length and `t` the position in it, both in ticks (cycle_position).

// Triangle wave between the outer cell centres: one round trip per cycle.
TrapState saw_state(const Trap& trap, int c, int t, std::uint64_t tick) {
    TrapState s;
    const double x0 = trap.cell.x * kCellSize, y0 = trap.cell.y * kCellSize;
    const double u = static_cast<double>(t) / c;
    const double tri = 1.0 - std::fabs(2.0 * u - 1.0);
    s.saw_x = x0 + kCellSize * 0.5 + tri * kSawTravel;
    s.saw_y = y0 + kSawHubHeight;
    s.saw_angle = static_cast<double>(tick % kSawSpinWrapTicks) * kSawSpinPerTick;
    s.deadly = true;
    return s;
}

// Hidden for the first half, then out until the end of the cycle.
TrapState spike_state(int c, int t) {
    TrapState s;
    const int out_at = c / 2;
    if (t >= out_at - kTellTicks && t < out_at) s.telling = true;
    double reach = 0.0;
    if (t >= out_at) {
        const int since = t - out_at;
        const int until_end = c - t;
        reach = clamp01(std::min(since + 1, until_end) / static_cast<double>(kSpikeMoveTicks));
    }
    s.spike_reach = reach * kSpikeDepth;
    s.deadly = s.spike_reach > 0.0;
    return s;
}

// Contact at mid-cycle; the blocks close before it and reopen after the sparks.
TrapState squeeze_state(int c, int t) {
    TrapState s;
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
    closed = clamp01(closed);
    s.telling = t >= close_start - kTellTicks && t < close_start;
    s.electrified = t >= contact && t < electric_end;
    s.squeeze_bottom = closed * kSqueezeMeetHeight;
    s.squeeze_top = kSqueezeColumnHeight - closed * (kSqueezeColumnHeight - kSqueezeMeetHeight);
    s.deadly = closed > 0.0;
    return s;
}
}  // namespace

TrapState periodic_trap_state(const Trap& trap, std::uint64_t tick) {
    const int c = std::max(trap.cycle_ticks, 1);
    const int t = cycle_position(trap, tick);
    switch (trap.type) {
        case TrapType::Saw:
            return saw_state(trap, c, t, tick);
        case TrapType::WallSpike:
            return spike_state(c, t);
        case TrapType::Squeeze:
            return squeeze_state(c, t);
        case TrapType::Mine:
            break;
    }
    return TrapState{};
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
    const double x0 = trap.cell.x * kCellSize, y0 = trap.cell.y * kCellSize;
    switch (trap.type) {
        case TrapType::Saw:
            return dist2_point_box(s.saw_x, s.saw_y, p) < kSawRadius * kSawRadius;
        case TrapType::WallSpike: {
            const double wall = trap.facing > 0 ? x0 : x0 + kCellSize;
            const Box spikes =
                trap.facing > 0
                    ? Box{wall, y0 + kSpikeInset, wall + s.spike_reach, y0 + kCellSize - kSpikeInset}
                    : Box{wall - s.spike_reach, y0 + kSpikeInset, wall, y0 + kCellSize - kSpikeInset};
            return overlaps(p, spikes);
        }
        case TrapType::Squeeze: {
            if (s.electrified)
                return overlaps(p, {x0 - kSqueezeSparkMargin, y0, x0 + kCellSize + kSqueezeSparkMargin,
                                    y0 + kSqueezeColumnHeight});
            const Box bottom{x0, y0, x0 + kCellSize, y0 + s.squeeze_bottom};
            const Box top{x0, y0 + s.squeeze_top, x0 + kCellSize, y0 + kSqueezeColumnHeight};
            return overlaps(p, bottom) || overlaps(p, top);
        }
        case TrapType::Mine: {
            const double cx = x0 + kCellSize * 0.5, cy = y0 + kMineHeight;
            return dist2_point_box(cx, cy, p) < kMineBlastRadius * kMineBlastRadius;
        }
    }
    return false;
}

namespace {
int column_of(double x) { return static_cast<int>(std::floor(x / kCellSize)); }
}  // namespace

// A box's columns, one more on each side: a box touching a column's edge may round either way.
TrapColumns::TrapColumns(std::span<const Box> boxes) : m_words((boxes.size() + 63) / 64) {
    if (boxes.empty()) return;
    int last = column_of(boxes.front().x1) + 1;
    m_first = column_of(boxes.front().x0) - 1;
    for (const Box& b : boxes) {
        m_first = std::min(m_first, column_of(b.x0) - 1);
        last = std::max(last, column_of(b.x1) + 1);
    }
    m_columns = last - m_first + 1;
    m_bits.assign(static_cast<std::size_t>(m_columns) * m_words, 0);
    for (std::size_t i = 0; i < boxes.size(); ++i)
        for (int c = column_of(boxes[i].x0) - 1; c <= column_of(boxes[i].x1) + 1; ++c)
            m_bits[static_cast<std::size_t>(c - m_first) * m_words + i / 64] |= std::uint64_t{1} << (i % 64);
}

void TrapColumns::add_near(const Box& box, std::span<std::uint64_t> bits) const {
    const int c0 = std::max(column_of(box.x0), m_first);
    const int c1 = std::min(column_of(box.x1), m_first + m_columns - 1);
    for (int c = c0; c <= c1; ++c) {
        const std::uint64_t* col = m_bits.data() + static_cast<std::size_t>(c - m_first) * m_words;
        for (std::size_t w = 0; w < m_words; ++w) bits[w] |= col[w];
    }
}

}  // namespace sawtooth
