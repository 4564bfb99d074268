// `sawtooth-lab replay --db DB --level ID [--verify]`: rebuilds a recorded level from its
// stored text (--regenerate: also from its seed, where the generator version allows), re-simulates its
// inputs, recomputes its events and checks every stored state hash (telemetry/recording/replay.hpp).
// --verify: exit 1 on the first desync, printing its tick.
// --session ID replays every level of a session. Elimination word levels (their own id
// space, table word_levels) are verified by telemetry/recording/words_recording.hpp: --word-level ID,
// or --level ID when no platformer level has that id. --verify also checks the protocol
// columns of every session replayed (telemetry/study/session_selection.hpp); with --protocol FILE,
// that they name that protocol and one of its conditions.
#include "gen/printable.hpp"
#include "telemetry/recording/replay.hpp"
#include "telemetry/recording/replay_set.hpp"
#include "telemetry/recording/words_recording.hpp"
#include "telemetry/study/session_selection.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/deprecated_names.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/store_common.hpp"
#include "tools/lab/study_selection.hpp"
#include "tools/lab/words_common.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <optional>
#include <set>

namespace sawtooth::lab {

namespace {

struct ReplayArgs {
    std::string db;
    std::vector<std::int64_t> levels;
    std::vector<std::int64_t> word_levels;
    std::string words_file;
    std::int64_t session = 0;
    bool verify = false;
    bool json = false;
    std::string protocol;  ///< protocol file the sessions must have been played under ("" = any)
    telemetry::RebuildSettings rebuild;
};

/// Verifies one word level; returns the first mismatch ("" when exact).
std::string replay_word_level(telemetry::Store& store, const words::Dictionary& dict, std::uint64_t dict_hash,
                              std::int64_t id, bool json, nlohmann::json& out) {
    telemetry::WordRecording rec;
    telemetry::WordReplayReport rep;
    rec = telemetry::load_word_recording(store, id);
    rep = telemetry::verify_word_replay(dict, dict_hash, rec);
    for (const std::string& w : rep.warnings)
        std::fprintf(stderr, "sawtooth-lab: warning: word level %lld: %s\n", static_cast<long long>(id),
                     one_line(w).c_str());
    if (json) {
        nlohmann::json j = {{"word_level_id", id},
                            {"session_id", rec.session_id},
                            {"participant_id", rec.participant_id},
                            {"mode", rec.mode},
                            {"level_number", rec.level_number},
                            {"seed", rec.seed},
                            {"regenerated", rep.regenerated},
                            {"actions_checked", rep.actions_checked},
                            {"challenges_checked", rep.challenges_checked},
                            {"total_score", rep.total_score},
                            {"words_found", rep.words_found},
                            {"result_hash", telemetry::hex64(rep.result_hash)},
                            {"match", !rep.mismatch}};
        if (rep.mismatch) j["mismatch"] = *rep.mismatch;
        out.push_back(std::move(j));
    } else if (rep.mismatch) {
        std::printf("word level %lld: MISMATCH: %s\n", static_cast<long long>(id),
                    one_line(*rep.mismatch).c_str());
    } else {
        std::printf(
            "word level %lld (session %lld, %s, %s level %d, seed %llu): %s challenges, %d actions and %d "
            "results match, %d words, score %d, result hash %s\n",
            static_cast<long long>(id), static_cast<long long>(rec.session_id),
            printable(rec.participant_id).c_str(), printable(rec.mode).c_str(), rec.level_number,
            static_cast<unsigned long long>(rec.seed), rep.regenerated ? "regenerated" : "stored",
            rep.actions_checked, rep.challenges_checked, rep.words_found, rep.total_score,
            telemetry::hex64(rep.result_hash).c_str());
    }
    return rep.mismatch ? "word level " + std::to_string(id) + ": " + *rep.mismatch : std::string();
}

/// Verifies one platformer level; returns the first desync ("" when exact).
std::string replay_platformer_level(telemetry::Store& store, std::int64_t id, const ReplayArgs& a,
                                    nlohmann::json& out) {
    const bool json = a.json;
    telemetry::LoadedRecording rec;
    rec = telemetry::load_recording(store, id, a.rebuild);
    for (const std::string& w : rec.warnings)
        std::fprintf(stderr, "sawtooth-lab: warning: %s\n", one_line(w).c_str());
    const telemetry::ReplayReport rep = telemetry::verify_replay(rec);
    const auto& r = rec.record;
    if (json) {
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
                    static_cast<unsigned long long>(rep.desync->tick), one_line(rep.desync->what).c_str());
    } else {
        std::printf(
            "level %lld (session %lld, %s, %s): %llu ticks, %d deaths, %zu events and %zu state hashes "
            "match, final hash %s\n",
            static_cast<long long>(id), static_cast<long long>(r.session_id),
            printable(r.participant_id).c_str(),
            r.params ? ("seed " + std::to_string(r.params->seed)).c_str()
                     : std::string(telemetry::level_kind_name(r.kind)).c_str(),
            static_cast<unsigned long long>(rep.ticks), rep.deaths, rep.events_checked, rep.hashes_checked,
            telemetry::hex64(rep.final_hash).c_str());
    }
    if (!rep.desync) return {};
    return "level " + std::to_string(id) + ": desync at tick " + std::to_string(rep.desync->tick) + ": " +
           rep.desync->what;
}

using ReplayIds = telemetry::ReplaySet;

/// The levels the options name; throws when they name none.
ReplayIds collect_ids(telemetry::Store& store, const ReplayArgs& a) {
    const ReplayIds ids = telemetry::replay_set(store, a.levels, a.word_levels, a.session);
    if (ids.empty()) throw LabError("replay: give --level ID, --word-level ID or --session ID");
    return ids;
}

/// --verify: every replayed session's protocol columns are consistent (and name the
/// --protocol file); the first problem is the one-line failure.
void check_protocols(telemetry::Store& store, const ReplayIds& ids, const ReplayArgs& a) {
    std::optional<telemetry::StudyProtocol> protocol;
    if (!a.protocol.empty()) {
        telemetry::ProtocolReadSettings read;
        read.generate_levels = false;
        protocol = telemetry::read_protocol(a.protocol, read);
    }
    for (const std::int64_t session : telemetry::replay_sessions(store, ids))
        if (const std::string p =
                telemetry::session_protocol_problem(store, session, protocol ? &*protocol : nullptr);
            !p.empty())
            throw LabError(p);
}

void run_replay(const ReplayArgs& a) {
    if (!a.protocol.empty() && !a.verify)
        throw LabError("--protocol FILE is checked by --verify: add --verify");
    telemetry::Store store = open_store_read_only(a.db);
    const ReplayIds ids = collect_ids(store, a);
    if (a.verify) check_protocols(store, ids, a);
    nlohmann::json out = nlohmann::json::array();
    std::string first_desync;
    const auto note = [&](const std::string& desync) {
        if (!desync.empty() && first_desync.empty()) first_desync = desync;
    };
    // Text mode prints a line per level as it goes; --json prints at the end, so show progress.
    ProgressSettings shown;
    shown.show = shown.show && a.json;
    ProgressLine progress("replaying levels", ids.levels.size() + ids.word_levels.size(), shown);
    if (!ids.word_levels.empty()) {
        const words::Dictionary dict = load_word_dictionary(a.words_file);
        const std::uint64_t dict_hash = word_list_hash(a.words_file);
        for (const std::int64_t id : ids.word_levels) {
            note(replay_word_level(store, dict, dict_hash, id, a.json, out));
            progress.advance();
        }
    }
    for (const std::int64_t id : ids.levels) {
        note(replay_platformer_level(store, id, a, out));
        progress.advance();
    }
    progress.finish();
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
    cmd->add_option("--word-level", args->word_levels, "recorded Elimination word level id (repeatable)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--words", args->words_file,
                    "word list the word levels were played with (default: the asset)");
    cmd->add_option("--session", args->session, "replay every level of this session")
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--verify", args->verify,
                  "exit 1 on the first desync (state hash, events, deaths; word results)");
    cmd->add_flag("--json", args->json, "print one JSON object per level");
    cmd->add_option("--protocol", args->protocol,
                    "with --verify: the sessions must carry this protocol's hash and one of its conditions");
    add_deprecated_option(*cmd, "--study", "--protocol", args->protocol);
    cmd->add_flag("--regenerate", args->rebuild.regenerate,
                  "also regenerate each generated level from its seed and parameters and require the "
                  "recorded hash (levels of another generator version: a warning)");
    cmd->callback([args] { run_replay(*args); });
}

}  // namespace sawtooth::lab
