// Dictionary, word engine and state-space analysis (SPEC §E; docs/elimination.md §1-3).
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <set>
#include <tuple>

#include "../support/words_fixture.hpp"
#include "gen/error.hpp"
#include "gen/rng.hpp"
#include "gen/words/scan.hpp"
#include "gen/words/state_space.hpp"

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_words_engine {

using namespace sawtooth;
using namespace sawtooth::words;
using sawtooth::words::test::english;
using sawtooth::words::test::tiny;

namespace {
std::set<std::string> word_set(const WordScan& s) {
    std::set<std::string> out;
    for (const auto& w : s.words) out.insert(w.word);
    return out;
}

// Reference: try all 2^n subsets (what the trie search must avoid, fine for tests).
std::set<std::string> brute_force_words(const Dictionary& d, const std::string& s) {
    std::set<std::string> out;
    for (std::uint32_t m = 1; m < (1u << s.size()); ++m) {
        const std::string k = kept_letters(s, m);
        if (d.contains(k)) out.insert(k);
    }
    return out;
}
}  // namespace

TEST_CASE("dictionary parses TSV: comments, case, duplicates, skipped lines, errors") {
    const Dictionary d =
        Dictionary::parse_tsv("# header\nCat\t10\t0\ncat\t5\nox\t100\nd0g\t3\nbarn\t7\t1\r\n\nzebra\t0\n");
    CHECK(d.size() == 3);
    CHECK(d.skipped() == 2);  // "ox" too short, "d0g" not letters
    REQUIRE(d.find("cat") >= 0);
    CHECK(d.entry(d.find("cat")).count == 15);
    CHECK(d.entry(0).word == "cat");  // rank order: most frequent first
    CHECK(d.entry(d.find("barn")).profane);
    CHECK(d.ranked_size() == 2);
    CHECK(d.rank_percentile(d.find("zebra")) == 100.0);
    CHECK(d.find("ca") == -1);
    CHECK_THROWS_WITH_AS(Dictionary::parse_tsv("cat\tmany\n"),
                         "line 1: count 'many' is not a non-negative integer", sawtooth::Error);
    CHECK_THROWS_AS(Dictionary::parse_tsv("a\t1\ncat\t1\t2\n"), sawtooth::Error);
}

TEST_CASE("the English asset: size, profanity flags, bands") {
    const Dictionary& d = english();
    CHECK(d.size() > 50000);
    CHECK(d.ranked_size() > 40000);
    for (const char* w : {"hate", "ate", "hat", "fart", "afar", "far", "the"})
        CHECK_MESSAGE(d.contains(w), w);
    for (const char* w : {"usa", "nyc", "jan"})
        CHECK_MESSAGE(!d.contains(w), w);  // abbreviations, proper nouns
    REQUIRE(d.contains("shit"));
    CHECK(d.entry(d.find("shit")).profane);
    CHECK_FALSE(d.entry(d.find("hate")).profane);
    const auto band = d.band(0, 10, 4);
    CHECK(band.size() > 300);
    for (int id : band) {
        CHECK(d.entry(id).word.size() == 4);
        CHECK_FALSE(d.entry(id).profane);
        CHECK(d.rank_percentile(id) < 10.0);
    }
    CHECK(d.band(99.9, 100, 14).empty());
}

TEST_CASE("HATDEL holds exactly HATE, HAT, HAD and ATE, with the paper's features") {
    const WordScan s = scan_words(english(), "HATDEL");
    CHECK(word_set(s) == std::set<std::string>{"hate", "hat", "had", "ate"});
    const FoundWord* hate = s.find("hate");
    REQUIRE(hate);
    CHECK(hate->best_mask == 0b010111u);  // H A T . E .
    CHECK(hate->features.length == 4);
    CHECK(hate->features.max_sequence == 3);    // HAT adjacent
    CHECK(hate->features.split_distance == 1);  // D between T and E
    CHECK(hate->features.first_occurrence == 0);
    const FoundWord* ate = s.find("ate");
    REQUIRE(ate);
    CHECK(ate->features.max_sequence == 2);
    CHECK(ate->features.first_occurrence == 1);
}

TEST_CASE("exact word sets for hand-checked strings on a small dictionary") {
    const Dictionary d = tiny("cat dog cod cog tag act coat goat dot");
    const WordScan s = scan_words(d, "CDATOG");  // paper §III-A: CAT + DOG mixed
    CHECK(word_set(s) == std::set<std::string>{"cat", "cog", "dog"});
    const FoundWord* dog = s.find("dog");
    REQUIRE(dog);
    CHECK(dog->features.max_sequence == 2);
    CHECK(dog->features.split_distance == 2);
    CHECK(dog->features.first_occurrence == 1);
    CHECK(word_set(scan_words(d, "CADOGT")) == std::set<std::string>{"cat", "cog", "dog", "dot"});

    // Every embedding is found; the most visible one carries the features.
    const Dictionary cab = tiny("cab");
    const WordScan t = scan_words(cab, "caxbcab");
    REQUIRE(t.words.size() == 1);
    CHECK(t.words[0].masks.size() == 4);
    CHECK(t.words[0].best_mask == 0b1110000u);
    CHECK(t.words[0].features.max_sequence == 3);
    CHECK(t.words[0].features.split_distance == 0);
    CHECK(t.words[0].features.first_occurrence == 4);
}

TEST_CASE("trie search equals brute force over all subsets (random strings)") {
    const Dictionary& d = english();
    Rng rng(7);
    const std::string common = "etaoinshrdlucmpgbfy";
    for (int trial = 0; trial < 60; ++trial) {
        const int n = static_cast<int>(rng.uniform_int(3, 11));
        std::string s;
        for (int i = 0; i < n; ++i) s.push_back(common[static_cast<std::size_t>(rng.uniform_int(0, 18))]);
        const WordScan scan = scan_words(d, s);
        CHECK_MESSAGE(word_set(scan) == brute_force_words(d, s), s);
        for (std::uint32_t m = 0; m < (1u << n); ++m)
            CHECK(scan.is_word(m) == (std::popcount(m) >= 3 && d.contains(kept_letters(s, m))));
    }
}

namespace {
// Reference features: the definitions of WordFeatures, bit by bit.
WordFeatures reference_features(std::uint32_t mask) {
    WordFeatures f;
    int first = -1, last = -1, run = 0;
    for (int i = 0; i < 32; ++i) {
        const bool kept = (mask >> i & 1u) != 0;
        run = kept ? run + 1 : 0;
        f.max_sequence = std::max(f.max_sequence, run);
        if (!kept) continue;
        ++f.length;
        if (first < 0) first = i;
        last = i;
    }
    if (first < 0) return f;
    f.first_occurrence = first;
    f.split_distance = (last - first + 1) - f.length;
    return f;
}

// Reference scan: every subset looked up in the dictionary, grouped per word, the most
// visible embedding chosen by the stated order, words sorted by length then spelling.
std::vector<FoundWord> reference_scan(const Dictionary& d, const std::string& s) {
    std::vector<FoundWord> out;
    for (std::uint32_t m = 1; m < (1u << s.size()); ++m) {
        const std::string k = kept_letters(s, m);
        const int id = d.find(k);
        if (id < 0) continue;
        auto it = std::find_if(out.begin(), out.end(), [&](const FoundWord& w) { return w.id == id; });
        if (it == out.end()) it = out.insert(out.end(), FoundWord{id, k, {}, 0, {}});
        it->masks.push_back(m);  // subsets ascend, so masks do
    }
    for (FoundWord& w : out) {
        w.best_mask = w.masks.front();
        w.features = reference_features(w.best_mask);
        for (std::uint32_t m : w.masks) {
            const WordFeatures f = reference_features(m);
            const auto key = [](const WordFeatures& x) {
                return std::tuple(-x.max_sequence, x.split_distance, x.first_occurrence);
            };
            if (key(f) < key(w.features)) {
                w.features = f;
                w.best_mask = m;
            }
        }
    }
    std::sort(out.begin(), out.end(), [](const FoundWord& a, const FoundWord& b) {
        return a.word.size() != b.word.size() ? a.word.size() > b.word.size() : a.word < b.word;
    });
    return out;
}

bool same_features(const WordFeatures& a, const WordFeatures& b) {
    return a.length == b.length && a.max_sequence == b.max_sequence && a.split_distance == b.split_distance &&
           a.first_occurrence == b.first_occurrence;
}
}  // namespace

TEST_CASE("embedding features equal their definition for every 16-bit mask") {
    for (std::uint32_t m = 0; m < (1u << 16); ++m)
        CHECK(same_features(embedding_features(m), reference_features(m)));
    CHECK(same_features(embedding_features(0x80000001u), reference_features(0x80000001u)));
}

// The whole result (words, ids, order, every embedding, best embedding and its features),
// not only the word set, against the subset reference: letters drawn from small alphabets
// so words embed in several ways, lengths up to the 16-letter cap.
TEST_CASE("scan_words equals a subset-by-subset reference in everything it returns") {
    const Dictionary& d = english();
    Rng rng(2026);
    const std::string alphabets[] = {"etaoinshrdlucmpgbfy", "aestr", "abcdefghijklmnopqrstuvwxyz"};
    for (int trial = 0; trial < 240; ++trial) {
        const std::string& from = alphabets[trial % 3];
        const int n = trial % 40 == 0 ? kMaxChallengeLength : static_cast<int>(rng.uniform_int(1, 13));
        std::string s;
        for (int i = 0; i < n; ++i)
            s.push_back(from[static_cast<std::size_t>(
                rng.uniform_int(0, static_cast<std::int64_t>(from.size()) - 1))]);
        const WordScan scan = scan_words(d, s);
        const std::vector<FoundWord> ref = reference_scan(d, s);
        INFO(s);
        REQUIRE(scan.words.size() == ref.size());
        for (std::size_t i = 0; i < ref.size(); ++i) {
            CHECK(scan.words[i].id == ref[i].id);
            CHECK(scan.words[i].word == ref[i].word);
            CHECK(scan.words[i].masks == ref[i].masks);
            CHECK(scan.words[i].best_mask == ref[i].best_mask);
            CHECK(same_features(scan.words[i].features, ref[i].features));
        }
        std::vector<char> word(std::size_t{1} << n, 0);
        for (const FoundWord& w : ref)
            for (std::uint32_t m : w.masks) word[m] = 1;
        for (std::uint32_t m = 0; m < (1u << n); ++m)
            if (scan.is_word(m) != (word[m] != 0)) FAIL_CHECK("word_mask differs at " << m);
    }
}

TEST_CASE("AFART: FAR is unreachable, FART and AFAR are one click away") {
    const StateSpace ss = analyze_state_space(english(), "AFART");
    CHECK_FALSE(ss.start_is_word);
    CHECK(ss.potential_states == 32);
    CHECK(ss.reachable_states == 31);  // only the FAR state itself is never reached
    const WordReach* far = ss.find("far");
    REQUIRE(far);
    CHECK_FALSE(far->reachable);
    CHECK(far->min_clicks == -1);
    for (const char* w : {"fart", "afar"}) {
        const WordReach* r = ss.find(w);
        REQUIRE(r);
        CHECK(r->reachable);
        CHECK(r->min_clicks == 1);
    }
    CHECK(ss.unreachable_words() == 1);
    const WordScan scan = scan_words(english(), "afart");
    CHECK_FALSE(is_word_reachable(scan, *scan.find("far")));
    CHECK(is_word_reachable(scan, *scan.find("fart")));
}

TEST_CASE("state counts on a hand-computed example") {
    // Only ABC is a word. From ABCD every subset is reachable (ABC ends play but its
    // subsets are reached through ABD, ACD, BCD); all states but ABCD and ABC are dead ends.
    const Dictionary d = tiny("abc");
    const StateSpace ss = analyze_state_space(d, "abcd");
    CHECK(ss.potential_states == 16);
    CHECK(ss.reachable_states == 16);
    CHECK(ss.word_states == 1);
    CHECK(ss.dead_end_states == 14);
    CHECK(ss.kind[0b1111] == StateKind::Open);
    CHECK(ss.kind[0b0111] == StateKind::Word);
    CHECK(ss.kind[0b1011] == StateKind::DeadEnd);

    // A word as the start: play is over before it begins.
    const StateSpace w = analyze_state_space(d, "abc");
    CHECK(w.start_is_word);
    CHECK(w.reachable_states == 1);
    CHECK(w.reachable_words() == 0);
}

TEST_CASE("fast single-word reachability agrees with the full analysis") {
    const Dictionary& d = english();
    Rng rng(11);
    const std::string common = "etaoinshrdlucmpgb";
    int unreachable_seen = 0;
    for (int trial = 0; trial < 80; ++trial) {
        const int n = static_cast<int>(rng.uniform_int(4, 10));
        std::string s;
        for (int i = 0; i < n; ++i) s.push_back(common[static_cast<std::size_t>(rng.uniform_int(0, 16))]);
        const WordScan scan = scan_words(d, s);
        const StateSpace ss = analyze_state_space(scan);
        for (std::size_t i = 0; i < scan.words.size(); ++i) {
            CHECK(is_word_reachable(scan, scan.words[i]) == ss.words[i].reachable);
            for (std::uint32_t m : scan.words[i].masks)
                CHECK(is_mask_reachable(scan, m) == (ss.kind[m] == StateKind::Word && m != (1u << n) - 1u));
            unreachable_seen += ss.words[i].reachable ? 0 : 1;
        }
    }
    CHECK(unreachable_seen > 0);  // the sample does exercise the blocked case
}

}  // namespace test_words_engine
