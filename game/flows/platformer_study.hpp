#pragma once
// The simulated platformer study (`sawtooth-lab simulate-study`, thesis ch. 5, docs/bots.md):
// synthetic participants with skills drawn from docs/bots.md's distribution each play the
// thesis session (the tutorials, then the study levels drawn from their session seed,
// gen/study_plan.hpp, or every level of a pack in its order), skipping a level when their
// patience runs out (a switch event). Workers simulate the participants in any order; the
// caller's thread records them through the real recorders in participant order, so the same
// seed gives the same inputs and events whatever the worker count. Every recorded level is
// then replay-verified and cut into event traces on the workers (read-only stores), and the
// figures of thesis Fig. 5.1 are counted with the mean deaths by position per skill group
// (docs/difficulty.md "Difficulty by position").
// Does not: parse or check options, draw progress lines or print.

#include "game/bot/expert_bot.hpp"
#include "gen/level.hpp"
#include "telemetry/analysis/position_trend.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sawtooth::flows {

/// What to run.
struct PlatformerStudyRequest {
    int players = 53;              ///< >= 1
    std::uint64_t seed = 1;        ///< same seed, same participants and plays
    int levels = 10;               ///< study levels drawn per session (1..10), without a pack
    std::string pack;              ///< a level pack file: every session plays its levels instead
    std::string db;                ///< database to record into (created when missing)
    std::vector<Level> tutorials;  ///< played first by everyone (read_study_tutorials)
    bool verify = true;            ///< replay-verify every recorded level
    int threads = 1;               ///< workers
};

/// Progress and per-play hooks, all optional; `advance` and `on_play` come from one thread
/// at a time (`advance` of the check stage from any worker).
struct PlatformerStudyHooks {
    /// A stage begins: "simulating and recording participants", then "replay-checking levels"
    /// (or "cutting event traces" without verify), with its number of items.
    std::function<void(std::string_view label, std::size_t total)> stage;
    std::function<void()> advance;  ///< one item of the current stage done
    /// A participant's play, in recording order: participant (0-based), their skill, the
    /// level's name and the play.
    std::function<void(int participant, const bot::SkillProfile& skill, const std::string& level,
                       const bot::PlayResult& play)>
        on_play;
};

/// What a simulated study recorded and found.
struct PlatformerStudy {
    std::vector<std::int64_t> level_ids;  ///< every recorded level, tutorials included, in order
    std::map<std::string, int> groups;    ///< participants per skill group name
    int stuck = 0;                        ///< plays that ended stuck or out of time
    int skipped_tutorials = 0;
    std::uint64_t sim_ticks = 0;
    /// Mean deaths at each position of the session after the tutorials (index 0: the first
    /// study level), Spearman's rho and its participant bootstrap interval (1000 replicates,
    /// 90 %, seed 1), by skill group in capitals ("GOOD") and "ALL".
    std::map<std::string, analysis::PositionTrend> deaths_by_position;
    // Fig. 5.1's counts over the recorded generated levels.
    int levels = 0;  ///< generated levels (level_ids minus the tutorials)
    int switches = 0;
    int traces = 0;
    int mapped = 0;    ///< event traces mapped to a challenge
    int verified = 0;  ///< levels that replay exactly (0 without verify)
    int deaths = 0;
    int completed = 0;
    std::vector<std::string> desyncs;  ///< "level ID tick T: what" for each level that does not replay
    double record_seconds = 0.0;       ///< simulating and recording
    double seconds = 0.0;              ///< everything from the first simulation to the last check
};

/// Runs the study into `request.db`. Throws sawtooth::Error naming a participant whose
/// simulation failed, a hand-made pack level, or a replay check that could not run; what the
/// store and the pack reader throw. Levels that do not replay are listed in `desyncs`.
PlatformerStudy run_platformer_study(const PlatformerStudyRequest& request,
                                     const PlatformerStudyHooks& hooks = {});

}  // namespace sawtooth::flows
