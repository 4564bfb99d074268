#include "game/flows/playtest.hpp"

#include "game/flows/synthetic_players.hpp"
#include "gen/rng.hpp"

namespace sawtooth::flows {

namespace {

/// Keeps the panel's participant seeds apart from every study's (study seeds are small
/// numbers mixed the same way).
constexpr std::uint64_t kPanelSalt = 0x706c61797465737aULL;  // "playtesz"

}  // namespace

std::optional<bot::SkillGroup> panel_group_named(std::string_view name) {
    const std::optional<bot::SkillGroup> group = bot::skill_group_named(name);
    if (group == bot::SkillGroup::Expert) return std::nullopt;
    return group;
}

std::vector<PlaytestResult> playtest_levels(const std::vector<const Level*>& levels,
                                            const PlaytestPanel& panel, const analysis::ForEach& for_each) {
    std::vector<std::uint64_t> seeds;
    std::vector<bot::SkillProfile> skills;
    for (int p = 0; p < panel.players; ++p) {
        seeds.push_back(participant_seed(mix_seed(kPanelSalt, panel.seed), p));
        Rng rng(seeds.back());
        skills.push_back(bot::draw_skill_in_group(panel.group, rng));
    }
    const std::size_t players = seeds.size(), plays = levels.size() * players;
    std::vector<bot::PlayResult> results(plays);
    for_each(plays, [&](std::size_t i) {
        const std::size_t level = i / players, p = i % players;
        bot::PlayResult r = play_stage(*levels[level], skills[p], seeds[p], level);
        r.inputs.clear();
        results[i] = std::move(r);
    });
    std::vector<PlaytestResult> out(levels.size());
    for (std::size_t i = 0; i < plays; ++i) {
        PlaytestResult& o = out[i / players];
        o.mean_deaths += static_cast<double>(results[i].deaths) / static_cast<double>(players);
        o.completed += results[i].end == bot::PlayEnd::Exit;
        o.skipped += results[i].end == bot::PlayEnd::Skipped;
    }
    return out;
}

}  // namespace sawtooth::flows
