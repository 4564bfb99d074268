// `sawtooth-lab verify-levels`: the playability proof (docs/bots.md) over a seed range
// (game/flows/level_verification.hpp), on all cores: the failures are listed with where the
// bot got stuck. Prints a summary line (or JSON with --json). With --level FILE... it proves
// level text files instead (hand-made levels, the editor's saves) and exits 1 when one
// is not proven both ways.
#include "game/bot/proven_level.hpp"
#include "game/flows/level_verification.hpp"
#include "gen/generator.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

struct VerifyLevelsOptions {
    std::string seeds = "1..100";
    std::string layout = "maze";
    std::string level_index;  ///< N or "all"; default: 1 for maze, all for linear
    bool json = false;
    int threads = 0;
    std::string dump_dir;  ///< write failing levels' text here
    int max_ticks = bot::kProofMaxTicks;
    bool verbose = false;
    std::vector<std::string> level_files;  ///< --level: prove these files instead of seeds
};

void dump_failed_level(const VerifyLevelsOptions& o, const flows::VerifyJob& job, const bot::ProvenLevel& r) {
    if (o.dump_dir.empty() || r.level_text.empty()) return;
    std::ofstream f(o.dump_dir + "/fail_" + o.layout + "_" + std::to_string(job.seed) + "_" +
                    std::to_string(job.level_index) + ".txt");
    f << r.level_text;
}

/// The workers of a run with the progress line (off with --verbose, which prints a line per
/// level on stderr instead).
analysis::ForEach verify_for_each(const VerifyLevelsOptions& o, int threads) {
    return [&o, threads](std::size_t n, const std::function<void(std::size_t)>& body) {
        ProgressSettings shown;
        shown.show = shown.show && !o.verbose;
        ProgressLine progress("verifying levels", n, shown);
        parallel_for(n, threads, [&](std::size_t i) {
            body(i);
            progress.advance();
        });
    };
}

/// --verbose: one line per level on stderr, from the workers.
std::function<void(const GenParams&, const bot::ProvenLevel&)> verbose_line(const VerifyLevelsOptions& o) {
    if (!o.verbose) return {};
    auto print_mutex = std::make_shared<std::mutex>();
    return [print_mutex](const GenParams& p, const bot::ProvenLevel& r) {
        const std::lock_guard<std::mutex> lock(*print_mutex);
        std::fprintf(stderr, "seed %llu index %d: %s %s %.2f s\n", static_cast<unsigned long long>(p.seed),
                     p.level_index, r.proof.forward.reached() ? "ok" : "FAIL",
                     r.proof.backward.reached() ? "ok" : "FAIL", r.seconds);
    };
}

/// The figures of a run (what --json prints); dumps failing levels on the way.
nlohmann::json summarize(const std::vector<flows::VerifyJob>& jobs, const std::vector<bot::ProvenLevel>& out,
                         const VerifyLevelsOptions& o) {
    const flows::VerifySummary s = flows::summarize_verification(jobs, out);
    nlohmann::json failures = nlohmann::json::array();
    for (const std::size_t k : s.failures) {
        failures.push_back(
            {{"seed", jobs[k].seed}, {"level_index", jobs[k].level_index}, {"note", out[k].note}});
        dump_failed_level(o, jobs[k], out[k]);
    }
    nlohmann::json j;
    j["levels"] = jobs.size();
    j["proven_both_ways"] = s.proven;
    j["failed_seeds"] = s.failed_seeds;
    j["median_ticks"] = s.median_ticks;
    j["median_ticks_exit_to_start"] = s.median_back_ticks;
    j["proven_start_to_exit"] = s.forward;
    j["proven_exit_to_start"] = s.backward;
    j["layout"] = o.layout;
    j["seeds"] = o.seeds;
    j["failures"] = failures;
    return j;
}

void print_summary(const nlohmann::json& j, const std::string& idx_text) {
    const auto levels = j["levels"].get<std::size_t>();
    const int proven = j["proven_both_ways"].get<int>();
    std::printf(
        "%zu levels (%s, level index %s): %d proven both ways (%.2f %%), median %.0f ticks start->exit, "
        "%.1f s on %d threads\n",
        levels, j["layout"].get<std::string>().c_str(), idx_text.c_str(), proven,
        levels == 0 ? 0.0 : 100.0 * proven / static_cast<double>(levels), j["median_ticks"].get<double>(),
        j["seconds"].get<double>(), j["threads"].get<int>());
    for (const auto& f : j["failures"])
        std::printf("  FAIL seed %llu index %d: %s\n",
                    static_cast<unsigned long long>(f["seed"].get<std::uint64_t>()),
                    f["level_index"].get<int>(), f["note"].get<std::string>().c_str());
}

void print_file_line(const nlohmann::json& f) {
    const bool ok = f["proven_start_to_exit"].get<bool>() && f["proven_exit_to_start"].get<bool>();
    std::printf("%s: %s", f["file"].get<std::string>().c_str(), ok ? "proven both ways" : "NOT PLAYABLE");
    if (ok)
        std::printf(" (%llu ticks start->exit, %llu exit->start)\n",
                    static_cast<unsigned long long>(f["ticks_start_to_exit"].get<std::uint64_t>()),
                    static_cast<unsigned long long>(f["ticks_exit_to_start"].get<std::uint64_t>()));
    else
        std::printf(": %s\n", f["note"].get<std::string>().c_str());
}

/// --level: every file read and checked first (bad input writes nothing), then proven.
void run_level_files(const VerifyLevelsOptions& o) {
    const std::vector<Level> levels = read_level_files(o.level_files);
    nlohmann::json files = nlohmann::json::array();
    int failed = 0;
    ProgressLine progress("verifying levels", levels.size());
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const bot::ProvenLevel r = bot::prove_generated(levels[i], 0, o.max_ticks);
        progress.advance();
        failed += !r.proof.playable();
        files.push_back({{"file", o.level_files[i]},
                         {"proven_start_to_exit", r.proof.forward.reached()},
                         {"proven_exit_to_start", r.proof.backward.reached()},
                         {"ticks_start_to_exit", r.proof.forward.ticks},
                         {"ticks_exit_to_start", r.proof.backward.ticks},
                         {"note", r.note}});
    }
    progress.finish();
    if (o.json)
        std::printf("%s\n", nlohmann::json{{"levels", files}, {"failed", failed}}.dump(2).c_str());
    else
        for (const auto& f : files) print_file_line(f);
    if (failed > 0)
        throw LabError(std::to_string(failed) + " of " + std::to_string(levels.size()) +
                       " levels not proven both ways");
}

void run_verify_levels(const VerifyLevelsOptions& o) {
    if (!o.level_files.empty()) return run_level_files(o);
    const InclusiveRange<std::uint64_t> seeds = parse_seed_range(o.seeds, "--seeds");
    const Layout layout = parse_layout_arg(o.layout, "--layout");
    const std::string idx_text =
        o.level_index.empty() ? (layout == Layout::Linear ? "all" : "1") : o.level_index;
    const std::vector<flows::VerifyJob> jobs =
        flows::verify_jobs(seeds.first, seeds.last, parse_level_indices(idx_text));
    const int threads = worker_count(o.threads);
    flows::VerifySettings settings;
    settings.layout = layout;
    settings.max_ticks = o.max_ticks;
    settings.on_level = verbose_line(o);
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<bot::ProvenLevel> out =
        flows::verify_levels(jobs, settings, verify_for_each(o, threads));
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    nlohmann::json j = summarize(jobs, out, o);
    j["level_index"] = idx_text;
    j["threads"] = threads;
    j["seconds"] = secs;
    j["levels_per_second"] = secs > 0 ? static_cast<double>(jobs.size()) / secs : 0.0;
    if (o.json)
        std::printf("%s\n", j.dump(2).c_str());
    else
        print_summary(j, idx_text);
}

}  // namespace

void register_verify_levels(CLI::App& app) {
    auto o = std::make_shared<VerifyLevelsOptions>();
    CLI::App* c =
        app.add_subcommand("verify-levels",
                           "prove generated levels playable: the expert bot plays each start->exit and "
                           "exit->start in the real simulation");
    c->add_option("--seeds", o->seeds, "seed range A..B (inclusive) or one seed")->capture_default_str();
    c->add_option("--layout", o->layout,
                  "maze (default free-play size 4x3 rooms) or linear (the study's levels)")
        ->capture_default_str();
    c->add_option("--level-index", o->level_index,
                  "trap timing index 1..10 or 'all' (default: 1 maze, all linear)");
    c->add_flag("--json", o->json, "print the result as JSON");
    c->add_option("--threads", o->threads, "worker threads (default: all cores)");
    c->add_option("--dump", o->dump_dir, "write the text of every failing level into this folder");
    c->add_option("--max-ticks", o->max_ticks, "give up a play after this many ticks")->capture_default_str();
    c->add_flag("--verbose", o->verbose, "one line per level on stderr");
    c->add_option("--level", o->level_files,
                  "prove these level text files instead of generated levels (exit 1 if one fails)")
        ->excludes("--seeds")
        ->excludes("--layout")
        ->excludes("--level-index")
        ->excludes("--dump");
    c->callback([o] { run_verify_levels(*o); });
}

}  // namespace sawtooth::lab
