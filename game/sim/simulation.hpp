#pragma once
// The platformer simulation: a pure function of (Level, one InputFrame per tick). One
// Box2D world at a fixed 1/60 s step; the level's solid cells become a few chain loops on
// one static body; the player is a 1 kg fixed-rotation body with a pointed roof whose
// velocity the controller sets directly (SPEC P1, thesis 4.2). Traps (SPEC P2) run on the
// tick counter and kill by geometry at that tick. No SDL, no clock, no globals.
// Not thread-safe per instance; separate instances are independent.

#include "game/sim/input.hpp"
#include "game/sim/traps.hpp"
#include "gen/level.hpp"
#include "gen/physics_constants.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

class b2World;
class b2Body;

namespace sawtooth {

// ---- Tuning constants (SPEC P1). The shared physics (tick, cell size, gravity, run and
// jump speed, body size, hang height) is in gen/physics_constants.hpp, because the
// generator models the same motion; the controller's feel, which only the simulation
// reads, is here. ----
inline constexpr double kGroundDrag = 0.8;         ///< share of vx removed per step, no input, grounded
inline constexpr double kAirDrag = 0.2;            ///< share of vx removed per step, no input, airborne
inline constexpr double kPlayerMass = 1.0;         ///< kg
inline constexpr double kPlayerRoofHeight = 0.25;  ///< m, pointed roof eases ledge clearance
inline constexpr int kJumpBufferTicks = 4;         ///< a press this many ticks before landing still jumps
inline constexpr double kGroundProbe = 0.06;       ///< m below the feet that still counts as ground
inline constexpr double kGrabReachX = 0.30;        ///< m between the body side and a ledge corner to grab
inline constexpr double kGrabWindowAbove = 0.60;   ///< m the body top may be above the ledge to grab
inline constexpr double kGrabWindowBelow = 0.15;   ///< m the body top may be below the ledge to grab
inline constexpr int kLetGoCooldownTicks = 20;     ///< no re-grab right after letting go
inline constexpr int kDeathTicks = 45;             ///< frozen after death before respawn (effect time)
inline constexpr int kStateHashInterval = 60;      ///< recordings store a state hash this often

/// Physics settings; defaults are the SPEC P1 constants (gen/physics_constants.hpp and
/// above). Tests and tools may vary them; recordings always use the defaults.
/// Where a dead player reappears. Recordings name the rule they were made under
/// (telemetry: levels.input_format), so a recording replays under its own rule.
enum class RespawnRule : std::uint8_t {
    /// The last cell stood on outside every trap (until 2026-11-27): feet on a pit's edge
    /// could make it a cell whose centre is over the pit, and respawning there died again.
    LastCellStoodOn = 1,
    /// Also requires the cell's centre, where the body reappears, to stand on a floor and be
    /// clear of every trap's cells and reach.
    StandableSafeCell = 2,
};

struct SimConfig {
    double gravity = kGravity;
    double run_speed = kRunSpeed;
    double jump_speed = kJumpSpeed;
    double ground_drag = kGroundDrag;
    double air_drag = kAirDrag;
    bool traps_enabled = true;  ///< false: traps never kill (piece validation, tutorials)
    RespawnRule respawn = RespawnRule::StandableSafeCell;
    friend bool operator==(const SimConfig&, const SimConfig&) = default;
};

/// What the player is doing. HangLeft = hanging on a ledge that is on the player's LEFT.
enum class PlayerMode : std::uint8_t { Ground, Air, HangLeft, HangRight, Dead };

/// Read-only view of the player after the last step (body centre, metres).
struct PlayerView {
    double x = 0.0;
    double y = 0.0;
    double vx = 0.0;
    double vy = 0.0;
    PlayerMode mode = PlayerMode::Air;
    bool grounded = false;
    int facing = 1;  ///< +1 right, -1 left (last horizontal input)
};

/// Things that happened during a step, for telemetry, sound and effects.
enum class SimEventType : std::uint8_t {
    Jump,       ///< a = 0 from ground, 1 from a hang
    Land,       ///< a, b = cell x, y of the landing (cell containing the feet)
    Hang,       ///< a = -1 ledge on the left, +1 on the right; b = ledge cell x
    LetGo,      ///< let go of a ledge with down
    TrapEnter,  ///< a = trap index: the body entered one of the trap's cells
    Death,      ///< a = trap index that killed
    Respawn,    ///< a, b = respawn cell
    Exit,       ///< reached the exit gate
    MineArmed,  ///< a = trap index
    MineBlast,  ///< a = trap index
};

/// One event, stamped with the tick it happened in (1-based: the step's resulting tick).
struct SimEvent {
    std::uint64_t tick = 0;
    SimEventType type = SimEventType::Jump;
    int a = 0;
    int b = 0;
};

/// The body centre's x when standing in cell column `cell_x`.
double stand_x(int cell_x);
/// The body centre's y when standing on the floor of cell row `cell_y`.
double stand_y(int cell_y);

/// Approximate copy of the dynamic state, for bots' lookahead only (Box2D's contact
/// caches are not included, so a restored run may differ in the last bits). Never used
/// for recording or replay.
struct SimSnapshot;

/// Which of a snapshot's fields a hash or a comparison covers.
enum class SnapshotFields : std::uint8_t {
    All,
    /// All but the clock: the tick and the death count. A simulation with the traps off
    /// reads neither (no trap kills; the tick only places the periodic traps, which are
    /// never stepped into the state), so its runs from two snapshots that differ only
    /// there are the same, shifted in time (retimed_snapshot).
    AllButClock,
    /// What a step's motion reads: all but the clock, the traps' states and which trap
    /// cells the body was in. Two snapshots that agree here move the same under the same
    /// inputs until a trap kills (same_motion, which may also leave out a velocity the
    /// first input replaces); Simulation::moved_snapshot gives the rest of the state.
    Motion,
};
/// A hash of a snapshot's content, bit for bit.
std::uint64_t snapshot_hash(const SimSnapshot& snap, SnapshotFields fields = SnapshotFields::All);
/// True if two snapshots hold the same content, bit for bit: restoring either gives the
/// same dynamic state (lookahead results can be memoised by it, game/bot/lookahead).
bool same_snapshot(const SimSnapshot& a, const SimSnapshot& b, SnapshotFields fields = SnapshotFields::All);
/// `snap` with its clock moved as `to`'s is from `from`'s: the tick and the death count
/// shifted by `to`'s minus `from`'s (a run from `to` that matches one from `from` but
/// for the clock, SnapshotFields::AllButClock, ends in `snap` so retimed); `snap` itself
/// when the clocks are the same.
std::shared_ptr<const SimSnapshot> retimed_snapshot(std::shared_ptr<const SimSnapshot> snap,
                                                    const SimSnapshot& from, const SimSnapshot& to);
/// True if the player moves the same from both snapshots under inputs that begin with
/// `first`: they differ at most in the tick, the traps' states, and a velocity the first
/// step replaces without reading it (the horizontal one when `first` steers left or right,
/// both while hanging). Traps never push the player, they only kill, so the same inputs
/// from the two give the same motion until a trap kills (Simulation::first_killing_step
/// replays only the traps along it).
bool same_motion(const SimSnapshot& a, const SimSnapshot& b, InputFrame first);
/// A copy of a snapshot (outside the simulation the type is opaque).
std::shared_ptr<const SimSnapshot> copy_snapshot(const SimSnapshot& snap);

/// One platformer level in play.
class Simulation {
public:
    /// Builds the world for `level` (must pass level_problem) and spawns at its start.
    explicit Simulation(const Level& level, const SimConfig& config = {});
    ~Simulation();
    Simulation(const Simulation&) = delete;
    Simulation& operator=(const Simulation&) = delete;

    /// Advances one fixed tick with the buttons held during it.
    void step(InputFrame input);

    /// Player state after the last step.
    const PlayerView& player() const { return m_view; }
    /// The physics this simulation runs with (the F1 overlay shows it).
    const SimConfig& config() const { return m_config; }
    /// Number of steps taken.
    std::uint64_t tick() const { return m_state.tick; }
    /// Events of the last step only (cleared at the start of each step).
    const std::vector<SimEvent>& events() const { return m_events; }
    /// True once the player has touched the exit gate.
    bool reached_exit() const { return m_state.reached_exit; }
    /// Deaths so far.
    int deaths() const { return m_state.deaths; }
    /// Trap states at the current tick (same order as level().traps).
    const std::vector<TrapState>& traps() const;
    /// The level being played.
    const Level& level() const { return m_level; }
    /// Cell of the last safe landing (respawn point).
    CellPos safe_cell() const { return m_state.safe_cell; }
    /// Hash of the dynamic state that decides what happens next; equal runs give equal
    /// hashes (simulation.cpp says which fields it leaves out and why).
    std::uint64_t state_hash() const;

    /// The traps' part of steps along a known motion (docs/performance.md, *What holds these
    /// figures*): from `from` (a snapshot of this Simulation), with the player after step
    /// i + 1 at `motion[i]` (a run of the same motion: same_motion), steps the mines and
    /// tests every trap as step() does. Returns the index of the first step at which a trap
    /// kills, or motion.size() if none does.
    std::size_t first_killing_step(const SimSnapshot& from, std::span<const PlayerView> motion) const;
    /// first_killing_step's replay, which also keeps the mines' states after each number
    /// of steps in `marks` (ascending) that the player lives through.
    struct TrapsAlong {
        std::size_t killing_step = 0;                     ///< motion.size(): no trap kills
        std::vector<std::vector<TrapState>> mines_after;  ///< per mark reached alive
    };
    TrapsAlong traps_along(const SimSnapshot& from, std::span<const PlayerView> motion,
                           std::span<const std::size_t> marks = {}) const;
    /// Where a known motion leads from another start: `snap` is the state after some
    /// steps from `from`; returns the state after the same steps from `to`
    /// (same_snapshot(from, to, SnapshotFields::Motion), and no trap kills on the way:
    /// traps_along), whose mines are then `mines` (traps_along's). `snap` with the clock
    /// moved as retimed_snapshot moves it and those mines: the rest of the state is the
    /// motion's (which trap cells the body is in follows from the steps after the first).
    static std::shared_ptr<const SimSnapshot> moved_snapshot(const SimSnapshot& snap, const SimSnapshot& from,
                                                             const SimSnapshot& to,
                                                             std::vector<TrapState> mines);

    /// Number of fixtures of the static level body (outline chains, not cells).
    int static_fixture_count() const { return m_static_fixtures; }

    /// Teleports the player (body centre, metres) at rest, airborne; for tests and tools.
    void place_player(double x, double y);

    /// Saves the dynamic state (see SimSnapshot).
    std::shared_ptr<const SimSnapshot> snapshot() const;
    /// Restores a snapshot taken from this same Simulation.
    void restore(const SimSnapshot& snap);

private:
    friend struct SimSnapshot;
    friend std::uint64_t snapshot_hash(const SimSnapshot& snap, SnapshotFields fields);
    friend bool same_snapshot(const SimSnapshot& a, const SimSnapshot& b, SnapshotFields fields);
    friend std::shared_ptr<const SimSnapshot> retimed_snapshot(std::shared_ptr<const SimSnapshot> snap,
                                                               const SimSnapshot& from,
                                                               const SimSnapshot& to);
    friend bool same_motion(const SimSnapshot& a, const SimSnapshot& b, InputFrame first);

    /// Every mutable field of the simulation besides the player's Box2D body, listed once:
    /// snapshot and restore copy it whole, and state_hash names each field (a structured
    /// binding, so a field added here does not compile until the hash decides about it).
    struct State {
        std::uint64_t tick = 0;
        InputFrame prev_input;
        PlayerMode mode = PlayerMode::Air;  ///< change it only through set_player_mode
        int facing = 1;                     ///< +1 right, -1 left (last horizontal input)
        bool jump_rising = false;           ///< vy > 0 from a jump: releasing up cuts it
        int jump_buffer = 0;                ///< ticks left in which a recent up press still jumps
        int grab_cooldown = 0;              ///< ticks left before a ledge may be grabbed again
        int dead_timer = 0;                 ///< ticks left before the respawn
        int deaths = 0;
        bool reached_exit = false;
        double hang_x = 0.0, hang_y = 0.0;  ///< body centre pinned while hanging, m
        CellPos safe_cell;                  ///< respawn cell, by SimConfig::respawn
        /// Per trap, same order as the level's: the mines' states; a periodic trap's entry
        /// stays default (its state is a function of the tick: traps()).
        std::vector<TrapState> traps;
        std::vector<std::uint8_t> inside_trap;  ///< per trap: body overlapped its cells last tick
    };

    void build_world();
    void create_player_body();
    void set_player_mode(PlayerMode mode);
    void control(InputFrame input);
    void control_hanging(std::uint8_t pressed, int dir);
    void control_running(InputFrame input, int dir);
    void after_physics(InputFrame input);
    void update_ground_contact(InputFrame input, double x, double y, float vy);
    std::span<const std::uint64_t> traps_near(const Box& body, std::span<const std::uint64_t> also) const;
    void note_busy_traps();
    bool update_traps(const Box& body);
    int killing_trap(const Box& body, std::uint64_t tick, const std::vector<TrapState>& mines) const;
    void step_mines(const Box& box, std::vector<TrapState>& mines) const;
    bool respawn_clear(CellPos cell) const;
    void try_grab_ledge();
    void grab_ledge(int side, int ledge_x, double hang_x, double hang_y);
    bool feet_on_ground(double x, double y) const;
    void kill(int trap_index);
    void respawn();
    void sync_view();
    void emit(SimEventType type, int a = 0, int b = 0);

    // Fixed after construction.
    Level m_level;
    SimConfig m_config;
    std::unique_ptr<b2World> m_world;
    b2Body* m_player = nullptr;
    int m_static_fixtures = 0;
    std::vector<Box> m_trap_areas;          ///< per trap: its cells, m
    std::vector<Box> m_trap_reach;          ///< per trap: trap_reach, m
    TrapColumns m_trap_columns;             ///< the traps near each column (area and reach)
    std::vector<std::uint64_t> m_mines;     ///< bits of the mines' trap indices
    std::vector<std::uint64_t> m_no_traps;  ///< no bits set

    std::vector<std::uint64_t> m_busy;          ///< from m_state: note_busy_traps
    mutable std::vector<std::uint64_t> m_near;  ///< traps_near's answer, reused by every step

    // traps() for the current tick, filled on demand: a periodic trap's state is a pure
    // function of the tick, so steps compute it only for traps within reach of the player.
    mutable std::vector<TrapState> m_trap_view;
    mutable bool m_trap_view_valid = false;

    State m_state;
    PlayerView m_view;               ///< derived from m_state and the body by sync_view
    std::vector<SimEvent> m_events;  ///< output of the last step only
};

}  // namespace sawtooth
