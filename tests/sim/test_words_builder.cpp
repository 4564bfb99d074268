// Elimination challenge builder without a screen (docs/elimination.md §12): the live analysis
// agrees with the state-space analysis, the generator's fitness and the designer
// constraints' counts it reuses; edit operations and undo/redo; the word-level file
// round-trips and reports the first error by line and column.
#include <doctest/doctest.h>

#include "../support/words_fixture.hpp"
#include "game/words/builder.hpp"
#include "game/words/level_file.hpp"
#include "game/words/play.hpp"
#include "gen/error.hpp"
#include "gen/words/level_table.hpp"
#include "gen/words/scan.hpp"

#include <algorithm>
#include <string>

using namespace sawtooth::words;
using sawtooth::words::test::english;

namespace {

Challenge make(const std::string& letters, int two_x = -1) {
    Challenge c;
    c.letters = letters;
    c.two_x = two_x;
    return c;
}

const DraftWord* find_word(const DraftAnalysis& a, const std::string& w) {
    for (const DraftWord& d : a.words)
        if (d.word == w) return &d;
    return nullptr;
}

LevelBuilder typed(const std::string& letters) {
    LevelBuilder b;
    for (char c : letters) REQUIRE(b.type(c));
    return b;
}

}  // namespace

TEST_CASE("the draft analysis is the state-space analysis, eq. 3 and the constraints' counts") {
    const Dictionary& dict = english();
    DraftAnalysisSettings s;
    s.max_seq = 3;
    const DraftAnalysis a = analyze_draft(dict, make("afart"), s);
    const StateSpace ss = analyze_state_space(dict, "afart");
    CHECK(a.space.reachable_states == ss.reachable_states);
    CHECK(a.space.dead_end_states == ss.dead_end_states);
    CHECK(a.counts.reachable == ss.reachable_words());
    CHECK(a.fitness == challenge_fitness(scan_words(dict, "afart"), 3, FitnessRule::ShortVisible));
    const DraftWord* far = find_word(a, "far");
    REQUIRE(far != nullptr);
    CHECK_FALSE(far->reachable);  // every path passes FART or AFAR first (docs/elimination.md §3)
    CHECK(far->min_clicks == -1);
    const DraftWord* fart = find_word(a, "fart");
    REQUIRE(fart != nullptr);
    CHECK(fart->reachable);
    CHECK(fart->min_clicks == 1);
    // Reachable words are listed first.
    const auto first_unreachable =
        std::find_if(a.words.begin(), a.words.end(), [](const DraftWord& w) { return !w.reachable; });
    CHECK(std::none_of(first_unreachable, a.words.end(), [](const DraftWord& w) { return w.reachable; }));
    // Uncommon = the designer constraints' rank percentile, and the counts agree.
    int common = 0;
    for (const DraftWord& w : a.words) {
        CHECK(w.uncommon == (w.rank_percentile >= kDefaultCommonRankPercentile));
        common += w.reachable && !w.uncommon ? 1 : 0;
    }
    CHECK(common == a.counts.common);
    CHECK(a.uncommon_reachable == a.counts.reachable - a.counts.common);
    // The listed dead ends are dead-end states, most letters first.
    REQUIRE_FALSE(a.dead_ends.empty());
    CHECK(a.dead_ends.size() <= static_cast<std::size_t>(s.dead_end_examples));
    for (std::size_t i = 0; i < a.dead_ends.size(); ++i) {
        if (i > 0) CHECK(a.dead_ends[i - 1].size() >= a.dead_ends[i].size());
        bool found = false;
        for (std::size_t m = 0; m < ss.kind.size(); ++m)
            found |= ss.kind[m] == StateKind::DeadEnd &&
                     kept_letters("afart", static_cast<std::uint32_t>(m)) == a.dead_ends[i];
        CHECK_MESSAGE(found, a.dead_ends[i]);
    }
}

TEST_CASE("profane and uncommon words are flagged; the 2X letter decides the score") {
    // Counts fall in list order, so "zeta" is the rarest ranked word.
    Dictionary dict = Dictionary::from_entries({{"hate", 900, false},
                                                {"hat", 800, false},
                                                {"ate", 700, true},
                                                {"heat", 600, false},
                                                {"zeta", 1, false}});
    DraftAnalysisSettings s;
    s.common_rank = 30.0;  // ranks 0, 20, 40, 60, 80 %
    const DraftAnalysis a = analyze_draft(dict, make("hatde", 0), s);
    const DraftWord* ate = find_word(a, "ate");
    REQUIRE(ate != nullptr);
    CHECK(ate->profane);
    CHECK(ate->reachable);
    CHECK(a.profane_reachable == 1);
    CHECK(std::find(a.problems.begin(), a.problems.end(), "a reachable word is profane") != a.problems.end());
    const DraftWord* hate = find_word(a, "hate");
    REQUIRE(hate != nullptr);
    CHECK(hate->keeps_two_x);  // H at position 0
    CHECK(hate->score == 8);
    CHECK_FALSE(ate->keeps_two_x);
    CHECK(ate->score == 3);
    CHECK(a.best_score == 8);
    CHECK_FALSE(hate->uncommon);  // rank 0 %
    CHECK(ate->uncommon);         // rank 40 %
    CHECK(a.uncommon_reachable == 1);
}

TEST_CASE("an empty or self-spelling challenge is reported, not analysed as good") {
    const DraftAnalysis empty = analyze_draft(english(), make(""));
    CHECK(empty.problems == std::vector<std::string>{"no letters yet"});
    const DraftAnalysis garden = analyze_draft(english(), make("garden"));
    CHECK(garden.space.start_is_word);
    CHECK(std::find(garden.problems.begin(), garden.problems.end(), "the letters themselves spell a word") !=
          garden.problems.end());
}

TEST_CASE("typing, erasing and moving the 2X letter, each undone and redone") {
    LevelBuilder b = typed("Garden");
    CHECK(b.current().letters == "garden");
    CHECK_FALSE(b.type('1'));
    CHECK(b.set_two_x(0));
    CHECK_FALSE(b.set_two_x(0));  // unchanged: no undo step
    CHECK_FALSE(b.set_two_x(6));  // past the letters
    CHECK(b.move_two_x(-1));      // 0 -> none
    CHECK(b.current().two_x == -1);
    CHECK(b.move_two_x(-1));  // none -> last
    CHECK(b.current().two_x == 5);
    CHECK(b.move_two_x(1));  // last -> none
    CHECK(b.current().two_x == -1);
    CHECK(b.move_two_x(1));
    CHECK(b.current().two_x == 0);
    CHECK(b.set_two_x(5));
    CHECK(b.erase());  // erasing the 2X letter clears the mark
    CHECK(b.current().letters == "garde");
    CHECK(b.current().two_x == -1);
    CHECK(b.undo());
    CHECK(b.current().letters == "garden");
    CHECK(b.current().two_x == 5);
    CHECK(b.undo());
    CHECK(b.current().two_x == 0);
    CHECK(b.redo());
    CHECK(b.redo());
    CHECK(b.current().letters == "garde");
    CHECK_FALSE(b.redo());
    // A new edit after an undo drops the redo steps.
    CHECK(b.undo());
    CHECK(b.type('s'));
    CHECK_FALSE(b.can_redo());
    CHECK(b.current().letters == "gardens");
    // Undo all the way back to the empty level.
    while (b.undo()) {
    }
    CHECK(b.current().letters.empty());
    CHECK(b.level().empty());
}

TEST_CASE("letters and challenges are capped; challenges are added and removed with undo") {
    LevelBuilder b = typed("abcdefghijklmnop");
    CHECK_FALSE(b.type('q'));  // kMaxChallengeLength
    CHECK(b.add_challenge());
    CHECK(b.current_index() == 1);
    CHECK(b.level().size() == 1);  // the new one is empty: not saved
    for (char c : std::string("hatdel")) b.type(c);
    CHECK(b.level().size() == 2);
    CHECK(b.select(0));
    CHECK(b.remove_challenge());
    CHECK(b.challenges().size() == 1);
    CHECK(b.current().letters == "hatdel");
    CHECK(b.undo());
    CHECK(b.challenges().size() == 2);
    CHECK(b.current().letters == "abcdefghijklmnop");
    CHECK_FALSE(b.select(2));
    // The only challenge is emptied rather than removed.
    LevelBuilder one = typed("hat");
    CHECK(one.remove_challenge());
    CHECK(one.challenges().size() == 1);
    CHECK(one.current().letters.empty());
    CHECK_FALSE(one.remove_challenge());
    // At most kChallengesPerLevel.
    LevelBuilder full;
    for (int i = 1; i < kChallengesPerLevel; ++i) CHECK(full.add_challenge());
    CHECK_FALSE(full.add_challenge());
    CHECK(full.challenges().size() == static_cast<std::size_t>(kChallengesPerLevel));
}

TEST_CASE("the undo history keeps the last kMaxUndo steps") {
    LevelBuilder b;
    for (std::size_t i = 0; i < LevelBuilder::kMaxUndo + 20; ++i) {
        b.type('a');
        b.erase();
    }
    int undone = 0;
    while (b.undo()) ++undone;
    CHECK(undone == static_cast<int>(LevelBuilder::kMaxUndo));
}

TEST_CASE("a loaded level keeps letters and 2X positions; bad ones are refused") {
    Challenge c = make("HATDEL", 2);
    c.source_words = {"hate"};
    const LevelBuilder b({c});
    CHECK(b.current().letters == "hatdel");
    CHECK(b.current().two_x == 2);
    CHECK(b.current().source_words.empty());
    CHECK_THROWS_AS(LevelBuilder({make("hat", 3)}), sawtooth::Error);
    CHECK_THROWS_AS(LevelBuilder({make("h4t")}), sawtooth::Error);
    CHECK_THROWS_AS(LevelBuilder(std::vector<Challenge>(11, make("hat"))), sawtooth::Error);
}

TEST_CASE("a word-level file round-trips and plays") {
    const std::vector<Challenge> level = {make("guarden", 0), make("hatdel", -1)};
    const std::string text = format_word_level_file(level);
    CHECK(text.find("sawtooth-words-level 1\nGUARDEN 2x:0\nHATDEL 2x:-\n") != std::string::npos);
    const std::vector<Challenge> back = parse_word_level_file(text);
    REQUIRE(back.size() == 2);
    CHECK(back[0].letters == "guarden");
    CHECK(back[0].two_x == 0);
    CHECK(back[1].letters == "hatdel");
    CHECK(back[1].two_x == -1);
    CHECK(format_word_level_file(back) == text);
    // Comments, blank lines, CRLF and mixed case are accepted.
    CHECK(parse_word_level_file("\r\n# hi\r\nsawtooth-words-level 1\r\n  hatDel\t2x:1\r\n")[0].letters ==
          "hatdel");
    LevelPlay play(english(), back);
    CHECK(play.challenge_count() == 2);
}

TEST_CASE("a bad word-level file names its first error by line and column") {
    auto error_of = [](const std::string& text) {
        try {
            parse_word_level_file(text);
        } catch (const WordLevelFileError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error_of("") == "line 1, column 1: empty file: expected 'sawtooth-words-level 1'");
    CHECK(error_of("HATDEL 2x:-\n") == "line 1, column 1: expected 'sawtooth-words-level 1', got 'HATDEL'");
    CHECK(error_of("sawtooth-words-level 2\n") ==
          "line 1, column 22: version '2' is not supported (this build reads 1)");
    CHECK(error_of("sawtooth-words-level 1\n") == "line 2, column 1: no challenges after the header");
    CHECK(error_of("sawtooth-words-level 1\nHAT 2x:0\n  HA7DEL 2x:0\n") ==
          "line 3, column 5: '7' is not a letter a-z");
    CHECK(error_of("sawtooth-words-level 1\nHATDEL\n") ==
          "line 2, column 7: the 2X position (2x:N or 2x:-) is missing");
    CHECK(error_of("sawtooth-words-level 1\nHATDEL 2x:6\n") ==
          "line 2, column 11: 2X position 6 is outside the letters (0..5)");
    CHECK(error_of("sawtooth-words-level 1\nHATDEL 2x:a\n") ==
          "line 2, column 11: 2X position 'a' is not a number");
    CHECK(error_of("sawtooth-words-level 1\nHATDEL x2\n") ==
          "line 2, column 8: expected the 2X position as 2x:N or 2x:-");
    CHECK(error_of("sawtooth-words-level 1\nHATDEL 2x:- more\n") ==
          "line 2, column 13: unexpected text after the 2X position");
    CHECK(error_of("sawtooth-words-level 1\nABCDEFGHIJKLMNOPQ 2x:-\n") ==
          "line 2, column 1: a challenge has at most 16 letters");
    std::string eleven = "sawtooth-words-level 1\n";
    for (int i = 0; i < 11; ++i) eleven += "HAT 2x:-\n";
    CHECK(error_of(eleven) == "line 12, column 1: a level holds at most 10 challenges");
    try {
        parse_word_level_file("sawtooth-words-level 1\n\nHAT 2x:9\n");
        FAIL("no error");
    } catch (const WordLevelFileError& e) {
        CHECK(e.line() == 3);
        CHECK(e.column() == 8);
    }
}
