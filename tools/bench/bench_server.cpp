// `sawtooth-lab bench server --to URL --label STUDY --token-file FILE --template DB`: the
// load benchmark of sawtooth-server (docs/online.md "Under load"). Simulated participants
// (copies of the template's one recorded session, tools/server/load_run.hpp) enrol, upload
// twice and complete, all at once from --threads client threads, --runs times; prints the
// median over runs of the throughput (requests/s) and of each run's median and p99 request
// latency, with the CPU model and load. tools/bench/server_load.sh starts PostgreSQL and
// the server on loopback and runs it.
#include "telemetry/store/scratch_folder.hpp"
#include "telemetry/store/session_pack.hpp"
#include "tools/bench/bench_util.hpp"
#include "tools/bench/machine.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"
#include "tools/server/load_run.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <memory>

namespace sawtooth::lab {

namespace {

struct ServerBenchArgs {
    std::string url, label, token_file, template_db;
    int participants = 200;
    int threads = 16;
    int runs = 3;
};

void run_bench_server(const ServerBenchArgs& a) {
    std::string token = telemetry::read_file_bytes(a.token_file);
    while (!token.empty() && (token.back() == '\n' || token.back() == '\r')) token.pop_back();
    const online::StudyTarget target{a.url, a.label, token};
    online::OnlineClient probe(target);
    const nlohmann::json info = probe.study_info();
    const std::string hash = info.at("protocol_hash");
    const std::string condition = info.at("protocol").at("conditions").at(0).at("name");
    std::vector<double> throughput, p50, p99;
    std::size_t failures = 0;
    for (int run = 0; run < a.runs; ++run) {
        const telemetry::ScratchFolder dir("sawtooth-bench-server");
        const auto people =
            server::synthetic_participants(a.template_db, hash, condition, a.participants, dir.file(""));
        ProgressLine progress("participants (run " + std::to_string(run + 1) + ")", people.size());
        server::LoadSettings settings;
        settings.threads = a.threads;
        settings.on_participant = [&progress] { progress.advance(); };
        const server::LoadFigures fig = server::run_load(target, people, settings);
        progress.finish();
        failures += fig.failures.size();
        throughput.push_back(static_cast<double>(fig.latency_ms.size()) / fig.seconds);
        p50.push_back(fig.percentile(50));
        p99.push_back(fig.percentile(99));
    }
    const nlohmann::json out = {{"participants", a.participants},
                                {"client_threads", a.threads},
                                {"runs", a.runs},
                                {"requests_per_participant", 4},
                                {"requests_per_second", bench::median(throughput)},
                                {"latency_ms_median", bench::median(p50)},
                                {"latency_ms_p99", bench::median(p99)},
                                {"failed_participants", failures},
                                {"cpu", bench::cpu_model()},
                                {"load_average", bench::load_average()}};
    std::printf("%s\n", out.dump(2).c_str());
}

}  // namespace

void register_bench_server(CLI::App& app) {
    CLI::App* bench = app.get_subcommand("bench");
    auto args = std::make_shared<ServerBenchArgs>();
    CLI::App* cmd =
        bench->add_subcommand("server", "participants uploading at once to a running sawtooth-server");
    cmd->add_option("--to", args->url, "server: http://HOST:PORT")->required();
    cmd->add_option("--label", args->label, "study label on the server")->required();
    cmd->add_option("--token-file", args->token_file, "file holding the study's upload token")->required();
    cmd->add_option("--template", args->template_db, "session database holding one recorded session")
        ->required();
    cmd->add_option("--participants", args->participants, "simulated participants per run")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--threads", args->threads, "client threads")->check(CLI::Range(1, 1024));
    cmd->add_option("--runs", args->runs, "runs (medians reported)")->check(CLI::Range(1, 100));
    cmd->callback([args] { run_bench_server(*args); });
}

}  // namespace sawtooth::lab
