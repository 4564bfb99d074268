#pragma once
// Trap behaviour (SPEC P2, thesis 4.2) as pure functions of the tick: where each moving
// part is, when it is deadly, and whether a player box touches it. The Simulation keeps
// the only stateful part (mines). Rendering reads TrapState and never writes it.
// Geometry of each trap's cells: see Trap in gen/level.hpp.

#include "gen/level.hpp"
#include "gen/physics_constants.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace sawtooth {

// ---- Trap tuning constants ----
inline constexpr double kSawRadius = 0.75;           ///< m, blade radius
inline constexpr double kSawHubHeight = 0.55;        ///< m above the floor (blade half-sunk)
inline constexpr double kSpikeDepth = 0.9;           ///< m the spikes reach out of the wall
inline constexpr int kSpikeMoveTicks = 6;            ///< ticks to extend or retract
inline constexpr int kTellTicks = 24;                ///< visible warning before a trap turns deadly
inline constexpr double kSqueezeMeetHeight = 1.0;    ///< m above the floor where the blocks meet
inline constexpr int kSqueezeCloseTicks = 10;        ///< ticks to slam shut
inline constexpr int kSqueezeElectricTicks = 8;      ///< ticks electrified after contact
inline constexpr int kSqueezeOpenTicks = 18;         ///< ticks to open again
inline constexpr double kSqueezeSparkMargin = 0.3;   ///< m the electric field reaches beside the column
inline constexpr int kMineFuseTicks = 40;            ///< ticks from arming to the blast
inline constexpr int kMineRearmTicks = 120;          ///< ticks after a blast before it can arm again
inline constexpr double kMineBlastRadius = 2.4;      ///< m from the mine centre that the blast kills
inline constexpr double kMineHeight = 0.3;           ///< m, mine centre above its floor
inline constexpr double kHitboxShrink = 0.06;        ///< m shaved off the player box: near misses survive
inline constexpr double kSawTravel = 2 * kCellSize;  ///< m between the outer cell centres of the saw's track
inline constexpr double kSqueezeColumnHeight = 2 * kCellSize;  ///< m, the squeeze trap's two cells

/// Axis-aligned box in metres.
struct Box {
    double x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0;
};

/// Mine phases.
enum class MinePhase : std::uint8_t { Idle, Armed, Spent };

/// Everything about one trap at one tick that play and rendering need.
struct TrapState {
    bool deadly = false;   ///< can kill this tick
    bool telling = false;  ///< warning phase: about to turn deadly
    // Saw
    double saw_x = 0.0, saw_y = 0.0;  ///< blade centre, m
    double saw_angle = 0.0;           ///< radians, for drawing
    // Wall spikes: how far they stick out, m (0 = hidden)
    double spike_reach = 0.0;
    // Squeeze: heights above the floor of the trap column, m
    double squeeze_bottom = 0.0;                ///< top face of the rising block
    double squeeze_top = kSqueezeColumnHeight;  ///< bottom face of the falling block
    bool electrified = false;
    // Mine
    MinePhase mine = MinePhase::Idle;
    int mine_timer = 0;  ///< ticks left in the current phase
    bool blast = false;  ///< exploded this tick
};

/// Position in a trap's cycle at `tick`: (tick - phase) mod cycle, so phase delays it.
int cycle_position(const Trap& trap, std::uint64_t tick);

/// State of a periodic trap (saw, spike, squeeze) at `tick`. Mines: use step_mine.
TrapState periodic_trap_state(const Trap& trap, std::uint64_t tick);

/// Advances a mine by one tick; `touching` = the player box overlaps its cell now.
void step_mine(TrapState& state, bool touching);

/// True if step_mine(state, false) leaves `state` as it is: an idle mine, not touched.
inline bool mine_at_rest(const TrapState& s) {
    return s.mine == MinePhase::Idle && !s.blast && !s.telling && !s.deadly;
}

/// True if this trap kills a player whose (unshrunk) box is `player` at this state.
bool trap_hits(const Trap& trap, const TrapState& state, const Box& player);

/// The trap's cell area in metres.
Box trap_area(const Trap& trap);

/// A box the trap never reaches beyond: trap_hits is false, at every tick, for a player
/// box that does not overlap it (the simulation tests only the traps whose reach the
/// player's box touches). Conservative, so it may be larger than the deadly parts.
Box trap_reach(const Trap& trap);

/// True if the boxes overlap (touching edges do not count). Inline: every step tests the
/// player's box against every trap's area.
inline bool overlaps(const Box& a, const Box& b) {
    return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/// Which traps' boxes reach into each column of cells, as bit sets of trap indices (bit i
/// of word i / 64): a step tests only the traps near the player (docs/performance.md,
/// *What holds these figures*). Answers a superset of the boxes that overlap a query box,
/// so the exact test stays the caller's.
class TrapColumns {
public:
    TrapColumns() = default;
    /// `boxes[i]`: everything of trap i that a step tests (its area and its reach).
    explicit TrapColumns(std::span<const Box> boxes);
    /// Words of one bit set: (number of traps + 63) / 64.
    std::size_t words() const { return m_words; }
    /// ORs into `bits` (words() words) the traps whose boxes may overlap `box`.
    void add_near(const Box& box, std::span<std::uint64_t> bits) const;

private:
    int m_first = 0;  ///< column of the first bit set
    int m_columns = 0;
    std::size_t m_words = 0;
    std::vector<std::uint64_t> m_bits;  ///< m_columns bit sets of m_words words
};

/// Calls f(i) for every set bit i of `bits`, in increasing order.
template <class F>
void each_set_bit(std::span<const std::uint64_t> bits, F&& f) {
    for (std::size_t w = 0; w < bits.size(); ++w)
        for (std::uint64_t word = bits[w]; word != 0; word &= word - 1)
            f(w * 64 + static_cast<std::size_t>(std::countr_zero(word)));
}

}  // namespace sawtooth
