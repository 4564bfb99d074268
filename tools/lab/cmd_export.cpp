// `sawtooth-lab export --db DB --out DIR`: one CSV per table for pandas / R
// (telemetry/store/export.hpp; columns in docs/telemetry.md). Opens the store read-only.
#include "telemetry/store/export.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/store_common.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>

namespace sawtooth::lab {

namespace {

struct ExportArgs {
    std::string db;
    std::string out;
};

}  // namespace

void register_export(CLI::App& app) {
    auto args = std::make_shared<ExportArgs>();
    CLI::App* cmd = app.add_subcommand("export", "write every table of a session database as CSV");
    add_db_option(cmd, args->db);
    cmd->add_option("--out", args->out, "output directory (created)")->required();
    cmd->callback([args] {
        telemetry::Store store = open_store_read_only(args->db);
        telemetry::ExportSummary s;
        s = telemetry::export_csv(store, args->out);
        for (const auto& [file, rows] : s.files)
            std::printf("%s/%s: %zu rows\n", args->out.c_str(), file.c_str(), rows);
    });
}

}  // namespace sawtooth::lab
