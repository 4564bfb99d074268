// `sawtooth --headless --script FILE (--seed S | --level FILE) [--db DB]`: plays an input
// script into the store exactly as a person's session is recorded (same RecordingObserver,
// same LevelRecorder), without a window. The level ends completed when the exit gate is
// reached, quit when the script runs out. --realtime paces it at 60 ticks per second (the
// crash-safety test kills it mid-session); --progress prints "tick N" after every tick.
#include "game/app/app.hpp"
#include "game/app/recording.hpp"
#include "game/app/settings.hpp"
#include "game/sim/input_script.hpp"
#include "gen/generator.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <thread>

namespace sawtooth::app {

namespace {

void fail(const std::string& message) { std::fprintf(stderr, "sawtooth: %s\n", message.c_str()); }

// "4x3" -> 4, 3.
bool parse_wxh(const std::string& text, int& w, int& h) {
    char x = 0;
    std::istringstream in(text);
    return static_cast<bool>(in >> w >> x >> h) && x == 'x' && in.peek() == EOF && w > 0 && h > 0;
}

// The level of a scripted run and how it is stored; "" on success, else the problem.
std::string scripted_level(const AppOptions& o, telemetry::LevelSource& source) {
    if (o.seed) {
        GenParams p;
        p.seed = *o.seed;
        const auto layout = parse_layout(o.layout);
        if (!layout) return "--layout must be maze or linear";
        p.layout = *layout;
        p.level_index = o.level_index;
        if (!o.rooms.empty() && !parse_wxh(o.rooms, p.rooms_w, p.rooms_h))
            return "--rooms must look like 4x3";
        if (!o.room_size.empty() && !parse_wxh(o.room_size, p.room_w, p.room_h))
            return "--room-size must look like 11x7";
        if (const std::string bad = validate_params(p); !bad.empty()) return bad;
        GeneratedLevel g = generate_level(p);
        if (!g.ok) return "generation failed for seed " + std::to_string(p.seed) + ": " + g.error;
        source.kind = "generated";
        source.name = "Seed " + std::to_string(p.seed);
        source.params = p;
        source.level = std::move(g.level);
        return {};
    }
    if (o.level_file.empty()) return "--script needs a level: --seed S or --level FILE";
    std::string text;
    if (!read_file(o.level_file, text)) return "cannot read level file '" + o.level_file + "'";
    try {
        source.level = parse_level_text(text);
    } catch (const LevelFormatError& e) {
        return o.level_file + ": " + e.what();
    }
    if (const std::string bad = validate_level(source.level); !bad.empty()) return o.level_file + ": " + bad;
    source.kind = "file";
    source.name = source.level.meta_value("name", o.level_file);
    return {};
}

}  // namespace

int run_scripted_session(const AppOptions& o) {
    const RecordingOptions& r = o.recording;
    std::string script_text;
    if (!read_file(r.script, script_text)) {
        fail("cannot read script '" + r.script + "'");
        return 1;
    }
    std::vector<InputFrame> frames;
    try {
        frames = parse_input_script(script_text);
    } catch (const ScriptError& e) {
        fail(r.script + ": " + e.what());
        return 2;
    }
    telemetry::LevelSource source;
    if (const std::string err = scripted_level(o, source); !err.empty()) {
        fail(err);
        return 2;
    }
    if (r.no_record) {
        fail("--script records into the store; --no-record makes no sense with it");
        return 2;
    }
    // A scripted run is the simulation and the recorder only: no window is drawn, so a
    // picture must come from watching the recording instead of being silently skipped.
    if (!o.screenshot.empty() || o.frames > 0 || o.bench_frames > 0) {
        fail(
            "--script runs draw nothing: --screenshot/--frames/--bench-frames do not apply "
            "(record, then `sawtooth --replay ID --headless --frames N --screenshot FILE`)");
        return 2;
    }

    const std::string path = r.db.empty() ? telemetry::Store::default_path() : r.db;
    std::shared_ptr<telemetry::Store> store;
    std::string participant = r.participant;
    try {
        store = std::make_shared<telemetry::Store>(telemetry::Store::open(path));
        if (participant.empty()) participant = store->default_participant();
        if (!store->has_participant(participant))
            throw telemetry::StoreError("no participant '" + participant + "' in '" + path +
                                        "' (create one with `sawtooth-lab participant new`)");
    } catch (const std::exception& e) {
        fail(e.what());
        return 1;
    }

    try {
        telemetry::SessionRecorder session(store, participant, "scripted");
        Simulation sim(source.level);
        auto observer = std::make_shared<RecordingObserver>(session, source);
        observer->on_start(sim);
        if (!observer->ok()) return 1;
        using Clock = std::chrono::steady_clock;
        const auto t0 = Clock::now();
        const auto tick_time =
            std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(kTickSeconds));
        LevelOutcome outcome = LevelOutcome::Quit;
        for (const InputFrame f : frames) {
            if (r.realtime) std::this_thread::sleep_until(t0 + tick_time * static_cast<long>(sim.tick() + 1));
            sim.step(f);
            observer->on_tick(f, sim);
            if (r.progress) {
                std::printf("tick %llu\n", static_cast<unsigned long long>(sim.tick()));
                std::fflush(stdout);
            }
            if (sim.reached_exit()) {
                outcome = LevelOutcome::Completed;
                break;
            }
        }
        observer->on_finish(LevelResult{outcome, sim.deaths(), sim.tick()}, sim);
        if (!observer->ok()) return 1;
        session.end("finished");
        const nlohmann::json summary = {{"db", path},
                                        {"participant_id", participant},
                                        {"session_id", session.session_id()},
                                        {"level_id", observer->level_id()},
                                        {"ticks", sim.tick()},
                                        {"deaths", sim.deaths()},
                                        {"outcome", telemetry::outcome_name(recorded_outcome(outcome))},
                                        {"final_hash", telemetry::hex64(sim.state_hash())}};
        if (o.json)
            std::printf("%s\n", summary.dump().c_str());
        else
            std::printf(
                "recorded level %lld (session %lld, participant %s): %llu ticks, %d deaths, %s, final hash "
                "%s\n",
                static_cast<long long>(observer->level_id()), static_cast<long long>(session.session_id()),
                participant.c_str(), static_cast<unsigned long long>(sim.tick()), sim.deaths(),
                std::string(telemetry::outcome_name(recorded_outcome(outcome))).c_str(),
                telemetry::hex64(sim.state_hash()).c_str());
    } catch (const std::exception& e) {
        fail(e.what());
        return 1;
    }
    return 0;
}

}  // namespace sawtooth::app
