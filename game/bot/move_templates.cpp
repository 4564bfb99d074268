#include "game/bot/move_templates.hpp"

#include "game/bot/rest_place.hpp"

#include <algorithm>
#include <cmath>

namespace sawtooth::bot {

namespace {

constexpr double kGrabSlack = 0.03;  ///< m a hanging spot is kept clear of the wall
constexpr double kAligned = 0.3;     ///< m: a target this close horizontally is above or below

// ---- The tick tables of the templates ----
// Ticks are 1/60 s. A jump leaves at kJumpSpeed against kGravity and peaks after 24 ticks,
// so holding up 30 ticks is a full jump; shorter holds cut it lower. A held direction runs
// kRunPerTick metres a tick. Every list is tried in order: the likeliest count first.

/// Holding up this long is a full jump (past the apex); most templates use it.
constexpr int kFullJump = 30;

/// Hanging, up and over the ledge: how long up is held (a full, a medium and a low jump) ...
constexpr int kOverHold[] = {30, 16, 10};
/// ... and how long, in all, the side of the ledge is held (just onto it, a cell on, two).
constexpr int kOverPush[] = {16, 26, 40};
/// Hanging: ticks straight up before pushing over, so the body clears the ledge lip first.
constexpr int kUpFirst[] = {2, 4, 7, 10};
/// Hanging: push over the ledge this long after the full jump of the up-first templates.
constexpr int kOverRunOut = 16;
/// Hanging, up and over then down: ticks of the up push (low to medium) before down is held
/// kFullJump ticks, so a wall beyond the ledge is not grabbed.
constexpr int kOverThenDown[] = {8, 12, 16};
/// Hanging, away from the wall: how long up is held (full, medium, low) ...
constexpr int kAwayHold[] = {30, 16, 8};
/// ... and how long, in all, the far side is held (half a cell, one, nearly two).
constexpr int kAwayPush[] = {10, 20, 35};
/// Straight-up jumps, hanging or standing: full, and a low one under a ceiling.
constexpr int kStraightUp[] = {30, 12};
/// Letting go: down is held this long, long enough to drop clear of the ledge.
constexpr int kDropHold = 30;
/// Letting go and drifting: ticks of down alone first (straight below the ledge, or a
/// little below) ...
constexpr int kDriftDelay[] = {2, 8};
/// ... then ticks drifting sideways (a little, half a cell, most of a cell), then down
/// kDriftSettle ticks more.
constexpr int kDriftRun[] = {6, 12, 20};
constexpr int kDriftSettle = 20;
/// Letting go with one tick of down, then stepping away from the wall this long.
constexpr int kDropStep[] = {4, 10};
/// Hanging, up and just over the ledge: short pushes that stop near its edge (a wall spike
/// beyond it), with up held to a full jump.
constexpr int kJustOver[] = {4, 6, 8};

/// Walking: offsets from the estimated ticks to the target, nearest first (landing spots
/// a few centimetres apart, then a run-up's worth).
constexpr int kWalkOffsets[] = {0, -1, 1, -2, 2, -4, 4, 7, -7};
/// Crouch-walking (down held, which slides under low ceilings and stops on an edge):
/// offsets from the estimate, then kCrouchSettle ticks of down.
constexpr int kCrouchOffsets[] = {0, -2, 2, 5};
constexpr int kCrouchSettle = 25;
/// Short steps toward a far target (graph-free search), when shorter than the estimate
/// by more than kShortStepMargin.
constexpr int kShortSteps[] = {8, 20};
constexpr int kShortStepMargin = 7;
/// Backing up for a run-up, away from the target.
constexpr int kBackUp[] = {4, 9, 14};
/// Jumps toward a side: the run-up before the press (none, a quarter cell .. a cell) ...
constexpr int kRunUp[] = {0, 4, 8, 13};
/// ... how long up is held (full jump down to a hop) ...
constexpr int kJumpHold[] = {30, 16, 10, 6, 3};
/// ... and how long, in all, the side is held (a long jump, then shorter flights). A
/// reach shorter than the hold is skipped, except the long jump.
constexpr int kJumpReach[] = {45, 24, 16, 10, 6};
constexpr int kLongReach = 45;
/// Short hops (reach at most kBrakeReach, no run-up) also try braking kBrakeTicks after.
constexpr int kBrakeReach = 16;
constexpr int kBrakeTicks = 4;
/// Jumps straight up first, then toward the side (over a lip above the take-off), then
/// kSideRunOut ticks of the side alone.
constexpr int kSideDelay[] = {3, 6, 10, 14};
constexpr int kSideRunOut = 20;
/// Climbs: a jump at the wall (full, or most of one), then kClimbPush ticks pushing into
/// it until the ledge is grabbed.
constexpr int kClimbHold[] = {30, 20};
constexpr int kClimbPush = 40;
/// Grabbing a ledge above: ticks straight up first (none, or past a ceiling edge), then
/// toward the ledge to a full jump, then kGrabPush ticks toward it.
constexpr int kGrabDelay[] = {0, 6, 10, 14};
constexpr int kGrabPush = 20;

std::uint8_t both(std::uint8_t a, std::uint8_t b) { return static_cast<std::uint8_t>(a | b); }

/// Templates from a hanging state; drops first when the target is below.
std::vector<Macro> hang_templates(const PlayerView& v, int dy) {
    std::vector<Macro> hangs;
    const std::uint8_t U = kInputUp, Dn = kInputDown;
    const int s = v.mode == PlayerMode::HangRight ? 1 : -1;
    const std::uint8_t S = s > 0 ? kInputRight : kInputLeft, A = s > 0 ? kInputLeft : kInputRight;
    for (int h : kOverHold)
        for (int a : kOverPush) hangs.push_back({{both(U, S), h}, {S, std::max(0, a - h)}});
    for (int k : kUpFirst) hangs.push_back({{U, k}, {both(U, S), kFullJump - k}, {S, kOverRunOut}});
    for (int h : kOverThenDown) hangs.push_back({{both(U, S), h}, {both(Dn, S), kFullJump}});
    for (int h : kAwayHold)
        for (int a : kAwayPush) hangs.push_back({{both(U, A), h}, {A, std::max(0, a - h)}});
    for (int h : kStraightUp) hangs.push_back({{U, h}});
    hangs.push_back({{Dn, kDropHold}});
    hangs.push_back({{Dn, 1}, {0, kDropHold}});
    for (std::uint8_t D : {A, S})
        for (int k : kDriftDelay)
            for (int n : kDriftRun) hangs.push_back({{Dn, k}, {both(Dn, D), n}, {Dn, kDriftSettle}});
    for (int n : kDropStep) hangs.push_back({{Dn, 1}, {A, n}});
    for (int k : kJustOver) hangs.push_back({{both(U, S), k}, {U, kFullJump - k}});
    if (dy < 0)
        std::stable_partition(hangs.begin(), hangs.end(),
                              [](const Macro& m) { return m[0].bits & kInputDown; });
    return hangs;
}

/// Walks in direction `d` (+1 right, -1 left) toward a target `dx` metres away.
void add_walks(std::vector<Macro>& walks, int d, double dx) {
    const std::uint8_t D = d > 0 ? kInputRight : kInputLeft;
    const bool toward = std::fabs(dx) <= kAligned || (dx > 0) == (d > 0);
    if (!toward) {
        for (int n : kBackUp) walks.push_back({{D, n}});
        return;
    }
    const int est = std::max(1, static_cast<int>(std::lround(std::fabs(dx) / kRunPerTick - 0.25)));
    for (int off : kWalkOffsets)
        if (est + off >= 1) walks.push_back({{D, est + off}});
    for (int off : kCrouchOffsets)
        if (est + off >= 1) walks.push_back({{both(D, kInputDown), est + off}, {kInputDown, kCrouchSettle}});
    for (int n : kShortSteps)
        if (n < est - kShortStepMargin) walks.push_back({{D, n}});
}

/// Jumps in direction `d` (+1 right, -1 left).
void add_jumps(std::vector<Macro>& jumps, int d) {
    const std::uint8_t U = kInputUp;
    const std::uint8_t D = d > 0 ? kInputRight : kInputLeft;
    const std::uint8_t B = d > 0 ? kInputLeft : kInputRight;
    for (int r : kRunUp)
        for (int h : kJumpHold)
            for (int a : kJumpReach) {
                if (a < h && a != kLongReach) continue;
                Macro m;
                if (r > 0) m.push_back({D, r});
                m.push_back({both(U, D), std::min(h, a)});
                if (a > h) m.push_back({D, a - h});
                jumps.push_back(m);
                if (a <= kBrakeReach && r == 0) jumps.push_back({m[0], {B, kBrakeTicks}});
            }
    for (int k : kSideDelay) jumps.push_back({{U, k}, {both(U, D), kFullJump - k}, {D, kSideRunOut}});
    for (int h : kClimbHold) jumps.push_back({{both(U, D), h}, {D, kClimbPush}});
}

/// A ledge above the player's column or the next one: walk under the hanging spot, jump
/// straight up past any ceiling edge, then push toward the ledge to grab it. Goes first.
void add_grabs(std::vector<Macro>& jumps, Grab grab) {
    const std::uint8_t S = grab.side > 0 ? kInputRight : kInputLeft;
    const int n = static_cast<int>(std::lround(std::fabs(grab.dx) / kRunPerTick));
    const std::uint8_t W = grab.dx > 0 ? kInputRight : kInputLeft;
    for (int k : kGrabDelay) {
        Macro m;
        if (n > 0) m.push_back({W, n});
        if (k > 0) m.push_back({kInputUp, k});
        m.push_back({both(kInputUp, S), kFullJump - k});
        m.push_back({S, kGrabPush});
        jumps.insert(jumps.begin(), m);
    }
}

}  // namespace

std::vector<InputFrame> frames_of(const Macro& m) {
    std::size_t n = 0;
    for (const Seg& s : m) n += static_cast<std::size_t>(std::max(0, s.n));
    std::vector<InputFrame> out;
    out.reserve(n);
    for (const Seg& s : m)
        out.insert(out.end(), static_cast<std::size_t>(std::max(0, s.n)), InputFrame{s.bits});
    return out;
}

std::vector<std::vector<InputFrame>> frames_of(const std::vector<Macro>& ms) {
    std::vector<std::vector<InputFrame>> out;
    out.reserve(ms.size());
    for (const Macro& m : ms) out.push_back(frames_of(m));
    return out;
}

Grab grab_of(const LevelGraph& graph, int target, const PlayerView& v) {
    const GraphNode& g = graph.nodes[static_cast<std::size_t>(target)];
    if (g.type == NodeType::Stand) return {};
    const int side = g.type == NodeType::HangRight ? 1 : -1;
    const double x = side > 0 ? (g.cell.x + 1) * kCellSize - kHalfW - kGrabSlack
                              : g.cell.x * kCellSize + kHalfW + kGrabSlack;
    return {side, x - v.x};
}

std::vector<Macro> candidate_macros(const PlayerView& v, double dx, int dy, Grab grab) {
    if (hanging(v)) return hang_templates(v, dy);
    // The target's side first; straight above or below, right first.
    std::vector<int> dirs = {1, -1};
    if (std::fabs(dx) > kAligned) dirs = {dx > 0 ? 1 : -1, dx > 0 ? -1 : 1};
    std::vector<Macro> walks, jumps;
    for (int d : dirs) {
        add_walks(walks, d, dx);
        add_jumps(jumps, d);
    }
    for (int h : kStraightUp) jumps.push_back({{kInputUp, h}});
    if (grab.side != 0) add_grabs(jumps, grab);
    // Climbing: jumps first; otherwise walks first.
    std::vector<Macro>& first = dy > 0 ? jumps : walks;
    std::vector<Macro>& second = dy > 0 ? walks : jumps;
    first.insert(first.end(), second.begin(), second.end());
    return first;
}

}  // namespace sawtooth::bot
