// sawtooth-server: the collection server of online studies (docs/online.md). Parses the
// command line, loads the studies, serves until SIGINT or SIGTERM. Errors: one line
// "sawtooth-server: <problem>", exit 1.
#include "gen/number_text.hpp"
#include "gen/printable.hpp"
#include "tools/server/http_server.hpp"

#include <CLI/CLI.hpp>

#include <csignal>
#include <cstdio>
#include <thread>

using namespace sawtooth;

namespace {

struct Args {
    std::string listen = "127.0.0.1:8080";
    std::vector<std::string> protocols;
    std::string tokens;
    std::string max_upload_mb = "32", rate = "20", burst = "60", threads = "8";
};

// The numbers of the command line, through the project's one number parser.
void parse_numbers(const Args& args, server::ServerSettings& s) {
    s.max_upload_bytes = parse_number_in<std::size_t>("--max-upload-mb", args.max_upload_mb, 1, 4096) << 20;
    s.rate.per_second = parse_number_in<double>("--rate", args.rate, 0.001, 1e6);
    s.rate.burst = parse_number_in<double>("--burst", args.burst, 1, 1e6);
    s.threads = parse_number_in<int>("--threads", args.threads, 1, 256);
}

// A proxy is named by the address the server sees it connect from.
void check_proxies(const std::vector<std::string>& proxies) {
    for (const std::string& a : proxies)
        if (a.empty() || a.find_first_not_of("0123456789abcdefABCDEF.:") != std::string::npos)
            throw Error("--trust-proxy: expected an IP address, got '" + printable(a, 60) + "'");
}

void parse_listen(const std::string& text, server::ServerSettings& s) {
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0)
        throw Error("--listen: expected HOST:PORT, got '" + text + "'");
    s.host = text.substr(0, colon);
    s.port = parse_number_in<int>("--listen port", text.substr(colon + 1), 1, 65535);
}

// Blocks SIGINT and SIGTERM in every thread; one thread waits for them and stops the server.
void run(server::ServerSettings settings) {
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    const std::string where = settings.host + ":" + std::to_string(settings.port);
    const std::size_t count = settings.studies.size();
    server::HttpServer http(std::move(settings));
    http.bind();
    std::thread waiter([&] {
        int sig = 0;
        sigwait(&stop_signals, &sig);
        http.stop();
    });
    std::printf("sawtooth-server: listening on http://%s (%zu studies)\n", where.c_str(), count);
    std::fflush(stdout);
    http.serve();
    pthread_kill(waiter.native_handle(), SIGTERM);  // serve() ended by itself: wake the waiter
    waiter.join();
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"sawtooth-server: serves online studies and stores their sessions (docs/online.md)"};
    Args args;
    server::ServerSettings settings;
    app.add_option("--db", settings.db_url, "study store: postgresql://USER:PASSWORD@HOST:PORT/DATABASE")
        ->required();
    app.add_option("--site", settings.site_dir, "static web site folder to serve at /");
    app.add_option("--listen", args.listen, "HOST:PORT to listen on (default 127.0.0.1:8080)");
    app.add_option("--protocol", args.protocols, "study protocol to run (repeatable; label: the file's stem)")
        ->required();
    app.add_option("--tokens", args.tokens, "JSON file: study label -> upload token (16+ characters)")
        ->required();
    app.add_option("--max-upload-mb", args.max_upload_mb,
                   "largest session database accepted, MiB (default 32)");
    app.add_option("--rate", args.rate, "API requests per second per client address (default 20)");
    app.add_option("--burst", args.burst, "requests a client may make at once (default 60)");
    app.add_option("--threads", args.threads, "worker threads, each with a database connection (default 8)");
    app.add_option("--trust-proxy", settings.trusted_proxies,
                   "address of a reverse proxy (e.g. 127.0.0.1 for nginx on this machine) whose "
                   "X-Forwarded-For names the client for the rate limit (repeatable)");
    app.set_version_flag("--version", "sawtooth-server 0.1");
    try {
        app.parse(argc, argv);
        parse_listen(args.listen, settings);
        parse_numbers(args, settings);
        check_proxies(settings.trusted_proxies);
        settings.studies = server::load_studies(args.protocols, args.tokens);
        run(std::move(settings));
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {  // as sawtooth-lab: one line, exit 2
        std::fprintf(stderr, "sawtooth-server: %s\n", sawtooth::one_line(e.what()).c_str());
        return 2;
    } catch (const Error& e) {
        std::fprintf(stderr, "sawtooth-server: %s\n", e.what());
        return 1;
    }
    return 0;
}
