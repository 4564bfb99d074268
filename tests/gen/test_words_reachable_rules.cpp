// Designer constraints on an Elimination challenge's reachable words (docs/curation.md "Elimination: designer
// constraints"): every challenge generated under a constraint meets it, judged by an independent run of the
// state-space analysis, not by the generator's own counts; the same seeds without the constraint break it (so
// each check could fail); impossible rules are refused; an unreachable count ends within the attempt budget.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "../support/words_fixture.hpp"
#include "gen/error.hpp"
#include "gen/words/challenge_gen.hpp"
#include "gen/words/state_space.hpp"

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_words_reachable_rules {

using namespace sawtooth;
using namespace sawtooth::words;
using sawtooth::words::test::english;

namespace {

constexpr std::uint64_t kSeed = 1611;
constexpr int kCount = 16;

// The numbered run `words gen` prints (same function, same source-word bookkeeping).
std::vector<Challenge> numbered_run(const GenParams& p, const ReachableWordRules& rules,
                                    RuleEnforcement how) {
    ReachableWordRules r = rules;
    r.enforcement = how;
    const ChallengeGenerator gen(english(), p, GaSettings{}, r);
    std::vector<Challenge> out;
    std::vector<int> used;
    GenStats stats;
    for (int i = 0; i < kCount; ++i) {
        std::optional<Challenge> c = generate_numbered(gen, kSeed, i, used, stats);
        REQUIRE(c);
        used.insert(used.end(), c->source_ids.begin(), c->source_ids.end());
        out.push_back(std::move(*c));
    }
    CHECK(stats.accepted == kCount);
    return out;
}

// The reachable words of `letters`, from a fresh analysis.
std::vector<const WordReach*> reachable_words(const StateSpace& ss) {
    std::vector<const WordReach*> out;
    for (const WordReach& r : ss.words)
        if (r.reachable) out.push_back(&r);
    return out;
}

// Whether `letters` meets `rules`, decided here from the analysis and the dictionary.
bool meets(const std::string& letters, const ReachableWordRules& rules) {
    const Dictionary& d = english();
    const StateSpace ss = analyze_state_space(d, letters);
    int common = 0;
    bool has_short = false, has_long = false, all_in_band = true, none_too_long = true;
    for (const WordReach* r : reachable_words(ss)) {
        const double rank = d.rank_percentile(d.find(r->word));
        const std::size_t len = r->word.size();
        common += rank < rules.common_rank;
        has_short = has_short || (len >= 3 && len <= 4);
        has_long = has_long || (len >= 5 && len <= 6);
        if (rules.every_word_band)
            all_in_band =
                all_in_band && rank >= rules.every_word_band->lo && rank < rules.every_word_band->hi;
        if (rules.max_word_length > 0)
            none_too_long = none_too_long && static_cast<int>(len) <= rules.max_word_length;
    }
    return common >= rules.min_common && all_in_band && (!rules.short_and_long || (has_short && has_long)) &&
           none_too_long;
}

struct RuleCase {
    const char* name;
    GenParams params;
    ReachableWordRules rules;
};

std::vector<RuleCase> rule_cases() {
    GenParams eight;  // 8 letters from two 5-letter words: 6-letter words turn up
    eight.target_length = 8;
    eight.exact_length = true;
    eight.source_lengths = {5, 5};
    std::vector<RuleCase> cases(5);
    cases[0] = {"min-common 8", GenParams{}, {}};
    cases[0].rules.min_common = 8;
    cases[1] = {"all common", GenParams{}, {}};
    cases[1].rules.every_word_band = RankBand{0.0, kDefaultCommonRankPercentile};
    cases[2] = {"rank band 0..25", GenParams{}, {}};
    cases[2].rules.every_word_band = RankBand{0.0, 25.0};
    cases[3] = {"short and long", GenParams{}, {}};
    cases[3].rules.short_and_long = true;
    cases[4] = {"max word length 5", eight, {}};
    cases[4].rules.max_word_length = 5;
    return cases;
}

}  // namespace

TEST_CASE("every generated challenge meets its constraint, checked by a fresh state-space analysis") {
    for (const RuleCase& rc : rule_cases()) {
        INFO(rc.name);
        // Without the constraint the same seeds break it at least once: the check can fail.
        int unconstrained_breaks = 0;
        for (const Challenge& c : numbered_run(rc.params, {}, RuleEnforcement::Feasibility))
            unconstrained_breaks += meets(c.letters, rc.rules) ? 0 : 1;
        CHECK(unconstrained_breaks > 0);
        for (const Challenge& c : numbered_run(rc.params, rc.rules, RuleEnforcement::Feasibility)) {
            INFO(c.letters);
            CHECK(meets(c.letters, rc.rules));
            CHECK(c.reach.reachable ==
                  static_cast<int>(reachable_words(analyze_state_space(english(), c.letters)).size()));
        }
    }
}

TEST_CASE("the filter enforcement meets the constraints too") {
    for (const RuleCase& rc : rule_cases()) {
        if (rc.rules.min_common > 0 || rc.rules.short_and_long) continue;  // too rare to filter for in a test
        INFO(rc.name);
        for (const Challenge& c : numbered_run(rc.params, rc.rules, RuleEnforcement::Filter)) {
            INFO(c.letters);
            CHECK(meets(c.letters, rc.rules));
        }
    }
}

TEST_CASE("constraints combined hold together") {
    ReachableWordRules r;
    r.min_common = 4;
    r.short_and_long = true;
    r.max_word_length = 6;
    for (const Challenge& c : numbered_run(GenParams{}, r, RuleEnforcement::Feasibility)) {
        INFO(c.letters);
        CHECK(meets(c.letters, r));
    }
}

TEST_CASE("constraints off: one attempt per challenge and the challenges of before") {
    const ChallengeGenerator plain(english(), GenParams{});
    const ChallengeGenerator off(english(), GenParams{}, GaSettings{}, ReachableWordRules{});
    GenStats a, b;
    for (int i = 0; i < 8; ++i) {
        const std::optional<Challenge> x = generate_numbered(plain, kSeed, i, {}, a);
        const std::optional<Challenge> y = generate_numbered(off, kSeed, i, {}, b);
        REQUIRE(x);
        REQUIRE(y);
        CHECK(x->letters == y->letters);
    }
    CHECK(b.attempts == 8);
    CHECK(b.accepted == 8);
}

TEST_CASE("an unmeetable count gives up after the attempt budget and names the constraint") {
    ReachableWordRules r;
    r.min_common = 60;  // six letters never hold 60 words
    r.max_attempts = 3;
    for (RuleEnforcement how : {RuleEnforcement::Feasibility, RuleEnforcement::Filter}) {
        r.enforcement = how;
        const ChallengeGenerator gen(english(), GenParams{}, GaSettings{}, r);
        GenStats stats;
        Rng rng(kSeed);
        CHECK_FALSE(gen.generate(rng, {}, &stats));
        CHECK(stats.attempts == 3);
        CHECK(stats.accepted == 0);
        CHECK(stats.broken[static_cast<std::size_t>(ReachRule::MinCommon)] > 0);
        CHECK(stats.broken[static_cast<std::size_t>(ReachRule::ShortAndLong)] == 0);
    }
}

TEST_CASE("rules no challenge can meet are refused with one line") {
    const auto refused = [](const ReachableWordRules& r, GenParams p = {}) {
        try {
            const ChallengeGenerator gen(english(), p, GaSettings{}, r);
        } catch (const sawtooth::Error& e) {
            return std::string(e.what()).find('\n') == std::string::npos;
        }
        return false;
    };
    ReachableWordRules r;
    r.short_and_long = true;
    r.max_word_length = 4;
    CHECK(refused(r));  // no 5-letter word allowed, one required
    r = {};
    r.max_word_length = 3;
    CHECK(refused(r));  // the 4-letter source words are always reachable
    r = {};
    r.every_word_band = RankBand{50.0, 60.0};
    CHECK(refused(r));  // the source band 0..10 lies outside it
    r.every_word_band = RankBand{20.0, 10.0};
    CHECK(refused(r));
    r = {};
    r.common_rank = 0.0;
    CHECK(refused(r));
    r = {};
    r.min_common = 1;
    r.every_word_band = RankBand{10.0, 100.0};
    GenParams wide;
    wide.band_hi = 30.0;
    CHECK(refused(r, wide));  // common words (rank < 10) are all outside the band
    r = {};
    r.max_word_length = 5;
    r.short_and_long = true;
    CHECK_FALSE(refused(r));
}

TEST_CASE("reachable-word counts: a hand-checked challenge") {
    // AFART: FAR is a word of the string but not reachable (every path passes FART or AFAR).
    const StateSpace ss = analyze_state_space(english(), "afart");
    ReachableWordRules r;
    r.every_word_band = RankBand{0.0, 100.0};
    const ReachableWordCounts c = count_reachable_words(english(), ss, r);
    CHECK(c.reachable == ss.reachable_words());
    CHECK(c.reachable < static_cast<int>(ss.words.size()));
    CHECK(c.long_words == 0);
    CHECK(c.longest == 4);
    CHECK(c.short_words == c.reachable);
    CHECK(c.outside_band == 0);
}

}  // namespace test_words_reachable_rules
