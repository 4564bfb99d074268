// `sawtooth-lab replay --db DB --level ID [--verify]`: rebuilds a recorded level,
// re-simulates its inputs, recomputes its events and checks every stored state hash
// (telemetry/replay.hpp). --verify: exit 1 on the first desync, printing its tick.
// --session ID replays every level of a session.
#include "telemetry/replay.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/store_common.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>

namespace sawtooth::lab {

namespace {

struct ReplayArgs {
    std::string db;
    std::vector<std::int64_t> levels;
    std::int64_t session = 0;
    bool verify = false;
    bool json = false;
};

void run_replay(const ReplayArgs& a) {
    telemetry::Store store = open_store_read_only(a.db);
    std::vector<std::int64_t> ids = a.levels;
    if (a.session) {
        const auto more = store.session_levels(a.session);
        if (more.empty())
            throw LabError("no levels recorded for session " + std::to_string(a.session) + " in '" +
                           store.path() + "'");
        ids.insert(ids.end(), more.begin(), more.end());
    }
    if (ids.empty()) throw LabError("replay: give --level ID or --session ID");
    nlohmann::json out = nlohmann::json::array();
    std::string first_desync;
    for (const std::int64_t id : ids) {
        telemetry::LoadedRecording rec;
        try {
            rec = telemetry::load_recording(store, id);
        } catch (const telemetry::StoreError& e) {
            throw LabError(e.what());
        } catch (const telemetry::ReplayError& e) {
            throw LabError(e.what());
        }
        for (const std::string& w : rec.warnings)
            std::fprintf(stderr, "sawtooth-lab: warning: %s\n", w.c_str());
        const telemetry::ReplayReport rep = telemetry::verify_replay(rec);
        const auto& r = rec.record;
        if (a.json) {
            nlohmann::json j = {{"level_id", id},
                                {"session_id", r.session_id},
                                {"participant_id", r.participant_id},
                                {"ticks", rep.ticks},
                                {"deaths", rep.deaths},
                                {"reached_exit", rep.reached_exit},
                                {"final_hash", telemetry::hex64(rep.final_hash)},
                                {"events_checked", rep.events_checked},
                                {"hashes_checked", rep.hashes_checked},
                                {"same_build", rec.same_build},
                                {"match", !rep.desync}};
            if (rep.desync) j["desync"] = {{"tick", rep.desync->tick}, {"what", rep.desync->what}};
            out.push_back(std::move(j));
        } else if (rep.desync) {
            std::printf("level %lld: DESYNC at tick %llu: %s\n", static_cast<long long>(id),
                        static_cast<unsigned long long>(rep.desync->tick), rep.desync->what.c_str());
        } else {
            std::printf(
                "level %lld (session %lld, %s, %s): %llu ticks, %d deaths, %zu events and %zu state hashes "
                "match, final hash %s\n",
                static_cast<long long>(id), static_cast<long long>(r.session_id), r.participant_id.c_str(),
                r.params ? ("seed " + std::to_string(r.params->seed)).c_str() : r.kind.c_str(),
                static_cast<unsigned long long>(rep.ticks), rep.deaths, rep.events_checked,
                rep.hashes_checked, telemetry::hex64(rep.final_hash).c_str());
        }
        if (rep.desync && first_desync.empty())
            first_desync = "level " + std::to_string(id) + ": desync at tick " +
                           std::to_string(rep.desync->tick) + ": " + rep.desync->what;
    }
    if (a.json) std::printf("%s\n", out.dump(2).c_str());
    if (a.verify && !first_desync.empty()) throw LabError(first_desync);
}

}  // namespace

void register_replay(CLI::App& app) {
    auto args = std::make_shared<ReplayArgs>();
    CLI::App* cmd =
        app.add_subcommand("replay", "replay recorded levels and check them against their recording");
    add_db_option(cmd, args->db);
    cmd->add_option("--level", args->levels, "recorded level id (repeatable; see `sawtooth-lab sessions`)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--session", args->session, "replay every level of this session")
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--verify", args->verify, "exit 1 on the first desync (state hash, events, deaths)");
    cmd->add_flag("--json", args->json, "print one JSON object per level");
    cmd->callback([args] { run_replay(*args); });
}

}  // namespace sawtooth::lab
