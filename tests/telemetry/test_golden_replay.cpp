// Golden replay (ARCHITECTURE "Golden replays", Box2D v3 determinism.c style): a recorded
// input stream on a frozen level, passed through the recording codec, must reach the final
// state hash checked into tests/data/golden/golden_run.expect. Prints the actual values
// before failing. After an intended movement change, regenerate with
//   SAWTOOTH_UPDATE_GOLDEN=1 build/bin/telemetry_test_golden_replay
#include "game/sim/input_script.hpp"
#include "game/sim/simulation.hpp"
#include "gen/hash.hpp"
#include "telemetry/events.hpp"
#include "telemetry/input_rle.hpp"
#include "telemetry/store.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

using namespace sawtooth;

namespace {

const std::string kDir = std::string(SAWTOOTH_SOURCE_DIR) + "/tests/data/golden/";

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in, "cannot read " << path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

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

}  // namespace

TEST_CASE("golden replay: recorded input stream reaches the checked-in final state") {
    const Level level = parse_level_text(slurp(kDir + "golden_level.txt"));
    const std::vector<InputFrame> script = parse_input_script(slurp(kDir + "golden_run.script"));

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

    if (std::getenv("SAWTOOTH_UPDATE_GOLDEN")) {
        std::ofstream out(kDir + "golden_run.expect", std::ios::binary);
        out << "# Expected result of golden_run.script on golden_level.txt (test_golden_replay.cpp).\n"
               "# Regenerate only after an intended movement/physics change:\n"
               "#   SAWTOOTH_UPDATE_GOLDEN=1 <build>/bin/telemetry_test_golden_replay\n";
        for (const auto& [k, v] : actual) out << k << " " << v << "\n";
        MESSAGE("golden_run.expect rewritten");
        return;
    }
    const auto expected = parse_expect(slurp(kDir + "golden_run.expect"));
    for (const auto& [k, v] : actual) {
        INFO("golden key " << k);
        REQUIRE(expected.count(k) == 1);
        CHECK(expected.at(k) == v);
    }
}
