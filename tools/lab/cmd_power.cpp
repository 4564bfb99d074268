// `sawtooth-lab power`: study power by simulation (docs/difficulty.md "Study power"). Grows
// (or resumes) a synthetic population in a SQLite file (game/flows/power_players.hpp), then
// draws replicate studies of each size from it and prints their figures
// (telemetry/analysis/power.hpp); --out DIR writes power.json and an HTML page with charts.
#include "game/flows/power_players.hpp"
#include "telemetry/analysis/power.hpp"
#include "telemetry/analysis/power_population.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/power_page.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace sawtooth::lab {

namespace {

struct PowerOptions {
    std::string population;
    int participants = 500;
    std::uint64_t population_seed = 1;
    std::string design = "drawn";
    std::string compare;
    std::string expect = "higher";
    std::string sizes = "10,20,30,53,80,120";
    std::string out;
    std::string chartjs = "/usr/share/javascript/chart.js/chart.min.js";
    bool json = false;
    analysis::PowerSettings settings;
};

void grow(const PowerOptions& o) {
    std::vector<std::string> specs{o.design};
    if (!o.compare.empty()) specs.push_back(o.compare);
    const flows::PowerDesign design = flows::power_design(specs);
    std::unique_ptr<ProgressLine> progress;
    flows::GrowSettings g;
    g.participants = o.participants;
    g.threads = o.settings.threads;
    g.on_participant = [&](int stored, int target) {
        if (!progress)
            progress = std::make_unique<ProgressLine>("simulating the population",
                                                      static_cast<std::size_t>(target - stored + 1));
        progress->advance();
    };
    flows::grow_population(o.population, design, o.population_seed, g);
    if (progress) progress->finish();
}

std::string read_text(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

void write_out(const PowerOptions& o, const nlohmann::json& j) {
    const std::string chartjs = read_text(o.chartjs);
    if (chartjs.empty())
        throw LabError(
            "Chart.js not found at '" + o.chartjs +
            "': install the Debian package libjs-chart.js (tools/install_deps.sh) or pass --chartjs FILE");
    std::filesystem::create_directories(o.out);
    std::ofstream(o.out + "/power.json") << j.dump(2) << "\n";
    std::ofstream(o.out + "/index.html") << power_page(j, chartjs);
}

std::string smallest_size_text(const nlohmann::json& n) {
    return n.is_null() ? std::string("none of the sizes") : std::to_string(n.get<int>());
}

void print_difference(const analysis::PowerResult& r, const nlohmann::json& j) {
    std::printf("80 %% power, the named difference: %s\n",
                smallest_size_text(j["n_for_80_difference"]).c_str());
    if (!j.contains("n_for_80_difference_normal")) return;
    const nlohmann::json& n = j["n_for_80_difference_normal"];
    std::printf(
        "80 %% power, the named difference, normal approximation: N = %s, %.0f %% interval [%s, %s] "
        "(%d resamples of the population's participants)\n",
        sample_size_text(n["n"]).c_str(), 100.0 * r.settings.level, sample_size_text(n["lo"]).c_str(),
        sample_size_text(n["hi"]).c_str(), n["replicates"].get<int>());
}

void print_table(const analysis::PowerResult& r, const nlohmann::json& j) {
    const bool two = r.settings.compare >= 0;
    std::printf("population %d participants, %d replicates per N, alpha %.3g, %.0f %% intervals\n",
                r.population, r.settings.replicates, r.settings.alpha, 100.0 * r.settings.level);
    if (r.population_model)
        std::printf("model of the whole population: p = %.4f %+.4f t_timing %+.4f j %+.4f t_cycle\n",
                    r.population_model->c0, r.population_model->t_timing, r.population_model->j,
                    r.population_model->t_cycle);
    std::printf("%5s  %-30s %-30s %-30s %6s %-22s %-20s%s\n", "N", "t_timing median [int] (<0/>0)",
                "j median [int] (<0/>0)", "t_cycle median [int] (<0/>0)", "power", "t median [int]",
                "accuracy [int]", two ? "  difference [int]  power" : "");
    for (const analysis::SizeFigures& f : r.sizes) {
        std::printf("%5d ", f.n);
        for (std::size_t k = 0; k < 3; ++k) {
            char cell[64];
            std::snprintf(cell, sizeof cell, "%+.3f [%+.3f,%+.3f] (%.2f/%.2f)", f.coefficients[k].estimate,
                          f.coefficients[k].lo, f.coefficients[k].hi, f.signs[k].negative,
                          f.signs[k].positive);
            std::printf(" %-30s", cell);
        }
        std::printf(" %6.2f  %+.2f [%+.2f,%+.2f]   %.2f [%.2f,%.2f]", f.power, f.t_score.estimate,
                    f.t_score.lo, f.t_score.hi, f.accuracy.estimate, f.accuracy.lo, f.accuracy.hi);
        if (two)
            std::printf("  %+.3f [%+.3f,%+.3f] %.2f", f.difference.estimate, f.difference.lo, f.difference.hi,
                        f.difference_power);
        std::printf("\n");
    }
    std::printf("80 %% power, deaths rising with difficulty: %s\n",
                smallest_size_text(j["n_for_80_deaths"]).c_str());
    if (two) print_difference(r, j);
}

void run_power(PowerOptions& o) {
    if (o.participants < 2) throw LabError("--participants must be at least 2");
    if (o.expect != "higher" && o.expect != "lower")
        throw LabError("--expect must be higher or lower, not '" + o.expect + "'");
    o.settings.sizes = parse_int_list(o.sizes, "--sizes");
    o.settings.expect = o.expect == "higher" ? analysis::Expect::Higher : analysis::Expect::Lower;
    o.settings.compare = o.compare.empty() ? -1 : 1;
    const auto t0 = std::chrono::steady_clock::now();
    grow(o);
    const auto t1 = std::chrono::steady_clock::now();
    const analysis::Population pop = analysis::load_population(o.population, o.participants);
    ProgressLine progress("replicate studies", o.settings.sizes.size() * static_cast<std::size_t>(std::max(
                                                                             0, o.settings.replicates)));
    const analysis::PowerResult r = analysis::study_power(pop, o.settings, [&] { progress.advance(); });
    progress.finish();
    const auto t2 = std::chrono::steady_clock::now();
    nlohmann::json j = analysis::power_to_json(r, pop);
    j["seconds"] = {{"population", std::chrono::duration<double>(t1 - t0).count()},
                    {"replicates", std::chrono::duration<double>(t2 - t1).count()}};
    if (!o.out.empty()) write_out(o, j);
    if (o.json)
        std::printf("%s\n", j.dump(2).c_str());
    else
        print_table(r, j);
}

}  // namespace

void register_power(CLI::App& app) {
    auto o = std::make_shared<PowerOptions>();
    CLI::App* c = app.add_subcommand(
        "power",
        "study power by simulation: replicate studies of each size drawn from a synthetic population");
    c->add_option("--population", o->population,
                  "population file (SQLite; created, or resumed when it exists)")
        ->required();
    c->add_option("--participants", o->participants, "population size (simulated once, then reused)")
        ->capture_default_str();
    add_seed_option(*c, "--population-seed", o->population_seed,
                    "seed of the population (= simulate-study --seed)")
        ->default_str("1");
    c->add_option("--design", o->design, "levels of the study: drawn (the thesis session) or a pack file")
        ->capture_default_str();
    c->add_option("--compare", o->compare,
                  "a second condition (drawn or a pack file): power to detect its difference in deaths");
    c->add_option("--expect", o->expect, "the named difference: --compare's mean deaths higher or lower")
        ->capture_default_str();
    c->add_option("--sizes", o->sizes, "participants per study, N,N,... (per condition)")
        ->capture_default_str();
    c->add_option("--replicates", o->settings.replicates, "replicate studies per size")
        ->capture_default_str();
    c->add_option("--alpha", o->settings.alpha, "significance level of each test")->capture_default_str();
    c->add_option("--level", o->settings.level, "central interval of the replicate figures")
        ->capture_default_str();
    add_seed_option(*c, "--seed", o->settings.seed, "seed of the replicate draws")->default_str("1");
    c->add_option("--min-traces", o->settings.histogram.min_traces,
                  "histogram bins with fewer traces are not fitted (the thesis: 10)")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    c->add_option("--threads", o->settings.threads, "worker threads")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    c->add_option("--out", o->out, "directory for power.json and index.html");
    c->add_option("--chartjs", o->chartjs, "Chart.js file embedded in the page")->capture_default_str();
    c->add_flag("--json", o->json, "print the figures as JSON");
    c->callback([o] { run_power(*o); });
}

}  // namespace sawtooth::lab
