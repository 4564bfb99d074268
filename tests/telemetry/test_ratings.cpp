// Store::add_rating: a rating names one recorded level (platformer or word), takes its
// session from that level's row, is either skipped (no answers) or fully answered, and
// stays on the scales; the table's CHECK constraints hold the same rules for any other
// writer. Ratings go with their participant when it is deleted.
#include "../support/read_file.hpp"
#include "gen/level.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>

using namespace sawtooth;
using namespace sawtooth::telemetry;
namespace fs = std::filesystem;

namespace {

Level test_level() {
    return parse_level_text(test::read_file(std::string(SAWTOOTH_SOURCE_DIR) + "/assets/levels/test.txt"));
}

struct Fixture {
    fs::path dir;
    Store store;
    std::string participant;
    std::int64_t session = 0, level = 0, word_level = 0;

    static fs::path fresh_dir() {
        const fs::path d =
            fs::temp_directory_path() / ("sawtooth-test-ratings-" + std::to_string(::getpid()));
        fs::remove_all(d);
        fs::create_directories(d);
        return d;
    }
    Fixture() : dir(fresh_dir()), store(Store::open((dir / "s.db").string())) {
        participant = store.create_participant();
        session = store.begin_session(participant, telemetry::SessionMode::Free);
        LevelSource src;
        src.name = "test";
        src.level = test_level();
        level = store.begin_level(session, src, 6);
        const std::int64_t words = store.begin_session(participant, telemetry::SessionMode::WordsLevels);
        WordLevelSource ws;
        ws.mode = "levels";
        ws.level_number = 1;
        word_level = store.begin_word_level(words, ws);
    }
    ~Fixture() { fs::remove_all(dir); }
    std::int64_t rows() { return store.db().query_int("SELECT count(*) FROM ratings"); }
};

RatingRow answered(std::int64_t level, int enjoyment, int difficulty) {
    RatingRow r;
    r.level_id = level;
    r.enjoyment = enjoyment;
    r.difficulty = difficulty;
    r.answer_ticks = 90;
    return r;
}

}  // namespace

TEST_CASE("a rating is stored with the rated level's session") {
    Fixture f;
    const std::int64_t id = f.store.add_rating(answered(f.level, 10, 7));
    Statement st(f.store.db(),
                 "SELECT session_id, level_id, word_level_id, enjoyment, difficulty, skipped, answer_ticks "
                 "FROM ratings WHERE rating_id = ?");
    st.bind(1, id);
    REQUIRE(st.step());
    CHECK(st.int64(0) == f.session);
    CHECK(st.int64(1) == f.level);
    CHECK(st.is_null(2));
    CHECK(st.int64(3) == 10);
    CHECK(st.int64(4) == 7);
    CHECK(st.int64(5) == 0);
    CHECK(st.int64(6) == 90);

    RatingRow skip;
    skip.word_level_id = f.word_level;
    skip.skipped = true;
    const std::int64_t sid = f.store.add_rating(skip);
    CHECK(f.store.db().query_int("SELECT session_id FROM ratings WHERE rating_id = " + std::to_string(sid)) ==
          f.session + 1);
    CHECK(f.store.db().query_int("SELECT count(*) FROM ratings WHERE enjoyment IS NULL AND skipped = 1") ==
          1);
}

TEST_CASE("bad ratings are refused and nothing is written") {
    Fixture f;
    CHECK_THROWS_WITH_AS(f.store.add_rating(answered(f.level, 11, 3)), doctest::Contains("out of range"),
                         StoreError);
    CHECK_THROWS_AS(f.store.add_rating(answered(f.level, 0, 3)), StoreError);
    CHECK_THROWS_AS(f.store.add_rating(answered(f.level, 5, 8)), StoreError);
    CHECK_THROWS_WITH_AS(f.store.add_rating(answered(f.level + 99, 5, 3)),
                         doctest::Contains("no level with id"), StoreError);
    RatingRow half = answered(f.level, 5, 3);
    half.difficulty.reset();
    CHECK_THROWS_AS(f.store.add_rating(half), StoreError);
    RatingRow skipped_with_answer = answered(f.level, 5, 3);
    skipped_with_answer.skipped = true;
    CHECK_THROWS_AS(f.store.add_rating(skipped_with_answer), StoreError);
    RatingRow both = answered(f.level, 5, 3);
    both.word_level_id = f.word_level;
    CHECK_THROWS_AS(f.store.add_rating(both), StoreError);
    CHECK(f.rows() == 0);
    // The table refuses the same rows from any writer (CHECK constraints).
    CHECK_THROWS_AS(f.store.db().exec("INSERT INTO ratings(session_id, level_id, enjoyment, difficulty, "
                                      "skipped, answer_ticks, rated_utc) VALUES (1, 1, 11, 3, 0, 0, 'x')"),
                    StoreError);
    CHECK_THROWS_AS(f.store.db().exec("INSERT INTO ratings(session_id, level_id, skipped, answer_ticks, "
                                      "rated_utc) VALUES (1, 1, 0, 0, 'x')"),
                    StoreError);
    CHECK(f.rows() == 0);
}

TEST_CASE("deleting the participant deletes their ratings") {
    Fixture f;
    f.store.add_rating(answered(f.level, 4, 2));
    RatingRow skip;
    skip.word_level_id = f.word_level;
    skip.skipped = true;
    f.store.add_rating(skip);
    const std::string other = f.store.create_participant();
    const std::int64_t s2 = f.store.begin_session(other, telemetry::SessionMode::Free);
    LevelSource src;
    src.name = "test";
    src.level = test_level();
    f.store.add_rating(answered(f.store.begin_level(s2, src, 6), 9, 1));
    CHECK(f.rows() == 3);
    f.store.delete_participant(f.participant);
    CHECK(f.rows() == 1);
    CHECK(f.store.db().query_int("SELECT enjoyment FROM ratings") == 9);
}
