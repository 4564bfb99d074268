#include "game/bot/proof.hpp"

namespace sawtooth::bot {

namespace {

ProofPlay play_one_way(const Level& level, const ProofSettings& settings) {
    BotSettings limits;
    limits.max_ticks = settings.max_ticks;
    Simulation sim(level);
    ProofPlay out;
    const StepCallback on_step = [&](InputFrame, const Simulation& s) {
        if (settings.path_every_ticks > 0 &&
            s.tick() % static_cast<std::uint64_t>(settings.path_every_ticks) == 0)
            out.path.emplace_back(s.player().x, s.player().y);
        return settings.cancelled && settings.cancelled() ? StepVerdict::Stop : StepVerdict::Continue;
    };
    const PlayResult r = Bot(expert_skill(), settings.seed, limits).play(sim, on_step);
    if (settings.path_every_ticks > 0) out.path.emplace_back(sim.player().x, sim.player().y);
    out.end = r.end;
    out.ticks = r.ticks;
    out.deaths = r.deaths;
    out.note = r.note;
    return out;
}

}  // namespace

std::string ProofPlay::failure() const {
    if (reached()) return {};
    return std::string(play_end_name(end)) + ": " + note;
}

std::string LevelProof::failure() const {
    std::string out;
    if (!forward.reached()) out += "start->exit " + forward.failure() + "; ";
    if (!backward.reached()) out += "exit->start " + backward.failure();
    return out;
}

LevelProof prove_level(const Level& level, const ProofSettings& settings) {
    LevelProof proof;
    proof.forward = play_one_way(level, settings);
    if (proof.forward.end == PlayEnd::Cancelled) {
        proof.backward.end = PlayEnd::Cancelled;
        return proof;
    }
    proof.backward = play_one_way(reversed_level(level), settings);
    return proof;
}

}  // namespace sawtooth::bot
