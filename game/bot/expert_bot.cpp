#include "game/bot/expert_bot.hpp"

#include "game/bot/player.hpp"

#include <utility>

namespace sawtooth::bot {

const char* play_end_name(PlayEnd end) {
    switch (end) {
        case PlayEnd::Exit:
            return "exit";
        case PlayEnd::Skipped:
            return "skipped";
        case PlayEnd::Stuck:
            return "stuck";
        case PlayEnd::OutOfTime:
            return "out_of_time";
        case PlayEnd::Cancelled:
            return "cancelled";
    }
    return "?";
}

Bot::Bot(SkillProfile skill, std::uint64_t seed, BotSettings settings)
    : m_skill(skill), m_seed(seed), m_settings(settings) {}

PlayResult Bot::play(Simulation& sim, const StepCallback& on_step) {
    Player p(sim, m_skill, m_seed, m_settings, on_step);
    return p.play();
}

PlayResult play_level(const Level& level, const SkillProfile& skill, std::uint64_t seed,
                      const BotSettings& settings) {
    Simulation sim(level);
    return Bot(skill, seed, settings).play(sim);
}

Level reversed_level(const Level& level) {
    Level r = level;
    std::swap(r.start, r.exit);
    return r;
}

}  // namespace sawtooth::bot
