#include "gen/words/challenge_run.hpp"

#include <algorithm>
#include <utility>

#include "gen/rng.hpp"

namespace sawtooth::words {

void set_exact_length(GenParams& p, int length) {
    p.target_length = length;
    p.exact_length = true;
    const int each = std::max(kMinWordLength, std::min(length - 1, (length * 3 + 4) / 5));
    p.source_lengths = {each, each};
}

void add_gen_stats(GenStats& total, const GenStats& s) {
    total.evaluations += s.evaluations;
    total.scans += s.scans;
    total.generations += s.generations;
    total.restarts += s.restarts;
    total.attempts += s.attempts;
    total.accepted += s.accepted;
    for (std::size_t i = 0; i < s.broken.size(); ++i) total.broken[i] += s.broken[i];
}

ChallengeRun generate_challenge_run(const ChallengeGenerator& gen, const Dictionary& dict,
                                    const ChallengeRunSettings& settings,
                                    const std::function<void()>& on_challenge) {
    ChallengeRun run;
    std::vector<int> used;
    for (int i = 0; i < settings.count; ++i) {
        GenStats stats;
        std::optional<Challenge> c = generate_numbered(gen, settings.seed, i, used, stats);
        add_gen_stats(run.stats, stats);
        if (!c) {
            run.failed = ChallengeRunFailure{i, stats};
            return run;
        }
        used.insert(used.end(), c->source_ids.begin(), c->source_ids.end());
        run.challenges.push_back(std::move(*c));
        if (on_challenge) on_challenge();
    }
    Rng two_x(mix_seed(settings.seed, 0x3258ull));
    assign_two_x(run.challenges, settings.num2x < 0 ? settings.count : settings.num2x, two_x, &dict);
    return run;
}

}  // namespace sawtooth::words
