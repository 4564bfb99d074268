#pragma once
// Synthetic players (docs/bots.md). A Bot plays a platformer level through the
// same InputFrames a person produces, on the real Simulation: it plans a path over the
// level graph (gen/level_graph), and executes it hop by hop from one safe resting place
// to the next by closed-loop control: candidate moves (run / jump / hang / let go macros)
// are tried on lookahead copies of the simulation restored from a snapshot of the real
// one, the start of the chosen move is timed against the traps by the same lookahead
// (traps are visible and periodic, mines deterministic), the move is executed in the real
// simulation, and the bot re-observes where it actually came to rest before the next hop.
// It reads only what a player sees: geometry, trap positions and their timing.
// A SkillProfile turns the expert into a human-like player (reaction delay, timing noise,
// per-jump take-off and hold errors, safety margin, patience); such a player who sees a
// way but no safe moment tries it anyway, as people do. Deterministic: same level,
// skill and seed -> same inputs.
// The library (game/bot): player.cpp runs a play, path_planner the graph path,
// hop_planner picks each hop with chain_search / free_search on the lookahead, whose
// moves come from move_templates, and move_execution plays them.

#include "game/bot/skill.hpp"
#include "game/sim/simulation.hpp"
#include "gen/level.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sawtooth::bot {

/// Limits of one play.
struct BotSettings {
    int max_ticks = 30 * 60 * 60;  ///< hard cap of simulated time on one level (30 min)
    int max_plan_failures = 60;    ///< hops without any working move before giving up
    int max_chain = 8;             ///< path edges one hop may cover (crossing a trap area)
    int wait_window_ticks = 260;   ///< longest wait scanned for a safe trap phase (> 2 cycles)
    int hold_check_ticks = 50;     ///< a hop's resting place must stay safe this long (mine fuse)
    int max_geo_candidates = 3;    ///< working moves timed against the traps per hop
    /// Answer lookahead runs whose outcome is already known from memory instead of
    /// simulating them again (lookahead.hpp: RolloutCache, and a timing scan's runs that
    /// met no trap). Same inputs either way; off only to prove that (tests/bot/test_bot.cpp).
    bool memoise_lookahead = true;
};

/// How a play ended.
enum class PlayEnd : std::uint8_t {
    Exit,      ///< touched the exit gate
    Skipped,   ///< the player's patience ran out (switch event)
    Stuck,     ///< no move found on any path (bot or level problem)
    OutOfTime  ///< settings.max_ticks reached
};

/// "exit", "skipped", "stuck", "out_of_time".
const char* play_end_name(PlayEnd end);

/// Outcome of one play.
struct PlayResult {
    PlayEnd end = PlayEnd::Stuck;
    std::vector<InputFrame> inputs;  ///< one per tick, exactly what the simulation consumed
    int deaths = 0;
    std::uint64_t ticks = 0;
    int hops = 0;           ///< moves executed
    int plan_failures = 0;  ///< hops for which no move was found
    std::string note;       ///< why Stuck / OutOfTime (node, cell)
};

/// Called after every real step with the input just consumed (recording, drawing).
using StepCallback = std::function<void(InputFrame, const Simulation&)>;

/// A synthetic player for one level.
class Bot {
public:
    /// `seed` drives the skill noise only (the expert ignores it).
    Bot(SkillProfile skill, std::uint64_t seed, BotSettings settings = {});

    /// Plays `sim` (normally fresh at tick 0) until the exit, a skip or a limit.
    PlayResult play(Simulation& sim, const StepCallback& on_step = {});

private:
    SkillProfile m_skill;
    std::uint64_t m_seed;
    BotSettings m_settings;
};

/// Plays `level` from its start to its exit on a fresh Simulation (default SimConfig).
PlayResult play_level(const Level& level, const SkillProfile& skill, std::uint64_t seed,
                      const BotSettings& settings = {});

/// The level with start and exit swapped: playing it proves exit -> start.
Level reversed_level(const Level& level);

}  // namespace sawtooth::bot
