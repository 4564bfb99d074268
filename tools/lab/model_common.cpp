#include "tools/lab/model_common.hpp"

#include "telemetry/store/sqlite.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

namespace sawtooth::lab {

using namespace analysis;

StudyData load_study_for_lab(const std::string& db, int threads,
                             const telemetry::SessionSelection& selection) {
    LoadSettings s;
    s.threads = threads;
    s.selection = selection;
    return load_study(db, s);
}

void add_bootstrap_options(CLI::App& cmd, analysis::VerifyBootstrapSettings& settings) {
    cmd.add_option("--bootstrap", settings.bootstrap.replicates,
                   "participant bootstrap replicates for the intervals (0: none)")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    add_seed_option(cmd, "--bootstrap-seed", settings.bootstrap.seed,
                    "bootstrap seed: same seed, same intervals")
        ->default_str("1");
    cmd.add_option("--interval-level", settings.bootstrap.level,
                   "central interval of the bootstrap (0.9 = 90 %)")
        ->check(CLI::Range(0.5, 0.999))
        ->capture_default_str();
}

}  // namespace sawtooth::lab
