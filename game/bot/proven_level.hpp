#pragma once
// A level's playability proof (game/bot/proof.hpp) as the lab reports it: a generated level
// proven with the seed it came from, or a generation that failed, with the level's text when
// a play failed. Used by `verify-levels` (game/flows/level_verification.hpp).
// Does not: time the proof (the caller fills `seconds`) or print.

#include "game/bot/proof.hpp"
#include "gen/generator.hpp"

#include <cstdint>
#include <string>

namespace sawtooth::bot {

/// A level's playability proof (game/bot/proof.hpp) as the bot commands report it.
struct ProvenLevel {
    bool generated = false;
    bot::LevelProof proof;
    std::string note;        ///< why it failed: generation, or where a failing play ended
    std::string level_text;  ///< the level, when a play failed
    double seconds = 0.0;    ///< filled by callers that time it
};

/// The expert plays `level` (generated from `seed`) both ways, each up to `max_ticks`.
ProvenLevel prove_generated(const Level& level, std::uint64_t seed, int max_ticks);
/// Generates the level of `params` and proves it (a failed generation is not proven).
ProvenLevel prove_params(const GenParams& params, int max_ticks);

}  // namespace sawtooth::bot
