// Golden replay (ARCHITECTURE "Golden replays", Box2D v3 determinism.c style): a recorded
// input stream on a frozen level, passed through the recording codec, must reach the final
// state hash checked into tests/data/golden/golden_run.expect. Prints the actual values
// before failing. After an intended movement change, rewrite the values with
//   cmake --build build --target update-golden
// (tests/support/golden.hpp: a test run with SAWTOOTH_UPDATE_GOLDEN set fails).
#include "../support/golden.hpp"
#include "../support/read_file.hpp"
#include "game/sim/input_script.hpp"
#include "game/sim/simulation.hpp"
#include "gen/hash.hpp"
#include "telemetry/store/events.hpp"
#include "telemetry/store/input_rle.hpp"
#include "telemetry/store/store.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <map>
#include <sstream>

using namespace sawtooth;

namespace {

const std::string kGoldenDir = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden/";

std::map<std::string, std::string> parse_expect(const std::string& text) {
    std::map<std::string, std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto sp = line.find(' ');
        if (sp != std::string::npos) out[line.substr(0, sp)] = line.substr(sp + 1);
    }
    return out;
}

/// The expect file for `actual`: `old_text`'s comment lines as they are, then one
/// "key value" line per key.
std::string expect_text(const std::string& old_text, const std::map<std::string, std::string>& actual) {
    std::string text;
    std::istringstream in(old_text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] == '#') text += line + "\n";
    for (const auto& [k, v] : actual) text += k + " " + v + "\n";
    return text;
}

}  // namespace

TEST_CASE("golden replay: recorded input stream reaches the checked-in final state" *
          doctest::test_suite("golden")) {
    const Level level = parse_level_text(test::read_file(kGoldenDir + "golden_level.txt"));
    const std::vector<InputFrame> script =
        parse_input_script(test::read_file(kGoldenDir + "golden_run.script"));

    // Through the recording codec, as a stored session would be.
    const std::vector<std::uint8_t> rle = telemetry::encode_inputs(script);
    std::vector<InputFrame> frames;
    telemetry::decode_inputs(rle, script.size(), frames);
    REQUIRE(frames == script);

    Simulation sim(level);
    const telemetry::EventExtractor extractor(sim.level());
    std::vector<telemetry::EventRow> events;
    extractor.start(sim, events);
    for (const InputFrame f : frames) {
        sim.step(f);
        extractor.after_step(sim, events);
    }
    Hasher digest;
    std::map<std::string, int> kinds;
    for (const auto& e : events) {
        digest.add_u64(e.tick);
        digest.add_u64(static_cast<std::uint64_t>(e.kind));
        digest.add_i64(e.a);
        digest.add_i64(e.b);
        digest.add_i64(e.c);
        for (const double v : {e.x, e.y, e.vx, e.vy}) digest.add_double(v);
        ++kinds[std::string(telemetry::event_kind_name(e.kind))];
    }
    std::string kind_list;
    for (const auto& [k, n] : kinds)
        kind_list += (kind_list.empty() ? "" : ",") + k + "=" + std::to_string(n);

    std::map<std::string, std::string> actual = {
        {"ticks", std::to_string(sim.tick())},
        {"deaths", std::to_string(sim.deaths())},
        {"final_hash", telemetry::hex64(sim.state_hash())},
        {"input_rle_bytes", std::to_string(rle.size())},
        {"events", std::to_string(events.size())},
        {"event_kinds", kind_list},
        {"event_digest", telemetry::hex64(digest.value())},
        {"player", std::to_string(sim.player().x) + " " + std::to_string(sim.player().y)},
    };
    std::printf("golden replay actual values:\n");
    for (const auto& [k, v] : actual) std::printf("  %s %s\n", k.c_str(), v.c_str());

    const std::string expect_path = kGoldenDir + "golden_run.expect";
    test::rewrite_golden_if_requested(expect_path, expect_text(test::read_file(expect_path), actual));
    const auto expected = parse_expect(test::read_file(expect_path));
    for (const auto& entry : actual) {       // not a structured binding: clang 14 (the web build)
        const std::string& k = entry.first;  // cannot capture one in INFO's lambda
        INFO("golden key " << k);
        REQUIRE(expected.count(k) == 1);
        CHECK(expected.at(k) == entry.second);
    }
}
