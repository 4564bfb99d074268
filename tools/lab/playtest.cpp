#include "tools/lab/playtest.hpp"

#include "gen/rng.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/study_players.hpp"

namespace sawtooth::lab {

namespace {

/// Keeps the panel's participant seeds apart from every study's (study seeds are small
/// numbers mixed the same way).
constexpr std::uint64_t kPanelSalt = 0x706c61797465737aULL;  // "playtesz"

}  // namespace

std::vector<PlaytestResult> playtest_levels(const std::vector<const Level*>& levels,
                                            const PlaytestPanel& panel, int threads) {
    std::vector<std::uint64_t> seeds;
    std::vector<bot::SkillProfile> skills;
    for (int p = 0; p < panel.players; ++p) {
        seeds.push_back(participant_seed(mix_seed(kPanelSalt, panel.seed), p));
        Rng rng(seeds.back());
        skills.push_back(bot::draw_skill_in_group(panel.group, rng));
    }
    const std::size_t players = seeds.size(), plays = levels.size() * players;
    std::vector<bot::PlayResult> results(plays);
    ProgressLine progress("playtesting", plays);
    parallel_for(plays, threads, [&](std::size_t i) {
        const std::size_t level = i / players, p = i % players;
        bot::PlayResult r = play_stage(*levels[level], skills[p], seeds[p], level);
        r.inputs.clear();
        results[i] = std::move(r);
        progress.advance();
    });
    progress.finish();
    std::vector<PlaytestResult> out(levels.size());
    for (std::size_t i = 0; i < plays; ++i) {
        PlaytestResult& o = out[i / players];
        o.mean_deaths += static_cast<double>(results[i].deaths) / static_cast<double>(players);
        o.completed += results[i].end == bot::PlayEnd::Exit;
        o.skipped += results[i].end == bot::PlayEnd::Skipped;
    }
    return out;
}

}  // namespace sawtooth::lab
