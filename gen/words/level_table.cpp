#include "gen/words/level_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include "gen/error.hpp"

namespace sawtooth::words {

namespace {

// corpusFreq band (rank percentiles): harder levels draw rarer source words.
constexpr double kBandLoPerDifficulty = 2.0;
constexpr double kBandWidthBase = 6.0;
constexpr double kBandWidthPerDifficulty = 2.0;
// Share of the source letters that mixing must save (shared letters): more is tighter.
constexpr double kOverlapBase = 0.15;
constexpr double kOverlapPerDifficulty = 0.02;
// maxSeq: from 4 at the easy end down to 2.
constexpr int kMaxSeqEasy = 4;
constexpr int kMaxSeqHard = 2;
constexpr double kMaxSeqDropEvery = 2.5;
// num2X: 2X letters guide players to words, so easy levels get more of them.
constexpr int kNum2xEasy = 5;
constexpr int kNum2xHard = 1;
constexpr double kNum2xDropPerDifficulty = 0.6;
// Retries of a challenge with fresh sub-seeds before giving up on a level.
constexpr int kChallengeAttempts = 8;
// Further sub-seeds a challenge may use when its candidates are near-duplicates.
constexpr int kDuplicateRetries = 56;
// Sub-seed salt for the 2X choice, so it does not reuse a challenge's stream.
constexpr std::uint64_t kTwoXSalt = 0x32585f6c65747465ull;

struct LengthStep {
    double below;  // used while difficulty < below
    std::vector<int> lengths;
};

const std::vector<LengthStep>& length_steps() {
    static const std::vector<LengthStep> steps = {
        {1.0, {3, 4}}, {2.0, {4, 4}}, {3.0, {4, 5}}, {4.0, {3, 4, 4}}, {5.5, {4, 4, 5}}, {1e9, {4, 5, 5}},
    };
    return steps;
}

}  // namespace

LevelParams params_for_difficulty(double d) {
    d = std::clamp(d, 0.0, kMaxDifficulty);
    LevelParams p;
    p.difficulty = d;
    p.gen.band_lo = kBandLoPerDifficulty * d;
    p.gen.band_hi = p.gen.band_lo + kBandWidthBase + kBandWidthPerDifficulty * d;
    for (const LengthStep& s : length_steps())
        if (d < s.below) {
            p.gen.source_lengths = s.lengths;
            break;
        }
    int sum = 0;
    for (int len : p.gen.source_lengths) sum += len;
    const int saved = static_cast<int>(std::lround(sum * (kOverlapBase + kOverlapPerDifficulty * d)));
    const int longest = *std::max_element(p.gen.source_lengths.begin(), p.gen.source_lengths.end());
    p.gen.target_length = std::max(longest + 1, sum - std::max(1, saved));
    p.gen.max_seq = std::max(kMaxSeqHard, kMaxSeqEasy - static_cast<int>(d / kMaxSeqDropEvery));
    p.num2x = std::clamp(kNum2xEasy - static_cast<int>(std::lround(d * kNum2xDropPerDifficulty)), kNum2xHard,
                         kNum2xEasy);
    return p;
}

double levels_mode_difficulty(int level) {
    if (level < 1 || level > kLevelCount) throw Error("level must be in 1.." + std::to_string(kLevelCount));
    const int tooth = (level - 1) / kLevelsPerTooth;
    const int step = (level - 1) % kLevelsPerTooth;
    return step * kStepRise + tooth * kToothRise;
}

LevelParams levels_mode_params(int level) {
    LevelParams p = params_for_difficulty(levels_mode_difficulty(level));
    p.level = level;
    return p;
}

LevelParams infinite_mode_params(int level) {
    if (level < 1) throw Error("infinite level must be >= 1");
    LevelParams p = params_for_difficulty(0.5 * kStepRise * (level - 1));
    p.level = level;
    return p;
}

namespace {

/// Challenge i of a level: the first candidate of its sub-seeds that is feasible and no
/// near-duplicate of `earlier`; nullopt when kChallengeAttempts runs find nothing feasible
/// or kChallengeAttempts + kDuplicateRetries runs find only near-duplicates.
std::optional<Challenge> next_challenge(const Dictionary& dict, const ChallengeGenerator& gen,
                                        std::uint64_t seed, int i, const std::vector<int>& used,
                                        const std::vector<ChallengeFeatures>& earlier, GeneratedLevel& out) {
    int infeasible = 0;
    for (int attempt = 0; attempt < kChallengeAttempts + kDuplicateRetries && infeasible < kChallengeAttempts;
         ++attempt) {
        Rng rng(
            mix_seed(seed, static_cast<std::uint64_t>(i) + 1000ull * static_cast<std::uint64_t>(attempt)));
        std::optional<Challenge> c = gen.generate(rng, used, &out.stats);
        if (!c) {
            ++infeasible;
            continue;
        }
        if (find_near_duplicate(challenge_features(dict, *c), earlier).kind == DuplicateKind::None) return c;
        ++out.near_duplicates;
    }
    return std::nullopt;
}

}  // namespace

void ChallengeHistory::add(const Dictionary& dict, const GeneratedLevel& level) {
    for (const Challenge& c : level.challenges) challenges.push_back(challenge_features(dict, c));
}

GeneratedLevel generate_level(const Dictionary& dict, const LevelParams& params, std::uint64_t seed,
                              const GaSettings& settings, const ChallengeHistory& history) {
    GeneratedLevel out;
    out.params = params;
    out.seed = seed;
    const ChallengeGenerator gen(dict, params.gen, settings);
    std::vector<int> used;
    std::vector<ChallengeFeatures> earlier = history.challenges;
    for (int i = 0; i < kChallengesPerLevel; ++i) {
        std::optional<Challenge> c = next_challenge(dict, gen, seed, i, used, earlier, out);
        if (!c)
            throw Error("level " + std::to_string(params.level) + ": no feasible challenge " +
                        std::to_string(i + 1) + " for " + describe(params));
        used.insert(used.end(), c->source_ids.begin(), c->source_ids.end());
        earlier.push_back(challenge_features(dict, *c));
        out.challenges.push_back(std::move(*c));
    }
    Rng two_x(mix_seed(seed, kTwoXSalt));
    assign_two_x(out.challenges, params.num2x, two_x, &dict);
    return out;
}

std::string describe(const LevelParams& p) {
    std::string src;
    for (int len : p.gen.source_lengths) {
        if (!src.empty()) src.push_back(',');
        src += std::to_string(len);
    }
    char buf[200];
    std::snprintf(buf, sizeof buf, "band %.1f-%.1f src %s tl %d%s maxSeq %d 2X %d", p.gen.band_lo,
                  p.gen.band_hi, src.c_str(), p.gen.target_length, p.gen.exact_length ? " exact" : "",
                  p.gen.max_seq, p.num2x);
    return buf;
}

}  // namespace sawtooth::words
