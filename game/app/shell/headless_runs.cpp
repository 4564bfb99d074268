// `sawtooth --headless --script FILE (--seed S | --level FILE) [--db DB]`: plays an input
// script into the store exactly as a person's session is recorded (same RecordingObserver,
// same LevelRecorder), without a window. The level ends completed when the exit gate is
// reached, quit when the script runs out. --realtime paces it at 60 ticks per second (the
// crash-safety test kills it mid-session); --progress prints "tick N" after every tick.
#include "game/app/core/level_source.hpp"
#include "game/app/core/settings.hpp"
#include "game/app/recording/recording.hpp"
#include "game/app/shell/app.hpp"
#include "game/sim/input_script.hpp"
#include "gen/generator.hpp"
#include "gen/printable.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <optional>
#include <sstream>
#include <thread>

namespace sawtooth::app {

namespace {

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
        if (const std::string bad = params_problem(p); !bad.empty()) return bad;
        GeneratedLevel g = generate_level(p);
        if (!g.ok) return "generation failed for seed " + std::to_string(p.seed) + ": " + g.error;
        source.kind = telemetry::LevelKind::Generated;
        source.name = "Seed " + std::to_string(p.seed);
        source.params = p;
        source.level = std::move(g.level);
        return {};
    }
    if (o.level_file.empty()) return "--script needs a level: --seed S or --level FILE";
    source.kind =
        telemetry::LevelKind::File;  // read by read_scripted_level_file: a bad file is not a bad flag
    return {};
}

// The input script of --script; 1 when it cannot be read or is malformed: a bad file
// exits 1 like a bad --level file, only bad flags exit 2 (README).
std::optional<int> read_script(const RecordingOptions& r, std::vector<InputFrame>& frames) {
    std::string script_text;
    if (!read_file(r.script, script_text)) {
        print_error("cannot read script '" + printable(r.script) + "'");
        return 1;
    }
    try {
        frames = parse_input_script(script_text);
    } catch (const ScriptError& e) {
        print_error(printable(r.script) + ": " + e.what());
        return 1;
    }
    return std::nullopt;
}

// The --level file of a scripted run: 1 when unreadable or malformed, as in plain play.
std::optional<int> read_scripted_level_file(const AppOptions& o, telemetry::LevelSource& source) {
    if (o.seed || o.level_file.empty()) return std::nullopt;
    if (const std::string bad = read_level_file(o.level_file, source.level); !bad.empty()) {
        print_error(bad);
        return 1;
    }
    source.name = source.level.meta_value("name", o.level_file);
    return std::nullopt;
}

// Flags a scripted run cannot honour: 2 with the reason.
std::optional<int> refuse_unscripted_flags(const AppOptions& o) {
    if (o.recording.no_record) {
        print_error("--script records into the store; --no-record makes no sense with it");
        return 2;
    }
    // A scripted run is the simulation and the recorder only: no window is drawn, so a
    // picture must come from watching the recording instead of being silently skipped.
    if (!o.screenshot.empty() || o.frames > 0 || o.bench_frames > 0) {
        print_error(
            "--script runs draw nothing: --screenshot/--frames/--bench-frames do not apply "
            "(record, then `sawtooth --replay ID --headless --frames N --screenshot FILE`)");
        return 2;
    }
    return std::nullopt;
}

// The store a scripted run records into, and as whom.
struct ScriptStore {
    std::string path;
    std::shared_ptr<telemetry::Store> store;
    std::string participant;
};

std::optional<int> open_script_store(const RecordingOptions& r, ScriptStore& out) {
    out.path = r.db.empty() ? telemetry::Store::default_path() : r.db;
    out.participant = r.participant;
    try {
        out.store = std::make_shared<telemetry::Store>(telemetry::Store::open(out.path));
        if (out.participant.empty()) out.participant = out.store->default_participant();
        if (!out.store->has_participant(out.participant))
            throw telemetry::StoreError("no participant '" + out.participant + "' in '" + out.path +
                                        "' (create one with `sawtooth-lab participant new`)");
    } catch (const std::exception& e) {
        print_error(e.what());
        return 1;
    }
    return std::nullopt;
}

// Steps the simulation through `frames` (at 60 ticks per second with --realtime) until
// they run out (quit) or the exit gate is reached (completed).
LevelOutcome play_script(const std::vector<InputFrame>& frames, const RecordingOptions& r, Simulation& sim,
                         RecordingObserver& observer) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    const auto tick_time =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(kTickSeconds));
    for (const InputFrame f : frames) {
        if (r.realtime) std::this_thread::sleep_until(t0 + tick_time * static_cast<long>(sim.tick() + 1));
        sim.step(f);
        observer.on_tick(f, sim);
        if (r.progress) {
            std::printf("tick %llu\n", static_cast<unsigned long long>(sim.tick()));
            std::fflush(stdout);
        }
        if (sim.reached_exit()) return LevelOutcome::Completed;
    }
    return LevelOutcome::Quit;
}

// One line on stdout: what was recorded where (a JSON object with --json).
void print_summary(bool json, const ScriptStore& st, const telemetry::SessionRecorder& session,
                   const RecordingObserver& observer, const Simulation& sim, LevelOutcome outcome) {
    const std::string outcome_name(telemetry::outcome_name(recorded_outcome(outcome)));
    if (json) {
        const nlohmann::json summary = {{"db", st.path},
                                        {"participant_id", st.participant},
                                        {"session_id", session.session_id()},
                                        {"level_id", observer.level_id()},
                                        {"ticks", sim.tick()},
                                        {"deaths", sim.deaths()},
                                        {"outcome", outcome_name},
                                        {"final_hash", telemetry::hex64(sim.state_hash())}};
        std::printf("%s\n", summary.dump().c_str());
        return;
    }
    std::printf(
        "recorded level %lld (session %lld, participant %s): %llu ticks, %d deaths, %s, final hash %s\n",
        static_cast<long long>(observer.level_id()), static_cast<long long>(session.session_id()),
        st.participant.c_str(), static_cast<unsigned long long>(sim.tick()), sim.deaths(),
        outcome_name.c_str(), telemetry::hex64(sim.state_hash()).c_str());
}

}  // namespace

int run_scripted_session(const AppOptions& o) {
    std::vector<InputFrame> frames;
    if (const std::optional<int> rc = read_script(o.recording, frames)) return *rc;
    telemetry::LevelSource source;
    if (const std::string err = scripted_level(o, source); !err.empty()) {
        print_error(err);
        return 2;
    }
    if (const std::optional<int> rc = read_scripted_level_file(o, source)) return *rc;
    if (const std::optional<int> rc = refuse_unscripted_flags(o)) return *rc;
    ScriptStore st;
    if (const std::optional<int> rc = open_script_store(o.recording, st)) return *rc;
    try {
        telemetry::SessionRecorder session(st.store, st.participant, telemetry::SessionMode::Scripted);
        Simulation sim(source.level);
        auto observer = std::make_shared<RecordingObserver>(session, source);
        observer->on_start(sim);
        if (!observer->ok()) return 1;
        const LevelOutcome outcome = play_script(frames, o.recording, sim, *observer);
        observer->on_finish(LevelResult{outcome, sim.deaths(), sim.tick()}, sim);
        if (!observer->ok()) return 1;
        session.end(telemetry::SessionEnd::Finished);
        print_summary(o.json, st, session, *observer, sim, outcome);
    } catch (const std::exception& e) {
        print_error(e.what());
        return 1;
    }
    return 0;
}

}  // namespace sawtooth::app
