// sawtooth-server behind nginx as docs/online.md "HTTPS in production" sets it up: the
// shipped tools/server/nginx-sawtooth.conf (its ports and certificate paths replaced) in a
// non-daemon nginx on loopback with a self-signed certificate made by openssl, in front
// of the server on loopback started with --trust-proxy 127.0.0.1, and a real PostgreSQL
// (tests/support/postgres_server.hpp). A lab's session goes up through https with the C++
// client (`sawtooth-lab upload`), which refuses the certificate unless told to trust it;
// plain http to the TLS port is refused by nginx and reaches nothing; the rate limit
// counts each client's own address behind the proxy (clients bind 127.0.0.2, 127.0.0.3,
// ... of the loopback network), and an X-Forwarded-For header sent by a client, directly
// or through the proxy, changes nothing.
#include "../support/background_process.hpp"
#include "../support/postgres_server.hpp"
#include "../support/protocol_doc.hpp"
#include "../support/run_process.hpp"
#include "../support/scratch_dir.hpp"
#include "telemetry/store/session_pack.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/study/study_protocol.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

// Every name of this file is in its own namespace: the layer's test files are compiled
// together, eight to a unit (tests/CMakeLists.txt), and their helpers share names.
namespace test_server_proxy_cli {

using namespace sawtooth;
using sawtooth::test::BackgroundProcess;
using sawtooth::test::run_process;
namespace fs = std::filesystem;

namespace {

const std::string kGame = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth";
const std::string kLab = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-lab";
const std::string kServer = std::string(SAWTOOTH_BIN_DIR) + "/sawtooth-server";
const std::string kSource = SAWTOOTH_SOURCE_DIR;
const std::string kCurl = "/usr/bin/curl";
const std::string kToken = "proxy-token-0123456789abcdef";

// `text` with `from` replaced by `to`; the shipped file must hold `from` exactly once.
std::string replace_once(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "nginx-sawtooth.conf no longer holds " << from);
    REQUIRE(text.find(from, at + 1) == std::string::npos);
    return text.replace(at, from.size(), to);
}

// nginx's own configuration around the shipped server blocks: everything in `dir`.
void write_nginx_config(const std::string& dir, int tls_port, int http_port, int server_port) {
    std::string site = telemetry::read_file_bytes(kSource + "/tools/server/nginx-sawtooth.conf");
    site = replace_once(site, "listen 443 ssl;", "listen 127.0.0.1:" + std::to_string(tls_port) + " ssl;");
    site = replace_once(site, "listen 80;", "listen 127.0.0.1:" + std::to_string(http_port) + ";");
    site = replace_once(site, "/etc/letsencrypt/live/study.example.org/fullchain.pem", dir + "/cert.pem");
    site = replace_once(site, "/etc/letsencrypt/live/study.example.org/privkey.pem", dir + "/key.pem");
    site = replace_once(site, "http://127.0.0.1:8080", "http://127.0.0.1:" + std::to_string(server_port));
    std::ofstream(dir + "/sawtooth.conf") << site;
    std::ofstream out(dir + "/nginx.conf");
    if (::geteuid() == 0) out << "user www-data;\n";  // as Debian's /etc/nginx/nginx.conf
    out << "worker_processes 1;\npid " << dir << "/nginx.pid;\nerror_log " << dir << "/error.log info;\n"
        << "events { worker_connections 64; }\nhttp {\n  access_log " << dir << "/access.log;\n";
    for (const char* t : {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"})
        out << "  " << t << "_temp_path " << dir << "/" << t << ";\n";
    out << "  include " << dir << "/sawtooth.conf;\n}\n";
}

// A self-signed certificate for 127.0.0.1 (the name the clients connect to).
void make_certificate(const std::string& dir) {
    const auto r =
        run_process("/usr/bin/openssl",
                    {"req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-keyout", dir + "/key.pem", "-out", dir + "/cert.pem", "-days", "2", "-subj",
                     "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
}

// The study the server runs (label "proxy"): one condition of one generated level.
std::string write_study(const std::string& dir) {
    const nlohmann::json doc = test::seeds_protocol("Proxy test", "linear", {11});
    std::ofstream(dir + "/proxy.json") << doc.dump(1);
    std::ofstream(dir + "/tokens.json") << nlohmann::json{{"proxy", kToken}}.dump();
    std::ofstream(dir + "/token.txt") << kToken << "\n";
    return dir + "/proxy.json";
}

// A lab database holding the golden run as a finished session of the study's protocol.
std::string lab_database(const std::string& dir, const std::string& protocol_file) {
    const std::string db = dir + "/lab.db", golden = kSource + "/tests/data/golden/";
    const auto r = run_process(kGame, {"--headless", "--level", golden + "golden_level.txt", "--script",
                                       golden + "golden_run.script", "--db", db});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    telemetry::Store store = telemetry::Store::open(db);
    telemetry::Statement st(store.db(), "UPDATE sessions SET protocol_hash = ?, condition = 'linear'");
    st.bind(1, telemetry::read_protocol(protocol_file).hash).run();
    return db;
}

// curl's HTTP status for `url` (0 when it got no HTTP answer), from source address `from`.
int http_status(const std::string& url, const std::string& from, const std::vector<std::string>& more = {}) {
    std::vector<std::string> args = {"-s", "-o", "/dev/null", "-w", "%{http_code}", "--interface", from};
    args.insert(args.end(), more.begin(), more.end());
    args.push_back(url);
    const auto r = run_process(kCurl, args);
    return r.out.empty() ? 0 : std::stoi(r.out);
}

// How many of six requests from `from` the rate limit refused (429); with `forge` each
// carries another X-Forwarded-For, as a client dodging the limit would send.
int refused_of_six(const std::string& url, const std::string& from, const std::vector<std::string>& more,
                   bool forge) {
    int refused = 0;
    for (int i = 0; i < 6; ++i) {
        std::vector<std::string> args = more;
        if (forge) args.insert(args.end(), {"-H", "X-Forwarded-For: 10.9.8." + std::to_string(i)});
        refused += http_status(url, from, args) == 429 ? 1 : 0;
    }
    return refused;
}

}  // namespace

TEST_CASE("https through nginx: an upload arrives, plain http is refused, the rate limit sees each client") {
    const std::string dir = test::scratch_dir("sawtooth_proxy").string();
    test::PostgresServer pg;
    const auto setup = pg.set_up(kSource + "/tools/postgres/study_server.sql",
                                 "CREATE ROLE web1 LOGIN PASSWORD 'pww' IN ROLE sawtooth_server;");
    INFO(setup.err);
    REQUIRE(setup.exit_code == 0);
    const std::string protocol = write_study(dir);
    const int server_port = test::free_loopback_port(), tls_port = test::free_loopback_port(),
              http_port = test::free_loopback_port();
    // A burst of 4 and a refill far slower than the test: the fifth request of a client is refused.
    BackgroundProcess server(
        kServer,
        {"--db", pg.url("web1", "pww"), "--listen", "127.0.0.1:" + std::to_string(server_port), "--protocol",
         protocol, "--tokens", dir + "/tokens.json", "--trust-proxy", "127.0.0.1", "--rate", "0.001",
         "--burst", "4"},
        dir + "/server.log");
    REQUIRE(server.wait_for_port(server_port));
    make_certificate(dir);
    write_nginx_config(dir, tls_port, http_port, server_port);
    BackgroundProcess nginx(
        "/usr/sbin/nginx",
        {"-p", dir, "-c", dir + "/nginx.conf", "-e", dir + "/error.log", "-g", "daemon off;"},
        dir + "/nginx.out");
    INFO(telemetry::read_file_bytes(dir + "/error.log"));
    REQUIRE(nginx.wait_for_port(tls_port));
    const std::string https = "https://127.0.0.1:" + std::to_string(tls_port);

    // The C++ client checks the certificate: refused until told to trust it ($SSL_CERT_FILE).
    const std::string db = lab_database(dir, protocol);
    const std::vector<std::string> upload = {
        "upload", "--db", db, "--to", https, "--label", "proxy", "--token-file", dir + "/token.txt"};
    const auto untrusted = run_process(kLab, upload);
    CHECK(untrusted.exit_code == 1);
    CHECK(untrusted.err.find("sawtooth-lab: the server's certificate does not verify") == 0);
    test::ProcessSettings trust;
    trust.env = {"SSL_CERT_FILE=" + dir + "/cert.pem"};
    const auto sent = run_process(kLab, upload, trust);
    INFO(sent.out << sent.err);
    REQUIRE(sent.exit_code == 0);
    CHECK(sent.out.find("1 new, 0 already there") != std::string::npos);
    const auto stored = pg.psql_admin({"-c", "SELECT count(*) FROM study_sessions WHERE study = 'proxy'"});
    CHECK(stored.out == "1\n");

    // Plain http to the TLS port: nginx answers 400 itself, the server sees nothing.
    const auto plain =
        run_process(kCurl, {"-s", "http://127.0.0.1:" + std::to_string(tls_port) + "/api/studies/proxy"});
    CHECK(plain.out.find("The plain HTTP request was sent to HTTPS port") != std::string::npos);
    CHECK(http_status("http://127.0.0.1:" + std::to_string(tls_port) + "/", "127.0.0.1") == 400);
    // Port 80's block only redirects to https.
    CHECK(http_status("http://127.0.0.1:" + std::to_string(http_port) + "/x", "127.0.0.1") == 301);

    // Behind the proxy each client has its own bucket: 127.0.0.2 spends its burst, 127.0.0.3 still passes.
    const std::string api = https + "/api/studies/proxy";
    const std::vector<std::string> ca = {"--cacert", dir + "/cert.pem"};
    CHECK(refused_of_six(api, "127.0.0.2", ca, false) == 2);
    CHECK(http_status(api, "127.0.0.3", ca) == 200);
    // A client's own X-Forwarded-For changes nothing, through the proxy (nginx replaces it) ...
    CHECK(refused_of_six(api, "127.0.0.4", ca, true) == 2);
    // ... nor straight to the server from an address it does not trust.
    const std::string direct = "http://127.0.0.1:" + std::to_string(server_port) + "/api/studies/proxy";
    CHECK(refused_of_six(direct, "127.0.0.5", {}, true) == 2);
}

TEST_CASE("--trust-proxy takes IP addresses only") {
    const auto r = run_process(kServer, {"--db", "postgresql://x@127.0.0.1:1/none", "--protocol", "p.json",
                                         "--tokens", "t.json", "--trust-proxy", "proxy.example.org"});
    CHECK(r.exit_code == 1);
    CHECK(r.err == "sawtooth-server: --trust-proxy: expected an IP address, got 'proxy.example.org'\n");
}

}  // namespace test_server_proxy_cli
