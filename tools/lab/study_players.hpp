#pragma once
// The synthetic participants of the simulated studies and how they play one stage: shared
// by `study` (cmd_study.cpp) and `adaptive-sim` (cmd_adaptive_sim.cpp), so both draw the
// same players from the same seeds and run levels the same way. Does not: record (the
// commands do), choose levels, or draw skills (game/bot/skill.hpp).

#include "game/bot/expert_bot.hpp"
#include "gen/level.hpp"

#include <cstddef>
#include <cstdint>

namespace sawtooth::lab {

/// Per-participant seed: everything participant i (0-based) does follows from it.
std::uint64_t participant_seed(std::uint64_t study_seed, int i);

/// Stage `stage` (0-based, in play order) of a participant played by its synthetic player:
/// the bot with the participant's skill and the stage's own noise seed.
bot::PlayResult play_stage(const Level& level, const bot::SkillProfile& skill, std::uint64_t participant_seed,
                           std::size_t stage);

}  // namespace sawtooth::lab
