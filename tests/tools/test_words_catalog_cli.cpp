// `sawtooth-lab words catalog | similarity | diversity | duplicates`
// (tools/lab/cmd_words_catalog.cpp): a catalogue row holds the challenge the mode generates
// and the statistics of its state space, a re-run skips what is stored, a seed row is the
// generator's challenge of that seed, and bad input is one line, exit 1, nothing written.
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "../support/words_fixture.hpp"
#include "game/words/modes.hpp"
#include "gen/hash.hpp"
#include "gen/rng.hpp"
#include "telemetry/curation/word_catalog.hpp"
#include "telemetry/store/sqlite.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_words_catalog_cli {

using namespace sawtooth;
using sawtooth::test::run_process;
using sawtooth::test::split_args;
namespace fs = std::filesystem;
namespace w = sawtooth::words;

namespace {

const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";

sawtooth::test::ProcessResult lab(const std::string& words) { return run_process(kLab, split_args(words)); }

const fs::path& dir() {
    static const fs::path d = sawtooth::test::scratch_dir("sawtooth_test_words_catalog_cli");
    return d;
}

std::int64_t query(const std::string& db_path, const std::string& sql) {
    telemetry::Database db(db_path, telemetry::OpenMode::ReadOnly);
    return db.query_int(sql);
}

}  // namespace

TEST_CASE("words catalog --mode daily stores each date's challenges with their statistics, once") {
    const std::string db = (dir() / "daily.db").string();
    const auto r = lab("words catalog --mode daily --from 2026-11-22 --days 2 --threads 1 --db " + db);
    REQUIRE(r.exit_code == 0);
    CHECK(query(db, "SELECT count(*) FROM challenges") == 20);
    const w::GeneratedLevel g = w::generate_mode_level(w::test::english(), w::daily_mode_level("2026-11-22"));
    telemetry::Database d(db, telemetry::OpenMode::ReadOnly);
    telemetry::Statement st(
        d,
        "SELECT challenge, letters, two_x, reachable_words, dead_end_states, longest_reachable, "
        "min_clicks, challenge_hash, generator_version FROM challenges "
        "WHERE date = '2026-11-22' ORDER BY challenge");
    int rows = 0;
    while (st.step()) {
        const w::Challenge& c = g.challenges[static_cast<std::size_t>(rows++)];
        const telemetry::WordChallengeStats s =
            telemetry::word_challenge_stats(w::test::english(), c.letters);
        CHECK(st.int32(0) == rows);
        CHECK(st.text(1) == w::to_upper(c.letters));
        CHECK(st.int32(2) == c.two_x);
        CHECK(st.int32(3) == s.reachable_words);
        CHECK(st.int64(4) == s.dead_end_states);
        CHECK(st.int32(5) == s.longest_reachable);
        CHECK(st.int32(6) == static_cast<int>(c.letters.size()) - s.longest_reachable);
        CHECK(st.text(7) == telemetry::hex64(telemetry::challenge_hash(c)));
        CHECK(st.int32(8) == w::kWordGenVersion);
    }
    CHECK(rows == 10);
    const auto again = lab("words catalog --mode daily --from 2026-11-22 --days 3 --threads 1 --db " + db);
    REQUIRE(again.exit_code == 0);
    CHECK(again.out.find("10 challenges catalogued (1 jobs, 2 already stored)") != std::string::npos);
    CHECK(query(db, "SELECT count(*) FROM challenges") == 30);
}

TEST_CASE("words catalog --seeds: the row of seed S is the challenge drawn from mix_seed(S, 0)") {
    const std::string db = (dir() / "seeds.db").string();
    REQUIRE(lab("words catalog --seeds 1..4 --difficulty 2 --threads 1 --db " + db).exit_code == 0);
    CHECK(query(db, "SELECT count(*) FROM challenges WHERE mode = 'seed'") == 4);
    w::LevelParams p = w::params_for_difficulty(2);
    const w::ChallengeGenerator cg(w::test::english(), p.gen);
    Rng rng(mix_seed(3, 0));
    const std::optional<w::Challenge> c = cg.generate(rng);
    REQUIRE(c);
    telemetry::Database d(db, telemetry::OpenMode::ReadOnly);
    telemetry::Statement st(d, "SELECT letters FROM challenges WHERE root_seed = 3");
    REQUIRE(st.step());
    CHECK(st.text(0) == w::to_upper(c->letters));
}

TEST_CASE("words similarity, diversity and duplicates print their figures") {
    const auto s = lab("words similarity toedisk TUNOREDISK");
    REQUIRE(s.exit_code == 0);
    CHECK(s.out.find("two-way 0.824  (near-duplicate)") != std::string::npos);
    const auto d = lab("words diversity --seeds 1..12 --threads 1");
    REQUIRE(d.exit_code == 0);
    CHECK(d.out.find("pairs 66") != std::string::npos);
    const auto u = lab("words duplicates --mode daily --from 2026-02-18 --days 1 --threads 1");
    REQUIRE(u.exit_code == 0);
    CHECK(u.out.find("45 pairs compared, 0 above 0.75") != std::string::npos);
}

TEST_CASE("bad input: one line, exit 1, no file written") {
    const std::string db = (dir() / "never.db").string();
    for (const std::string& args : std::vector<std::string>{
             "words catalog --mode nope --db " + db, "words catalog --seeds 5..1 --db " + db,
             "words catalog --mode daily --seeds 1..3 --db " + db, "words catalog --mode daily",
             "words catalog --mode daily --days 0 --db " + db,
             "words catalog --mode daily --from 2026-02-30 --db " + db,
             "words catalog --seeds 1..3 --sources 4,9 --difficulty 1 --db " + db,
             "words catalog --mode infinite --levels 0 --db " + db, "words similarity abc1 x",
             "words duplicates --seeds 1..3", "words duplicates --mode daily --threshold 2"}) {
        const auto r = lab(args);
        CHECK_MESSAGE(r.exit_code != 0, args);
        CHECK_MESSAGE(std::count(r.err.begin(), r.err.end(), '\n') == 1, std::string(args + ": " + r.err));
        CHECK_MESSAGE(!fs::exists(db), args);
    }
}

TEST_CASE("a file that is not a challenge catalogue is refused and left as it was") {
    const std::string level_cat = (dir() / "levels.db").string();
    REQUIRE(lab("catalog --seeds 1..2 --threads 1 --db " + level_cat).exit_code == 0);
    const std::string before = sawtooth::test::read_file(level_cat);
    const auto r = lab("words catalog --mode daily --days 1 --db " + level_cat);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("is a level catalogue, not a challenge catalogue") != std::string::npos);
    CHECK(sawtooth::test::read_file(level_cat) == before);
}

}  // namespace test_words_catalog_cli
