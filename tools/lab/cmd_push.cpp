// `sawtooth-lab push --db FILE --to URL --label NAME` and `pull --from URL --label NAME
// --db FILE`: the central study store on PostgreSQL (docs/studies.md "Push and pull"); the
// flows are tools/lab/study_server_sync.hpp, this file parses, shows progress and prints.
#include "tools/lab/commands.hpp"
#include "tools/lab/deprecated_names.hpp"
#include "tools/lab/postgres.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/store_common.hpp"
#include "tools/lab/study_server_sync.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>

namespace sawtooth::lab {

namespace {

struct PushArgs {
    std::string db;
    std::string url;
    std::string label;  ///< the study label the sessions are filed under (the server's `study` column)
};

void run_push(const PushArgs& args) {
    if (args.label.empty()) throw LabError("--label must name the study");
    telemetry::Store source = open_store_read_only(args.db);
    PgConnection pg(args.url);
    std::unique_ptr<ProgressLine> progress;
    PushSettings settings;
    settings.start = [&progress](std::size_t n) {
        progress = std::make_unique<ProgressLine>("pushing sessions", n);
    };
    settings.after_session = [&progress](std::size_t) {
        progress->advance();
        return true;
    };
    const PushSummary s = push_sessions(source, pg, args.label, settings);
    progress->finish();
    std::printf(
        "pushed %zu session(s) of %s to study '%s': %zu new, %zu already there; %zu unfinished session(s) "
        "not pushed\n",
        s.sessions, args.db.c_str(), args.label.c_str(), s.added, s.present, s.unfinished);
}

struct PullArgs {
    std::string url;
    std::string label;  ///< the study label the sessions are filed under (the server's `study` column)
    std::string db;
};

void run_pull(const PullArgs& args) {
    PgConnection pg(args.url);
    std::unique_ptr<ProgressLine> progress;
    PullSettings settings;
    settings.start = [&progress](std::size_t n) {
        progress = std::make_unique<ProgressLine>("merging pulled sessions", n);
    };
    settings.on_session = [&progress] { progress->advance(); };
    const PullSummary s = pull_sessions(pg, args.label, args.db, settings);
    if (progress) progress->finish();
    std::printf("pulled %zu session(s) of study '%s' into %s: %zu new, %zu already there\n", s.sessions,
                args.label.c_str(), args.db.c_str(), s.added, s.present);
}

}  // namespace

void register_push_pull(CLI::App& app) {
    auto args = std::make_shared<PushArgs>();
    CLI::App* push =
        app.add_subcommand("push", "upload the finished sessions of a database to a study server");
    add_db_option(push, args->db);
    push->add_option("--to", args->url, "study server: postgresql://USER:PASSWORD@HOST:PORT/DATABASE")
        ->required();
    push->add_option("--label", args->label, "study label the sessions are filed under (required)");
    add_deprecated_option(*push, "--study", "--label", args->label);
    push->callback([push, args] {
        require_option_or_alias(*push, "--label", "--study");
        run_push(*args);
    });

    auto pull_args = std::make_shared<PullArgs>();
    CLI::App* pull =
        app.add_subcommand("pull", "bring a study's sessions from a study server into a database");
    pull->add_option("--from", pull_args->url, "study server: postgresql://USER:PASSWORD@HOST:PORT/DATABASE")
        ->required();
    pull->add_option("--label", pull_args->label, "study label given at push time (required)");
    add_deprecated_option(*pull, "--study", "--label", pull_args->label);
    pull->add_option("--db", pull_args->db, "database to merge into (created when missing)")->required();
    pull->callback([pull, pull_args] {
        require_option_or_alias(*pull, "--label", "--study");
        run_pull(*pull_args);
    });
}

}  // namespace sawtooth::lab
