#pragma once
// Old names kept as aliases of renamed lab commands and options (docs/studies.md "Renamed
// commands and options"): an old name behaves as the new one and prints one line on stderr,
// "sawtooth-lab: <old> is deprecated; use <new>". Does not: show old names in --help, or
// change what a command prints otherwise.

#include <string>

namespace CLI {
class App;
}

namespace sawtooth::lab {

/// The one line an old name prints on stderr (with its newline).
void print_deprecated(const std::string& old_name, const std::string& new_name);

/// Adds the hidden option `old_name` to `cmd`, writing `target` as the option `new_name`
/// does (added by the caller, without ->required(): see require_option_or_alias).
void add_deprecated_option(CLI::App& cmd, const std::string& old_name, const std::string& new_name,
                           std::string& target);

/// For a required option with an alias: throws CLI::RequiredError naming `new_name` (exit 2,
/// as a missing required option) unless `new_name` or `old_name` was given to `cmd`.
void require_option_or_alias(const CLI::App& cmd, const std::string& new_name, const std::string& old_name);

}  // namespace sawtooth::lab
