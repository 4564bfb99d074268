#pragma once
// The recorded event stream of a platformer level (SPEC P5, thesis 4.3): the simulation's
// per-tick events turned into rows, plus sampled positions (E_pos) and the nearest graph
// node on landing (E_node). One EventExtractor is used both while recording and while
// replaying, so a replay recomputes exactly the rows that were stored.

#include "game/sim/simulation.hpp"
#include "gen/level.hpp"
#include "gen/level_graph.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace sawtooth::telemetry {

/// E_pos is sampled every this many ticks (10 Hz at 60 ticks/s): enough to draw
/// trajectories; exact positions at any tick come from replaying the inputs.
inline constexpr int kPosSampleTicks = 6;

/// What a row records. Meaning of a, b, c per kind in docs/telemetry.md.
enum class EventKind : std::uint8_t {
    Start,      ///< level start (tick 0): a, b = start cell
    Pos,        ///< E_pos sample: a = PlayerMode, b = facing
    Jump,       ///< a = 0 from ground, 1 from a hang
    Node,       ///< E_node, landing: a, b = landing cell, c = nearest graph node (-1: none)
    Hang,       ///< grabbed a ledge: a = -1 left / +1 right, b = ledge cell x, c = nearest node
    LetGo,      ///< let go of a ledge (down)
    Trap,       ///< E_trap, entered a trap's cells: a = trap index, b = TrapType
    Death,      ///< E_death: a = trap index (-1: none), b = TrapType (-1: none)
    Respawn,    ///< a, b = respawn cell
    Exit,       ///< touched the exit gate
    MineArmed,  ///< a = trap index
    MineBlast,  ///< a = trap index
    Switch,     ///< the player skipped the level (thesis "switch event")
    End,        ///< level end: a = RecordedOutcome, b = deaths
};

/// Stored name of a kind ("start", "pos", "node", ...).
std::string_view event_kind_name(EventKind kind);
/// Inverse of event_kind_name.
std::optional<EventKind> parse_event_kind(std::string_view name);
/// True for kinds the simulation determines (compared by replay); Switch and End come from
/// the player's choices and the UI.
bool is_sim_event(EventKind kind);

/// One recorded event: tick (0 = before the first step), kind, integer fields, and the
/// player's body centre (m) and velocity (m/s) after that tick.
struct EventRow {
    std::uint64_t tick = 0;
    EventKind kind = EventKind::Start;
    int a = 0;
    int b = 0;
    int c = -1;
    double x = 0.0;
    double y = 0.0;
    double vx = 0.0;
    double vy = 0.0;
    friend bool operator==(const EventRow&, const EventRow&) = default;
};

/// How a level ended.
enum class RecordedOutcome : std::uint8_t { Completed = 0, Skipped = 1, Quit = 2 };
/// "completed", "skipped", "quit".
std::string_view outcome_name(RecordedOutcome outcome);
/// Inverse of outcome_name.
std::optional<RecordedOutcome> parse_outcome(std::string_view name);

/// How a session ended (sessions.end_reason): the participant finished it, quit it, or the
/// program closed it (window closed, a new session began, the recorder was destroyed).
enum class SessionEnd : std::uint8_t { Finished = 0, Quit = 1, Closed = 2 };
/// "finished", "quit", "closed".
std::string_view session_end_name(SessionEnd end);
/// Inverse of session_end_name.
std::optional<SessionEnd> parse_session_end(std::string_view name);

/// Turns simulation state into event rows for one level.
class EventExtractor {
public:
    /// Builds the level graph used for E_node.
    explicit EventExtractor(const Level& level, int pos_sample_ticks = kPosSampleTicks);

    /// Row(s) describing the state before the first step.
    void start(const Simulation& sim, std::vector<EventRow>& out) const;
    /// Rows for the step just taken (sim.events() plus the E_pos sample).
    void after_step(const Simulation& sim, std::vector<EventRow>& out) const;
    /// Graph node nearest to a body position (m), preferring the stand node of `cell`; -1
    /// when the graph has no nodes.
    int nearest_node(double x, double y, CellPos cell) const;
    const LevelGraph& graph() const { return m_graph; }

private:
    EventRow row(const Simulation& sim, EventKind kind, int a = 0, int b = 0, int c = -1) const;

    const Level* m_level;
    LevelGraph m_graph;
    int m_pos_sample_ticks;
};

/// The simulation's event rows of playing `inputs` (one per tick) on a fresh Simulation of
/// `level`: what a recording of that play stores, without the UI's Switch and End rows.
std::vector<EventRow> play_events(const Level& level, const std::vector<InputFrame>& inputs);

}  // namespace sawtooth::telemetry
