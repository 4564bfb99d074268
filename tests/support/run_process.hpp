#pragma once
// Test helper: runs a built executable with arguments (no shell), capturing exit code,
// stdout and stderr. Header-only; used by the tests that drive `sawtooth` and
// `sawtooth-lab` as a user would.

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace sawtooth::test {

/// Result of one process run.
struct ProcessResult {
    int exit_code = -1;  ///< -1 when killed by a signal
    std::string out;
    std::string err;
};

inline std::string read_whole(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// Runs `exe args...` to completion.
inline ProcessResult run_process(const std::string& exe, const std::vector<std::string>& args) {
    namespace fs = std::filesystem;
    static int counter = 0;
    const fs::path base = fs::temp_directory_path() /
                          ("sawtooth-proc-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    const std::string out_path = base.string() + ".out", err_path = base.string() + ".err";
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int o = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int e = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(o, 1);
        ::dup2(e, 2);
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(exe.c_str()));
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(exe.c_str(), argv.data());
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    ProcessResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = read_whole(out_path);
    r.err = read_whole(err_path);
    fs::remove(out_path);
    fs::remove(err_path);
    return r;
}

/// Number of lines in a string (a trailing newline does not start a new one).
inline int line_count(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    if (!s.empty() && s.back() != '\n') ++n;
    return n;
}

}  // namespace sawtooth::test
