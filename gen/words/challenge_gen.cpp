#include "gen/words/challenge_gen.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <unordered_map>

#include "gen/words/scan.hpp"
#include "gen/words/state_space.hpp"

namespace sawtooth::words {

namespace {

// Infeasibility added per broken hard rule (other than length): large next to eq. 2's
// 1 - ln(...) steps so the infeasible population fixes them first.
constexpr double kRulePenalty = 1.0;
// Per letter off an exact target length.
constexpr double kExactPenalty = 0.5;
// Eq. 3 constants as printed: 1.1 keeps a factor positive at 100 %, 1.21 = 1.1^2 scales to <= 1.
constexpr double kFitOffset = 1.1;
constexpr double kFitScale = kFitOffset * kFitOffset;  // 1.21, exactly 1.1 * 1.1 in doubles

// Lewand's English letter frequencies (percent), a-z.
constexpr double kLetterFreq[kAlphabet] = {8.167, 1.492, 2.782, 4.253, 12.702, 2.228, 2.015, 6.094, 6.966,
                                           0.153, 0.772, 4.025, 2.406, 6.749,  7.507, 1.929, 0.095, 5.987,
                                           6.327, 9.056, 2.758, 0.978, 2.360,  0.150, 1.974, 0.074};

struct Genome {
    std::vector<int> word;  // index into the slot's candidate list
    std::vector<int> mix;   // which source word gives the next letter
};

struct Scored {
    Genome genome;
    std::string letters;
    bool feasible = false;
    double score = 0.0;  // fitness when feasible, minus infeasibility otherwise
};

struct CachedEval {
    bool feasible;
    double score;
};

// Order-preserving mix: gene g takes the next letter of source word g, or of the next
// source word (cyclically) that still has letters.
std::string mix_words(const std::vector<const std::string*>& src, const std::vector<int>& mix) {
    const std::size_t k = src.size();
    std::size_t pos[3] = {0, 0, 0};
    std::string out;
    for (int g : mix) {
        std::size_t j = static_cast<std::size_t>(g) % k;
        for (std::size_t tries = 0; tries < k && pos[j] >= src[j]->size(); ++tries) j = (j + 1) % k;
        if (pos[j] >= src[j]->size()) break;
        out.push_back((*src[j])[pos[j]++]);
    }
    return out;
}

bool all_extractable(const std::string& s, const std::vector<const std::string*>& src) {
    for (const std::string* w : src)
        if (!is_subsequence(*w, s)) return false;
    return true;
}

// Greedy shortening (paper §III-A): drop the first letter whose removal keeps every source
// word extractable, until the target length is met or nothing can go.
std::string shorten(std::string s, const std::vector<const std::string*>& src, int target) {
    while (static_cast<int>(s.size()) > target) {
        bool removed = false;
        for (std::size_t i = 0; i < s.size(); ++i) {
            std::string t = s.substr(0, i) + s.substr(i + 1);
            if (all_extractable(t, src)) {
                s = std::move(t);
                removed = true;
                break;
            }
        }
        if (!removed) break;
    }
    return s;
}

}  // namespace

double length_constraint(int length, int target_length) {
    if (length <= target_length) return 1.0;
    return 1.0 - std::log(static_cast<double>(length - target_length + 1));
}

double challenge_fitness(const WordScan& scan, int max_seq, FitnessRule rule) {
    int n_long = 0, n_short = 0, v = 0, e = 0;
    for (const FoundWord& w : scan.words) {
        const bool whole = scan.letters.find(w.word) != std::string::npos;
        if (static_cast<int>(w.word.size()) > max_seq) {
            ++n_long;
            v += whole ? 1 : 0;
        } else {
            ++n_short;
            e += whole ? 1 : 0;
        }
    }
    // An empty set contributes a ratio of 0 (no words to see).
    const double re = n_short > 0 ? static_cast<double>(e) / n_short : 0.0;
    const double rv = n_long > 0 ? static_cast<double>(v) / n_long : 0.0;
    const double short_term = rule == FitnessRule::Equation3 ? kFitOffset - re : (kFitOffset - 1.0) + re;
    return short_term * (kFitOffset - rv) / kFitScale;
}

double english_letter_frequency(char c) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c < 'a' || c > 'z') return 0.0;
    return kLetterFreq[c - 'a'];
}

ChallengeGenerator::ChallengeGenerator(const Dictionary& dict, GenParams params, GaSettings settings)
    : m_dict(&dict), m_params(std::move(params)), m_settings(settings) {
    const auto& p = m_params;
    const std::size_t k = p.source_lengths.size();
    if (k < 2 || k > 3) throw std::invalid_argument("a challenge needs 2 or 3 source words");
    if (!(p.band_lo >= 0.0 && p.band_hi <= 100.0 && p.band_lo < p.band_hi))
        throw std::invalid_argument("band must satisfy 0 <= LO < HI <= 100 (rank percentiles)");
    if (p.target_length < kMinWordLength + 1 || p.target_length > kMaxChallengeLength)
        throw std::invalid_argument("target length must be in [" + std::to_string(kMinWordLength + 1) + ", " +
                                    std::to_string(kMaxChallengeLength) + "]");
    if (p.max_seq < 1) throw std::invalid_argument("max-seq must be at least 1");
    int total = 0;
    for (int len : p.source_lengths) {
        if (len < kMinWordLength || len > kMaxChallengeLength)
            throw std::invalid_argument("source word length " + std::to_string(len) + " outside [" +
                                        std::to_string(kMinWordLength) + ", " +
                                        std::to_string(kMaxChallengeLength) + "]");
        // The challenge holds this word plus letters of another one, so it is longer.
        if (len >= p.target_length)
            throw std::invalid_argument("source word length " + std::to_string(len) +
                                        " must be below the target length " +
                                        std::to_string(p.target_length));
        total += len;
    }
    if (p.exact_length && total < p.target_length)
        throw std::invalid_argument("source words have " + std::to_string(total) +
                                    " letters, fewer than the exact length " +
                                    std::to_string(p.target_length));
    for (int len : p.source_lengths) {
        m_candidates.push_back(dict.band(p.band_lo, p.band_hi, len));
        if (m_candidates.back().empty()) {
            char buf[160];
            std::snprintf(buf, sizeof buf, "band %g-%g has no %d-letter source words (of %d ranked words)",
                          p.band_lo, p.band_hi, len, dict.ranked_size());
            throw std::invalid_argument(buf);
        }
    }
    for (std::size_t a = 0; a < k; ++a)
        for (std::size_t b = a + 1; b < k; ++b)
            if (p.source_lengths[a] == p.source_lengths[b] && m_candidates[a].size() < 2)
                throw std::invalid_argument("band has fewer than 2 distinct " +
                                            std::to_string(p.source_lengths[a]) + "-letter source words");
}

std::optional<Challenge> ChallengeGenerator::generate(Rng& rng, const std::vector<int>& excluded,
                                                      GenStats* stats) const {
    const GenParams& p = m_params;
    const GaSettings& s = m_settings;
    const std::size_t k = p.source_lengths.size();
    int total_letters = 0;
    for (int len : p.source_lengths) total_letters += len;
    GenStats local;
    GenStats& st = stats ? *stats : local;
    std::unordered_map<std::string, CachedEval> cache;

    auto random_genome = [&]() {
        Genome g;
        for (std::size_t i = 0; i < k; ++i)
            g.word.push_back(
                static_cast<int>(rng.uniform_int(0, static_cast<std::int64_t>(m_candidates[i].size()) - 1)));
        for (int i = 0; i < total_letters; ++i)
            g.mix.push_back(static_cast<int>(rng.uniform_int(0, static_cast<std::int64_t>(k) - 1)));
        return g;
    };

    auto evaluate = [&](Genome g) {
        ++st.evaluations;
        Scored out;
        std::vector<int> ids;
        std::vector<const std::string*> src;
        for (std::size_t i = 0; i < k; ++i) {
            ids.push_back(m_candidates[i][static_cast<std::size_t>(g.word[i])]);
            src.push_back(&m_dict->entry(ids.back()).word);
        }
        double infeasible = 0.0;
        for (std::size_t a = 0; a < k; ++a) {
            if (std::find(excluded.begin(), excluded.end(), ids[a]) != excluded.end())
                infeasible += kRulePenalty;
            // A source word inside another adds nothing to find: treat as a broken rule.
            for (std::size_t b = 0; b < k; ++b)
                if (a != b && (ids[a] == ids[b] || is_subsequence(*src[a], *src[b])))
                    infeasible += kRulePenalty;
        }
        out.letters = shorten(mix_words(src, g.mix), src, p.target_length);
        const int len = static_cast<int>(out.letters.size());
        infeasible += 1.0 - length_constraint(len, p.target_length);
        if (p.exact_length && len != p.target_length)
            infeasible += kExactPenalty * std::abs(len - p.target_length);
        if (infeasible == 0.0) {
            std::string key = out.letters;
            for (const std::string* w : src) key += "|" + *w;
            auto it = cache.find(key);
            if (it == cache.end()) {
                ++st.scans;
                const WordScan scan = scan_words(*m_dict, out.letters);
                double rules = 0.0;
                if (scan.is_word((1u << len) - 1u)) rules += kRulePenalty;
                for (const std::string* w : src) {
                    const FoundWord* fw = scan.find(*w);
                    if (!fw || !is_word_reachable(scan, *fw)) rules += kRulePenalty;
                }
                const CachedEval ce = rules > 0.0
                                          ? CachedEval{false, -rules}
                                          : CachedEval{true, challenge_fitness(scan, p.max_seq, p.fitness)};
                it = cache.emplace(std::move(key), ce).first;
            }
            out.feasible = it->second.feasible;
            out.score = it->second.score;
        } else {
            out.feasible = false;
            out.score = -infeasible;
        }
        out.genome = std::move(g);
        return out;
    };

    auto tournament = [&](const std::vector<Scored>& pop) -> const Scored& {
        std::size_t best =
            static_cast<std::size_t>(rng.uniform_int(0, static_cast<std::int64_t>(pop.size()) - 1));
        for (int t = 1; t < s.tournament; ++t) {
            const auto c =
                static_cast<std::size_t>(rng.uniform_int(0, static_cast<std::int64_t>(pop.size()) - 1));
            if (pop[c].score > pop[best].score) best = c;
        }
        return pop[best];
    };

    auto breed = [&](const std::vector<Scored>& pop) {
        Genome child = tournament(pop).genome;
        if (rng.chance(s.crossover_rate)) {
            const Genome& other = tournament(pop).genome;
            for (std::size_t i = 0; i < k; ++i)
                if (rng.chance(0.5)) child.word[i] = other.word[i];
            for (std::size_t i = 0; i < child.mix.size(); ++i)
                if (rng.chance(0.5)) child.mix[i] = other.mix[i];
        }
        for (std::size_t i = 0; i < k; ++i)
            if (rng.chance(s.word_mutation))
                child.word[i] = static_cast<int>(
                    rng.uniform_int(0, static_cast<std::int64_t>(m_candidates[i].size()) - 1));
        for (int& m : child.mix)
            if (rng.chance(s.mix_mutation))
                m = static_cast<int>(rng.uniform_int(0, static_cast<std::int64_t>(k) - 1));
        return child;
    };

    // (mu + lambda) truncation, best first; the feasible side keeps one copy per challenge
    // string so the population does not collapse onto the leader.
    auto truncate = [&](std::vector<Scored>& pop, bool unique) {
        std::stable_sort(pop.begin(), pop.end(),
                         [](const Scored& a, const Scored& b) { return a.score > b.score; });
        if (unique) {
            std::vector<Scored> kept;
            for (auto& x : pop) {
                bool dup = false;
                for (const auto& y : kept)
                    if (y.letters == x.letters) {
                        dup = true;
                        break;
                    }
                if (!dup) kept.push_back(std::move(x));
                if (static_cast<int>(kept.size()) >= s.population) break;
            }
            pop = std::move(kept);
        } else if (static_cast<int>(pop.size()) > s.population) {
            pop.resize(static_cast<std::size_t>(s.population));
        }
    };

    std::optional<Scored> best;
    for (int run = 0; run <= s.restarts && !best; ++run) {
        if (run > 0) ++st.restarts;
        std::vector<Scored> feasible, infeasible;
        for (int i = 0; i < 2 * s.population; ++i) {
            Scored x = evaluate(random_genome());
            (x.feasible ? feasible : infeasible).push_back(std::move(x));
        }
        truncate(feasible, true);
        truncate(infeasible, false);
        int stall = 0;
        for (int gen = 0; gen < s.generations; ++gen) {
            ++st.generations;
            std::vector<Scored> kids;
            if (!feasible.empty())
                for (int i = 0; i < s.population; ++i) kids.push_back(evaluate(breed(feasible)));
            if (!infeasible.empty())
                for (int i = 0; i < s.population; ++i) kids.push_back(evaluate(breed(infeasible)));
            // Migration: every child joins the population its feasibility says.
            for (auto& x : kids) (x.feasible ? feasible : infeasible).push_back(std::move(x));
            truncate(feasible, true);
            truncate(infeasible, false);
            if (!feasible.empty() && (!best || feasible.front().score > best->score)) {
                best = feasible.front();
                stall = 0;
            } else if (best && ++stall >= s.stall_generations) {
                break;
            }
        }
    }
    if (!best) return std::nullopt;

    Challenge c;
    c.letters = best->letters;
    c.fitness = best->score;
    for (std::size_t i = 0; i < k; ++i) {
        c.source_ids.push_back(m_candidates[i][static_cast<std::size_t>(best->genome.word[i])]);
        c.source_words.push_back(m_dict->entry(c.source_ids.back()).word);
    }
    const StateSpace ss = analyze_state_space(*m_dict, c.letters);
    c.word_count = static_cast<int>(ss.words.size());
    c.reachable_words = ss.reachable_words();
    return c;
}

void assign_two_x(std::vector<Challenge>& challenges, int num2x, Rng& rng, const Dictionary* dict) {
    std::vector<std::size_t> order(challenges.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
        challenges[i].two_x = -1;
    }
    rng.shuffle(order);
    const std::size_t picks = std::min(order.size(), static_cast<std::size_t>(std::max(0, num2x)));
    for (std::size_t p = 0; p < picks; ++p) {
        Challenge& c = challenges[order[p]];
        std::vector<int> candidates;
        const std::optional<StateSpace> ss =
            dict ? std::optional<StateSpace>(analyze_state_space(*dict, c.letters)) : std::nullopt;
        for (const std::string& w : c.source_words) {
            std::size_t least = 0;
            for (std::size_t i = 1; i < w.size(); ++i)
                if (english_letter_frequency(w[i]) < english_letter_frequency(w[least])) least = i;
            // Position of that letter in the word's leftmost embedding in the challenge.
            std::uint32_t mask = leftmost_embedding(w, c.letters);
            if (ss) {
                const WordReach* r = ss->find(w);
                if (r && r->reachable) mask = r->reach_mask;
            }
            for (std::size_t i = 0; i < least && mask; ++i) mask &= mask - 1;
            if (mask) candidates.push_back(std::countr_zero(mask));
        }
        if (!candidates.empty())
            c.two_x = candidates[static_cast<std::size_t>(
                rng.uniform_int(0, static_cast<std::int64_t>(candidates.size()) - 1))];
    }
}

}  // namespace sawtooth::words
