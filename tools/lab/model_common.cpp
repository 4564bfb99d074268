#include "tools/lab/model_common.hpp"

#include "telemetry/store/sqlite.hpp"
#include "tools/lab/bootstrap_options.hpp"
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
    add_bootstrap_options(cmd, settings.bootstrap);
}

}  // namespace sawtooth::lab
