// The session store and recorder in-process: schema and refusals, recording a scripted
// level and replaying it exactly, tamper detection (desync ticks), crash consistency,
// participant export / deletion, word-mode tables and the CSV export.
#include "game/sim/input_script.hpp"
#include "gen/hash.hpp"
#include "telemetry/recording/recorder.hpp"
#include "telemetry/recording/replay.hpp"
#include "telemetry/store/export.hpp"
#include "telemetry/store/input_rle.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>
#include <nlohmann/json.hpp>
#include "../support/db_file.hpp"
#include "../support/read_file.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

using namespace sawtooth;
using namespace sawtooth::telemetry;
namespace fs = std::filesystem;
using sawtooth::test::file_hash;
using sawtooth::test::raw_exec;

namespace {

const std::string kGolden = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden/";

// A fresh temporary directory per test case, removed afterwards.
struct TempDir {
    fs::path path;
    TempDir() {
        static int counter = 0;
        path = fs::temp_directory_path() /
               ("sawtooth-test-store-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

struct Recorded {
    std::int64_t level_id = 0;
    std::uint64_t final_hash = 0;
    std::vector<EventRow> events;
    int deaths = 0;
};

// Records the golden script on the golden level through LevelRecorder, as the game does.
Recorded record_golden(const std::string& db_path, std::string* participant_out = nullptr,
                       RecordedOutcome outcome = RecordedOutcome::Quit) {
    auto store = std::make_shared<Store>(Store::open(db_path));
    const std::string participant = store->create_participant();
    if (participant_out) *participant_out = participant;
    LevelSource src;
    src.kind = LevelKind::File;
    src.name = "golden";
    src.level = parse_level_text(test::read_file(kGolden + "golden_level.txt"));
    const auto frames = parse_input_script(test::read_file(kGolden + "golden_run.script"));
    SessionRecorder session(store, participant, telemetry::SessionMode::Scripted);
    Simulation sim(src.level);
    Recorded out;
    const EventExtractor extractor(sim.level());
    extractor.start(sim, out.events);
    auto rec = session.begin_level(src, sim);
    for (const InputFrame f : frames) {
        sim.step(f);
        rec->record_tick(f, sim);
        extractor.after_step(sim, out.events);
    }
    rec->finish(outcome, sim);
    out.level_id = rec->level_id();
    out.final_hash = sim.state_hash();
    out.deaths = sim.deaths();
    return out;
}

// A new store file with one participant, in its own temporary folder.
struct NewStore {
    TempDir dir;
    std::string path = dir.file("s.db");
    std::shared_ptr<Store> store = std::make_shared<Store>(Store::open(path));
    std::string participant = store->create_participant();
};

LevelSource golden_source() {
    LevelSource src;
    src.level = parse_level_text(test::read_file(kGolden + "golden_level.txt"));
    return src;
}

std::int64_t count(Store& s, const std::string& table) {
    return s.db().query_int("SELECT count(*) FROM " + table);
}

}  // namespace

TEST_CASE("input RLE round-trips and rejects damaged blobs") {
    std::vector<InputFrame> frames;
    for (int i = 0; i < 1000; ++i) frames.push_back(InputFrame{static_cast<std::uint8_t>((i / 37) % 16)});
    frames.insert(frames.end(), 300, InputFrame{kInputRight});  // a run longer than one varint byte
    const auto blob = encode_inputs(frames);
    std::vector<InputFrame> back;
    decode_inputs(blob, frames.size(), back);
    CHECK(back == frames);
    CHECK(blob.size() < frames.size() / 4);

    std::vector<InputFrame> sink;
    CHECK_THROWS_AS(decode_inputs(blob, frames.size() + 1, sink), InputDecodeError);
    auto bad_bits = blob;
    bad_bits[0] = 0x40;
    CHECK_THROWS_AS(decode_runs(bad_bits), InputDecodeError);
    auto truncated = blob;
    truncated.back() |= 0x80;  // last run length claims another byte
    CHECK_THROWS_AS(decode_runs(truncated), InputDecodeError);
    CHECK_THROWS_AS(decode_runs({kInputLeft, 0}), InputDecodeError);  // zero-length run
    CHECK(input_checksum(blob) != input_checksum(bad_bits));
}

TEST_CASE("a new store has the versioned schema, WAL and pseudonymous participants") {
    TempDir dir;
    const std::string path = dir.file("sub/dir/s.db");
    Store store = Store::open(path);
    CHECK(fs::exists(path));
    CHECK(store.db().query_int("PRAGMA user_version") == kSchemaVersion);
    CHECK(store.db().query_int("PRAGMA application_id") == kApplicationId);
    {
        Statement jm(store.db(), "PRAGMA journal_mode");
        REQUIRE(jm.step());
        CHECK(jm.text(0) == "wal");
    }
    const std::string a = store.create_participant(), b = store.create_participant();
    CHECK(a != b);
    CHECK(std::regex_match(a, std::regex("P-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}")));
    CHECK(store.default_participant() == store.default_participant());
    CHECK(store.participants().size() == 3);
    CHECK_THROWS_AS(store.begin_session("P-NOPE-NOPE", telemetry::SessionMode::Free), StoreError);
}

TEST_CASE("refused files are reported in one line and never modified") {
    TempDir dir;
    const std::string path = dir.file("s.db");
    record_golden(path);

    SUBCASE("future schema version") {
        raw_exec(path, "PRAGMA user_version = 99");
        const auto before = file_hash(path);
        for (int writable = 0; writable < 2; ++writable) {
            try {
                if (writable)
                    (void)Store::open(path);
                else
                    (void)Store::open_read_only(path);
                FAIL("opened a future schema");
            } catch (const StoreError& e) {
                const std::string what = e.what();
                CHECK(what.find("schema version 99") != std::string::npos);
                CHECK(what.find('\n') == std::string::npos);
            }
        }
        CHECK(file_hash(path) == before);
    }
    SUBCASE("truncated file") {
        const auto size = fs::file_size(path);
        fs::resize_file(path, size / 2);
        const auto before = file_hash(path);
        CHECK_THROWS_AS((void)Store::open_read_only(path), StoreError);
        CHECK_THROWS_AS((void)Store::open(path), StoreError);
        CHECK(file_hash(path) == before);
    }
    SUBCASE("not a Sawtooth database") {
        const std::string other = dir.file("other.db");
        raw_exec(other, "CREATE TABLE t(x)");
        const auto before = file_hash(other);
        CHECK_THROWS_WITH_AS((void)Store::open(other), doctest::Contains("not a Sawtooth database"),
                             StoreError);
        CHECK(file_hash(other) == before);
    }
    SUBCASE("missing file is not created by read-only opens") {
        CHECK_THROWS_AS((void)Store::open_read_only(dir.file("missing.db")), StoreError);
        CHECK(!fs::exists(dir.file("missing.db")));
    }
}

TEST_CASE("a recorded level replays with identical events and final hash") {
    TempDir dir;
    const std::string path = dir.file("s.db");
    const Recorded r = record_golden(path, nullptr, RecordedOutcome::Completed);

    Store store = Store::open_read_only(path);
    const LoadedRecording rec = load_recording(store, r.level_id);
    CHECK(rec.same_build);
    CHECK(rec.warnings.empty());
    CHECK(rec.record.outcome == RecordedOutcome::Completed);
    CHECK(rec.record.final_hash == r.final_hash);
    // Stored events = what the simulation produced, plus the End row.
    REQUIRE(rec.events.size() == r.events.size() + 1);
    CHECK(std::equal(r.events.begin(), r.events.end(), rec.events.begin()));
    CHECK(rec.events.back().kind == EventKind::End);
    CHECK(rec.hashes.size() == rec.inputs.size() / kStateHashInterval);

    const ReplayReport rep = verify_replay(rec);
    CHECK_MESSAGE(!rep.desync, (rep.desync ? rep.desync->what : ""));
    CHECK(rep.final_hash == r.final_hash);
    CHECK(rep.deaths == r.deaths);
    CHECK(rep.events_checked == r.events.size());
    CHECK(rep.hashes_checked == rec.hashes.size() + 1);

    // Every event kind the analysis needs is in the stream of this run.
    std::set<EventKind> kinds;
    for (const auto& e : rec.events) kinds.insert(e.kind);
    for (const EventKind k :
         {EventKind::Start, EventKind::Pos, EventKind::Jump, EventKind::Node, EventKind::End})
        CHECK_MESSAGE(kinds.count(k) == 1, event_kind_name(k));
    CHECK_THROWS_WITH_AS(load_recording(store, 999), doctest::Contains("no level with id 999"), StoreError);
}

TEST_CASE("replay reports the first desyncing tick") {
    TempDir dir;
    const std::string path = dir.file("s.db");
    const Recorded r = record_golden(path);

    SUBCASE("a tampered state hash") {
        raw_exec(path, "UPDATE state_hashes SET hash = '0000000000000001' WHERE tick = 240");
        Store store = Store::open_read_only(path);
        const ReplayReport rep = verify_replay(load_recording(store, r.level_id));
        REQUIRE(rep.desync);
        CHECK(rep.desync->tick == 240);
    }
    SUBCASE("different but well-formed inputs") {
        // Replace the first chunk by one holding the same number of ticks, all idle.
        Store rw = Store::open(path);
        const std::int64_t ticks = rw.db().query_int("SELECT ticks FROM input_chunks WHERE chunk = 0");
        const auto blob =
            encode_inputs(std::vector<InputFrame>(static_cast<std::size_t>(ticks), InputFrame{}));
        Statement up(rw.db(), "UPDATE input_chunks SET rle = ?, checksum = ? WHERE chunk = 0");
        up.bind_blob(1, blob).bind(2, input_checksum(blob)).run();
        const ReplayReport rep = verify_replay(load_recording(rw, r.level_id));
        REQUIRE(rep.desync);
        CHECK(rep.desync->tick > 0);
        CHECK(rep.desync->tick <= 40);  // the script starts moving at tick 21
    }
    SUBCASE("damaged blob bytes are caught before simulating") {
        raw_exec(path, "UPDATE input_chunks SET rle = zeroblob(length(rle)) WHERE chunk = 0");
        Store store = Store::open_read_only(path);
        CHECK_THROWS_WITH_AS(load_recording(store, r.level_id), doctest::Contains("corrupted"), StoreError);
    }
}

TEST_CASE("a level that was never finished keeps everything flushed and replays") {
    const NewStore f;
    const std::string &path = f.path, &p = f.participant;
    const auto store = f.store;
    const LevelSource src = golden_source();
    const auto frames = parse_input_script(test::read_file(kGolden + "golden_run.script"));
    std::int64_t id = 0;
    {
        SessionRecorder session(store, p, telemetry::SessionMode::Scripted);
        Simulation sim(src.level);
        auto rec = session.begin_level(src, sim);
        id = rec->level_id();
        for (std::size_t i = 0; i < 100; ++i) {
            sim.step(frames[i]);
            rec->record_tick(frames[i], sim);
        }
        // What a reader sees mid-level: the last flush (tick 90), nothing half-written.
        Store reader = Store::open_read_only(path);
        CHECK(reader.load_level(id).ticks == 90);
        CHECK(reader.load_inputs(id, 90).size() == 90);
    }  // recorder destroyed without finish(): flushes, outcome stays NULL
    Store reader = Store::open_read_only(path);
    const LoadedRecording rec = load_recording(reader, id);
    CHECK(!rec.record.outcome);
    CHECK(rec.inputs.size() == 100);
    CHECK(rec.warnings.size() == 1);
    CHECK(!verify_replay(rec).desync);
}

TEST_CASE("a level replays under the respawn rule its input format names") {
    // The pit of tests/sim/test_traps.cpp: run into it while its spikes are out, die, stand
    // still. Under rule 2 (this build) the respawn is beside the pit; under rule 1 the
    // player passed over the pit's edge on the ground, reappears over the pit and dies again.
    const NewStore f;
    const std::string& path = f.path;
    LevelSource src;
    src.level = parse_level_text(
        "sawtooth-level 1\ngrid 10 5\n##########\n#........#\n#S......E#\n####k#####\n##########\n"
        "trap spike 4 1 -1 240 0\n");
    std::int64_t id = 0;
    {
        SessionRecorder session(f.store, f.participant, telemetry::SessionMode::Scripted);
        Simulation sim(src.level);
        auto rec = session.begin_level(src, sim);
        id = rec->level_id();
        for (int i = 0; i < 400; ++i) {
            const InputFrame input =
                sim.tick() >= 125 && sim.deaths() == 0 ? InputFrame{kInputRight} : InputFrame{};
            sim.step(input);
            rec->record_tick(input, sim);
        }
        REQUIRE(sim.deaths() == 1);
        rec->finish(RecordedOutcome::Quit, sim);
    }
    Store reader = Store::open_read_only(path);
    CHECK(reader.load_level(id).input_format == kInputFormatVersion);
    CHECK(!verify_replay(load_recording(reader, id)).desync);

    raw_exec(path, "UPDATE levels SET input_format = 1");
    const LoadedRecording as_rule_1 = load_recording(reader, id);
    CHECK(as_rule_1.config.respawn == RespawnRule::LastCellStoodOn);
    const ReplayReport rep = verify_replay(as_rule_1);
    REQUIRE(rep.desync);
    CHECK(rep.desync->tick > 125);  // the same run up to the death, another after the respawn

    raw_exec(path, "UPDATE levels SET input_format = 99");
    CHECK_THROWS_WITH_AS(load_recording(reader, id), doctest::Contains("input format 99 is not supported"),
                         ReplayError);
}

TEST_CASE("a level row and its start events are committed together, never one without the other") {
    // A process killed between two commits once left a level with no start event, which
    // replay then reports as a desync. A failing first write must leave no level row.
    const NewStore f;
    const std::string& path = f.path;
    const auto store = f.store;
    const LevelSource src = golden_source();
    SessionRecorder session(store, f.participant, telemetry::SessionMode::Scripted);
    Simulation sim(src.level);
    raw_exec(path,
             "CREATE TRIGGER refuse_events BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'no'); END");
    CHECK_THROWS_AS(session.begin_level(src, sim), StoreError);
    CHECK(count(*store, "levels") == 0);

    raw_exec(path, "DROP TRIGGER refuse_events");
    auto rec = session.begin_level(src, sim);
    Store reader = Store::open_read_only(path);
    CHECK(count(reader, "levels") == 1);
    CHECK(count(reader, "events") >= 1);  // the start event, with no tick played
    CHECK(!verify_replay(load_recording(reader, rec->level_id())).desync);
}

TEST_CASE("participant export and deletion cover every table, words included") {
    TempDir dir;
    const std::string path = dir.file("s.db");
    std::string p1;
    const Recorded r = record_golden(path, &p1);
    std::string p2;
    record_golden(path, &p2);

    Store store = Store::open(path);
    const std::int64_t session = store.begin_session(p1, telemetry::SessionMode::WordsLevels);
    WordLevelSource ws;
    ws.mode = "levels";
    ws.level_number = 3;
    ws.seed = 77;
    ws.params_json = R"({"targetLength":6})";
    const std::int64_t wl = store.begin_word_level(session, ws);
    store.add_word_actions(wl, {{120, 1, words::ActionKind::Click, 2, "a", "removed"},
                                {150, 1, words::ActionKind::Click, 0, "f", "solved"}});
    store.add_word_challenge(
        wl, {1, "afart", 3, words::ChallengeStatus::Solved, "art", 3, false, 0b11100, 0, 150, 2, 0});
    store.end_word_level(wl, WordLevelEnd::TimedOut, 3, 1, 0x1234);

    Statement skill(store.db(), "INSERT INTO meta(key, value) VALUES (?, 'skill of p1')");
    skill.bind(1, "synthetic_skill:" + p1).run();

    // Every kind of row tied to p1 is in the export (docs/telemetry.md "Participant export").
    const nlohmann::json j = store.export_participant(p1);
    CHECK(j["format"] == kParticipantExportFormat);
    CHECK(j["format_version"] == kParticipantExportVersion);
    CHECK(j["participant_id"] == p1);
    CHECK(j["meta"]["synthetic_skill:" + p1] == "skill of p1");
    CHECK(j["meta"].size() == 1);  // p2's rows and the store's own are not p1's
    CHECK(j["sessions"][0]["mode"] == "scripted");
    REQUIRE(j["sessions"].size() == 2);
    const auto& lvl = j["sessions"][0]["levels"][0];
    CHECK(lvl["level_id"] == r.level_id);
    CHECK(lvl["final_hash"] == hex64(r.final_hash));
    std::uint64_t ticks = 0;
    for (const auto& run : lvl["inputs"]) ticks += run["ticks"].get<std::uint64_t>();
    CHECK(ticks == lvl["ticks"].get<std::uint64_t>());
    CHECK(lvl["events"].size() == r.events.size() + 1);
    CHECK(!lvl["state_hashes"].empty());
    for (const char* column : {"width", "height", "traps", "tick_rate", "hash_interval", "pos_interval",
                               "input_format", "level_text", "level_hash", "build_id", "outcome"})
        CHECK_MESSAGE(lvl.contains(column), column);
    const auto& w = j["sessions"][1]["word_levels"][0];
    CHECK(w["actions"].size() == 2);
    CHECK(w["challenges"][0]["word"] == "art");
    CHECK(w["params"]["targetLength"] == 6);

    const auto before_other = store.export_participant(p2).dump();
    store.delete_participant(p1);
    CHECK(!store.has_participant(p1));
    CHECK_THROWS_AS(store.export_participant(p1), StoreError);
    CHECK_THROWS_AS(store.delete_participant(p1), StoreError);
    CHECK(count(store, "sessions") == 1);
    CHECK(count(store, "levels") == 1);
    CHECK(count(store, "word_levels") == 0);
    CHECK(count(store, "word_actions") == 0);
    CHECK(count(store, "word_challenges") == 0);
    CHECK(store.db().query_int("SELECT count(*) FROM meta WHERE key LIKE 'synthetic_skill:%'") == 0);
    for (const char* t : {"input_chunks", "events", "state_hashes"})
        CHECK(store.db().query_int(std::string("SELECT count(*) FROM ") + t +
                                   " WHERE level_id NOT IN (SELECT level_id FROM levels)") == 0);
    CHECK(store.export_participant(p2).dump() == before_other);
}

TEST_CASE("CSV export: one file per table with headers, inputs decoded to runs") {
    TempDir dir;
    const std::string path = dir.file("s.db");
    const Recorded r = record_golden(path);
    Store store = Store::open_read_only(path);
    const auto db_before = file_hash(path);
    const ExportSummary s = export_csv(store, dir.file("csv"));
    CHECK(file_hash(path) == db_before);
    for (const char* f : {"meta", "participants", "sessions", "levels", "events", "state_hashes", "inputs",
                          "word_levels", "word_challenges", "word_actions"}) {
        const std::string text = test::read_file(dir.file("csv/") + f + ".csv");
        INFO(f);
        CHECK(!text.empty());
        CHECK(text.back() == '\n');
    }
    const std::string meta = test::read_file(dir.file("csv/meta.csv"));
    CHECK(meta.rfind("key,value\n", 0) == 0);
    CHECK(meta.find("created_by_build,") != std::string::npos);
    const std::string levels = test::read_file(dir.file("csv/levels.csv"));
    CHECK(levels.rfind("level_id,session_id,seq,kind,name,seed,", 0) == 0);
    CHECK(levels.find("level_text") == std::string::npos);
    CHECK(test::read_file(dir.file("csv/level_texts/level_" + std::to_string(r.level_id) + ".txt"))
              .rfind("sawtooth-level 1", 0) == 0);

    // inputs.csv: runs cover ticks 1..N without gaps.
    std::istringstream in(test::read_file(dir.file("csv/inputs.csv")));
    std::string line;
    std::getline(in, line);
    CHECK(line == "level_id,chunk,first_tick,last_tick,ticks,keys,left,right,up,down");
    std::uint64_t next = 1;
    while (std::getline(in, line)) {
        std::istringstream row(line);
        std::string level, chunk, first, last;
        std::getline(row, level, ',');
        std::getline(row, chunk, ',');
        std::getline(row, first, ',');
        std::getline(row, last, ',');
        CHECK(std::stoull(first) == next);
        next = std::stoull(last) + 1;
    }
    CHECK(next - 1 == store.load_level(r.level_id).ticks);
    CHECK(csv_field("a,b") == "\"a,b\"");
    CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
}

// Replay reads the stored canonical text (hash-checked) and never needs the generator, so a
// recording of another generator version replays too; regenerating from seed and parameters
// is the opt-in check that this build's generator still makes the recorded bytes.
TEST_CASE("generated levels replay from their stored text; regeneration is an opt-in check") {
    TempDir dir;
    const std::string path = dir.file("s.db");
    GenParams p;
    p.seed = 7;
    p.layout = Layout::Linear;
    p.level_index = 3;
    GeneratedLevel g = generate_level(p);
    REQUIRE(g.ok);
    std::int64_t id = 0;
    {
        auto store = std::make_shared<Store>(Store::open(path));
        SessionRecorder session(store, store->create_participant(), telemetry::SessionMode::Study);
        LevelSource src{LevelKind::Generated, "Level 3/10", p, g.level};
        Simulation sim(g.level);
        auto rec = session.begin_level(src, sim);
        for (int t = 0; t < 400; ++t) {
            const InputFrame f{static_cast<std::uint8_t>(t % 80 < 15 ? kInputRight | kInputUp : kInputRight)};
            sim.step(f);
            rec->record_tick(f, sim);
        }
        rec->finish(RecordedOutcome::Skipped, sim);
        id = rec->level_id();
    }
    {
        Store store = Store::open_read_only(path);
        const LoadedRecording rec = load_recording(store, id);
        REQUIRE(rec.record.params);
        CHECK(rec.record.params->seed == 7);
        CHECK(rec.record.params->level_index == 3);
        CHECK(rec.level == g.level);
        CHECK(rec.events[rec.events.size() - 2].kind == EventKind::Switch);
        CHECK(!verify_replay(rec).desync);
    }
    RebuildSettings regenerate;
    regenerate.regenerate = true;
    {
        Store store = Store::open_read_only(path);
        CHECK(load_recording(store, id, regenerate).warnings.empty());
    }
    // Recorded by another generator version (as v3 recordings are after a version bump):
    // still replays and verifies, from the text; regeneration is skipped with a warning.
    raw_exec(path, "UPDATE levels SET generator_version = " + std::to_string(kGeneratorVersion - 1));
    {
        Store store = Store::open_read_only(path);
        const LoadedRecording rec = load_recording(store, id);
        CHECK(rec.record.generator_version == kGeneratorVersion - 1);
        CHECK(rec.level == g.level);
        CHECK(!verify_replay(rec).desync);
        const LoadedRecording checked = load_recording(store, id, regenerate);
        REQUIRE(!checked.warnings.empty());
        CHECK(checked.warnings.front().find("generator version " + std::to_string(kGeneratorVersion - 1)) !=
              std::string::npos);
        CHECK(!verify_replay(checked).desync);
    }
    // Parameters that no longer give the level: only the regeneration check notices.
    raw_exec(path,
             "UPDATE levels SET generator_version = " + std::to_string(kGeneratorVersion) + ", seed = '8'");
    {
        Store store = Store::open_read_only(path);
        CHECK(!verify_replay(load_recording(store, id)).desync);
        CHECK_THROWS_WITH_AS(load_recording(store, id, regenerate),
                             doctest::Contains("regenerated level hash"), ReplayError);
    }
    // The text is what replays, so a changed text is refused by its hash.
    raw_exec(path, "UPDATE levels SET level_text = replace(level_text, 'meta seed 7', 'meta seed 9')");
    Store store = Store::open_read_only(path);
    CHECK_THROWS_WITH_AS(load_recording(store, id), doctest::Contains("stored level text hashes to"),
                         ReplayError);
}
