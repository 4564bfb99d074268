// Word level recording and replay verification (docs/elimination.md §11) and the multiple
// regression of the word-study analysis, on a real SQLite store.
#include <doctest/doctest.h>

#include <unistd.h>

#include "../support/read_file.hpp"
#include "../support/words_fixture.hpp"
#include "game/words/modes.hpp"
#include "game/words/simulated_player.hpp"
#include "gen/error.hpp"
#include "telemetry/analysis/words_study.hpp"
#include "telemetry/recording/words_recording.hpp"

#include <filesystem>
#include <string>

using namespace sawtooth;
using namespace sawtooth::telemetry;
namespace fs = std::filesystem;

namespace {

/// dictionary_hash of the asset, as the game and the tools compute it.
std::uint64_t asset_hash() {
    return dictionary_text_hash(
        test::read_file(std::string(SAWTOOTH_SOURCE_DIR) + "/assets/words/dictionary.tsv"));
}

struct RecordedWords {
    fs::path dir;
    std::string db;
    std::int64_t id = 0;
    std::vector<words::Action> log;
};

/// Level 2 of the Levels mode played by a simulated player, recorded into a fresh store.
RecordedWords record_bot_level(const std::string& name) {
    RecordedWords r;
    r.dir = fs::temp_directory_path() / ("sawtooth_test_word_rec_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(r.dir);
    fs::create_directories(r.dir);
    r.db = (r.dir / "s.db").string();
    const auto& dict = words::test::english();
    const words::ModeLevel ml = words::levels_mode_level(2);
    const words::GeneratedLevel g = words::generate_mode_level(dict, ml);
    Rng rng(42);
    const words::LevelPlay play = words::simulate_level(dict, g.challenges, words::PlayerProfile{0.3}, rng);
    r.log = play.log();
    Store s = Store::open(r.db);
    const std::string pid = s.create_participant();
    const std::int64_t sid = s.begin_session(pid, telemetry::SessionMode::WordsLevels);
    r.id = record_word_level(s, sid, ml, dict, asset_hash(), g.challenges, r.log);
    s.end_session(sid, telemetry::SessionEnd::Finished);
    return r;
}

}  // namespace

TEST_CASE("a recorded bot level verifies exactly, with its challenges regenerated") {
    const RecordedWords r = record_bot_level("ok");
    Store s = Store::open_read_only(r.db);
    const WordRecording rec = load_word_recording(s, r.id);
    CHECK(rec.mode == "levels");
    CHECK(rec.level_number == 2);
    CHECK(rec.actions.size() == r.log.size());
    REQUIRE(rec.result_hash);
    const WordReplayReport rep = verify_word_replay(words::test::english(), asset_hash(), rec);
    CHECK_MESSAGE(!rep.mismatch, rep.mismatch.value_or(""));
    CHECK(rep.regenerated);
    CHECK(rep.actions_checked == static_cast<int>(r.log.size()));
    CHECK(rep.result_hash == *rec.result_hash);
    CHECK(rep.challenges_checked == static_cast<int>(rec.challenges.size()));
    fs::remove_all(r.dir);
}

TEST_CASE("a tampered action is reported by its number; tampered letters by their challenge") {
    const RecordedWords r = record_bot_level("tamper");
    std::int64_t seq = 0;
    {
        Store s = Store::open(r.db);
        // The first click that removed a letter now clicks a position that is not there.
        Statement q(s.db(),
                    "SELECT seq FROM word_actions WHERE word_level_id = ? AND result = 'removed' ORDER BY "
                    "seq LIMIT 1");
        q.bind(1, r.id);
        REQUIRE(q.step());
        seq = q.int64(0);
        q.reset();
        Statement u(s.db(), "UPDATE word_actions SET letter_index = 15 WHERE word_level_id = ? AND seq = ?");
        u.bind(1, r.id).bind(2, seq).run();
    }
    {
        Store s = Store::open_read_only(r.db);
        const WordReplayReport rep =
            verify_word_replay(words::test::english(), asset_hash(), load_word_recording(s, r.id));
        REQUIRE(rep.mismatch);
        CHECK(rep.mismatch->find("action " + std::to_string(seq) + " ") == 0);
    }
    {
        Store s = Store::open(r.db);
        Statement u(s.db(),
                    "UPDATE word_challenges SET letters = 'zzzz' WHERE word_level_id = ? AND number = 1");
        u.bind(1, r.id).run();
    }
    Store s = Store::open_read_only(r.db);
    const WordReplayReport rep =
        verify_word_replay(words::test::english(), asset_hash(), load_word_recording(s, r.id));
    REQUIRE(rep.mismatch);
    CHECK(rep.mismatch->find("challenge 1: regenerated") == 0);
    fs::remove_all(r.dir);
}

TEST_CASE("corrupt rows and missing ids are one-line errors") {
    const RecordedWords r = record_bot_level("corrupt");
    {
        Store s = Store::open(r.db);
        Statement u(s.db(), "UPDATE word_actions SET action = 'jump' WHERE word_level_id = ? AND seq = 2");
        u.bind(1, r.id).run();
    }
    Store s = Store::open_read_only(r.db);
    CHECK_THROWS_WITH_AS(load_word_recording(s, r.id), doctest::Contains("action 2: unknown action 'jump'"),
                         WordRecordingError);
    CHECK_THROWS_WITH_AS(load_word_recording(s, r.id + 100), doctest::Contains("no word level with id"),
                         StoreError);
    fs::remove_all(r.dir);
}

TEST_CASE("stored statuses are read through their name/parse pairs; an unknown one names its row") {
    for (const WordLevelEnd e : {WordLevelEnd::Complete, WordLevelEnd::TimedOut, WordLevelEnd::Quit})
        CHECK(parse_word_level_end(word_level_end_name(e)) == e);
    for (const auto c :
         {words::ChallengeStatus::Playing, words::ChallengeStatus::Solved, words::ChallengeStatus::TimedOut})
        CHECK(parse_challenge_status(challenge_status_name(c)) == c);
    for (const auto a : {words::ActionKind::Click, words::ActionKind::Type, words::ActionKind::Reset,
                         words::ActionKind::Tick})
        CHECK(parse_action_kind(action_kind_name(a)) == a);
    for (const LevelKind k : {LevelKind::Generated, LevelKind::File, LevelKind::Tutorial})
        CHECK(parse_level_kind(level_kind_name(k)) == k);
    CHECK(action_kind_name(words::ActionKind::Tick) == "timeout");
    CHECK_FALSE(parse_word_level_end("playing"));
    CHECK_FALSE(parse_level_kind("Generated"));
    CHECK(word_level_end(words::LevelStatus::Playing) == WordLevelEnd::Quit);
    for (const SessionMode m : {SessionMode::Study, SessionMode::Free, SessionMode::Single,
                                SessionMode::Scripted, SessionMode::WordsLevels, SessionMode::WordsInfinite,
                                SessionMode::WordsDaily, SessionMode::WordsCustom})
        CHECK(parse_session_mode(session_mode_name(m)) == m);
    // The words modes' stored names are "words-" and the mode's own name, as sessions hold them.
    for (const auto m : {words::Mode::Levels, words::Mode::Infinite, words::Mode::Daily, words::Mode::Custom})
        CHECK(session_mode_name(words_session_mode(m)) == std::string("words-") + words::mode_name(m));
    CHECK(session_mode_name(SessionMode::Study) == "study");
    CHECK_FALSE(parse_session_mode("tutorial"));

    const RecordedWords r = record_bot_level("status");
    {
        Store s = Store::open_read_only(r.db);
        const WordRecording rec = load_word_recording(s, r.id);
        REQUIRE(rec.status.has_value());
        CHECK(*rec.status != WordLevelEnd::Quit);  // a simulated player plays to the end
        Statement st(s.db(), "SELECT status FROM word_levels WHERE word_level_id = ?");
        st.bind(1, r.id);
        REQUIRE(st.step());
        CHECK(st.text(0) == word_level_end_name(*rec.status));
    }
    {
        Store s = Store::open(r.db);
        Statement u(s.db(),
                    "UPDATE word_challenges SET status = 'won' WHERE word_level_id = ? AND number = 1");
        u.bind(1, r.id).run();
    }
    {
        Store s = Store::open_read_only(r.db);
        CHECK_THROWS_WITH_AS(load_word_recording(s, r.id),
                             doctest::Contains("challenge 1 has unknown status 'won'"), WordRecordingError);
    }
    {
        Store s = Store::open(r.db);
        Statement u(s.db(), "UPDATE word_levels SET status = 'abandoned' WHERE word_level_id = ?");
        u.bind(1, r.id).run();
    }
    Store s = Store::open_read_only(r.db);
    CHECK_THROWS_WITH_AS(load_word_recording(s, r.id), doctest::Contains("unknown status 'abandoned'"),
                         WordRecordingError);
    fs::remove_all(r.dir);
}

TEST_CASE("another generator version replays on the stored letters with a warning") {
    const RecordedWords r = record_bot_level("oldgen");
    {
        Store s = Store::open(r.db);
        Statement u(
            s.db(),
            "UPDATE word_levels SET params_json = json_set(params_json, '$.word_gen_version', 0) WHERE "
            "word_level_id = ?");
        u.bind(1, r.id).run();
    }
    Store s = Store::open_read_only(r.db);
    const WordReplayReport rep =
        verify_word_replay(words::test::english(), asset_hash(), load_word_recording(s, r.id));
    CHECK_MESSAGE(!rep.mismatch, rep.mismatch.value_or(""));
    CHECK_FALSE(rep.regenerated);
    REQUIRE(rep.warnings.size() == 1);
    CHECK(rep.warnings[0].find("generator version 0") != std::string::npos);
    fs::remove_all(r.dir);
}

TEST_CASE("a custom (built) level is stored with its challenges and replays on them") {
    const fs::path dir =
        fs::temp_directory_path() / ("sawtooth_test_word_rec_custom_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string db = (dir / "s.db").string();
    const auto& dict = words::test::english();
    std::vector<words::Challenge> level(2);
    level[0].letters = "guarden";
    level[0].two_x = 0;
    level[1].letters = "hatdel";
    CHECK_THROWS_AS(word_level_source(words::custom_mode_level(), asset_hash(), 0), sawtooth::Error);
    std::int64_t id = 0;
    {
        Store s = Store::open(db);
        const std::int64_t sid = s.begin_session(s.create_participant(), telemetry::SessionMode::WordsCustom);
        id = s.begin_word_level(sid, custom_word_level_source(level, asset_hash(), 0));
        words::LevelPlay play(dict, level);
        // The first challenge times out: only it is stored as a row, the file had two.
        std::vector<WordActionRow> rows = {apply_and_describe(play, words::Action::click(5, 0)),
                                           apply_and_describe(play, words::Action::wait(2000))};
        s.add_word_actions(id, rows);
        for (const words::ChallengeResult& r : play.results())
            s.add_word_challenge(id, word_challenge_row(r));
        s.end_word_level(id, word_level_end(play.status()), play.total_score(), play.words_found(),
                         play.result_hash());
    }
    Store s = Store::open_read_only(db);
    WordRecording rec = load_word_recording(s, id);
    CHECK(rec.mode == "custom");
    CHECK_FALSE(rec.params.has_value());
    REQUIRE(rec.custom_challenges.size() == 2);
    CHECK(rec.custom_challenges[1].letters == "hatdel");
    CHECK(rec.custom_challenges[0].two_x == 0);
    CHECK(rec.challenges.size() == 1);
    const WordReplayReport rep = verify_word_replay(dict, asset_hash(), rec);
    CHECK_MESSAGE(!rep.mismatch, rep.mismatch.value_or(""));
    CHECK(rep.warnings.empty());
    CHECK_FALSE(rep.regenerated);
    CHECK(rep.status == words::LevelStatus::TimedOut);
    // Stored letters that differ from the level's are a mismatch naming the challenge.
    rec.custom_challenges[0].two_x = 2;
    const WordReplayReport bad = verify_word_replay(dict, asset_hash(), rec);
    REQUIRE(bad.mismatch);
    CHECK(bad.mismatch->find("challenge 1: params_json has GUARDEN 2x:2, stored GUARDEN 2x:0") == 0);
    fs::remove_all(dir);
}

TEST_CASE("fit_ols recovers a linear law, drops constant regressors, rejects too little data") {
    // y = 1.5 + 2 a - 0.5 b + small deterministic wobble uncorrelated with a and b
    std::vector<double> a, b, c, y;
    Rng rng(7);
    for (int i = 0; i < 200; ++i) {
        a.push_back(rng.uniform(0, 10));
        b.push_back(rng.uniform(-5, 5));
        c.push_back(3.0);
        y.push_back(1.5 + 2 * a.back() - 0.5 * b.back() + 0.1 * rng.normal());
    }
    const analysis::WordsRegression r = analysis::fit_ols("y ~ a + b + c", {"a", "b", "c"}, {a, b, c}, y);
    REQUIRE(r.coefficients.size() == 3);
    CHECK(r.coefficients[0].estimate == doctest::Approx(1.5).epsilon(0.05));
    CHECK(r.coefficients[1].estimate == doctest::Approx(2.0).epsilon(0.01));
    CHECK(r.coefficients[2].estimate == doctest::Approx(-0.5).epsilon(0.02));
    CHECK(r.coefficients[1].se > 0);
    CHECK(r.coefficients[1].p_value < 1e-6);
    CHECK(r.r2 > 0.99);
    CHECK(r.r2 <= 1.0);
    REQUIRE(r.dropped.size() == 1);
    CHECK(r.dropped[0] == "c");
    CHECK_THROWS_AS(analysis::fit_ols("y ~ a", {"a"}, {{1.0, 2.0}}, {1.0, 2.0}), sawtooth::Error);
    // collinear: b2 = 2 a
    std::vector<double> b2;
    for (double v : a) b2.push_back(2 * v);
    CHECK_THROWS_WITH(analysis::fit_ols("y ~ a + b2", {"a", "b2"}, {a, b2}, y),
                      doctest::Contains("collinear"));
}

TEST_CASE("best_challenge_score: longest reachable word, doubled with the 2X letter") {
    const auto& dict = words::test::english();
    // HATDEL holds HATE (positions 0,1,2,4) as its longest word.
    CHECK(analysis::best_challenge_score(dict, "hatdel", -1) == 4);
    CHECK(analysis::best_challenge_score(dict, "hatdel", 4) == 8);  // E is in HATE
    CHECK(analysis::best_challenge_score(dict, "hatdel", 3) == 6);  // D: only HAD keeps it, 3 x 2
}
