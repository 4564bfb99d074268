#include "game/bot/proven_level.hpp"

#include "gen/level.hpp"

namespace sawtooth::bot {

ProvenLevel prove_generated(const Level& level, std::uint64_t seed, int max_ticks) {
    ProvenLevel o;
    o.generated = true;
    bot::ProofSettings settings;
    settings.max_ticks = max_ticks;
    settings.seed = seed;
    o.proof = bot::prove_level(level, settings);
    o.note = o.proof.failure();
    if (!o.proof.playable()) o.level_text = to_level_text(level);
    return o;
}

ProvenLevel prove_params(const GenParams& params, int max_ticks) {
    const GeneratedLevel g = generate_level(params);
    if (!g.ok) {
        ProvenLevel o;
        o.note = "generation failed: " + g.error;
        return o;
    }
    return prove_generated(g.level, params.seed, max_ticks);
}

}  // namespace sawtooth::bot
