#include "gen/words/reachable_rules.hpp"
#include "gen/number_text.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <utility>

#include "gen/error.hpp"

namespace sawtooth::words {

namespace {

std::string num(double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

void check_band(const RankBand& b, const char* option) {
    if (!(b.lo >= 0.0 && b.hi <= 100.0 && b.lo < b.hi))
        throw Error(std::string(option) + " must satisfy 0 <= LO < HI <= 100 (rank percentiles)");
}

bool disjoint(const RankBand& a, const RankBand& b) { return a.hi <= b.lo || b.hi <= a.lo; }

std::string band_text(const RankBand& b) { return num(b.lo) + ".." + num(b.hi); }

// The short and long bands: each well formed, and overlapping the every-word band.
void check_length_bands(const ReachableWordRules& r) {
    const std::pair<const std::optional<RankBand>*, const char*> bands[] = {{&r.short_band, "--short-band"},
                                                                            {&r.long_band, "--long-band"}};
    for (const auto& [band, option] : bands) {
        if (!*band) continue;
        check_band(**band, option);
        if (r.every_word_band && disjoint(**band, *r.every_word_band))
            throw Error(std::string(option) + " " + band_text(**band) +
                        " excludes the every-word rank band " + band_text(*r.every_word_band) +
                        " (--all-common/--rank-band)");
    }
}

// Source words are always reachable: each one's per-length band must meet the source band.
void check_source_lengths(const ReachableWordRules& r, const std::vector<int>& lengths,
                          const RankBand& source) {
    for (int len : lengths) {
        const RankBand* b = length_band(r, len);
        if (b && disjoint(*b, source))
            throw Error("the " + std::string(len <= kShortWordMax ? "--short-band " : "--long-band ") +
                        band_text(*b) + " excludes the source band " + band_text(source) + " of the " +
                        std::to_string(len) + "-letter source words, which are always reachable");
    }
}

}  // namespace

RankBand parse_rank_band(std::string_view text, std::string_view option) {
    const auto bad = [&] {
        return Error(std::string(option) +
                     " must be LO..HI rank percentiles with 0 <= LO < HI <= 100, got '" + std::string(text) +
                     "'");
    };
    const std::size_t dots = text.find("..");
    if (dots == std::string_view::npos) throw bad();
    RankBand b;
    const auto number = [&](std::string_view part, double& out) {
        const std::optional<double> v = read_number<double>(part);
        if (!v) throw bad();
        out = *v;
    };
    number(text.substr(0, dots), b.lo);
    number(text.substr(dots + 2), b.hi);
    if (!(b.lo >= 0.0 && b.hi <= 100.0 && b.lo < b.hi)) throw bad();
    return b;
}

bool ReachableWordRules::any() const {
    return min_common > 0 || every_word_band.has_value() || short_and_long || max_word_length > 0 ||
           any_length_band();
}

const RankBand* length_band(const ReachableWordRules& rules, int length) {
    if (length >= kMinWordLength && length <= kShortWordMax && rules.short_band) return &*rules.short_band;
    if (length >= kLongWordMin && length <= kLongWordMax && rules.long_band) return &*rules.long_band;
    return nullptr;
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
        if (rules.every_word_band) c.outside_band += rules.every_word_band->contains(rank) ? 0 : 1;
        const RankBand* own = length_band(rules, len);
        if (own && !own->contains(rank))
            ++(len <= kShortWordMax ? c.short_outside_band : c.long_outside_band);
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
    if (rules.short_band)
        s[static_cast<int>(ReachRule::ShortBand)] =
            static_cast<double>(c.short_outside_band) / std::max(1, c.short_words);
    if (rules.long_band)
        s[static_cast<int>(ReachRule::LongBand)] =
            static_cast<double>(c.long_outside_band) / std::max(1, c.long_words);
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
        case ReachRule::ShortBand:
            return "--short-band";
        case ReachRule::LongBand:
            return "--long-band";
    }
    return "?";
}

void check_rules(const ReachableWordRules& r, const std::vector<int>& source_lengths, double source_lo,
                 double source_hi) {
    const int longest_source = *std::max_element(source_lengths.begin(), source_lengths.end());
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
    check_length_bands(r);
    check_source_lengths(r, source_lengths, RankBand{source_lo, source_hi});
    if (!r.every_word_band) return;
    const RankBand& b = *r.every_word_band;
    check_band(b, "--rank-band");
    if (b.hi <= source_lo || b.lo >= source_hi)
        throw Error("the every-word rank band " + num(b.lo) + ".." + num(b.hi) +
                    " (--all-common/--rank-band) excludes the source band " + num(source_lo) + ".." +
                    num(source_hi) + ", whose words are always reachable");
    if (r.min_common > 0 && b.lo >= r.common_rank)
        throw Error("--min-common needs common words (rank below " + num(r.common_rank) +
                    "), but the every-word rank band starts at " + num(b.lo));
}

}  // namespace sawtooth::words
