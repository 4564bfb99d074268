// `sawtooth-lab merge --into STUDY.db A.db B.db ...`: brings the session databases of
// several lab machines together in one (telemetry/store/merge.hpp; docs/studies.md). The inputs
// are opened read-only and never change; the target is created when missing and written
// in one transaction, so an error (a conflict, a damaged input) leaves it as it was and a
// target this command created is removed again.
#include "telemetry/store/merge.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/store_common.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>

namespace sawtooth::lab {

namespace {

namespace fs = std::filesystem;

struct MergeArgs {
    std::string into;
    std::vector<std::string> inputs;
};

// Merging a file into itself would read rows while writing them: refused.
void refuse_target_as_input(const MergeArgs& args) {
    for (const std::string& input : args.inputs) {
        std::error_code ec;
        if (fs::equivalent(args.into, input, ec))
            throw LabError("input '" + input + "' is the target itself; name another --into file");
    }
}

// A target this command created and could not fill goes again (with its -wal / -shm).
void remove_new_target(const std::string& path) {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
}

telemetry::MergeSummary merge_into(const MergeArgs& args, std::vector<telemetry::Store>& sources) {
    const bool created = !fs::exists(args.into);
    try {
        telemetry::Store target = telemetry::Store::open(args.into);
        std::size_t total = 0;
        for (telemetry::Store& s : sources) total += telemetry::count_sessions(s);
        ProgressLine progress("merging sessions", total);
        telemetry::MergeSettings settings;
        settings.on_session = [&progress] { progress.advance(); };
        telemetry::MergeSummary summary = telemetry::merge_stores(target, sources, settings);
        progress.finish();
        return summary;
    } catch (const telemetry::StoreError&) {  // a failed merge leaves no new file behind
        if (created) remove_new_target(args.into);
        throw;
    }
}

void run_merge(const MergeArgs& args) {
    refuse_target_as_input(args);
    // Every input is checked (damaged, foreign, newer schema) before the target is touched.
    std::vector<telemetry::Store> sources;
    for (const std::string& input : args.inputs) sources.push_back(open_store_read_only(input));
    const telemetry::MergeSummary s = merge_into(args, sources);
    std::printf(
        "merged %zu file(s) into %s: %zu session(s) added, %zu already there; %zu participant(s), "
        "%zu level(s), %zu word level(s), %zu rating(s), %zu questionnaire answer(s) added\n",
        args.inputs.size(), args.into.c_str(), s.sessions_added, s.sessions_present, s.participants_added,
        s.levels_added, s.word_levels_added, s.ratings_added, s.answers_added);
}

}  // namespace

void register_merge(CLI::App& app) {
    auto args = std::make_shared<MergeArgs>();
    CLI::App* cmd = app.add_subcommand("merge", "merge the session databases of several machines into one");
    cmd->add_option("--into", args->into, "target session database (created when missing)")->required();
    cmd->add_option("inputs", args->inputs, "session databases to merge (read-only, never changed)")
        ->required();
    cmd->callback([args] { run_merge(*args); });
}

}  // namespace sawtooth::lab
