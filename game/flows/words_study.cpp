#include "game/flows/words_study.hpp"

#include "game/words/modes.hpp"
#include "game/words/simulated_player.hpp"
#include "gen/rng.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "telemetry/store/stored_kinds.hpp"

#include <algorithm>
#include <memory>

namespace sawtooth::flows {

namespace w = sawtooth::words;

namespace {

/// Player skill ~ Normal(kSkillMean, kSkillSd) clipped to [kSkillMin, kSkillMax]: most
/// players average, a few novices and experts (the bot's skill is 0..1).
constexpr double kSkillMean = 0.5;
constexpr double kSkillSd = 0.18;
constexpr double kSkillMin = 0.05;
constexpr double kSkillMax = 0.95;
/// After a level a player goes on with probability kContinueBase + kContinueGain * words/10:
/// players who do well keep playing (paper Fig. 2: most play few levels, a few play many).
constexpr double kContinueBase = 0.4;
constexpr double kContinueGain = 0.4;
/// Salt of the study's seed stream (distinct from the platformer study's).
constexpr std::uint64_t kWordsStudySalt = 0x776f72647374ull;  // "wordst"

struct PlayedLevel {
    int level = 0;
    std::vector<w::Action> actions;
    int words = 0;
};

struct SimPlayer {
    double skill = 0.0;
    std::vector<PlayedLevel> levels;
};

SimPlayer simulate_player(const w::Dictionary& dict, const std::vector<w::GeneratedLevel>& levels,
                          std::uint64_t seed) {
    SimPlayer p;
    Rng rng(seed);
    p.skill = std::clamp(kSkillMean + kSkillSd * rng.normal(), kSkillMin, kSkillMax);
    for (std::size_t i = 0; i < levels.size(); ++i) {
        Rng level_rng(mix_seed(seed, i + 1));
        const w::LevelPlay play =
            w::simulate_level(dict, levels[i].challenges, w::PlayerProfile{p.skill}, level_rng);
        p.levels.push_back({static_cast<int>(i) + 1, play.log(), play.words_found()});
        const double go_on = kContinueBase + kContinueGain * play.words_found() / w::kChallengesPerLevel;
        if (!rng.chance(go_on)) break;
    }
    return p;
}

/// The Levels mode as every player sees it (kLevelsModeSeed), generated once.
struct ModeLevels {
    std::vector<w::ModeLevel> modes;
    std::vector<w::GeneratedLevel> levels;
};

ModeLevels generate_mode_levels(const w::Dictionary& dict, int count) {
    // One run in play order: each level avoids the earlier levels' challenges, so the
    // levels are not independent and are generated once each, in sequence.
    ModeLevels m;
    m.levels = w::generate_mode_run(dict, w::levels_mode_level(count));
    for (int i = 1; i <= count; ++i) m.modes.push_back(w::levels_mode_level(i));
    return m;
}

/// Records every player's levels, in player order, through the game's store calls.
WordsStudyRecorded record_players(telemetry::Store& store, const std::vector<SimPlayer>& players,
                                  const ModeLevels& m, const w::Dictionary& dict, std::uint64_t dict_hash) {
    WordsStudyRecorded r;
    r.players_per_level.assign(m.modes.size(), 0);
    for (const SimPlayer& p : players) {
        const std::string pid = store.create_participant();
        const std::int64_t sid = store.begin_session(pid, telemetry::SessionMode::WordsLevels);
        for (const PlayedLevel& pl : p.levels) {
            const auto k = static_cast<std::size_t>(pl.level - 1);
            r.word_level_ids.push_back(telemetry::record_word_level(store, sid, m.modes[k], dict, dict_hash,
                                                                    m.levels[k].challenges, pl.actions));
            r.actions += static_cast<long long>(pl.actions.size());
            r.words += pl.words;
            r.challenges += std::min(pl.words + 1, w::kChallengesPerLevel);
            ++r.players_per_level[k];
        }
        store.end_session(sid, telemetry::SessionEnd::Finished);
    }
    return r;
}

}  // namespace

WordsStudyRecorded run_words_study(telemetry::Store& store, const w::Dictionary& dict,
                                   std::uint64_t dict_hash, const WordsStudyRequest& request) {
    const ModeLevels m = generate_mode_levels(dict, request.levels);
    if (request.on_levels_generated) request.on_levels_generated();
    std::vector<SimPlayer> players(static_cast<std::size_t>(request.players));
    const std::uint64_t base = mix_seed(request.seed, kWordsStudySalt);
    request.for_each(players.size(),
                     [&](std::size_t i) { players[i] = simulate_player(dict, m.levels, mix_seed(base, i)); });
    return record_players(store, players, m, dict, dict_hash);
}

std::string word_replay_problem(telemetry::Store& store, const w::Dictionary& dict, std::uint64_t dict_hash,
                                std::int64_t id) {
    try {
        const auto rec = telemetry::load_word_recording(store, id);
        const auto rep = telemetry::verify_word_replay(dict, dict_hash, rec);
        if (rep.mismatch) return *rep.mismatch;
        return rep.regenerated ? "" : "not regenerated";
    } catch (const std::exception& e) {
        const std::string why = e.what();
        return why.empty() ? "replay failed" : why;
    }
}

std::vector<std::string> verify_word_levels(const std::string& db_path, const std::vector<std::int64_t>& ids,
                                            const w::Dictionary& dict, std::uint64_t dict_hash, int workers,
                                            const analysis::ForEach& for_each,
                                            const std::function<void()>& on_level) {
    std::vector<std::string> problems(ids.size());
    const std::size_t n = ids.size();
    const auto jobs = static_cast<std::size_t>(std::max(1, std::min(workers, static_cast<int>(n))));
    std::vector<std::unique_ptr<telemetry::Store>> stores;  // opened here: a job must not throw
    for (std::size_t j = 0; j < jobs; ++j)
        stores.push_back(std::make_unique<telemetry::Store>(telemetry::Store::open_read_only(db_path)));
    for_each(jobs, [&](std::size_t job) {
        for (std::size_t i = job; i < n; i += jobs) {
            problems[i] = word_replay_problem(*stores[job], dict, dict_hash, ids[i]);
            if (on_level) on_level();
        }
    });
    return problems;
}

}  // namespace sawtooth::flows
