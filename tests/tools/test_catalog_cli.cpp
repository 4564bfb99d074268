// `sawtooth-lab catalog` as a user runs it (docs/curation.md "Catalogue"): shards merged equal one
// unsharded run row by row; a run killed with SIGKILL and run again equals a clean run and
// skips what it had stored; a re-run adds the model's and the proof's columns; merging
// refuses conflicting rows and catalogues of another generator version; bad arguments and
// files that are not catalogues give one line, a non-zero exit and write nothing.
#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "gen/generator.hpp"
#include "telemetry/analysis/challenge_model.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_catalog_cli {

using namespace sawtooth;
using sawtooth::test::run_process;
using sawtooth::test::split_args;
namespace fs = std::filesystem;

namespace {

const test::ScratchFiles file("sawtooth_test_catalog_cli");

test::ProcessResult lab(const std::string& words, const std::vector<std::string>& more = {}) {
    std::vector<std::string> args = split_args(words);
    args.insert(args.end(), more.begin(), more.end());
    return run_process(test::lab_binary(), args);
}

/// Every column of every row, in key order, as text: what "the same rows" means.
std::vector<std::string> dump(const std::string& path) {
    telemetry::Database db(path, telemetry::OpenMode::ReadOnly);
    telemetry::Statement st(db,
                            "SELECT * FROM levels ORDER BY layout, rooms_w, rooms_h, room_w, room_h, "
                            "alpha, level_index, seed");
    std::vector<std::string> rows;
    while (st.step()) {
        std::string row;
        for (int c = 0; c < st.column_count(); ++c)
            row += (st.is_null(c) ? std::string("NULL") : st.text(c)) + "|";
        rows.push_back(row);
    }
    return rows;
}

std::int64_t count_rows(const std::string& path) {
    telemetry::Database db(path, telemetry::OpenMode::ReadOnly);
    return db.query_int("SELECT count(*) FROM levels");
}

void expect_one_line_failure(const test::ProcessResult& r, const std::string& needle) {
    CHECK(r.exit_code != 0);
    CHECK(test::line_count(r.err) == 1);
    CHECK(r.err.find(needle) != std::string::npos);
    if (r.err.find(needle) == std::string::npos) MESSAGE(r.err);
}

const std::string& model_file() {
    static const std::string path = [] {
        const std::string p = file("model.json");
        analysis::save_model(analysis::thesis_reference_model(), p);
        return p;
    }();
    return path;
}

}  // namespace

TEST_CASE("catalog: three shards merged hold the same rows as one run") {
    const std::string whole = file("whole.db");
    const auto r = lab("catalog --seeds 1..12 --threads 2 --model " + model_file() + " --db " + whole);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.empty());  // piped: no progress line
    const std::vector<std::string> expected = dump(whole);
    REQUIRE(expected.size() == 12);
    std::vector<std::string> shards;
    for (int i = 1; i <= 3; ++i) {
        shards.push_back(file("shard" + std::to_string(i) + ".db"));
        const auto s = lab("catalog --seeds 1..12 --threads 1 --model " + model_file() + " --shard " +
                           std::to_string(i) + "/3 --db " + shards.back());
        REQUIRE(s.exit_code == 0);
        CHECK(count_rows(shards.back()) == 4);  // seeds i, i+3, i+6, i+9: mod 3 == i-1
    }
    const auto m = lab("catalog merge " + file("merged.db"), shards);
    REQUIRE(m.exit_code == 0);
    CHECK(m.out.find("12 rows added") != std::string::npos);
    CHECK(dump(file("merged.db")) == expected);
    // Merging a shard again adds nothing and changes nothing.
    const auto again = lab("catalog merge " + file("merged.db"), {shards[0]});
    REQUIRE(again.exit_code == 0);
    CHECK(again.out.find("0 rows added, 4 already there") != std::string::npos);
    CHECK(dump(file("merged.db")) == expected);
}

TEST_CASE("catalog: stored statistics match the generator, the model columns filled with --model") {
    telemetry::Catalog cat = telemetry::Catalog::open_read_only(file("whole.db"));
    const std::vector<telemetry::CatalogRow> rows = cat.rows();
    REQUIRE(rows.size() == 12);
    for (const telemetry::CatalogRow& row : rows) {
        CHECK(row.generated);
        const GeneratedLevel g = generate_level(row.params);
        CHECK(row.level_hash == level_hash(g.level));
        CHECK(row.stats.traps == static_cast<int>(g.level.traps.size()));
        REQUIRE(row.model);
        CHECK(row.model->success_probability == doctest::Approx(1.0 - row.model->difficulty));
        CHECK(!row.proof);
    }
}

TEST_CASE("catalog: a run killed with SIGKILL and run again equals a clean run") {
    const std::string clean = file("clean.db"), killed = file("killed.db");
    REQUIRE(lab("catalog --seeds 1..150 --threads 2 --db " + clean).exit_code == 0);
    std::int64_t before_kill = 0;
    {
        test::LiveProcess run(test::lab_binary(),
                              split_args("catalog --seeds 1..150 --threads 1 --batch 5 --db " + killed));
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        while (std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            try {
                if (fs::exists(killed) && count_rows(killed) >= 5) break;
            } catch (const telemetry::StoreError&) {  // not created yet, or locked: look again
            }
        }
        run.kill_and_wait(SIGKILL);
    }
    before_kill = count_rows(killed);
    CHECK(before_kill >= 5);
    CHECK(before_kill < 150);  // killed mid-run, else this test proves nothing
    const auto resumed = lab("catalog --seeds 1..150 --threads 2 --db " + killed);
    REQUIRE(resumed.exit_code == 0);
    CHECK(resumed.out.find(std::to_string(150 - before_kill) + " levels catalogued, " +
                           std::to_string(before_kill) + " already stored") != std::string::npos);
    CHECK(dump(killed) == dump(clean));
    // A third run has nothing left to do.
    const auto third = lab("catalog --seeds 1..150 --db " + killed);
    CHECK(third.out.find("0 levels catalogued, 150 already stored") != std::string::npos);
}

TEST_CASE("catalog: linear levels get a row per level index; --prove adds the proof to stored rows") {
    const std::string db = file("linear.db");
    REQUIRE(lab("catalog --seeds 3 --layout linear --level-index all --db " + db).exit_code == 0);
    CHECK(count_rows(db) == 10);
    const auto proved = lab("catalog --seeds 3 --layout linear --level-index 2 --prove --db " + db);
    REQUIRE(proved.exit_code == 0);
    CHECK(proved.out.find("1 levels catalogued, 0 already stored") != std::string::npos);
    telemetry::Catalog cat = telemetry::Catalog::open_read_only(db);
    int with_proof = 0;
    for (const telemetry::CatalogRow& row : cat.rows()) {
        CHECK(row.params.layout == Layout::Linear);
        CHECK(row.params.rooms_w == 4);
        CHECK(row.params.rooms_h == 2);
        if (!row.proof) continue;
        ++with_proof;
        CHECK(row.params.level_index == 2);
        CHECK(row.proof->forward);  // linear 1..1000 x 10 are proven (docs/bots.md)
        CHECK(row.proof->backward);
        CHECK(row.proof->forward_ticks > 0);
    }
    CHECK(with_proof == 1);
}

TEST_CASE("catalog merge: conflicting rows and other generator versions are refused, nothing written") {
    const std::string a = file("conflict_a.db"), b = file("conflict_b.db");
    REQUIRE(lab("catalog --seeds 20..21 --db " + a).exit_code == 0);
    REQUIRE(lab("catalog --seeds 21..22 --db " + b).exit_code == 0);
    {
        telemetry::Database db(b, telemetry::OpenMode::ReadWrite);
        db.exec("UPDATE levels SET traps = traps + 1 WHERE seed = 21");
    }
    const std::string out = file("conflict_out.db");
    expect_one_line_failure(lab("catalog merge " + out, {a, b}), "conflicting rows");
    CHECK(!fs::exists(out));
    CHECK(!fs::exists(out + ".merging-0"));
    for (const auto& e : fs::directory_iterator(file.dir()))
        CHECK(e.path().string().find(".merging-") == std::string::npos);

    const std::string old = file("old_generator.db");
    fs::copy_file(a, old);
    {
        telemetry::Database db(old, telemetry::OpenMode::ReadWrite);
        db.exec("UPDATE catalog_meta SET value = '2' WHERE key = 'generator_version'");
    }
    expect_one_line_failure(lab("catalog merge " + out, {a, old}), "generator version 2");
    CHECK(!fs::exists(out));
    const std::string newer = file("newer_schema.db");
    fs::copy_file(a, newer);
    {
        telemetry::Database db(newer, telemetry::OpenMode::ReadWrite);
        db.exec("PRAGMA user_version = " + std::to_string(telemetry::kCatalogSchemaVersion + 1));
    }
    const std::string newer_version =
        "schema version " + std::to_string(telemetry::kCatalogSchemaVersion + 1);
    expect_one_line_failure(lab("catalog merge " + out, {newer, a}), newer_version);
    CHECK(!fs::exists(out));
    expect_one_line_failure(lab("catalog --seeds 1 --db " + newer), newer_version);
    // Into an existing catalogue: refused the same way, the file byte-identical.
    const std::string before = test::read_file(a);
    expect_one_line_failure(lab("catalog merge " + a, {b}), "conflicting rows");
    CHECK(test::read_file(a) == before);
}

TEST_CASE("catalog: bad arguments and files that are not catalogues: one line, exit != 0, nothing written") {
    const std::string db = file("never.db");
    for (const std::string& args : std::vector<std::string>{
             "--seeds 1..4 --shard 3/2", "--seeds 1..4 --shard 0/2", "--seeds 1..4 --shard x", "--seeds 5..3",
             "--seeds 1..2 --shard 4/4", "--seeds 1..4 --layout spiral", "--seeds 1..4 --rooms 0x3",
             "--seeds 1..4 --level-index 11", "--seeds 1..4 --model " + file("no_such_model.json")}) {
        CAPTURE(args);
        const auto r = lab("catalog " + args + " --db " + db);
        CHECK(r.exit_code != 0);
        CHECK(test::line_count(r.err) == 1);
        CHECK(!fs::exists(db));
    }
    expect_one_line_failure(lab("catalog --seeds 1..4 --shard 3/2 --db " + db), "--shard '3/2'");
    const std::string garbage_model = file("garbage_model.json");
    std::ofstream(garbage_model) << "{ not json";
    expect_one_line_failure(lab("catalog --seeds 1 --model " + garbage_model + " --db " + db), garbage_model);
    CHECK(!fs::exists(db));

    const std::string session = file("session.db");
    telemetry::Store::open(session);
    const std::string session_bytes = test::read_file(session);
    expect_one_line_failure(lab("catalog --seeds 1 --db " + session),
                            "session database, not a level catalogue");
    CHECK(test::read_file(session) == session_bytes);
    expect_one_line_failure(lab("catalog merge " + file("m.db"), {session}), "not a level catalogue");
    CHECK(!fs::exists(file("m.db")));

    const std::string text = file("notes.txt");
    std::ofstream(text) << "these are notes, not a database\n";
    expect_one_line_failure(lab("catalog --seeds 1 --db " + text), "not a level catalogue");
    CHECK(test::read_file(text) == "these are notes, not a database\n");
}

TEST_CASE("catalog: seeds of the whole unsigned 64-bit range, sharded, merged, looked up") {
    // 2^63 - 1 and 2^63 (the signed edge), 2^64 - 2 and 2^64 - 1 (the top), and 0.
    const std::string low = file("edge_low.db"), high = file("edge_high.db"), zero = file("edge_zero.db");
    REQUIRE(lab("catalog --seeds 9223372036854775807..9223372036854775808 --db " + low).exit_code == 0);
    REQUIRE(lab("catalog --seeds 18446744073709551614..18446744073709551615 --shard 2/2 --db " + high)
                .exit_code == 0);
    REQUIRE(lab("catalog --seeds 0 --db " + zero).exit_code == 0);
    const auto m = lab("catalog merge " + file("edges.db"), {low, high, zero});
    REQUIRE(m.exit_code == 0);
    CHECK(m.out.find("4 rows added") != std::string::npos);
    telemetry::Catalog cat = telemetry::Catalog::open_read_only(file("edges.db"));
    std::vector<std::uint64_t> seeds;
    for (const telemetry::CatalogRow& r : cat.rows()) {
        seeds.push_back(r.params.seed);
        CHECK(r.generated);
        GenParams p = r.params;
        const GeneratedLevel g = generate_level(p);
        REQUIRE(g.ok);
        CHECK(level_hash(g.level) == r.level_hash);  // the row is the level of that seed
    }
    // Shard 2/2 of 2^64 - 2 .. 2^64 - 1 is the odd seed alone.
    CHECK(seeds == std::vector<std::uint64_t>{0, 9223372036854775807ull, 9223372036854775808ull,
                                              18446744073709551615ull});
    // A re-run skips what is stored, at the top of the range too.
    const auto again = lab("catalog --seeds 18446744073709551615 --db " + high);
    REQUIRE(again.exit_code == 0);
    CHECK(again.out.find("0 levels catalogued, 1 already stored") != std::string::npos);
    expect_one_line_failure(lab("catalog --seeds 18446744073709551616 --db " + file("never2.db")),
                            "bad --seeds '18446744073709551616'");
    expect_one_line_failure(lab("catalog --seeds 0..18446744073709551615 --db " + file("never2.db")),
                            "seeds per shard");
    CHECK(!fs::exists(file("never2.db")));
}

}  // namespace test_catalog_cli
