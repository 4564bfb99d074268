#pragma once
// Test helper: a program running beside the test (sawtooth-server on loopback), started
// with fork + exec (no shell), its stdout and stderr in a file, stopped with SIGTERM when
// the object goes (also when a test fails and unwinds). kill() ends it abruptly, as a
// crash would. Header-only, POSIX only. Does not: restart it (make another object).

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace sawtooth::test {

/// True when something accepts TCP connections on 127.0.0.1:port.
inline bool loopback_port_open(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    const bool open = fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    if (fd >= 0) ::close(fd);
    return open;
}

class BackgroundProcess {
public:
    /// Starts `program` with `args`, output to `log_file`.
    BackgroundProcess(const std::string& program, const std::vector<std::string>& args,
                      const std::string& log_file) {
        m_pid = ::fork();
        if (m_pid < 0) throw std::runtime_error("fork failed");
        if (m_pid == 0) {
            const int fd = ::open(log_file.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
            ::dup2(fd, 1);
            ::dup2(fd, 2);
            std::vector<char*> argv{const_cast<char*>(program.c_str())};
            for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            ::execv(program.c_str(), argv.data());
            ::_exit(127);
        }
    }
    ~BackgroundProcess() { stop(SIGTERM); }
    BackgroundProcess(const BackgroundProcess&) = delete;
    BackgroundProcess& operator=(const BackgroundProcess&) = delete;

    /// Waits until it listens on `port` (false: it exited or 60 s passed).
    bool wait_for_port(int port) {
        for (int i = 0; i < 600; ++i) {
            if (loopback_port_open(port)) return true;
            int status = 0;
            if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
                m_pid = -1;
                return false;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        return false;
    }
    /// Ends it with SIGKILL (no clean-up of its own) and waits for it.
    void kill() { stop(SIGKILL); }
    /// Exit status after stop(SIGTERM) (-1 if killed by a signal or never ran).
    int stop(int sig = SIGTERM) {
        if (m_pid <= 0) return m_exit;
        ::kill(m_pid, sig);
        int status = 0;
        ::waitpid(m_pid, &status, 0);
        m_pid = -1;
        m_exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return m_exit;
    }

private:
    pid_t m_pid = -1;
    int m_exit = -1;
};

}  // namespace sawtooth::test
