#include "game/flows/synthetic_players.hpp"

#include "gen/error.hpp"
#include "gen/rng.hpp"
#include "gen/study_plan.hpp"
#include "telemetry/store/level_file.hpp"
#include "telemetry/store/sqlite.hpp"

#include <filesystem>

namespace sawtooth::flows {

std::uint64_t participant_seed(std::uint64_t study_seed, int i) {
    return mix_seed(study_seed, static_cast<std::uint64_t>(i) + 1);
}

namespace {

/// The noise seed of a participant's stage.
std::uint64_t stage_seed(std::uint64_t participant_seed, std::size_t stage) {
    return mix_seed(participant_seed, 1000 + stage);
}

telemetry::RecordedOutcome outcome_of(const Simulation& sim) {
    return sim.reached_exit() ? telemetry::RecordedOutcome::Completed : telemetry::RecordedOutcome::Skipped;
}

}  // namespace

bot::PlayResult play_stage(const Level& level, const bot::SkillProfile& skill, std::uint64_t participant_seed,
                           std::size_t stage) {
    return bot::play_level(level, skill, stage_seed(participant_seed, stage));
}

CapturedPlay play_and_capture_stage(const Level& level, const bot::SkillProfile& skill,
                                    std::uint64_t participant_seed, std::size_t stage) {
    Simulation sim(level);
    // Flushes at the input chunks' ends only: the rows are the same, and fewer are kept.
    telemetry::RecorderSettings settings;
    settings.flush_ticks = settings.chunk_ticks;
    telemetry::LevelCapture capture(sim, settings);
    CapturedPlay out;
    out.level.pos_sample_ticks = settings.pos_sample_ticks;
    auto cut = [&] {
        out.level.flushes.push_back(capture.pending());
        capture.forget_committed();
    };
    cut();
    auto on_step = [&](InputFrame f, const Simulation& s) {
        if (!capture.add_tick(f, s))
            throw Error("a synthetic play skipped a tick at " + std::to_string(s.tick()));
        if (capture.flush_due()) cut();
        return bot::StepVerdict::Continue;
    };
    out.play = bot::Bot(skill, stage_seed(participant_seed, stage)).play(sim, on_step);
    capture.finish(outcome_of(sim), sim);
    cut();
    return out;
}

std::int64_t record_play(telemetry::SessionRecorder& session, const telemetry::LevelSource& source,
                         const bot::PlayResult& play) {
    Simulation sim(source.level);
    auto rec = session.begin_level(source, sim);
    for (const InputFrame f : play.inputs) {
        sim.step(f);
        rec->record_tick(f, sim);
    }
    rec->finish(outcome_of(sim), sim);
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
