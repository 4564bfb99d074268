#pragma once
// Test helper: a throwaway PostgreSQL 15 server (Debian's `postgresql` package) in a
// temporary folder, listening on a free TCP port of 127.0.0.1 and on a unix socket in
// that folder, stopped and deleted when the object goes (also when a test fails and
// unwinds). The server refuses to run as root, so as root it runs as the `postgres`
// system user the package creates (`runuser -u postgres --`). The superuser `postgres`
// connects over the socket without a password (tests set the server up with it);
// TCP logins need a password (scram-sha-256), so a wrong one is refused as in a lab.
// Header-only, POSIX only. Does not: keep data between runs, or tune the server.

#include "run_process.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace sawtooth::test {

/// A port on 127.0.0.1 nothing listens on right now (the kernel's choice).
inline int free_loopback_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    socklen_t len = sizeof addr;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
        throw std::runtime_error("no free loopback port");
    ::close(fd);
    return ntohs(addr.sin_port);
}

class PostgresServer {
public:
    static constexpr const char* kBinDir = "/usr/lib/postgresql/15/bin/";

    PostgresServer() : m_port(free_loopback_port()) {
        namespace fs = std::filesystem;
        m_dir = fs::temp_directory_path() / ("sawtooth_pg_" + std::to_string(::getpid()));
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
        if (::geteuid() == 0) {
            const passwd* pg = ::getpwnam("postgres");
            if (!pg || ::chown(m_dir.c_str(), pg->pw_uid, pg->pw_gid) != 0)
                throw std::runtime_error("no postgres system user to run the test server as");
        }
        run_server_tool("initdb", {"-D", data(), "-U", "postgres", "--auth-local=trust",
                                   "--auth-host=scram-sha-256", "-E", "UTF8", "--no-sync"});
        run_server_tool("pg_ctl", {"-D", data(), "-l", (m_dir / "server.log").string(), "-w", "-o",
                                   "-k " + m_dir.string() + " -p " + std::to_string(m_port) +
                                       " -c listen_addresses=127.0.0.1 -c fsync=off",
                                   "start"});
        m_running = true;
    }

    ~PostgresServer() {
        if (m_running) run_tool("pg_ctl", {"-D", data(), "-m", "immediate", "-w", "stop"});
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
    }
    PostgresServer(const PostgresServer&) = delete;
    PostgresServer& operator=(const PostgresServer&) = delete;

    int port() const { return m_port; }
    /// A TCP connection URL for `user`.
    std::string url(const std::string& user, const std::string& password) const {
        return "postgresql://" + user + ":" + password + "@127.0.0.1:" + std::to_string(m_port) + "/postgres";
    }
    /// psql as the superuser over the socket; `args` e.g. {"-c", "SQL"} or {"-f", FILE}.
    ProcessResult psql_admin(const std::vector<std::string>& args) const {
        std::vector<std::string> all = {"-h", m_dir.string(), "-p", std::to_string(m_port), "-U", "postgres",
                                        "-d", "postgres",     "-v", "ON_ERROR_STOP=1",      "-tA"};
        all.insert(all.end(), args.begin(), args.end());
        return run_process(std::string(kBinDir) + "psql", all);
    }
    /// A study server as docs/studies.md sets one up: the setup SQL file, then `roles_sql`
    /// (the sites and analysts), both as the admin. The first failing run, or the last.
    ProcessResult set_up(const std::string& script, const std::string& roles_sql) const {
        ProcessResult result = psql_admin({"-f", script});
        if (result.exit_code == 0) result = psql_admin({"-c", roles_sql});
        return result;
    }
    /// psql over TCP as `user` (a site or analyst role) running `sql`.
    ProcessResult psql_as(const std::string& user, const std::string& password,
                          const std::string& sql) const {
        return run_process(std::string(kBinDir) + "psql",
                           {url(user, password), "-v", "ON_ERROR_STOP=1", "-tA", "-c", sql});
    }

private:
    std::string data() const { return (m_dir / "data").string(); }
    // A server tool (initdb, pg_ctl): as root it runs as the postgres user, else as this user.
    static ProcessResult run_tool(const std::string& tool, const std::vector<std::string>& args) {
        const std::string exe = std::string(kBinDir) + tool;
        if (::geteuid() != 0) return run_process(exe, args);
        std::vector<std::string> all = {"-u", "postgres", "--", exe};
        all.insert(all.end(), args.begin(), args.end());
        return run_process("/usr/sbin/runuser", all);
    }
    static void run_server_tool(const std::string& tool, const std::vector<std::string>& args) {
        const ProcessResult r = run_tool(tool, args);
        if (r.exit_code != 0) throw std::runtime_error(tool + " failed: " + r.err + r.out);
    }

    int m_port;
    std::filesystem::path m_dir;
    bool m_running = false;
};

}  // namespace sawtooth::test
