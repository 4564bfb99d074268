// Per-length rank bands (docs/elimination.md §4): the aims "8 letters, short words 40-60,
// long words 60-80" and "10 letters, short 70-90, long 80-100", alone and combined with the
// other designer constraints, deliver at least 90 % of the requested challenges on a fixed
// set of seeds, and every delivered challenge meets every constraint. The check is this
// file's own: it enumerates the 2^n subsets of a challenge's letters, looks each up in the
// word list and walks the elimination states itself, using neither the generator's word
// scan (scan.hpp) nor its state-space analysis (state_space.hpp). No timing is asserted
// (tools/bench/bench_word_bands.cpp measures time).
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "../support/words_fixture.hpp"
#include "gen/error.hpp"
#include "gen/words/challenge_gen.hpp"
#include "gen/words/state_space.hpp"

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_words_length_bands {

using namespace sawtooth;
using namespace sawtooth::words;
using sawtooth::words::test::english;

namespace {

constexpr std::uint64_t kBandsSeed = 3301;
constexpr int kRequested = 30;
constexpr int kMustDeliver = 27;  // 90 % of kRequested

struct Band {
    double lo, hi;
};

bool in(const Band& b, double rank) { return rank >= b.lo && (rank < b.hi || b.hi >= 100.0); }

// What a designer asks for, in this file's own terms.
struct Ask {
    const char* name;
    int length;
    Band short_band, long_band;
    bool short_and_long = false;
    int max_word_length = 0;         // 0 = off
    std::optional<Band> every_word;  // every reachable word in it
};

// A word of the challenge's letters (lower-case) kept by `mask`.
std::string kept(const std::string& letters, std::uint32_t mask) {
    std::string s;
    for (std::size_t i = 0; i < letters.size(); ++i)
        if (mask >> i & 1u) s += letters[i];
    return s;
}

// The words play can end on: from the full string, each click removes one letter; a state
// of at least 3 letters that spells a word ends play.
std::vector<std::string> reachable_word_texts(const Dictionary& d, const std::string& letters) {
    const std::uint32_t full = (1u << letters.size()) - 1u;
    std::vector<char> reached(full + 1u, 0), word(full + 1u, 0);
    for (std::uint32_t m = 0; m <= full; ++m) word[m] = std::popcount(m) >= 3 && d.contains(kept(letters, m));
    REQUIRE_FALSE(word[full]);
    reached[full] = 1;
    std::set<std::string> out;  // a word kept by several reachable masks counts once
    for (std::uint32_t m = full + 1u; m-- > 0;) {
        if (!reached[m]) continue;
        if (word[m]) {
            out.insert(kept(letters, m));
            continue;
        }
        for (std::uint32_t bits = m; bits; bits &= bits - 1u) reached[m & ~(bits & -bits)] = 1;
    }
    return {out.begin(), out.end()};
}

// Every constraint of `ask`, judged on `letters`.
bool meets_ask(const Ask& ask, const std::string& letters) {
    const Dictionary& d = english();
    if (static_cast<int>(letters.size()) != ask.length) return false;
    bool has_short = false, has_long = false;
    for (const std::string& w : reachable_word_texts(d, letters)) {
        const double rank = d.rank_percentile(d.find(w));
        const int len = static_cast<int>(w.size());
        if (len <= 4 && !in(ask.short_band, rank)) return false;
        if (len >= 5 && len <= 6 && !in(ask.long_band, rank)) return false;
        if (ask.every_word && !in(*ask.every_word, rank)) return false;
        if (ask.max_word_length > 0 && len > ask.max_word_length) return false;
        has_short = has_short || len <= 4;
        has_long = has_long || (len >= 5 && len <= 6);
    }
    return !ask.short_and_long || (has_short && has_long);
}

GenParams params_of(const Ask& ask) {
    GenParams p;  // as `words gen --length L` with per-length bands and no --band
    p.target_length = ask.length;
    p.exact_length = true;
    const int each = (ask.length * 3 + 4) / 5;
    p.source_lengths = {each, each};
    p.band_lo = 0.0;
    p.band_hi = 100.0;
    return p;
}

ReachableWordRules rules_of(const Ask& ask) {
    ReachableWordRules r;
    r.short_band = RankBand{ask.short_band.lo, ask.short_band.hi};
    r.long_band = RankBand{ask.long_band.lo, ask.long_band.hi};
    r.short_and_long = ask.short_and_long;
    r.max_word_length = ask.max_word_length;
    if (ask.every_word) r.every_word_band = RankBand{ask.every_word->lo, ask.every_word->hi};
    return r;
}

// The numbered run `words gen` makes: challenge i from mix_seed(kBandsSeed, i), source words not
// repeated. Returns the delivered challenges' letters.
std::vector<std::string> numbered_run_letters(const GenParams& p, const ReachableWordRules& r) {
    const ChallengeGenerator gen(english(), p, GaSettings{}, r);
    std::vector<std::string> out;
    std::vector<int> used;
    GenStats stats;
    for (int i = 0; i < kRequested; ++i) {
        const std::optional<Challenge> c = generate_numbered(gen, kBandsSeed, i, used, stats);
        if (!c) continue;
        used.insert(used.end(), c->source_ids.begin(), c->source_ids.end());
        out.push_back(c->letters);
    }
    return out;
}

std::vector<Ask> asks() {
    std::vector<Ask> a = {
        {"8 letters, short 40-60, long 60-80", 8, {40, 60}, {60, 80}, false, 0, std::nullopt},
        {"10 letters, short 70-90, long 80-100", 10, {70, 90}, {80, 100}, false, 0, std::nullopt},
        {"8 letters, short 40-60, long 60-80, a short and a long word",
         8,
         {40, 60},
         {60, 80},
         true,
         0,
         std::nullopt},
        {"10 letters, short 70-90, long 80-100, no word over 6 letters",
         10,
         {70, 90},
         {80, 100},
         false,
         6,
         std::nullopt},
        {"8 letters, every word common, short 0-5, long 5-10", 8, {0, 5}, {5, 10}, false, 0, Band{0, 10}},
    };
    return a;
}

}  // namespace

TEST_CASE("per-length bands: at least 90 % of the requested challenges, each meeting every constraint") {
    for (const Ask& ask : asks()) {
        INFO(ask.name);
        const std::vector<std::string> got = numbered_run_letters(params_of(ask), rules_of(ask));
        CHECK(static_cast<int>(got.size()) >= kMustDeliver);
        for (const std::string& letters : got) {
            INFO(letters);
            CHECK(meets_ask(ask, letters));
        }
    }
}

TEST_CASE("per-length bands: the same seeds without the bands break them (the check can fail)") {
    for (const Ask& ask : asks()) {
        INFO(ask.name);
        GenParams p = params_of(ask);
        p.band_lo = ask.long_band.lo;  // source words from the long band, no constraint on the rest
        p.band_hi = ask.long_band.hi;
        int broken = 0;
        for (const std::string& letters : numbered_run_letters(p, {}))
            broken += meets_ask(ask, letters) ? 0 : 1;
        CHECK(broken > kRequested / 2);
    }
}

TEST_CASE("per-length bands: impossible combinations are refused with one line") {
    const auto refused = [](const ReachableWordRules& r, const GenParams& p) {
        try {
            const ChallengeGenerator gen(english(), p, GaSettings{}, r);
        } catch (const sawtooth::Error& e) {
            return std::string(e.what()).find('\n') == std::string::npos;
        }
        return false;
    };
    const Ask eight = asks()[0];
    ReachableWordRules r = rules_of(eight);
    CHECK_FALSE(refused(r, params_of(eight)));
    r.short_band = RankBand{60.0, 40.0};
    CHECK(refused(r, params_of(eight)));  // LO above HI
    r = rules_of(eight);
    r.long_band = RankBand{60.0, 101.0};
    CHECK(refused(r, params_of(eight)));  // beyond 100
    r = rules_of(eight);
    r.every_word_band = RankBand{0.0, 10.0};
    CHECK(refused(r, params_of(eight)));  // short 40-60 lies outside every-word 0-10
    r = rules_of(eight);
    GenParams p = params_of(eight);
    p.band_lo = 0.0;  // 5-letter source words from 0-10, but 5-letter words must be in 60-80
    p.band_hi = 10.0;
    CHECK(refused(r, p));
}

TEST_CASE("per-length bands: counts of a hand-checked challenge") {
    // AFART's reachable words are all short (FART, AFAR, ...): none is long.
    const Dictionary& d = english();
    ReachableWordRules r;
    r.short_band = RankBand{0.0, 1.0};
    r.long_band = RankBand{0.0, 1.0};
    const ReachableWordCounts c = count_reachable_words(d, analyze_state_space(d, "afart"), r);
    int outside = 0;
    for (const std::string& w : reachable_word_texts(d, "afart"))
        outside += d.rank_percentile(d.find(w)) < 1.0 ? 0 : 1;
    CHECK(c.short_words == static_cast<int>(reachable_word_texts(d, "afart").size()));
    CHECK(c.short_outside_band == outside);
    CHECK(c.short_outside_band > 0);
    CHECK(c.long_outside_band == 0);
    CHECK(RankBand{80.0, 100.0}.contains(100.0));  // a band ending at 100 holds the unranked words
    CHECK_FALSE(RankBand{80.0, 90.0}.contains(90.0));
}

}  // namespace test_words_length_bands
