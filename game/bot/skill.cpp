#include "game/bot/skill.hpp"

#include "gen/det_math.hpp"

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
// Per-jump errors (on top of the press noise above): a jump is aimed at an edge and a
// landing, and people misjudge each one anew -- where to take off, and how long to hold
// for the height. Take-off: a few frames for casual players, about one for practised
// ones. Hold: jump height is controlled less precisely than a press (the release is not
// aimed at a visible event), so a little wider than the take-off error.
constexpr double kGoodJumpTiming = 1.0, kAverageJumpTiming = 2.0, kBadJumpTiming = 3.0;
constexpr double kGoodJumpHold = 1.5, kAverageJumpHold = 3.0, kBadJumpHold = 4.5;
constexpr int kGoodMargin = 4, kAverageMargin = 2, kBadMargin = 0;
constexpr int kGoodPatienceDeaths = 40, kAveragePatienceDeaths = 30, kBadPatienceDeaths = 22;
constexpr int kPatienceMinutes = 6;  ///< nobody stays much longer on one study level

int scaled(int v, double f) { return std::max(0, static_cast<int>(std::lround(v * f))); }

int draw_ticks(Rng& rng, double sd) {
    return sd > 0.0 ? static_cast<int>(std::lround(sd * rng.normal())) : 0;
}

/// Per-jump take-off and hold errors (see apply_execution_errors).
void add_jump_errors(const SkillProfile& skill, Rng& rng, std::vector<InputFrame>& frames, int& wait) {
    const double sd_t = skill.jump_timing_noise_ticks, sd_h = skill.jump_hold_noise_ticks;
    if (sd_t <= 0.0 && sd_h <= 0.0) return;
    auto up = [&frames](std::size_t i) { return (frames[i].bits & kInputUp) != 0; };
    std::size_t i = 0;
    while (i < frames.size()) {
        if (!up(i) || (i > 0 && up(i - 1))) {
            ++i;
            continue;
        }
        // Take-off late (e > 0: the frame before the press is held longer) or early.
        const int e = draw_ticks(rng, sd_t);
        if (e > 0 && i == 0) {
            wait += e;
        } else if (e > 0) {
            const InputFrame before = frames[i - 1];
            frames.insert(frames.begin() + static_cast<std::ptrdiff_t>(i), static_cast<std::size_t>(e),
                          before);
            i += static_cast<std::size_t>(e);
        } else if (e < 0) {
            // Early: the keys held just before the press are held shorter (the pause or
            // run-up), never less than a tick unless they are all there is before the press.
            std::size_t run = 0;
            while (run < i && frames[i - run - 1] == frames[i - 1]) ++run;
            const bool first_jump = run == i;  // nothing but the wait before it to shorten
            const std::size_t cut = std::min(static_cast<std::size_t>(-e), first_jump ? run : run - 1);
            frames.erase(frames.begin() + static_cast<std::ptrdiff_t>(i - cut),
                         frames.begin() + static_cast<std::ptrdiff_t>(i));
            i -= cut;
            if (first_jump) wait = std::max(0, wait + e + static_cast<int>(cut));
        }
        // Release h ticks late (higher jump) or early (lower), direction keys unchanged.
        std::size_t end = i;
        while (end < frames.size() && up(end)) ++end;
        const int h = draw_ticks(rng, sd_h);
        if (h > 0) {
            std::size_t next = end;  // the next press keeps a frame without up before it
            while (next < frames.size() && !up(next)) ++next;
            const std::size_t stop =
                std::min(end + static_cast<std::size_t>(h), next < frames.size() ? next - 1 : frames.size());
            for (std::size_t k = end; k < stop; ++k) frames[k].bits |= kInputUp;
            end = std::max(end, stop);
        } else if (h < 0) {
            const std::size_t from = std::max(i + 1, end - std::min(end, static_cast<std::size_t>(-h)));
            for (std::size_t k = from; k < end; ++k) frames[k].bits &= static_cast<std::uint8_t>(~kInputUp);
        }
        i = end;
    }
}
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

std::optional<SkillGroup> skill_group_named(std::string_view name) {
    for (const SkillGroup g : {SkillGroup::Expert, SkillGroup::Good, SkillGroup::Average, SkillGroup::Bad})
        if (name == skill_group_name(g)) return g;
    return std::nullopt;
}

SkillProfile expert_skill() {
    SkillProfile s;
    s.stance_before_timing = true;
    s.path_nodes_first = true;
    return s;
}

SkillProfile good_skill() {
    return {.group = SkillGroup::Good,
            .reaction_ticks = kGoodReaction,
            .think_ticks = kGoodThink,
            .timing_noise_ticks = kGoodNoise,
            .jump_timing_noise_ticks = kGoodJumpTiming,
            .jump_hold_noise_ticks = kGoodJumpHold,
            .safety_margin_ticks = kGoodMargin,
            .patience_deaths = kGoodPatienceDeaths,
            .patience_ticks = kPatienceMinutes * 60 * 60};
}

SkillProfile average_skill() {
    return {.group = SkillGroup::Average,
            .reaction_ticks = kAverageReaction,
            .think_ticks = kAverageThink,
            .timing_noise_ticks = kAverageNoise,
            .jump_timing_noise_ticks = kAverageJumpTiming,
            .jump_hold_noise_ticks = kAverageJumpHold,
            .safety_margin_ticks = kAverageMargin,
            .patience_deaths = kAveragePatienceDeaths,
            .patience_ticks = kPatienceMinutes * 60 * 60};
}

SkillProfile bad_skill() {
    return {.group = SkillGroup::Bad,
            .reaction_ticks = kBadReaction,
            .think_ticks = kBadThink,
            .timing_noise_ticks = kBadNoise,
            .jump_timing_noise_ticks = kBadJumpTiming,
            .jump_hold_noise_ticks = kBadJumpHold,
            .safety_margin_ticks = kBadMargin,
            .patience_deaths = kBadPatienceDeaths,
            .patience_ticks = kPatienceMinutes * 60 * 60};
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
    return draw_skill_in_group(g, rng);
}

SkillProfile draw_skill_in_group(SkillGroup g, Rng& rng) {
    SkillProfile s = skill_preset(g);
    auto factor = [&] { return det::exp(kIndividualSpread * rng.normal()); };
    s.reaction_ticks = scaled(s.reaction_ticks, factor());
    s.think_ticks = scaled(s.think_ticks, factor());
    const double motor = factor();  // one person's motor noise scales all three
    s.timing_noise_ticks *= motor;
    s.jump_timing_noise_ticks *= motor;
    s.jump_hold_noise_ticks *= motor;
    s.patience_deaths = std::max(1, scaled(s.patience_deaths, factor()));
    return s;
}

ExecutedMove apply_execution_errors(const SkillProfile& skill, Rng& rng,
                                    const std::vector<InputFrame>& planned, int wait) {
    ExecutedMove out{wait, {}};
    out.frames.reserve(planned.size() + 16);
    if (skill.timing_noise_ticks > 0.0) {
        out.wait = std::max(0, wait + draw_ticks(rng, skill.timing_noise_ticks));
        std::size_t i = 0;
        while (i < planned.size()) {
            std::size_t j = i;
            while (j < planned.size() && planned[j] == planned[i]) ++j;
            const int n = std::max(1, static_cast<int>(j - i) + draw_ticks(rng, skill.timing_noise_ticks));
            out.frames.insert(out.frames.end(), static_cast<std::size_t>(n), planned[i]);
            i = j;
        }
    } else {
        out.frames = planned;
    }
    add_jump_errors(skill, rng, out.frames, out.wait);
    return out;
}

std::string describe(const SkillProfile& s) {
    char buf[240];
    std::snprintf(buf, sizeof buf,
                  "%s reaction=%d think=%d noise=%.2f jump_timing=%.2f jump_hold=%.2f margin=%d "
                  "patience_deaths=%d patience_ticks=%d",
                  std::string(skill_group_name(s.group)).c_str(), s.reaction_ticks, s.think_ticks,
                  s.timing_noise_ticks, s.jump_timing_noise_ticks, s.jump_hold_noise_ticks,
                  s.safety_margin_ticks, s.patience_deaths, s.patience_ticks);
    return buf;
}

}  // namespace sawtooth::bot
