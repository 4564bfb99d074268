#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

namespace sawtooth::lab {
void register_bench(CLI::App& app) { app.add_subcommand("bench", "benchmarks (JSON figures)"); }
}  // namespace sawtooth::lab
