#include "game/flows/power_players.hpp"

#include "game/bot/expert_bot.hpp"
#include "game/flows/synthetic_players.hpp"
#include "gen/generator.hpp"
#include "gen/rng.hpp"
#include "gen/study_plan.hpp"
#include "telemetry/analysis/event_trace.hpp"
#include "telemetry/analysis/power_population.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/store/events.hpp"

#include <filesystem>
#include <iterator>
#include <thread>

namespace sawtooth::flows {

namespace {

constexpr int kTutorials = static_cast<int>(std::size(kStudyTutorialFiles));
/// Stage numbers of condition c start at kTutorials + c * kConditionStride (condition 0 is
/// numbered as simulate-study numbers its session's stages).
constexpr int kConditionStride = 100;

std::shared_ptr<const analysis::ChallengeGraph> graph_of(const Level& level, const LevelGraph& graph) {
    return std::make_shared<analysis::ChallengeGraph>(
        analysis::challenge_graph(level, graph, graph.stand(level.start), graph.stand(level.exit)));
}

PowerCondition pack_condition(const std::string& file) {
    const telemetry::Pack pack = telemetry::read_pack(file);
    PowerCondition c;
    c.name = "pack:" + std::filesystem::path(file).filename().string();
    for (std::size_t k = 0; k < pack.levels.size(); ++k) {
        const telemetry::PackLevel& l = pack.levels[k];
        if (l.hand_made())
            throw analysis::ModelError(file + ": level " + std::to_string(k + 1) +
                                       " is hand-made; the power population plays generated levels");
        PowerCondition::PackLevel pl;
        pl.level = telemetry::pack_level(l, file);
        pl.level_index = l.params.level_index;
        pl.graph = graph_of(pl.level, build_level_graph(pl.level));
        c.pack.push_back(std::move(pl));
    }
    return c;
}

/// One play of `level` at stage `stage`, with its traces and G'.
analysis::PopulationLevel play_level(const Level& level, const bot::SkillProfile& skill, std::uint64_t seed,
                                     int stage, std::shared_ptr<const analysis::ChallengeGraph> graph) {
    const bot::PlayResult play = play_stage(level, skill, seed, static_cast<std::size_t>(stage));
    const LevelGraph lg = build_level_graph(level);
    analysis::PopulationLevel out;
    out.deaths = play.deaths;
    out.skipped = play.end != bot::PlayEnd::Exit;
    for (const analysis::MappedTrace& t :
         analysis::level_traces(level, lg, telemetry::play_events(level, play.inputs)))
        out.traces.push_back(analysis::Sample{t.params, t.trace.success});
    out.graph = graph ? std::move(graph) : graph_of(level, lg);
    return out;
}

}  // namespace

PowerDesign power_design(const std::vector<std::string>& specs) {
    PowerDesign d;
    for (const std::string& s : specs) {
        if (s == "drawn") {
            PowerCondition c;
            c.name = "drawn";
            c.drawn = kStudyLevels;
            d.conditions.push_back(std::move(c));
        } else {
            d.conditions.push_back(pack_condition(s));
        }
    }
    return d;
}

analysis::PopulationParticipant simulate_power_participant(const PowerDesign& design, std::uint64_t seed,
                                                           int i) {
    const std::uint64_t pseed = participant_seed(seed, i);
    Rng rng(pseed);
    const bot::SkillProfile skill = bot::draw_participant_skill(rng);
    const std::uint64_t session_seed = rng.next_u64();  // as simulate-study draws it
    analysis::PopulationParticipant p;
    p.skill = bot::describe(skill);
    for (std::size_t c = 0; c < design.conditions.size(); ++c) {
        const PowerCondition& cond = design.conditions[c];
        const int base = kTutorials + static_cast<int>(c) * kConditionStride;
        const int levels = cond.drawn > 0 ? cond.drawn : static_cast<int>(cond.pack.size());
        for (int k = 0; k < levels; ++k) {
            analysis::PopulationLevel l;
            if (cond.drawn > 0) {
                StudyLevel drawn = draw_study_level(session_seed, k + 1);
                if (!drawn.ok)
                    throw analysis::ModelError("study level " + std::to_string(k + 1) +
                                               " does not generate: " + drawn.error);
                l = play_level(drawn.level, skill, pseed, base + k, nullptr);
                l.level_index = drawn.params.level_index;
                l.level_key =
                    std::string("p") + std::to_string(i) + "/c" + std::to_string(c) + "/" + std::to_string(k);
            } else {
                const PowerCondition::PackLevel& pl = cond.pack[static_cast<std::size_t>(k)];
                l = play_level(pl.level, skill, pseed, base + k, pl.graph);
                l.level_index = pl.level_index;
                l.level_key = std::string("c") + std::to_string(c) + "/" + std::to_string(k);
            }
            l.condition = static_cast<int>(c);
            l.position = k;
            p.levels.push_back(std::move(l));
        }
    }
    return p;
}

int grow_population(const std::string& path, const PowerDesign& design, std::uint64_t seed,
                    const GrowSettings& settings) {
    analysis::PopulationHeader header;
    header.seed = seed;
    header.generator_version = kGeneratorVersion;
    for (const PowerCondition& c : design.conditions) header.conditions.push_back(c.name);
    analysis::PopulationWriter writer(path, header);
    const int before = writer.count();
    const int threads = std::max(1, settings.threads);
    while (writer.count() < settings.participants) {
        const int first = writer.count();
        const int batch = std::min(threads, settings.participants - first);
        std::vector<analysis::PopulationParticipant> done(static_cast<std::size_t>(batch));
        std::vector<std::string> errors(done.size());
        std::vector<std::thread> pool;
        for (int b = 0; b < batch; ++b)
            pool.emplace_back([&, b] {
                try {
                    done[static_cast<std::size_t>(b)] = simulate_power_participant(design, seed, first + b);
                } catch (const std::exception& e) {
                    errors[static_cast<std::size_t>(b)] = e.what();
                }
            });
        for (std::thread& t : pool) t.join();
        for (int b = 0; b < batch; ++b) {
            if (!errors[static_cast<std::size_t>(b)].empty())
                throw analysis::ModelError("participant " + std::to_string(first + b + 1) + ": " +
                                           errors[static_cast<std::size_t>(b)]);
            writer.append(done[static_cast<std::size_t>(b)]);
            if (settings.on_participant) settings.on_participant(writer.count(), settings.participants);
        }
    }
    return before;
}

}  // namespace sawtooth::flows
