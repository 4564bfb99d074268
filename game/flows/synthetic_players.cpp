#include "game/flows/synthetic_players.hpp"

#include "gen/rng.hpp"
#include "gen/study_plan.hpp"
#include "telemetry/store/level_file.hpp"
#include "telemetry/store/sqlite.hpp"

#include <filesystem>

namespace sawtooth::flows {

std::uint64_t participant_seed(std::uint64_t study_seed, int i) {
    return mix_seed(study_seed, static_cast<std::uint64_t>(i) + 1);
}

bot::PlayResult play_stage(const Level& level, const bot::SkillProfile& skill, std::uint64_t participant_seed,
                           std::size_t stage) {
    return bot::play_level(level, skill, mix_seed(participant_seed, 1000 + stage));
}

std::int64_t record_play(telemetry::SessionRecorder& session, const telemetry::LevelSource& source,
                         const bot::PlayResult& play) {
    Simulation sim(source.level);
    auto rec = session.begin_level(source, sim);
    for (const InputFrame f : play.inputs) {
        sim.step(f);
        rec->record_tick(f, sim);
    }
    const bool done = sim.reached_exit();
    rec->finish(done ? telemetry::RecordedOutcome::Completed : telemetry::RecordedOutcome::Skipped, sim);
    return rec->level_id();
}

void record_synthetic_skill(telemetry::Store& store, const std::string& participant,
                            const bot::SkillProfile& skill) {
    telemetry::Statement st(store.db(), "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");
    st.bind(1, "synthetic_skill:" + participant).bind(2, bot::describe(skill)).run();
}

std::vector<Level> read_study_tutorials(const std::string& asset_dir) {
    std::vector<Level> out;
    const std::string dir = asset_dir + "/levels/";
    for (const char* name : kStudyTutorialFiles) {
        std::string file = dir + name;
        if (!std::filesystem::exists(file)) file = dir + "test.txt";
        out.push_back(telemetry::read_level_file(file));
    }
    return out;
}

}  // namespace sawtooth::flows
