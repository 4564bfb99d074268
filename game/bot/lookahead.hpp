#pragma once
// The bot's lookahead: runs a move on a copy of the simulation restored from a snapshot
// (rollout), and scans start times of a move against the traps (MoveTimer). Here the bot
// learns where a move leads and when it is safe to start; choosing moves is the searches'
// job (chain_search, free_search, hop_planner), playing them the executor's.

#include "game/bot/expert_bot.hpp"
#include "game/sim/simulation.hpp"
#include "gen/level_graph.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace sawtooth::bot {

inline constexpr int kSettleMaxTicks = 120;  ///< a move's fall must end within 2 s

/// A hop: frames to execute after a wait, and the graph node they lead to (-1: a
/// graph-free resting place).
struct Plan {
    int wait = 0;
    std::vector<InputFrame> frames;
    int target = -1;
};

/// Whether a rollout records its first landing from the air (chains through mines go on
/// from there without coming to rest).
enum class Landing : std::uint8_t { Ignore, Record };

/// Where the player was after every step of a rollout (one per frame of Rollout::frames),
/// and after how many of them its settling began (SIZE_MAX: the move's frames ended it).
struct RolloutPath {
    std::vector<PlayerView> steps;
    std::size_t settle_from = SIZE_MAX;
};

/// One lookahead result.
struct Rollout {
    bool died = false;
    bool exit = false;
    bool rest = false;
    int node = -1;
    PlayerView view;
    std::vector<InputFrame> frames;  ///< macro frames plus the settling frames actually used
    /// The first landing from the air, if asked for: the state, frames[0, landing_frames)
    /// lead there, and the node it is on (-1 if none).
    std::shared_ptr<const SimSnapshot> landing;
    std::size_t landing_frames = 0;
    int landing_node = -1;
    /// The state at the end, if the player neither died nor reached the exit during the
    /// macro (searches go on from it).
    std::shared_ptr<const SimSnapshot> end;
};

/// Rollouts already run, by start state (bit for bit), physics, frames and landing. The
/// searches ask for the same rollout again and again (the chain search's first expansion
/// repeats the single moves; the wide and deep traps-on searches repeat the narrow one's
/// expansions from the same starts), and a rollout is a function of those, so a stored
/// answer is the one re-simulating gives. With the traps off the clock (tick, deaths) is
/// left out of the start state (SnapshotFields::AllButClock): a noisy player who respawns
/// on the same spot plans from the same state at a later tick, and gets the stored
/// rollouts with their states retimed. With the traps on, a rollout from a start of the
/// same motion as one stored with its path (SnapshotFields::Motion: the traps-on chain
/// search tries the same moves from a player waiting still at several ticks) moves the
/// same until a trap kills, so only the traps are replayed along the stored path
/// (replay_motion). For one level: the hop planner owns one.
class RolloutCache {
public:
    /// The start-state fields a rollout on a simulation with `config` depends on.
    static SnapshotFields fields_of(const SimConfig& config);
    /// The stored rollout, if any, its states retimed to `from`. `from_hash`:
    /// snapshot_hash(from, fields_of(config)).
    std::optional<Rollout> find(const SimConfig& config, const SimSnapshot& from, std::uint64_t from_hash,
                                const std::vector<InputFrame>& frames, Landing landing) const;
    void store(const SimConfig& config, std::shared_ptr<const SimSnapshot> from, std::uint64_t from_hash,
               const std::vector<InputFrame>& frames, Landing landing, const Rollout& r);
    /// A traps-on rollout on `sim` from `from` known from a stored one of the same motion:
    /// the traps replayed along its path kill on one of its steps (then it died there), or
    /// on none of a path that did not end in a death. None if no such rollout is stored.
    std::optional<Rollout> replay_motion(const Simulation& sim, const SimSnapshot& from,
                                         const std::vector<InputFrame>& frames, Landing landing) const;
    /// Keeps a traps-on rollout from `from` with its path (one step per frame of r.frames)
    /// for replay_motion.
    void store_motion(std::shared_ptr<const SimSnapshot> from, const std::vector<InputFrame>& frames,
                      Landing landing, const Rollout& r, RolloutPath path);
    /// Rollouts replay_motion has answered so far.
    std::size_t replayed_motions() const { return m_replayed; }

private:
    struct Entry {
        SimConfig config;
        std::shared_ptr<const SimSnapshot> from;
        std::vector<InputFrame> frames;
        Landing landing = Landing::Ignore;
        Rollout result;
    };
    /// A traps-on rollout with the player after each of its steps.
    struct MotionEntry {
        std::shared_ptr<const SimSnapshot> from;
        std::vector<InputFrame> frames;
        Landing landing = Landing::Ignore;
        Rollout result;
        RolloutPath path;
    };
    static std::uint64_t key(std::uint64_t from_hash, const std::vector<InputFrame>& frames);
    static Rollout replayed(const MotionEntry& e, const SimSnapshot& from, Simulation::TrapsAlong traps);

    std::unordered_map<std::uint64_t, std::vector<Entry>> m_entries;
    std::size_t m_count = 0;
    std::unordered_map<std::uint64_t, std::vector<MotionEntry>> m_motions;
    std::size_t m_motion_count = 0;
    mutable std::size_t m_replayed = 0;
};

/// The candidate moves of one expansion: rollouts of each move's frames from one start on
/// one lookahead, run when a search asks for them, in its order (it stops at the first
/// that works). A rollout runs the frames, then lets the player settle; a move ends early
/// when a ledge is grabbed or a walk is blocked by a wall. With a cache, a rollout run
/// before is answered from it, and moves that begin with the same frames step them once:
/// a move goes on from the state a move run before it reached after their shared frames
/// (docs/performance.md, *What holds these figures*). Without a cache every move is
/// simulated whole from the start. `sim` is left in no particular state.
class MoveRollouts {
public:
    MoveRollouts(const LevelGraph& graph, Simulation& sim, const SimSnapshot& from,
                 std::vector<std::vector<InputFrame>> moves, Landing landing, RolloutCache* cache);

    std::size_t size() const { return m_moves.size(); }
    /// The rollout of move `k` from the start.
    Rollout run(std::size_t k);

private:
    /// A move simulated here: the player after each frame of its own that was stepped,
    /// the states kept where later moves leave its frames, and how it ended.
    struct Trace {
        std::size_t move = 0;
        std::vector<PlayerView> views;
        std::vector<std::pair<std::size_t, std::shared_ptr<const SimSnapshot>>> states;  ///< (frames, state)
        bool macro_ended_run = false;  ///< the player died or reached the exit within the frames
        Rollout result;
    };
    /// Where move k can go on from: a trace's state after `depth` of its frames (depth 0
    /// and no trace: the start), and whether its own frames already ended there (a break).
    struct Resume {
        const Trace* trace = nullptr;
        std::size_t depth = 0;
        bool frames_done = false;
    };

    /// A stretch of a move's frames holding one button set.
    struct ButtonRun {
        std::uint8_t bits = 0;
        std::size_t frames = 0;
    };

    Rollout simulate(std::size_t k);
    void go_on_from(const Trace& t, std::size_t depth, const std::vector<InputFrame>& frames, Rollout& r,
                    Trace& trace);
    /// `from` as the cache keeps it (copied once).
    const std::shared_ptr<const SimSnapshot>& from_copy();
    std::optional<Rollout> known_from_traces(std::size_t k, Resume& resume) const;
    std::vector<std::size_t> depths_to_keep(std::size_t k) const;
    std::size_t shared_frames(std::size_t a, std::size_t b) const;

    const LevelGraph& m_graph;
    Simulation& m_sim;
    const SimSnapshot& m_from;
    std::vector<std::vector<InputFrame>> m_moves;
    std::vector<std::vector<ButtonRun>> m_runs;  ///< per move, its frames as runs (shared_frames)
    /// Moves whose first frame holds the same buttons, the only ones that can share frames:
    /// per move its group; per group its moves, and the traces of its moves, in order.
    std::vector<std::size_t> m_group;
    std::vector<std::vector<std::size_t>> m_group_moves;
    std::vector<std::vector<std::size_t>> m_group_traces;  ///< indices into m_traces
    Landing m_landing;
    RolloutCache* m_cache;
    std::uint64_t m_from_hash = 0;                   ///< snapshot_hash(from, ...), with a cache
    std::shared_ptr<const SimSnapshot> m_from_copy;  ///< `from` as the cache keeps it, once stored
    PlayerView m_start_view;
    std::vector<Trace> m_traces;
};

/// Where a timed move must end: true if the player there counts as arrived.
using AtTarget = std::function<bool(const PlayerView&)>;

/// Scans start times of a move against the traps, on lookahead copies with the traps on.
class MoveTimer {
public:
    MoveTimer(const Level& level, const LevelGraph& graph, int safety_margin_ticks,
              const BotSettings& settings);

    /// Scans start times for `frames` from `now`: the player must reach graph node
    /// `target` (or the exit) alive and stay alive there a while. Returns the chosen wait,
    /// at least `w_min`. `window` = 0: settings.wait_window_ticks. Its simulated runs are
    /// kept for later scans of the same frames toward the same node (KeptRun).
    std::optional<int> time_move(const SimSnapshot& now, const std::vector<InputFrame>& frames, int target,
                                 int w_min, int window = 0);
    /// The same, with the arrival given by `at_target` (its runs are not kept).
    std::optional<int> time_move(const SimSnapshot& now, const std::vector<InputFrame>& frames,
                                 const AtTarget& at_target, int w_min, int window = 0);

    /// Runs of a move simulated so far (not replayed from a known motion).
    std::size_t simulated_runs() const { return m_simulated_runs; }

private:
    /// How a run of the move being timed ended.
    enum class RunEnd : std::uint8_t { Killed, Exit, Missed, Held };
    /// True if a run that ended so is a safe start: it reached the exit, or the target and
    /// stayed alive there.
    static bool reached(RunEnd end) { return end == RunEnd::Exit || end == RunEnd::Held; }
    /// One run of the move being timed: where the player was after each step until the
    /// run ended, and how it ended. A later start of the same motion (same_motion: the
    /// player waiting still, at any tick) moves the same until a trap kills, so only the
    /// traps need replaying along it (Simulation::first_killing_step).
    struct Motion {
        std::shared_ptr<const SimSnapshot> from;
        std::vector<PlayerView> steps;
        RunEnd end = RunEnd::Killed;
        bool exit_at_start = false;  ///< then the first step ends it, whatever kills there
    };
    /// A simulated run kept for later scans toward `target`: a noisy player who respawns
    /// times the same moves from the same spots again, at later ticks.
    struct KeptRun {
        int target = -1;
        std::vector<InputFrame> frames;
        std::shared_ptr<const Motion> motion;
    };

    std::optional<int> scan(const SimSnapshot& now, const std::vector<InputFrame>& frames,
                            const AtTarget& at_target, int w_min, int window);

    bool survives(const SimSnapshot& from, const std::vector<InputFrame>& frames, const AtTarget& at_target);
    /// Simulates the run; records it into `motion` if given.
    RunEnd run(const SimSnapshot& from, const std::vector<InputFrame>& frames, const AtTarget& at_target,
               Motion* motion);
    /// The run's end from m_motion's steps, if they reach far enough to tell.
    std::optional<bool> replay(const SimSnapshot& from) const;
    /// The kept run of `frames` toward m_target from a start that moves as `from` does.
    std::shared_ptr<const Motion> kept_run(std::uint64_t key, const SimSnapshot& from,
                                           const std::vector<InputFrame>& frames) const;
    void keep_run(std::uint64_t key, const std::vector<InputFrame>& frames,
                  std::shared_ptr<const Motion> motion);

    const LevelGraph& m_graph;
    int m_margin;
    const BotSettings& m_settings;
    Simulation m_wait_sim;                   ///< lookahead with traps: the real state, waiting
    Simulation m_run_sim;                    ///< lookahead with traps: a move started after a wait
    std::shared_ptr<const Motion> m_motion;  ///< the last simulated run of the move being timed
    int m_target = -1;                       ///< the node timed toward; -1: no runs are kept
    /// Runs kept, by their start's snapshot_hash without the clock, target and frames.
    std::unordered_map<std::uint64_t, std::vector<KeptRun>> m_kept;
    std::size_t m_kept_count = 0;
    std::size_t m_simulated_runs = 0;
};

}  // namespace sawtooth::bot
