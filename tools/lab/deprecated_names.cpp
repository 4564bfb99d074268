#include "tools/lab/deprecated_names.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace sawtooth::lab {

void print_deprecated(const std::string& old_name, const std::string& new_name) {
    std::fprintf(stderr, "sawtooth-lab: %s is deprecated; use %s\n", old_name.c_str(), new_name.c_str());
}

void add_deprecated_option(CLI::App& cmd, const std::string& old_name, const std::string& new_name,
                           std::string& target) {
    cmd.add_option(old_name, target, "deprecated: use " + new_name)
        ->group("")  // hidden from --help
        ->each([old_name, new_name](const std::string&) { print_deprecated(old_name, new_name); });
}

void require_option_or_alias(const CLI::App& cmd, const std::string& new_name, const std::string& old_name) {
    if (cmd.count(new_name) == 0 && cmd.count(old_name) == 0) throw CLI::RequiredError(new_name);
}

}  // namespace sawtooth::lab
