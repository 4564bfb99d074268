#pragma once
// Test helper: runs a built executable with arguments (no shell) as a user would, the one
// way every test starts a process. `run_process` waits for the end and captures exit
// status, stdout and stderr; `LiveProcess` reads stdout line by line while the child runs
// (for tests that act mid-run, e.g. kill it). Header-only, POSIX only. It never quotes or
// expands anything: each argument reaches the child exactly as given.

#include "read_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace sawtooth::test {

/// How to run a child; the defaults run it as the test itself runs.
struct ProcessSettings {
    /// "NAME=value" entries set in the child on top of this process's environment.
    std::vector<std::string> env;
    /// stderr goes into `out`, interleaved as the shell's `2>&1` would; `err` stays empty.
    bool stderr_into_out = false;
    /// SIGKILL the child after this many seconds (a hang becomes a failure); 0: no limit.
    int timeout_seconds = 0;
    /// RLIMIT_FSIZE of the child in bytes (0: inherited), with SIGXFSZ ignored, so a write
    /// past it fails with EFBIG as on a full disk: the real write path meets the error.
    unsigned long long file_size_limit = 0;
};

/// How one process run ended and what it printed.
struct ProcessResult {
    int exit_code = -1;  ///< -1 when killed by a signal
    int end_signal = 0;  ///< the signal that ended it, 0 when it exited
    std::string out;
    std::string err;
};

/// `words` split at spaces, for argument lists written as one line ("gen --seed 42").
/// No quoting: an argument that may hold a space (a path) goes in a vector element.
inline std::vector<std::string> split_args(const std::string& words) {
    std::vector<std::string> args;
    std::istringstream in(words);
    for (std::string a; in >> a;) args.push_back(a);
    return args;
}

namespace detail {

/// This process's environment with `overrides` ("NAME=value") replacing same-named entries.
inline std::vector<std::string> child_environment(const std::vector<std::string>& overrides) {
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        const std::string entry = *e;
        const std::size_t eq = entry.find('=');
        const std::string name = entry.substr(0, eq == std::string::npos ? entry.size() : eq + 1);
        bool replaced = false;
        for (const std::string& o : overrides) replaced = replaced || o.rfind(name, 0) == 0;
        if (!replaced) env.push_back(entry);
    }
    env.insert(env.end(), overrides.begin(), overrides.end());
    return env;
}

/// Starts `exe args...` with `out_fd` / `err_fd` as its stdout / stderr (-1: inherited).
inline pid_t spawn(const std::string& exe, const std::vector<std::string>& args,
                   const std::vector<std::string>& env_overrides, int out_fd, int err_fd,
                   unsigned long long file_size_limit = 0) {
    // Built before fork: the child only calls async-signal-safe functions.
    const std::vector<std::string> env = child_environment(env_overrides);
    std::vector<char*> argv{const_cast<char*>(exe.c_str())}, envp;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    for (const std::string& e : env) envp.push_back(const_cast<char*>(e.c_str()));
    argv.push_back(nullptr);
    envp.push_back(nullptr);
    std::fflush(nullptr);  // or the child's copy of unflushed test output is printed twice
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed: " + std::string(std::strerror(errno)));
    if (pid == 0) {
        if (out_fd >= 0) ::dup2(out_fd, 1);
        if (err_fd >= 0) ::dup2(err_fd, 2);
        if (file_size_limit > 0) {
            const struct rlimit limit = {file_size_limit, file_size_limit};
            ::signal(SIGXFSZ, SIG_IGN);  // an ignored signal stays ignored across execve
            if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(126);
        }
        ::execve(exe.c_str(), argv.data(), envp.data());
        ::_exit(127);
    }
    return pid;
}

/// Waits for `pid`, killing it once `timeout_seconds` (0: none) have passed.
inline int wait_for(pid_t pid, int timeout_seconds) {
    int status = 0;
    if (timeout_seconds <= 0) {
        ::waitpid(pid, &status, 0);
        return status;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() >= deadline) {
            ::kill(pid, SIGKILL);
            return wait_for(pid, 0);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return status;
}

inline void record_end(int status, ProcessResult& r) {
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.end_signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

inline int open_capture(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw std::runtime_error("cannot write " + path);
    return fd;
}

}  // namespace detail

/// Runs `exe args...` to completion. Output goes through files, not pipes, so a child
/// that prints a lot never blocks on a full pipe.
inline ProcessResult run_process(const std::string& exe, const std::vector<std::string>& args,
                                 const ProcessSettings& settings = {}) {
    namespace fs = std::filesystem;
    static int counter = 0;
    const std::string base = (fs::temp_directory_path() / ("sawtooth-proc-" + std::to_string(::getpid()) +
                                                           "-" + std::to_string(counter++)))
                                 .string();
    const std::string out_path = base + ".out", err_path = base + ".err";
    const int out_fd = detail::open_capture(out_path);
    const int err_fd = settings.stderr_into_out ? out_fd : detail::open_capture(err_path);
    const pid_t pid = detail::spawn(exe, args, settings.env, out_fd, err_fd, settings.file_size_limit);
    ::close(out_fd);
    if (err_fd != out_fd) ::close(err_fd);
    ProcessResult r;
    detail::record_end(detail::wait_for(pid, settings.timeout_seconds), r);
    r.out = read_file(out_path);
    fs::remove(out_path);
    if (!settings.stderr_into_out) r.err = read_file(err_path);
    fs::remove(err_path);
    return r;
}

/// A child whose stdout is read line by line while it runs; its stderr is the test's.
class LiveProcess {
public:
    LiveProcess(const std::string& exe, const std::vector<std::string>& args) {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
        m_pid = detail::spawn(exe, args, {}, fds[1], -1);
        ::close(fds[1]);
        m_out = ::fdopen(fds[0], "r");
    }
    LiveProcess(const LiveProcess&) = delete;
    LiveProcess& operator=(const LiveProcess&) = delete;
    ~LiveProcess() {
        if (m_pid > 0) kill_and_wait(SIGKILL);
        if (m_out) std::fclose(m_out);
    }

    /// The next line of stdout without its newline; false once the output has ended.
    bool read_line(std::string& line) {
        line.clear();
        for (int c; (c = std::fgetc(m_out)) != EOF;) {
            if (c == '\n') return true;
            line += static_cast<char>(c);
        }
        return !line.empty();
    }

    /// Sends `sig`, waits for the end and says how it ended (`out`/`err` stay empty).
    ProcessResult kill_and_wait(int sig) {
        ::kill(m_pid, sig);
        ProcessResult r;
        detail::record_end(detail::wait_for(m_pid, 0), r);
        m_pid = -1;
        return r;
    }

private:
    pid_t m_pid = -1;
    FILE* m_out = nullptr;
};

/// Number of lines in a string (a trailing newline does not start a new one).
inline int line_count(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    if (!s.empty() && s.back() != '\n') ++n;
    return n;
}

}  // namespace sawtooth::test
