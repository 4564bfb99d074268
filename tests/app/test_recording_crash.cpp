// Crash safety (docs/telemetry.md "Crash safety"): a headless scripted `sawtooth` session, paced at real
// time, is killed with SIGKILL mid-level. The database must open cleanly and hold the
// level up to at most one second (60 ticks) before the kill, and what it holds must
// replay exactly. The process prints "tick N" after each tick (--progress); the last line
// read before the kill is a lower bound of what it had played, so no wall clock is
// asserted.
#include "game/sim/input_script.hpp"
#include "telemetry/recording/replay.hpp"

#include <doctest/doctest.h>

#include "../support/lab_cli.hpp"
#include "../support/read_file.hpp"
#include "../support/run_process.hpp"

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

using namespace sawtooth;
namespace fs = std::filesystem;

namespace {

const std::string kGolden = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden/";
constexpr std::uint64_t kKillAfterTicks = 100;  // ~1.7 s of play, several flushes in
constexpr std::uint64_t kMaxLostTicks = 60;     // the guarantee: at most one second

}  // namespace

TEST_CASE("SIGKILL mid-session loses at most the last second") {
    const fs::path dir = fs::temp_directory_path() / ("sawtooth-test-crash-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string db = (dir / "crash.db").string();
    const std::string script = (dir / "long.script").string();
    {
        // 40 s of varied input: the kill always lands mid-level.
        std::ofstream out(script);
        for (int i = 0; i < 40; ++i) out << "20 right\n10 right+up\n15 none\n15 left\n";
    }

    test::LiveProcess game(sawtooth::test::game_binary(),
                           {"--headless", "--level", kGolden + "golden_level.txt", "--script", script, "--db",
                            db, "--realtime", "--progress"});
    std::string line;
    std::uint64_t printed = 0;
    while (printed < kKillAfterTicks && game.read_line(line)) {
        unsigned long long t = 0;
        if (std::sscanf(line.c_str(), "tick %llu", &t) == 1) printed = t;
    }
    CHECK(game.kill_and_wait(SIGKILL).end_signal == SIGKILL);
    REQUIRE(printed >= kKillAfterTicks);

    // Opens cleanly (integrity check inside) and holds the level up to the last flush.
    telemetry::Store store = telemetry::Store::open_read_only(db);
    const std::int64_t level_id = store.db().query_int("SELECT max(level_id) FROM levels");
    const telemetry::LoadedRecording rec = telemetry::load_recording(store, level_id);
    const std::uint64_t stored = rec.record.ticks;
    MESSAGE("printed tick " << printed << " before the kill, stored " << stored << " ticks");
    CHECK(!rec.record.outcome);  // never ended
    CHECK(stored + kMaxLostTicks >= printed);
    CHECK(rec.inputs.size() == stored);

    // What it holds is exactly the script's beginning and replays bit-exactly.
    const auto frames = parse_input_script(test::read_file(script));
    CHECK(std::equal(rec.inputs.begin(), rec.inputs.end(), frames.begin()));
    const telemetry::ReplayReport rep = telemetry::verify_replay(rec);
    CHECK_MESSAGE(!rep.desync, (rep.desync ? rep.desync->what : ""));
    CHECK(rep.hashes_checked == stored / kStateHashInterval);

    // And the game can keep recording into it afterwards.
    CHECK_NOTHROW(telemetry::Store::open(db));
    fs::remove_all(dir);
}
