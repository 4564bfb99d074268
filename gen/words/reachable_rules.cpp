#include "gen/words/reachable_rules.hpp"

#include <algorithm>
#include <stdexcept>
#include "gen/error.hpp"

namespace sawtooth::words {

namespace {

std::string num(double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

void check_band(const RankBand& b) {
    if (!(b.lo >= 0.0 && b.hi <= 100.0 && b.lo < b.hi))
        throw Error("--rank-band must satisfy 0 <= LO < HI <= 100 (rank percentiles)");
}

}  // namespace

bool ReachableWordRules::any() const {
    return min_common > 0 || every_word_band.has_value() || short_and_long || max_word_length > 0;
}

ReachableWordCounts count_reachable_words(const Dictionary& dict, const StateSpace& ss,
                                          const ReachableWordRules& rules) {
    ReachableWordCounts c;
    for (const WordReach& r : ss.words) {
        if (!r.reachable) continue;
        const double rank = dict.rank_percentile(r.id);
        const int len = static_cast<int>(r.word.size());
        ++c.reachable;
        c.common += rank < rules.common_rank ? 1 : 0;
        if (rules.every_word_band)
            c.outside_band += rank < rules.every_word_band->lo || rank >= rules.every_word_band->hi ? 1 : 0;
        c.short_words += len <= kShortWordMax ? 1 : 0;
        c.long_words += len >= kLongWordMin && len <= kLongWordMax ? 1 : 0;
        c.longest = std::max(c.longest, len);
    }
    return c;
}

std::array<double, kReachRuleCount> rule_shortfalls(const ReachableWordCounts& c,
                                                    const ReachableWordRules& rules) {
    std::array<double, kReachRuleCount> s{};
    if (rules.min_common > 0)
        s[static_cast<int>(ReachRule::MinCommon)] =
            static_cast<double>(std::max(0, rules.min_common - c.common)) / rules.min_common;
    if (rules.every_word_band)
        s[static_cast<int>(ReachRule::EveryWordBand)] =
            static_cast<double>(c.outside_band) / std::max(1, c.reachable);
    if (rules.short_and_long)
        s[static_cast<int>(ReachRule::ShortAndLong)] = 0.5 * (c.short_words == 0) + 0.5 * (c.long_words == 0);
    if (rules.max_word_length > 0 && c.longest > rules.max_word_length)
        s[static_cast<int>(ReachRule::MaxWordLength)] =
            static_cast<double>(c.longest - rules.max_word_length) / c.longest;
    return s;
}

const char* reach_rule_name(ReachRule rule) {
    switch (rule) {
        case ReachRule::MinCommon:
            return "--min-common";
        case ReachRule::EveryWordBand:
            return "--all-common/--rank-band";
        case ReachRule::ShortAndLong:
            return "--short-and-long";
        case ReachRule::MaxWordLength:
            return "--max-word-length";
    }
    return "?";
}

void check_rules(const ReachableWordRules& r, int longest_source, double source_lo, double source_hi) {
    if (!(r.common_rank > 0.0 && r.common_rank <= 100.0))
        throw Error("--common-rank must be in (0, 100] (rank percentile)");
    if (r.min_common < 0) throw Error("--min-common must be at least 0");
    if (r.max_attempts < 1) throw Error("--max-attempts must be at least 1");
    if (r.max_word_length < 0) throw Error("--max-word-length must be at least 0 (0 = off)");
    if (r.max_word_length > 0 && r.max_word_length < longest_source)
        throw Error("--max-word-length " + std::to_string(r.max_word_length) +
                    " is below the longest source word (" + std::to_string(longest_source) +
                    " letters), which is always reachable");
    if (r.short_and_long && r.max_word_length > 0 && r.max_word_length < kLongWordMin)
        throw Error("--short-and-long needs a " + std::to_string(kLongWordMin) +
                    "-letter word, but --max-word-length is " + std::to_string(r.max_word_length));
    if (!r.every_word_band) return;
    const RankBand& b = *r.every_word_band;
    check_band(b);
    if (b.hi <= source_lo || b.lo >= source_hi)
        throw Error("the every-word rank band " + num(b.lo) + ".." + num(b.hi) +
                    " (--all-common/--rank-band) excludes the source band " + num(source_lo) + ".." +
                    num(source_hi) + ", whose words are always reachable");
    if (r.min_common > 0 && b.lo >= r.common_rank)
        throw Error("--min-common needs common words (rank below " + num(r.common_rank) +
                    "), but the every-word rank band starts at " + num(b.lo));
}

}  // namespace sawtooth::words
