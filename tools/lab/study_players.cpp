#include "tools/lab/study_players.hpp"

#include "gen/rng.hpp"

namespace sawtooth::lab {

std::uint64_t participant_seed(std::uint64_t study_seed, int i) {
    return mix_seed(study_seed, static_cast<std::uint64_t>(i) + 1);
}

bot::PlayResult play_stage(const Level& level, const bot::SkillProfile& skill, std::uint64_t participant_seed,
                           std::size_t stage) {
    return bot::play_level(level, skill, mix_seed(participant_seed, 1000 + stage));
}

}  // namespace sawtooth::lab
