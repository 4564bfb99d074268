#pragma once
// Runs another program (no shell: each argument reaches it exactly as given) and waits for
// it, capturing its stdout and stderr; for `bench all`, which times the other benchmarks
// and the game as separate processes. POSIX only. Does not: time the child, kill it, or
// pass anything on stdin (the child's stdin is /dev/null).

#include <string>
#include <vector>

namespace sawtooth::lab {

/// How a child ended and what it printed.
struct ChildResult {
    int exit_code = -1;  ///< -1 when it was killed by a signal or could not start
    std::string out;
    std::string err;
};

/// Runs `program` (a path, or a name looked up in PATH) with `args`; `env` entries
/// ("NAME=value") are added to this process's environment. Throws LabError when it
/// cannot be started at all.
ChildResult run_child(const std::string& program, const std::vector<std::string>& args,
                      const std::vector<std::string>& env = {});

/// This executable's own path (/proc/self/exe).
std::string own_executable();

/// True if `name` is an executable file in one of PATH's directories.
bool in_path(const std::string& name);

}  // namespace sawtooth::lab
