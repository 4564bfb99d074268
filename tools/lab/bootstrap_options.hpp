#pragma once
// The bootstrap's command-line options, one set for every command that gives intervals
// (model verify, report, curate fit, adaptive-sim): --bootstrap N (0: no intervals),
// --bootstrap-seed S and --interval-level L (docs/difficulty.md "Intervals").

#include "telemetry/analysis/bootstrap.hpp"

namespace CLI {
class App;
}

namespace sawtooth::lab {

/// Adds the three options to `cmd`, filling `settings`; the defaults shown are its values.
void add_bootstrap_options(CLI::App& cmd, analysis::BootstrapSettings& settings);

}  // namespace sawtooth::lab
