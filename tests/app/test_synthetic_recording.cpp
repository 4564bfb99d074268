// A simulated study records each synthetic play while the bot plays it
// (flows::play_and_capture_stage, telemetry::LevelCapture) instead of feeding its inputs to a
// second simulation afterwards (flows::record_play). Both must write the same rows: the
// same inputs in the same chunks, events, state hashes, outcome, deaths, ticks and final
// hash, for plays with deaths, skips and more than one input chunk.
#include "../support/scratch_dir.hpp"
#include "game/bot/skill.hpp"
#include "game/flows/synthetic_players.hpp"
#include "gen/study_plan.hpp"
#include "telemetry/recording/recorder.hpp"
#include "telemetry/store/sqlite.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

using namespace sawtooth;

namespace {

std::string fresh_db(const std::string& name) {
    static const std::filesystem::path dir = test::scratch_dir("sawtooth_synthetic_recording");
    const auto p = dir / name;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(p.string() + suffix);
    return p.string();
}

/// Every row a recorded level owns, but the clocks (one line per row).
std::string level_rows(telemetry::Store& store, std::int64_t id) {
    const char* queries[] = {
        "SELECT quote(kind)||quote(name)||quote(level_hash)||quote(outcome)||quote(deaths)||quote(ticks)||"
        "quote(final_hash)||quote(pos_interval) FROM levels WHERE level_id = ?",
        "SELECT quote(chunk)||quote(first_tick)||quote(ticks)||quote(rle)||quote(checksum) FROM input_chunks "
        "WHERE level_id = ? ORDER BY chunk",
        "SELECT quote(seq)||quote(tick)||quote(kind)||quote(a)||quote(b)||quote(c)||quote(x)||quote(y)||"
        "quote(vx)||quote(vy) FROM events WHERE level_id = ? ORDER BY seq",
        "SELECT quote(tick)||quote(hash) FROM state_hashes WHERE level_id = ? ORDER BY tick"};
    std::string out;
    for (const char* q : queries) {
        telemetry::Statement st(store.db(), q);
        st.bind(1, id);
        while (st.step()) out += st.text(0) + "\n";
    }
    return out;
}

int chunks_of(telemetry::Store& store, std::int64_t id) {
    telemetry::Statement st(store.db(), "SELECT COUNT(*) FROM input_chunks WHERE level_id = ?");
    st.bind(1, id);
    st.step();
    return st.int32(0);
}

}  // namespace

TEST_CASE("a play captured while the bot plays it records the rows of the same play recorded afterwards") {
    const auto captured_store =
        std::make_shared<telemetry::Store>(telemetry::Store::open(fresh_db("captured.db")));
    const auto replayed_store =
        std::make_shared<telemetry::Store>(telemetry::Store::open(fresh_db("replayed.db")));
    telemetry::SessionRecorder captured_session(captured_store, captured_store->create_participant(),
                                                telemetry::SessionMode::Study);
    telemetry::SessionRecorder replayed_session(replayed_store, replayed_store->create_participant(),
                                                telemetry::SessionMode::Study);
    int deaths = 0, skipped = 0, multi_chunk = 0;
    for (int k : {1, 6, 10}) {
        const StudyLevel drawn = draw_study_level(11, k);
        REQUIRE(drawn.ok);
        telemetry::LevelSource source;
        source.kind = telemetry::LevelKind::Generated;
        source.name = "Level " + std::to_string(k);
        source.params = drawn.params;
        source.level = drawn.level;
        const std::size_t stage = static_cast<std::size_t>(k);
        const flows::CapturedPlay captured =
            flows::play_and_capture_stage(drawn.level, bot::bad_skill(), 5, stage);
        const bot::PlayResult replayed = flows::play_stage(drawn.level, bot::bad_skill(), 5, stage);
        CHECK(captured.play.inputs == replayed.inputs);
        CHECK(captured.level.flushes.size() >= 2);  // the start, and at least the end

        const std::int64_t a = captured_session.record_captured(source, captured.level);
        const std::int64_t b = flows::record_play(replayed_session, source, replayed);
        const std::string rows = level_rows(*captured_store, a);
        CHECK(rows == level_rows(*replayed_store, b));
        CHECK(rows.find("'end'") != std::string::npos);
        deaths += captured.play.deaths;
        skipped += captured.play.end == bot::PlayEnd::Skipped;
        multi_chunk += chunks_of(*captured_store, a) > 1;
    }
    // The plays cover what the capture has to get right: deaths, a skip, a chunk boundary.
    CHECK(deaths > 0);
    CHECK(skipped > 0);
    CHECK(multi_chunk > 0);
}
