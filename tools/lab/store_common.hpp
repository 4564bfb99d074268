#pragma once
// Shared by the store subcommands (replay, export, participant, sessions): the --db option
// with its default and opening the store with errors turned into LabError.

#include "telemetry/store/store.hpp"
#include "tools/lab/commands.hpp"

#include <CLI/CLI.hpp>

#include <string>

namespace sawtooth::lab {

/// Adds `--db PATH` (default: the game's store under the user's data directory).
inline void add_db_option(CLI::App* cmd, std::string& path) {
    cmd->add_option("--db", path, "session database (default: $XDG_DATA_HOME/sawtooth/sawtooth.db)");
}

/// The path given, or the default store.
inline std::string db_path(const std::string& given) {
    return given.empty() ? telemetry::Store::default_path() : given;
}

/// Opens read-only (never modifies the file); StoreError -> LabError.
inline telemetry::Store open_store_read_only(const std::string& given) {
    return telemetry::Store::open_read_only(db_path(given));
}

/// Opens for writing (creates a new store when missing); StoreError -> LabError.
inline telemetry::Store open_store(const std::string& given) {
    return telemetry::Store::open(db_path(given));
}

}  // namespace sawtooth::lab
