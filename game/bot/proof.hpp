#pragma once
// The playability proof (docs/bots.md "Playability proof"): the expert bot plays a level
// start -> exit and, on the level with start and exit swapped, exit -> start, each on a
// fresh Simulation and within a tick limit. A level is playable when both plays reach their
// goal. One copy, shared by `sawtooth-lab verify-levels`, `catalog --prove` and the level
// editor's live check (game/app/editor/editor_checks.hpp), which cancels a proof through
// ProofSettings::cancelled when a newer level arrives: the proof then ends with
// PlayEnd::Cancelled, no exception. Does not: generate levels, time the plays or draw.

#include "game/bot/expert_bot.hpp"
#include "gen/level.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace sawtooth::bot {

/// The expert finishes a study level in ~20 s of game time (1200 ticks); a play ten times
/// longer than the slowest seen is a stuck bot, not a slow one.
inline constexpr int kProofMaxTicks = 20000;

/// How a proof runs.
struct ProofSettings {
    int max_ticks = kProofMaxTicks;  ///< each direction gives up after this many ticks
    std::uint64_t seed = 0;          ///< the bot's noise seed (the expert has no noise)
    int path_every_ticks = 0;        ///< > 0: keep the player's position every N ticks
    /// Asked after every simulated tick; true ends the proof at once (PlayEnd::Cancelled).
    std::function<bool()> cancelled;
};

/// A point in world metres (x right, y up).
using WorldPoint = std::pair<double, double>;

/// One direction of a proof.
struct ProofPlay {
    PlayEnd end = PlayEnd::Stuck;
    std::uint64_t ticks = 0;  ///< simulated ticks played
    int deaths = 0;
    std::string note;              ///< why it did not reach the goal ("" when it did)
    std::vector<WorldPoint> path;  ///< with path_every_ticks: positions, and where it ended

    bool reached() const { return end == PlayEnd::Exit; }
    /// "stuck: no move from (12, 3) ..." ("" when it reached the goal).
    std::string failure() const;
};

/// Both directions of a proof.
struct LevelProof {
    ProofPlay forward;   ///< start -> exit
    ProofPlay backward;  ///< exit -> start (not played when the forward play was cancelled)

    bool playable() const { return forward.reached() && backward.reached(); }
    bool cancelled() const { return forward.end == PlayEnd::Cancelled || backward.end == PlayEnd::Cancelled; }
    /// "start->exit stuck: ...; exit->start out_of_time: ..." for the failing directions.
    std::string failure() const;
};

/// The expert plays `level` both ways (see the top of this file).
LevelProof prove_level(const Level& level, const ProofSettings& settings = {});

}  // namespace sawtooth::bot
