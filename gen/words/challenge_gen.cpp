#include "gen/words/challenge_gen.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <unordered_map>
#include "gen/error.hpp"

#include "gen/det_math.hpp"
#include "gen/words/scan.hpp"
#include "gen/words/state_space.hpp"

namespace sawtooth::words {

namespace {

// Infeasibility added per broken hard rule (other than length): large next to eq. 2's
// 1 - ln(...) steps so the infeasible population fixes them first.
constexpr double kRulePenalty = 1.0;
// Per letter off an exact target length.
constexpr double kExactPenalty = 0.5;
// Pair screening under per-length bands (docs/elimination.md §4): random mixes tried per
// pair of source words, at most this many pairs (wider bands hold more source words, and
// need no screening), and the seed of the screening's own random stream.
constexpr int kScreenMixes = 24;
constexpr std::size_t kMaxScreenedPairs = 4000;
// Source words per slot under per-length bands when few words' inner words all fit.
constexpr std::size_t kFilledCandidates = 2;
constexpr std::uint64_t kScreenSeed = 0x5343524545ull;
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

// The two FI-2Pop populations. Truncation is (mu + lambda), best first; the feasible side
// keeps one copy per challenge string so the population does not collapse onto the leader.
struct Populations {
    std::vector<Scored> feasible;
    std::vector<Scored> infeasible;

    // Migration: every individual joins the population its feasibility says.
    void add(Scored x) { (x.feasible ? feasible : infeasible).push_back(std::move(x)); }

    void truncate(int size) {
        sort_best_first(feasible);
        keep_distinct_letters(feasible, size);
        sort_best_first(infeasible);
        if (static_cast<int>(infeasible.size()) > size) infeasible.resize(static_cast<std::size_t>(size));
    }

private:
    static void sort_best_first(std::vector<Scored>& pop) {
        std::stable_sort(pop.begin(), pop.end(),
                         [](const Scored& a, const Scored& b) { return a.score > b.score; });
    }
    static void keep_distinct_letters(std::vector<Scored>& pop, int size) {
        std::vector<Scored> kept;
        for (auto& x : pop) {
            bool dup = false;
            for (const auto& y : kept)
                if (y.letters == x.letters) {
                    dup = true;
                    break;
                }
            if (!dup) kept.push_back(std::move(x));
            if (static_cast<int>(kept.size()) >= size) break;
        }
        pop = std::move(kept);
    }
};

// Counts each broken designer constraint in `stats`; returns the summed shortfall (0 = all met).
double tally_broken(const std::array<double, kReachRuleCount>& shortfalls, GenStats& stats) {
    double total = 0.0;
    for (std::size_t i = 0; i < shortfalls.size(); ++i)
        if (shortfalls[i] > 0.0) {
            ++stats.broken[i];
            total += shortfalls[i];
        }
    return total;
}

// The screened pairs (candidate indices per slot) that use no excluded source word.
std::vector<const std::vector<int>*> fresh_pairs(const std::vector<std::vector<int>>& pairs,
                                                 const std::vector<std::vector<int>>& candidates,
                                                 const std::vector<int>& excluded) {
    std::vector<const std::vector<int>*> out;
    for (const std::vector<int>& words : pairs) {
        bool fresh = true;
        for (std::size_t i = 0; i < words.size(); ++i)
            fresh = fresh && std::find(excluded.begin(), excluded.end(),
                                       candidates[i][static_cast<std::size_t>(words[i])]) == excluded.end();
        if (fresh) out.push_back(&words);
    }
    return out;
}

// How many words inside dictionary word `id` (not itself) lie outside the band of their
// length or outside the every-word band.
int inner_words_outside(const Dictionary& dict, const ReachableWordRules& rules, int id) {
    const std::string& word = dict.entry(id).word;
    int outside = 0;
    for (const FoundWord& fw : scan_words(dict, word).words) {
        if (fw.word == word) continue;
        const double rank = dict.rank_percentile(fw.id);
        const RankBand* own = length_band(rules, static_cast<int>(fw.word.size()));
        outside += (own && !own->contains(rank)) ||
                   (rules.every_word_band && !rules.every_word_band->contains(rank));
    }
    return outside;
}

}  // namespace

double length_constraint(int length, int target_length) {
    if (length <= target_length) return 1.0;
    return 1.0 - det::log(static_cast<double>(length - target_length + 1));
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

ChallengeGenerator::ChallengeGenerator(const Dictionary& dict, GenParams params, GaSettings settings,
                                       ReachableWordRules rules)
    : m_dict(&dict), m_params(std::move(params)), m_settings(settings), m_rules(std::move(rules)) {
    const auto& p = m_params;
    const std::size_t k = p.source_lengths.size();
    if (k < 2 || k > 3) throw Error("a challenge needs 2 or 3 source words");
    if (!(p.band_lo >= 0.0 && p.band_hi <= 100.0 && p.band_lo < p.band_hi))
        throw Error("band must satisfy 0 <= LO < HI <= 100 (rank percentiles)");
    if (p.target_length < kMinWordLength + 1 || p.target_length > kMaxChallengeLength)
        throw Error("target length must be in [" + std::to_string(kMinWordLength + 1) + ", " +
                    std::to_string(kMaxChallengeLength) + "]");
    if (p.max_seq < 1) throw Error("max-seq must be at least 1");
    int total = 0;
    for (int len : p.source_lengths) {
        if (len < kMinWordLength || len > kMaxChallengeLength)
            throw Error("source word length " + std::to_string(len) + " outside [" +
                        std::to_string(kMinWordLength) + ", " + std::to_string(kMaxChallengeLength) + "]");
        // The challenge holds this word plus letters of another one, so it is longer.
        if (len >= p.target_length)
            throw Error("source word length " + std::to_string(len) + " must be below the target length " +
                        std::to_string(p.target_length));
        total += len;
    }
    if (p.exact_length && total < p.target_length)
        throw Error("source words have " + std::to_string(total) + " letters, fewer than the exact length " +
                    std::to_string(p.target_length));
    check_rules(m_rules, p.source_lengths, p.band_lo, p.band_hi);
    for (int len : p.source_lengths) {
        m_candidates.push_back(source_candidates(len));
        if (m_candidates.back().empty()) {
            const RankBand b = source_band(len);
            char buf[160];
            std::snprintf(buf, sizeof buf, "band %g-%g has no %d-letter source words (of %d ranked words)",
                          b.lo, b.hi, len, dict.ranked_size());
            throw Error(buf);
        }
    }
    for (std::size_t a = 0; a < k; ++a)
        for (std::size_t b = a + 1; b < k; ++b)
            if (p.source_lengths[a] == p.source_lengths[b] && m_candidates[a].size() < 2)
                throw Error("band has fewer than 2 distinct " + std::to_string(p.source_lengths[a]) +
                            "-letter source words");
    m_pairs = screen_pairs();
}

RankBand ChallengeGenerator::source_band(int length) const {
    RankBand b{m_params.band_lo, m_params.band_hi};
    if (const RankBand* own = length_band(m_rules, length))
        b = {std::max(b.lo, own->lo), std::min(b.hi, own->hi)};
    return b;
}

// Under per-length bands a source word is a word of the challenge, and so, nearly always,
// is every word inside it: the candidates are the band's words of the length whose inner
// words break no band, filled up to kFilledCandidates with those that break the fewest
// (their inner words may still end up unreachable), in rank order. This builds towards the
// constraint instead of filtering for it (docs/elimination.md §4). Without per-length
// bands: the source band's words of the length, as always.
std::vector<int> ChallengeGenerator::source_candidates(int length) const {
    const RankBand b = source_band(length);
    std::vector<int> all = m_dict->band(b.lo, b.hi, length);
    if (!m_rules.any_length_band()) return all;
    std::vector<std::pair<int, int>> breaks;  // (inner words outside their bands, id)
    for (int id : all) breaks.emplace_back(inner_words_outside(*m_dict, m_rules, id), id);
    std::stable_sort(breaks.begin(), breaks.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<int> out;
    for (const auto& [outside, id] : breaks) {
        if (outside > 0 && out.size() >= kFilledCandidates) break;
        out.push_back(id);
    }
    std::sort(out.begin(), out.end());  // ids are rank order
    return out;
}

// One generate() call: the random stream, the evaluation cache and the counters the GA
// steps share. run() calls the steps in a fixed order, which fixes the order of the
// draws: same seed, same challenge.
class ChallengeGenerator::Search {
public:
    /// A scored letter string, kept in m_cache (a member type: a type of the anonymous
    /// namespace in a member would have internal linkage inside a class that has not).
    struct CachedEval {
        bool feasible;
        double score;
    };

    Search(const ChallengeGenerator& gen, Rng& rng, const std::vector<int>& excluded, GenStats& stats)
        : m_gen(gen),
          m_params(gen.m_params),
          m_settings(gen.m_settings),
          m_sources(gen.m_params.source_lengths.size()),
          m_rng(rng),
          m_excluded(excluded),
          m_stats(stats),
          m_rules(gen.m_rules.any() && gen.m_rules.enforcement == RuleEnforcement::Feasibility ? &gen.m_rules
                                                                                               : nullptr),
          m_stop_when_converged(gen.m_rules.any_length_band()) {
        for (int len : m_params.source_lengths) m_total_letters += len;
        m_pairs = fresh_pairs(gen.m_pairs, gen.m_candidates, excluded);  // the pairs this level has not used
    }

    /// The best feasible individual over the runs, nullopt if none turned up.
    std::optional<Scored> run() {
        std::optional<Scored> best;
        for (int attempt = 0; attempt <= m_settings.restarts && !best; ++attempt) {
            if (attempt > 0) ++m_stats.restarts;
            evolve(best);
        }
        return best;
    }

    Challenge to_challenge(const Scored& best) const;

    /// Whether some of `mixes` random mixes of the source words (candidate indices `words`)
    /// gives a challenge that meets every rule (pair screening).
    bool admits(const std::vector<int>& words, int mixes);

private:
    void evolve(std::optional<Scored>& best);
    void breed_generation(Populations& pop);
    Genome random_genome();
    Scored evaluate(Genome g);
    double source_penalty(const std::vector<int>& ids, const std::vector<const std::string*>& src) const;
    CachedEval scan_score(const std::string& letters, const std::vector<const std::string*>& src);
    double designer_penalty(const WordScan& scan);
    const Scored& tournament(const std::vector<Scored>& pop);
    Genome breed(const std::vector<Scored>& pop);
    void draw_words(Genome& g);
    int random_word(std::size_t slot) {
        return static_cast<int>(
            m_rng.uniform_int(0, static_cast<std::int64_t>(m_gen.m_candidates[slot].size()) - 1));
    }
    int random_source() {
        return static_cast<int>(m_rng.uniform_int(0, static_cast<std::int64_t>(m_sources) - 1));
    }

    const ChallengeGenerator& m_gen;
    const GenParams& m_params;
    const GaSettings& m_settings;
    const std::size_t m_sources;  // source words per challenge
    int m_total_letters = 0;      // of all source words: the mixing genes
    Rng& m_rng;
    const std::vector<int>& m_excluded;
    GenStats& m_stats;
    const ReachableWordRules* m_rules;  // designer constraints in the GA, nullptr when off or Filter
    const bool m_stop_when_converged;   // end a run that scans nothing new (per-length bands)
    std::vector<const std::vector<int>*> m_pairs;  // screened word pairs to draw from (none: any words)
    std::unordered_map<std::string, CachedEval> m_cache;  // letters|source|source... -> score
};

// One run from fresh populations until the generation limit or a stall; raises `best`.
void ChallengeGenerator::Search::evolve(std::optional<Scored>& best) {
    Populations pop;
    for (int i = 0; i < 2 * m_settings.population; ++i) pop.add(evaluate(random_genome()));
    pop.truncate(m_settings.population);
    int stall = 0;
    for (int gen = 0; gen < m_settings.generations; ++gen) {
        ++m_stats.generations;
        const int scans = m_stats.scans;
        breed_generation(pop);
        // Under per-length bands a run whose children are all challenges it has seen
        // (cache hits) or that break the cheap rules has converged: a fresh run (restart or
        // attempt) explores more per evaluation (docs/elimination.md §4).
        if (m_stop_when_converged && m_stats.scans == scans && !best) break;
        if (!pop.feasible.empty() && (!best || pop.feasible.front().score > best->score)) {
            best = pop.feasible.front();
            stall = 0;
        } else if (best && ++stall >= m_settings.stall_generations) {
            break;
        }
    }
}

// Each non-empty population breeds a full set of children, then both are truncated.
void ChallengeGenerator::Search::breed_generation(Populations& pop) {
    std::vector<Scored> kids;
    if (!pop.feasible.empty())
        for (int i = 0; i < m_settings.population; ++i) kids.push_back(evaluate(breed(pop.feasible)));
    if (!pop.infeasible.empty())
        for (int i = 0; i < m_settings.population; ++i) kids.push_back(evaluate(breed(pop.infeasible)));
    for (auto& x : kids) pop.add(std::move(x));
    pop.truncate(m_settings.population);
}

// New source words for `g`: a screened pair when there are any, else a word per slot.
void ChallengeGenerator::Search::draw_words(Genome& g) {
    if (m_pairs.empty()) {
        g.word.clear();
        for (std::size_t i = 0; i < m_sources; ++i) g.word.push_back(random_word(i));
        return;
    }
    g.word = *m_pairs[static_cast<std::size_t>(
        m_rng.uniform_int(0, static_cast<std::int64_t>(m_pairs.size()) - 1))];
}

bool ChallengeGenerator::Search::admits(const std::vector<int>& words, int mixes) {
    for (int m = 0; m < mixes; ++m) {
        Genome g;
        g.word = words;
        for (int i = 0; i < m_total_letters; ++i) g.mix.push_back(random_source());
        const Scored x = evaluate(std::move(g));
        if (x.feasible &&
            rule_shortfalls(to_challenge(x).reach, m_gen.m_rules) == std::array<double, kReachRuleCount>{})
            return true;
    }
    return false;
}

Genome ChallengeGenerator::Search::random_genome() {
    Genome g;
    draw_words(g);
    for (int i = 0; i < m_total_letters; ++i) g.mix.push_back(random_source());
    return g;
}

Scored ChallengeGenerator::Search::evaluate(Genome g) {
    ++m_stats.evaluations;
    Scored out;
    std::vector<int> ids;
    std::vector<const std::string*> src;
    for (std::size_t i = 0; i < m_sources; ++i) {
        ids.push_back(m_gen.m_candidates[i][static_cast<std::size_t>(g.word[i])]);
        src.push_back(&m_gen.m_dict->entry(ids.back()).word);
    }
    double infeasible = source_penalty(ids, src);
    out.letters = shorten(mix_words(src, g.mix), src, m_params.target_length);
    const int len = static_cast<int>(out.letters.size());
    infeasible += 1.0 - length_constraint(len, m_params.target_length);
    if (m_params.exact_length && len != m_params.target_length)
        infeasible += kExactPenalty * std::abs(len - m_params.target_length);
    if (infeasible == 0.0) {
        const CachedEval ce = scan_score(out.letters, src);
        out.feasible = ce.feasible;
        out.score = ce.score;
    } else {
        out.feasible = false;
        out.score = -infeasible;
    }
    out.genome = std::move(g);
    return out;
}

// Broken rules about the source words themselves: excluded in this level, or repeated.
double ChallengeGenerator::Search::source_penalty(const std::vector<int>& ids,
                                                  const std::vector<const std::string*>& src) const {
    double penalty = 0.0;
    for (std::size_t a = 0; a < m_sources; ++a) {
        if (std::find(m_excluded.begin(), m_excluded.end(), ids[a]) != m_excluded.end())
            penalty += kRulePenalty;
        // A source word inside another adds nothing to find: treat as a broken rule.
        for (std::size_t b = 0; b < m_sources; ++b)
            if (a != b && (ids[a] == ids[b] || is_subsequence(*src[a], *src[b]))) penalty += kRulePenalty;
    }
    return penalty;
}

// Score of a challenge that passed the cheap rules: the rules that need a word scan (the
// whole challenge is no word, every source word stays reachable), else fitness eq. 3.
ChallengeGenerator::Search::CachedEval ChallengeGenerator::Search::scan_score(
    const std::string& letters, const std::vector<const std::string*>& src) {
    std::string key = letters;
    for (const std::string* w : src) key += "|" + *w;
    auto it = m_cache.find(key);
    if (it != m_cache.end()) return it->second;
    ++m_stats.scans;
    const WordScan scan = scan_words(*m_gen.m_dict, letters);
    const int len = static_cast<int>(letters.size());
    double rules = 0.0;
    if (scan.is_word((1u << len) - 1u)) rules += kRulePenalty;
    for (const std::string* w : src) {
        const FoundWord* fw = scan.find(*w);
        if (!fw || !is_word_reachable(scan, *fw)) rules += kRulePenalty;
    }
    if (rules == 0.0 && m_rules) rules += designer_penalty(scan);
    const CachedEval ce = rules > 0.0
                              ? CachedEval{false, -rules}
                              : CachedEval{true, challenge_fitness(scan, m_params.max_seq, m_params.fitness)};
    m_cache.emplace(std::move(key), ce);
    return ce;
}

// Graded infeasibility of the designer constraints (only once the cheap rules hold: the
// full state-space analysis costs more than the reachability checks above).
double ChallengeGenerator::Search::designer_penalty(const WordScan& scan) {
    const StateSpace ss = analyze_state_space(scan);
    return kRulePenalty *
           tally_broken(rule_shortfalls(count_reachable_words(*m_gen.m_dict, ss, *m_rules), *m_rules),
                        m_stats);
}

const Scored& ChallengeGenerator::Search::tournament(const std::vector<Scored>& pop) {
    std::size_t best =
        static_cast<std::size_t>(m_rng.uniform_int(0, static_cast<std::int64_t>(pop.size()) - 1));
    for (int t = 1; t < m_settings.tournament; ++t) {
        const auto c =
            static_cast<std::size_t>(m_rng.uniform_int(0, static_cast<std::int64_t>(pop.size()) - 1));
        if (pop[c].score > pop[best].score) best = c;
    }
    return pop[best];
}

// Tournament parents, uniform crossover, per-gene mutation.
Genome ChallengeGenerator::Search::breed(const std::vector<Scored>& pop) {
    Genome child = tournament(pop).genome;
    if (m_rng.chance(m_settings.crossover_rate)) {
        const Genome& other = tournament(pop).genome;
        if (!m_pairs.empty()) {  // screened pairs stay whole
            if (m_rng.chance(0.5)) child.word = other.word;
        } else {
            for (std::size_t i = 0; i < m_sources; ++i)
                if (m_rng.chance(0.5)) child.word[i] = other.word[i];
        }
        for (std::size_t i = 0; i < child.mix.size(); ++i)
            if (m_rng.chance(0.5)) child.mix[i] = other.mix[i];
    }
    if (!m_pairs.empty()) {
        if (m_rng.chance(m_settings.word_mutation)) draw_words(child);
    } else {
        for (std::size_t i = 0; i < m_sources; ++i)
            if (m_rng.chance(m_settings.word_mutation)) child.word[i] = random_word(i);
    }
    for (int& m : child.mix)
        if (m_rng.chance(m_settings.mix_mutation)) m = random_source();
    return child;
}

Challenge ChallengeGenerator::Search::to_challenge(const Scored& best) const {
    Challenge c;
    c.letters = best.letters;
    c.fitness = best.score;
    for (std::size_t i = 0; i < m_sources; ++i) {
        c.source_ids.push_back(m_gen.m_candidates[i][static_cast<std::size_t>(best.genome.word[i])]);
        c.source_words.push_back(m_gen.m_dict->entry(c.source_ids.back()).word);
    }
    const StateSpace ss = analyze_state_space(*m_gen.m_dict, c.letters);
    c.word_count = static_cast<int>(ss.words.size());
    c.reachable_words = ss.reachable_words();
    c.reach = count_reachable_words(*m_gen.m_dict, ss, m_gen.m_rules);
    return c;
}

// Under per-length bands with two source words, each pair of candidates is tried with a
// few random mixes once; the GA then draws its source words from the pairs that gave a
// challenge meeting every rule (docs/elimination.md §4). Off (no pairs) otherwise, or when
// the bands leave too many pairs to try (wide bands, where most pairs work).
std::vector<std::vector<int>> ChallengeGenerator::screen_pairs() const {
    if (!m_rules.any_length_band() || m_candidates.size() != 2) return {};
    const std::size_t na = m_candidates[0].size(), nb = m_candidates[1].size();
    const bool same = m_candidates[0] == m_candidates[1];  // then (i, j) and (j, i) mix alike
    if ((same ? na * (na - 1) / 2 : na * nb) > kMaxScreenedPairs) return {};
    std::vector<std::vector<int>> pairs;
    GenStats stats;
    const std::vector<int> none_excluded;
    for (std::size_t i = 0; i < na; ++i)
        for (std::size_t j = same ? i + 1 : 0; j < nb; ++j) {
            if (m_candidates[0][i] == m_candidates[1][j]) continue;
            Rng rng(mix_seed(kScreenSeed, i * nb + j));
            Search search(*this, rng, none_excluded, stats);
            const std::vector<int> words{static_cast<int>(i), static_cast<int>(j)};
            if (!search.admits(words, kScreenMixes)) continue;
            pairs.push_back(words);
            if (same) pairs.push_back({static_cast<int>(j), static_cast<int>(i)});
        }
    return pairs;
}

std::optional<Challenge> ChallengeGenerator::generate(Rng& rng, const std::vector<int>& excluded,
                                                      GenStats* stats) const {
    GenStats local;
    GenStats& st = stats ? *stats : local;
    const int attempts = m_rules.any() ? m_rules.max_attempts : 1;
    // Every screened pair uses an excluded word: no run can succeed (generate_numbered then
    // allows them).
    if (!m_pairs.empty() && fresh_pairs(m_pairs, m_candidates, excluded).empty()) return std::nullopt;
    for (int attempt = 0; attempt < attempts; ++attempt) {
        ++st.attempts;
        Search search(*this, rng, excluded, st);
        const std::optional<Scored> best = search.run();
        if (!best) continue;
        Challenge c = search.to_challenge(*best);
        // The final check holds under both enforcements: the GA's view is not trusted alone.
        if (tally_broken(rule_shortfalls(c.reach, m_rules), st) == 0.0) {
            ++st.accepted;
            return c;
        }
    }
    return std::nullopt;
}

std::optional<Challenge> generate_numbered(const ChallengeGenerator& gen, std::uint64_t seed, int index,
                                           const std::vector<int>& used, GenStats& stats) {
    Rng rng(mix_seed(seed, static_cast<std::uint64_t>(index)));
    std::optional<Challenge> c = gen.generate(rng, used, &stats);
    if (!c && !used.empty()) {
        Rng retry(mix_seed(seed, static_cast<std::uint64_t>(index)));
        c = gen.generate(retry, {}, &stats);
    }
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
