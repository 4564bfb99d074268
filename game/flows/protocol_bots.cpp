#include "game/flows/protocol_bots.hpp"

#include "game/flows/protocol_plan.hpp"
#include "game/flows/synthetic_players.hpp"
#include "gen/rng.hpp"
#include "telemetry/recording/recorder.hpp"

#include <optional>

namespace sawtooth::flows {

namespace {

/// One synthetic participant's session under the protocol.
class BotSession {
public:
    BotSession(const telemetry::StudyProtocol& protocol, const std::shared_ptr<telemetry::Store>& store,
               std::uint64_t seed)
        : m_protocol(protocol), m_store(store), m_seed(seed) {
        Rng rng(seed);
        m_skill = bot::draw_participant_skill(rng);
    }

    /// Plans, plays and records the participant; counts into `tally`.
    void run(const std::vector<Level>& tutorials, ProtocolBotsResult& result) {
        const std::string participant = m_store->create_participant();
        const ParticipantPlan plan = plan_participant(*m_store, m_protocol, participant);
        const telemetry::Condition& condition =
            m_protocol.conditions[static_cast<std::size_t>(plan.condition)];
        ConditionTally& tally = result.conditions[static_cast<std::size_t>(plan.condition)];
        ++tally.participants;
        std::unique_ptr<analysis::AdaptiveRun> adaptive;
        if (plan.adaptive) adaptive = resume_adaptive_run(*m_store, m_protocol, condition, participant);
        telemetry::SessionRecorder session(m_store, participant, telemetry::SessionMode::Study,
                                           telemetry::SessionProtocol{m_protocol.hash, condition.name});
        record_synthetic_skill(*m_store, participant, m_skill);
        if (m_protocol.tutorials)
            for (std::size_t t = 0; t < tutorials.size(); ++t)
                play(telemetry::LevelKind::Tutorial, "Tutorial " + std::to_string(t + 1), tutorials[t],
                     std::nullopt, session, result);
        for (int k = plan.resume_at + 1; k <= plan.level_count; ++k) {
            GenParams params;
            if (adaptive) {
                const analysis::Choice choice = adaptive->next_level();
                if (choice.candidate < 0) break;
                params = adaptive->candidate(choice).params;
            } else {
                params = plan.levels[static_cast<std::size_t>(k - 1)];
            }
            const std::string name = "Level " + std::to_string(k) + "/" + std::to_string(plan.level_count);
            GeneratedLevel g = generate_level(params);
            ++tally.levels;
            if (!g.ok) {
                ++tally.skipped;
                continue;
            }
            const Outcome o = play(telemetry::LevelKind::Generated, name, g.level, params, session, result);
            tally.completed += o.completed;
            tally.skipped += !o.completed;
            tally.deaths += o.deaths;
            if (adaptive) adaptive->record_outcome(m_store->load_events(o.level_id));
        }
        session.end(telemetry::SessionEnd::Finished);
        ++result.sessions;
    }

private:
    struct Outcome {
        std::int64_t level_id = 0;
        bool completed = false;
        int deaths = 0;
    };

    Outcome play(telemetry::LevelKind kind, const std::string& name, const Level& level,
                 const std::optional<GenParams>& params, telemetry::SessionRecorder& session,
                 ProtocolBotsResult& result) {
        telemetry::LevelSource source;
        source.kind = kind;
        source.name = name;
        source.params = params;
        source.level = level;
        const bot::PlayResult r = play_stage(level, m_skill, m_seed, m_stage++);
        result.simulated_ticks += r.ticks;
        Outcome o;
        o.level_id = record_play(session, source, r);
        o.completed = r.end == bot::PlayEnd::Exit;
        o.deaths = r.deaths;
        return o;
    }

    const telemetry::StudyProtocol& m_protocol;
    std::shared_ptr<telemetry::Store> m_store;
    std::uint64_t m_seed;
    bot::SkillProfile m_skill;
    std::size_t m_stage = 0;
};

}  // namespace

ProtocolBotsResult run_protocol_with_bots(const telemetry::StudyProtocol& protocol,
                                          const std::shared_ptr<telemetry::Store>& store,
                                          const ProtocolBotsRequest& request) {
    ProtocolBotsResult result;
    for (const telemetry::Condition& c : protocol.conditions) {
        ConditionTally tally;
        tally.name = c.name;
        result.conditions.push_back(tally);
    }
    for (int i = 0; i < request.players; ++i) {
        BotSession(protocol, store, participant_seed(request.seed, i)).run(request.tutorials, result);
        if (request.on_participant) request.on_participant();
    }
    return result;
}

}  // namespace sawtooth::flows
