#include "game/words/level_panel.hpp"

#include "game/words/simulated_player.hpp"
#include "gen/rng.hpp"

#include <algorithm>

namespace sawtooth::words {

int max_level_score(const GeneratedLevel& level) {
    int max_score = 0;
    for (const auto& c : level.challenges) {
        int best = 0;
        for (const auto& sw : c.source_words) best = std::max(best, static_cast<int>(sw.size()));
        max_score += best * (c.two_x >= 0 ? kTwoXMultiplier : 1);
    }
    return max_score;
}

LevelPanelResult simulate_level_panel(const Dictionary& dict, const ModeLevel& level, int level_number,
                                      const LevelPanelSettings& settings) {
    const GeneratedLevel g = generate_mode_level(dict, level);
    const int max_score = max_level_score(g);
    double words = 0, score = 0, timeouts = 0, solve_ticks = 0, solved = 0;
    LevelPanelResult out;
    for (int p = 0; p < settings.players; ++p) {
        Rng rng(mix_seed(mix_seed(settings.seed, static_cast<std::uint64_t>(level_number)),
                         static_cast<std::uint64_t>(p)));
        const double skill = settings.skill_lo + (settings.skill_hi - settings.skill_lo) * rng.uniform01();
        const LevelPlay play = simulate_level(dict, g.challenges, PlayerProfile{skill}, rng);
        words += play.words_found();
        score += static_cast<double>(play.total_score()) / max_score;
        timeouts += play.status() == LevelStatus::TimedOut ? 1 : 0;
        for (const auto& r : play.results())
            if (r.status == ChallengeStatus::Solved) {
                solve_ticks += r.end_tick - r.start_tick;
                ++solved;
            }
        if (settings.keep_plays)
            out.plays.push_back({skill, play.words_found(), play.total_score(), play.log()});
    }
    const double n = settings.players;
    out.mean_words = words / n;
    out.mean_normalized_score = score / n;
    out.timeout_rate = timeouts / n;
    out.seconds_per_word = solved > 0 ? solve_ticks / solved / kTicksPerSecond : 0.0;
    return out;
}

}  // namespace sawtooth::words
