#pragma once
// Skill model of synthetic players (docs/bots.md): how a human-like player
// differs from the expert bot. The expert plans every move on a lookahead copy of the
// simulation and executes it exactly; a human reacts late, cannot time a button to the
// tick and gives up after enough failures. Three presets (GOOD / AVERAGE / BAD) and a
// seeded draw of a participant population. Pure data + the project RNG; no clocks.

#include "game/sim/input.hpp"
#include "gen/rng.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sawtooth::bot {

/// The skill groups of thesis 5.4.
enum class SkillGroup : std::uint8_t { Expert, Good, Average, Bad };

/// "expert", "good", "average", "bad".
std::string_view skill_group_name(SkillGroup group);
/// The group skill_group_name names `name`, if any.
std::optional<SkillGroup> skill_group_named(std::string_view name);

/// How a synthetic player plays. Ticks are 1/60 s.
struct SkillProfile {
    SkillGroup group = SkillGroup::Expert;
    /// Earliest tick after a decision at which a move can start (perception + decision):
    /// a window that opens sooner than this cannot be used.
    int reaction_ticks = 0;
    /// Extra pause before each move (looking around), uniform in [0, think_ticks].
    int think_ticks = 0;
    /// Standard deviation (ticks) of the error of every button press and release.
    double timing_noise_ticks = 0.0;
    /// Standard deviation (ticks) of an extra take-off error of every jump press (up pressed
    /// on the ground or on a ledge), on top of timing_noise_ticks: each jump is a separate
    /// judgement of where to leave the edge, so a move with more jumps collects more error.
    /// The press comes early or late and the rest of the move follows it (it is timed from
    /// the take-off).
    double jump_timing_noise_ticks = 0.0;
    /// Standard deviation (ticks) of an extra error of how long up is held on every jump
    /// (the jump's height: the rise ends when up is released), on top of
    /// timing_noise_ticks. The direction keys are not affected (the other hand).
    double jump_hold_noise_ticks = 0.0;
    /// The player aims for the middle of a safe timing window this many ticks wide on each
    /// side; 0 = takes the first start that works, however tight.
    int safety_margin_ticks = 3;
    /// Deaths on one level after which the player skips it (a switch event); 0 = never.
    int patience_deaths = 0;
    /// Ticks on one level after which the player skips it; 0 = never.
    int patience_ticks = 0;
    // How the player plans a hop. The expert's habits, set by expert_skill(); the
    // human-like groups plan without them, so their plays (and the simulated studies)
    // are those of the planner before them.
    /// Takes a stance before timing a move: the timing scan's first start is the first
    /// tick on which the body stands still (its position and vertical speed as on the tick
    /// before; hop_planner.cpp kMaxStanceTicks at most). Every later start of a move that
    /// steers is then the same motion, which the scan replays against the traps instead of
    /// simulating it again (lookahead.hpp, MoveTimer).
    bool stance_before_timing = false;
    /// Across a trap area (a hop of several path edges) first tries the chain of single
    /// moves from one path node to the next, timed as one move, before the single moves
    /// over the whole area and the chain searches.
    bool path_nodes_first = false;
};

/// The expert bot: no reaction delay, no noise, wide safety margin, never gives up; takes a
/// stance before timing a move and crosses trap areas path node by path node first.
SkillProfile expert_skill();
/// Defaults of the three human-like groups (values and reasons in docs/bots.md).
SkillProfile good_skill();
SkillProfile average_skill();
SkillProfile bad_skill();
/// Preset by group.
SkillProfile skill_preset(SkillGroup group);

/// Population shares of the simulated study (docs/bots.md): the thesis' participants
/// ranged from regular players to people who only played as children.
inline constexpr double kShareGood = 0.30;
inline constexpr double kShareAverage = 0.45;  ///< the rest are BAD

/// One participant: a group drawn with the shares above, then each parameter of its preset
/// scaled by an individual factor (lognormal, sd kIndividualSpread) so no two are equal.
/// The three noise parameters share one factor (one person's motor noise), so the draw
/// takes as many random numbers as before they existed.
SkillProfile draw_participant_skill(Rng& rng);
/// One participant of a given group: its preset with each parameter scaled by the
/// individual factors of draw_participant_skill (which calls it after drawing the group).
SkillProfile draw_skill_in_group(SkillGroup group, Rng& rng);
inline constexpr double kIndividualSpread = 0.15;

/// A move as the player actually performs it.
struct ExecutedMove {
    int wait = 0;                    ///< idle ticks before the first frame
    std::vector<InputFrame> frames;  ///< one per tick
};

/// The player's execution of a planned move (`wait` idle ticks, then `planned`), drawn
/// from `rng`: the wait and every run of equal frames (each press / release) are off by
/// N(0, timing_noise_ticks) ticks; then every up press (a jump) is moved by
/// N(0, jump_timing_noise_ticks) ticks -- frames before it repeated or dropped, so the
/// rest of the move follows the take-off -- and its release by N(0, jump_hold_noise_ticks)
/// with the other keys unchanged. A move with k jumps gets k independent jump errors. Every
/// segment keeps at least one tick and every jump keeps its press edge (no jump is lost or
/// merged into the previous one). The expert (all noise 0) draws nothing and returns the
/// plan unchanged.
ExecutedMove apply_execution_errors(const SkillProfile& skill, Rng& rng,
                                    const std::vector<InputFrame>& planned, int wait);

/// One line describing a profile (for logs and the database's meta table).
std::string describe(const SkillProfile& skill);

}  // namespace sawtooth::bot
