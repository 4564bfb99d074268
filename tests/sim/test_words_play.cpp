// Elimination rules of play: challenge/level state machine, timer, reset, 2X score,
// action log and replay, modes (docs/elimination.md §6-7, SPEC §E).
#include <doctest/doctest.h>

#include "../support/words_fixture.hpp"
#include "game/words/modes.hpp"
#include "game/words/play.hpp"
#include "gen/error.hpp"

using namespace sawtooth;
using namespace sawtooth::words;
using sawtooth::words::test::english;

namespace {
Challenge challenge_of(const std::string& letters, int two_x = -1) {
    Challenge c;
    c.letters = letters;
    c.two_x = two_x;
    return c;
}
}  // namespace

TEST_CASE("challenge time follows eq. 1 in ticks") {
    CHECK(challenge_time_ticks(1) == 1800);  // 30 s
    CHECK(challenge_time_ticks(6) == 900);   // 30 / 2 = 15 s
    CHECK(challenge_time_ticks(3) == 1286);  // 30 / 1.4 = 21.43 s
    CHECK(challenge_time_ticks(10) == 643);  // 30 / 2.8 = 10.71 s
}

TEST_CASE("HATDEL: removing D then L finds HATE; the 2X letter doubles the score") {
    ChallengePlay c(english(), challenge_of("HATDEL"), 1, 100);
    CHECK(c.letters() == "hatdel");
    CHECK(c.click(3, 120) == Outcome::Removed);
    CHECK(c.remaining() == "hatel");
    CHECK(c.click(3, 130) == Outcome::Ignored);  // already gone
    CHECK(c.click(5, 140) == Outcome::Solved);
    CHECK(c.status() == ChallengeStatus::Solved);
    CHECK(c.solved_word() == "hate");
    CHECK(c.score() == 4);
    CHECK(c.end_tick() == 140);
    CHECK(c.clicks() == 2);
    CHECK(c.click(0, 150) == Outcome::Ignored);  // over

    ChallengePlay x(english(), challenge_of("hatdel", 0), 1, 0);  // 2X on H
    CHECK(x.is_two_x(0));
    x.type('D', 10);
    CHECK(x.type('l', 20) == Outcome::Solved);
    CHECK(x.score() == 8);
    CHECK(x.two_x_kept());

    ChallengePlay y(english(), challenge_of("hatdel", 0), 1, 0);  // ATE drops the H: no bonus
    y.click(0, 1);
    y.click(3, 2);
    CHECK(y.click(5, 3) == Outcome::Solved);
    CHECK(y.solved_word() == "ate");
    CHECK(y.score() == 3);
}

TEST_CASE("invalid challenges are refused") {
    CHECK_THROWS_AS(ChallengePlay(english(), challenge_of("ab1"), 1, 0), sawtooth::Error);
    CHECK_THROWS_AS(ChallengePlay(english(), challenge_of(std::string(17, 'a')), 1, 0), sawtooth::Error);
    CHECK_THROWS_AS(LevelPlay(english(), {}), sawtooth::Error);
}

TEST_CASE("typing removes the leftmost remaining occurrence") {
    ChallengePlay c(english(), challenge_of("afart"), 1, 0);
    CHECK(c.type('a', 5) == Outcome::Solved);  // first A goes: FART (FAR is unreachable)
    CHECK(c.solved_word() == "fart");
    ChallengePlay d(english(), challenge_of("afart"), 1, 0);
    CHECK(d.type('z', 5) == Outcome::Ignored);
    CHECK(d.remaining() == "afart");
}

TEST_CASE("reset restores the letters, the timer keeps running, then a timeout") {
    ChallengePlay c(english(), challenge_of("hatdel"), 1, 0);
    CHECK(c.reset(5) == Outcome::Ignored);  // nothing to restore
    c.click(0, 10);
    c.click(1, 20);
    c.click(2, 30);  // DEL left: a dead end
    CHECK(c.remaining() == "del");
    CHECK(c.reset(40) == Outcome::Restored);
    CHECK(c.remaining() == "hatdel");
    CHECK(c.resets() == 1);
    CHECK(c.ticks_left(40) == 1800 - 40);
    CHECK(c.tick(1799) == Outcome::Ignored);
    CHECK(c.click(0, 1795) == Outcome::Ignored);  // ticks never go backwards
    CHECK(c.tick(1800) == Outcome::TimedOut);
    CHECK(c.status() == ChallengeStatus::TimedOut);
    CHECK(c.ticks_left(1800) == 0);
    CHECK(c.tick(1900) == Outcome::Ignored);  // reported once
    ChallengePlay late(english(), challenge_of("hatdel"), 1, 0);
    CHECK(late.click(3, 5000) == Outcome::TimedOut);  // a late click finds the time up
    CHECK(late.remaining() == "hatdel");
}

TEST_CASE("a level: transitions, timers per challenge number, completion and timeout") {
    std::vector<Challenge> ch(3, challenge_of("hatdel"));
    LevelPlay lv(english(), ch, 0, LevelPlaySettings{30});
    CHECK(lv.click(3, 10) == Outcome::Removed);
    CHECK(lv.click(5, 20) == Outcome::Solved);
    CHECK(lv.current_index() == 1);
    CHECK(lv.in_transition(40));
    CHECK(lv.current().start_tick() == 50);
    CHECK(lv.current().time_limit_ticks() == challenge_time_ticks(2));
    CHECK(lv.click(3, 45) == Outcome::Ignored);  // during the transition
    lv.click(3, 60);
    lv.click(5, 70);
    CHECK(lv.words_found() == 2);
    CHECK(lv.total_score() == 8);
    CHECK(lv.tick(100 + challenge_time_ticks(3) - 1) == Outcome::Ignored);  // started at 100
    CHECK(lv.tick(100 + challenge_time_ticks(3)) == Outcome::TimedOut);
    CHECK(lv.status() == LevelStatus::TimedOut);
    LevelPlay done(english(), ch, 0);
    for (int i = 0; i < 3; ++i) {
        const std::uint32_t t = done.current().start_tick();
        done.type('d', t + 1);
        done.type('l', t + 2);
    }
    CHECK(done.status() == LevelStatus::Complete);
    CHECK(done.results().size() == 3);
    CHECK(done.click(0, 99999) == Outcome::Ignored);

    LevelPlay timed(english(), ch, 0);
    timed.type('d', 5);
    timed.type('l', 6);
    const std::uint32_t deadline = timed.current().deadline_tick();
    CHECK(timed.tick(deadline - 1) == Outcome::Ignored);
    CHECK(timed.tick(deadline) == Outcome::TimedOut);
    CHECK(timed.status() == LevelStatus::TimedOut);
    REQUIRE(timed.results().size() == 2);
    CHECK(timed.results()[1].status == ChallengeStatus::TimedOut);
    CHECK(timed.results()[1].end_tick == deadline);
    CHECK(timed.log().back() == Action::wait(deadline));  // the timeout tick is logged
}

TEST_CASE("the action log round-trips as text and replays to the same result") {
    std::vector<Challenge> ch = {challenge_of("hatdel", 2), challenge_of("afart"), challenge_of("hatdel")};
    LevelPlay lv(english(), ch, 0);
    lv.click(1, 10);
    lv.tick(11);  // a frame tick that changes nothing is not logged
    lv.reset(20);
    lv.type('D', 30);
    lv.type('l', 40);
    lv.click(0, lv.current().start_tick() + 5);
    lv.tick(lv.current().start_tick() + 5000);
    CHECK(lv.status() == LevelStatus::TimedOut);
    const std::string text = format_action_log(lv.log());
    CHECK(text.rfind("10 c 1\n20 r\n30 t D\n40 t l\n", 0) == 0);
    const auto parsed = parse_action_log(text);
    CHECK(parsed == lv.log());
    const LevelPlay again = replay_level(english(), ch, parsed);
    CHECK(again.result_hash() == lv.result_hash());
    CHECK(again.total_score() == lv.total_score());
    CHECK_THROWS_AS(parse_action_log("10 x\n"), sawtooth::Error);
    CHECK_THROWS_AS(parse_action_log("10 c 1\n5 r\n"), sawtooth::Error);
    CHECK_THROWS_AS(parse_action_log("ten r\n"), sawtooth::Error);
    // What the store and the verifier refuse is refused when read, not after recording.
    CHECK_THROWS_AS(parse_action_log("10 c 99\n"), sawtooth::Error);
    CHECK_THROWS_AS(parse_action_log("10 c -1\n"), sawtooth::Error);
    CHECK_THROWS_AS(parse_action_log("10 t 7\n"), sawtooth::Error);
    CHECK(parse_action_log("10 c 15\n").front().index == 15);
    // A different log gives a different hash.
    auto changed = parsed;
    changed.erase(changed.begin());
    CHECK(replay_level(english(), ch, changed).result_hash() != lv.result_hash());
}

TEST_CASE("modes: Levels fixed, Infinite rising, Daily from a UTC date") {
    CHECK(is_valid_utc_date("2026-11-22"));
    CHECK(is_valid_utc_date("2024-02-29"));
    CHECK_FALSE(is_valid_utc_date("2026-02-29"));
    CHECK_FALSE(is_valid_utc_date("2026-1-01"));
    CHECK_FALSE(is_valid_utc_date("2026-13-01"));
    CHECK_FALSE(is_valid_utc_date("1900-01-01"));
    CHECK(daily_seed("2026-11-22") == daily_seed("2026-11-22"));
    CHECK(daily_seed("2026-11-22") != daily_seed("2026-11-23"));
    CHECK_THROWS_AS(daily_seed("22/11/2026"), sawtooth::Error);
    const ModeLevel d = daily_mode_level("2026-11-22");
    CHECK(d.mode == Mode::Daily);
    CHECK(d.params.difficulty == kDailyDifficulty);
    CHECK(levels_mode_level(7).seed == levels_mode_level(7).seed);
    CHECK(levels_mode_level(7).seed != levels_mode_level(8).seed);
    CHECK_THROWS_AS(levels_mode_level(31), sawtooth::Error);
    for (int k = 2; k < 20; ++k)
        CHECK(infinite_mode_level(5, k).params.difficulty >= infinite_mode_level(5, k - 1).params.difficulty);
    CHECK(infinite_mode_level(5, 3).seed != infinite_mode_level(6, 3).seed);
    CHECK(parse_mode("daily") == Mode::Daily);
    CHECK_THROWS_AS(parse_mode("hard"), sawtooth::Error);
    const GeneratedLevel g1 = generate_mode_level(english(), d);
    const GeneratedLevel g2 = generate_mode_level(english(), daily_mode_level("2026-11-22"));
    REQUIRE(g1.challenges.size() == 10);
    for (std::size_t i = 0; i < 10; ++i) CHECK(g1.challenges[i].letters == g2.challenges[i].letters);
}
