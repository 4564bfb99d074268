#pragma once
// A numbered run of challenges (`sawtooth-lab words gen`): challenge i of one parameter set
// for i = 0..count-1, no source word repeated within the run, then the 2X letters
// (docs/elimination.md).

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "gen/words/challenge_gen.hpp"

namespace sawtooth::words {

/// What a run asks for.
struct ChallengeRunSettings {
    std::uint64_t seed = 1;
    int count = 10;
    int num2x = -1;  ///< challenges given a 2X letter; negative: every one
};

/// Where a run stopped: the challenge no search found, with its own counters (what to relax).
struct ChallengeRunFailure {
    int index = 0;
    GenStats stats;
};

/// The challenges of a run and the counters of every search.
struct ChallengeRun {
    std::vector<Challenge> challenges;          ///< in order; only those before a failure
    GenStats stats;                             ///< summed over every challenge tried
    std::optional<ChallengeRunFailure> failed;  ///< set when a challenge could not be made
};

/// Makes `p` ask for challenges of exactly `length` letters (kMinWordLength + 1 ..
/// kMaxChallengeLength; `words gen --length`): that target length, and two source words of
/// about 60 % of it each, which leave letters to share.
void set_exact_length(GenParams& p, int length);

/// Adds `s`'s counters to `total`.
void add_gen_stats(GenStats& total, const GenStats& s);

/// Makes the run: challenge i from generate_numbered(gen, seed, i, sources used so far);
/// stops at the first challenge none was found for. When all were made, assigns the 2X
/// letters from mix_seed(seed, 0x3258) (assign_two_x with `dict`). `on_challenge` is called
/// after each challenge made (progress).
ChallengeRun generate_challenge_run(const ChallengeGenerator& gen, const Dictionary& dict,
                                    const ChallengeRunSettings& settings,
                                    const std::function<void()>& on_challenge = {});

}  // namespace sawtooth::words
