#include "tools/lab/bootstrap_options.hpp"

#include "tools/lab/cli_args.hpp"

#include <CLI/CLI.hpp>

#include <string>

namespace sawtooth::lab {

void add_bootstrap_options(CLI::App& cmd, analysis::BootstrapSettings& settings) {
    cmd.add_option("--bootstrap", settings.replicates,
                   "participant bootstrap replicates for the intervals (0: none)")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
    add_seed_option(cmd, "--bootstrap-seed", settings.seed, "bootstrap seed: same seed, same intervals")
        ->default_str(std::to_string(settings.seed));
    cmd.add_option("--interval-level", settings.level, "central interval of the bootstrap (0.9 = 90 %)")
        ->check(CLI::Range(0.5, 0.999))
        ->capture_default_str();
}

}  // namespace sawtooth::lab
