#include "game/words/simulated_player.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "gen/det_math.hpp"
#include "gen/words/scan.hpp"

namespace sawtooth::words {

namespace {
// skillFactor = kSkillFloor + kSkillSpan * skill: a novice spots at 0.4x, an expert at 1.6x.
constexpr double kSkillFloor = 0.4;
constexpr double kSkillSpan = 1.2;
// Challenge length up to which crowding costs nothing.
constexpr int kCrowdFreeLength = 6;

double skill_factor(const PlayerProfile& p) {
    return kSkillFloor + kSkillSpan * std::clamp(p.skill, 0.0, 1.0);
}

std::uint32_t seconds_to_ticks(double s) {
    return static_cast<std::uint32_t>(std::max(1.0, std::round(s * kTicksPerSecond)));
}
}  // namespace

double familiarity(const PlayerModel& m, std::uint64_t count) {
    const double f = det::log10(1.0 + static_cast<double>(count)) / m.familiar_log10;
    return std::clamp(f, m.min_familiarity, 1.0);
}

double spot_rate(const PlayerModel& m, const PlayerProfile& p, int length, int max_sequence,
                 int split_distance, bool keeps_two_x, double familiar, int challenge_length) {
    const double x = m.seq_weight * (max_sequence - 1) + m.len_weight * (length - kMinWordLength) -
                     m.split_weight * split_distance - m.crowd_weight * (challenge_length - kCrowdFreeLength);
    return m.base_rate * skill_factor(p) * det::exp(x) * (keeps_two_x ? m.two_x_boost : 1.0) * familiar;
}

void simulate_challenge(const Dictionary& dict, LevelPlay& level, const PlayerProfile& player,
                        const PlayerModel& m, Rng& rng) {
    const ChallengePlay& c = level.current();
    const int index = level.current_index();
    const WordScan scan = scan_words(dict, c.letters());
    const std::uint32_t full = (1u << c.letters().size()) - 1u;

    // Race of exponential clocks: the earliest spotted word wins.
    double best_t = std::numeric_limits<double>::infinity();
    std::uint32_t target = 0;
    for (const FoundWord& w : scan.words) {
        if (w.best_mask == full) continue;
        const bool two_x = c.challenge().two_x >= 0 && (w.best_mask >> c.challenge().two_x & 1u);
        const WordFeatures& f = w.features;
        const double rate =
            spot_rate(m, player, f.length, f.max_sequence, f.split_distance, two_x,
                      familiarity(m, dict.entry(w.id).count), static_cast<int>(c.letters().size()));
        const double t = -det::log(1.0 - rng.uniform01()) / rate;
        if (t < best_t) {
            best_t = t;
            target = w.best_mask;
        }
    }
    const double speed = skill_factor(player);
    double now_s = m.read_seconds / speed + best_t;
    const std::uint32_t start = c.start_tick();
    auto at = [&](double s) { return start + seconds_to_ticks(s); };
    auto click_gap = [&]() { return m.click_seconds / speed * det::exp(m.click_jitter * rng.normal()); };

    if (target != 0 && at(now_s) < c.deadline_tick()) {
        std::vector<int> order;
        for (int i = 0; i < static_cast<int>(c.letters().size()); ++i)
            if (!(target >> i & 1u)) order.push_back(i);
        rng.shuffle(order);
        if (rng.chance(m.slip_chance * (1.0 - std::clamp(player.skill, 0.0, 1.0)))) {
            // A wrong letter first (one the word needs), then notice and reset.
            const int wrong = std::countr_zero(target);
            level.click(wrong, at(now_s));
            now_s += m.notice_seconds / speed;
            if (level.current_index() == index && level.status() == LevelStatus::Playing)
                level.reset(at(now_s));
            now_s += click_gap();
        }
        for (int i : order) {
            if (level.current_index() != index || level.status() != LevelStatus::Playing) break;
            level.click(i, at(now_s));
            now_s += click_gap();
        }
    }
    // Nothing found in time (or the plan overran): let the clock run out.
    if (level.current_index() == index && level.status() == LevelStatus::Playing)
        level.tick(level.current().deadline_tick());
}

LevelPlay simulate_level(const Dictionary& dict, std::vector<Challenge> challenges,
                         const PlayerProfile& player, Rng& rng, const PlayerModel& model,
                         LevelPlaySettings settings) {
    LevelPlay level(dict, std::move(challenges), 0, settings);
    while (level.status() == LevelStatus::Playing) simulate_challenge(dict, level, player, model, rng);
    return level;
}

}  // namespace sawtooth::words
