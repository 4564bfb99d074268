#include "game/sim/bot/skill.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sawtooth::bot {

namespace {
// Preset numbers (docs/bots.md explains them). Reaction: simple visual reaction is about
// 200-250 ms for practised players and slower for casual ones. Timing noise: the spread
// of a press against a rhythm, ~20 ms for good players, several frames for poor ones.
// Patience: calibrated so a 53-player study skips a few percent of levels, as the
// thesis' 19 switch events in 530 levels.
constexpr int kGoodReaction = 12, kAverageReaction = 15, kBadReaction = 20;
constexpr int kGoodThink = 10, kAverageThink = 20, kBadThink = 35;
constexpr double kGoodNoise = 1.2, kAverageNoise = 2.5, kBadNoise = 4.0;
constexpr int kGoodMargin = 4, kAverageMargin = 2, kBadMargin = 0;
constexpr int kGoodPatienceDeaths = 40, kAveragePatienceDeaths = 30, kBadPatienceDeaths = 22;
constexpr int kPatienceMinutes = 6;  ///< nobody stays much longer on one study level

int scaled(int v, double f) { return std::max(0, static_cast<int>(std::lround(v * f))); }
}  // namespace

std::string_view skill_group_name(SkillGroup group) {
    switch (group) {
        case SkillGroup::Expert:
            return "expert";
        case SkillGroup::Good:
            return "good";
        case SkillGroup::Average:
            return "average";
        case SkillGroup::Bad:
            return "bad";
    }
    return "?";
}

SkillProfile expert_skill() { return SkillProfile{}; }

SkillProfile good_skill() {
    return {
        SkillGroup::Good,          kGoodReaction, kGoodThink, kGoodNoise, kGoodMargin, kGoodPatienceDeaths,
        kPatienceMinutes * 60 * 60};
}

SkillProfile average_skill() {
    return {SkillGroup::Average,    kAverageReaction,          kAverageThink, kAverageNoise, kAverageMargin,
            kAveragePatienceDeaths, kPatienceMinutes * 60 * 60};
}

SkillProfile bad_skill() {
    return {SkillGroup::Bad,           kBadReaction, kBadThink, kBadNoise, kBadMargin, kBadPatienceDeaths,
            kPatienceMinutes * 60 * 60};
}

SkillProfile skill_preset(SkillGroup group) {
    switch (group) {
        case SkillGroup::Good:
            return good_skill();
        case SkillGroup::Average:
            return average_skill();
        case SkillGroup::Bad:
            return bad_skill();
        case SkillGroup::Expert:
            break;
    }
    return expert_skill();
}

SkillProfile draw_participant_skill(Rng& rng) {
    const double u = rng.uniform01();
    const SkillGroup g = u < kShareGood                   ? SkillGroup::Good
                         : u < kShareGood + kShareAverage ? SkillGroup::Average
                                                          : SkillGroup::Bad;
    SkillProfile s = skill_preset(g);
    auto factor = [&] { return std::exp(kIndividualSpread * rng.normal()); };
    s.reaction_ticks = scaled(s.reaction_ticks, factor());
    s.think_ticks = scaled(s.think_ticks, factor());
    s.timing_noise_ticks *= factor();
    s.patience_deaths = std::max(1, scaled(s.patience_deaths, factor()));
    return s;
}

std::string describe(const SkillProfile& s) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "%s reaction=%d think=%d noise=%.2f margin=%d patience_deaths=%d patience_ticks=%d",
                  std::string(skill_group_name(s.group)).c_str(), s.reaction_ticks, s.think_ticks,
                  s.timing_noise_ticks, s.safety_margin_ticks, s.patience_deaths, s.patience_ticks);
    return buf;
}

}  // namespace sawtooth::bot
