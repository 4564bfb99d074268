#pragma once
// The synthetic participants of the simulated studies and how they play and are recorded:
// shared by `sawtooth-lab simulate-study`, `adaptive-sim`, the playtest panel (playtest.hpp) and the
// protocol run with synthetic players (protocol_bots.hpp), so all draw the same players from
// the same seeds, run levels the same way and record them as the game records a person.
// Does not: choose levels, or draw skills (game/bot/skill.hpp).

#include "game/bot/expert_bot.hpp"
#include "gen/level.hpp"
#include "telemetry/recording/recorder.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sawtooth::flows {

/// Per-participant seed: everything participant i (0-based) does follows from it.
std::uint64_t participant_seed(std::uint64_t study_seed, int i);

/// Stage `stage` (0-based, in play order) of a participant played by its synthetic player:
/// the bot with the participant's skill and the stage's own noise seed.
bot::PlayResult play_stage(const Level& level, const bot::SkillProfile& skill, std::uint64_t participant_seed,
                           std::size_t stage);

/// A stage played as play_stage plays it, recorded during the play itself as the
/// recorder records a person's (telemetry::LevelCapture): no second simulation is needed
/// to record it (SessionRecorder::record_captured). Completed when it reached the exit,
/// else skipped, as record_play.
struct CapturedPlay {
    bot::PlayResult play;
    telemetry::CapturedLevel level;
};
CapturedPlay play_and_capture_stage(const Level& level, const bot::SkillProfile& skill,
                                    std::uint64_t participant_seed, std::size_t stage);

/// Records a play through the real recorders (as a person's: the inputs are fed to a fresh
/// Simulation tick by tick and the recorder sees each step); completed when it reached the
/// exit, else skipped. Returns the level_id.
std::int64_t record_play(telemetry::SessionRecorder& session, const telemetry::LevelSource& source,
                         const bot::PlayResult& play);

/// Stores a synthetic participant's skill (meta "synthetic_skill:<id>"), for analyses by
/// skill group (thesis 5.4); people have none.
void record_synthetic_skill(telemetry::Store& store, const std::string& participant,
                            const bot::SkillProfile& skill);

/// The thesis session's tutorial levels from `asset_dir`/levels (gen/study_plan.hpp names
/// them; a missing one is replaced by test.txt). Throws telemetry::LevelFileError.
std::vector<Level> read_study_tutorials(const std::string& asset_dir);

}  // namespace sawtooth::flows
