// `sawtooth-lab bench word-bands`: acceptance and time of the Elimination generator under
// per-length rank bands (docs/elimination.md §4, "Per-length rank bands"), for a grid of
// band settings. Per setting, a numbered run of challenges as `words gen` makes them (one
// core, source words not repeated within the run): the share of requested challenges
// delivered within the attempt budget (and how many of them differ), the share of generator
// runs accepted, and ms per delivered challenge, wall and this thread's CPU (medians over
// --runs; acceptance is the same every run). The CPU figure includes making the generator
// (its candidates and pair screening), also given alone as setup_cpu_ms; the wall figure
// does not.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "gen/words/challenge_gen.hpp"
#include "tools/bench/bench_util.hpp"
#include "tools/bench/bench_word_bands.hpp"
#include "tools/bench/machine.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/words_common.hpp"

namespace sawtooth::lab {

namespace {

namespace w = sawtooth::words;

/// One row of the grid: a challenge length and its designer constraints.
struct BandSetting {
    const char* name;  ///< the `words gen` options that ask for it
    int length;        ///< exact challenge length (two source words of ~0.6 of it)
    w::ReachableWordRules rules;
};

w::ReachableWordRules bands(double s_lo, double s_hi, double l_lo, double l_hi) {
    w::ReachableWordRules r;
    r.short_band = w::RankBand{s_lo, s_hi};
    r.long_band = w::RankBand{l_lo, l_hi};
    return r;
}

std::vector<BandSetting> grid() {
    std::vector<BandSetting> g = {
        {"--length 8 --short-band 40..60 --long-band 60..80", 8, bands(40, 60, 60, 80)},
        {"--length 8 --short-band 0..20 --long-band 20..40", 8, bands(0, 20, 20, 40)},
        {"--length 8 --short-band 20..40 --long-band 40..60", 8, bands(20, 40, 40, 60)},
        {"--length 8 --short-band 60..80 --long-band 80..100", 8, bands(60, 80, 80, 100)},
        {"--length 8 --short-band 40..60 --long-band 60..80 --short-and-long", 8, bands(40, 60, 60, 80)},
        {"--length 8 --short-band 40..60 --long-band 60..80 --max-word-length 6", 8, bands(40, 60, 60, 80)},
        {"--length 8 --all-common --short-band 0..5 --long-band 5..10", 8, bands(0, 5, 5, 10)},
        {"--length 10 --short-band 70..90 --long-band 80..100", 10, bands(70, 90, 80, 100)},
        {"--length 10 --short-band 40..60 --long-band 60..80", 10, bands(40, 60, 60, 80)},
        {"--length 10 --short-band 70..90 --long-band 80..100 --short-and-long", 10, bands(70, 90, 80, 100)},
    };
    g[4].rules.short_and_long = true;
    g[5].rules.max_word_length = 6;
    g[6].rules.every_word_band = w::RankBand{0, w::kDefaultCommonRankPercentile};
    g[9].rules.short_and_long = true;
    return g;
}

/// What `words gen --length L` asks for, with the source band left to the per-length bands.
w::GenParams params_for_length(int length) {
    w::GenParams p;
    p.target_length = length;
    p.exact_length = true;
    const int each = (length * 3 + 4) / 5;
    p.source_lengths = {each, each};
    p.band_lo = 0.0;
    p.band_hi = 100.0;
    return p;
}

struct RunFigures {
    int delivered = 0;
    int distinct = 0;  ///< delivered challenges with letters no earlier one of the run had
    w::GenStats stats;
    double ms = 0.0;
    double cpu_ms = 0.0;  ///< of this thread: the one core's time, whatever else runs
};

double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1000.0 + static_cast<double>(t.tv_nsec) / 1e6;
}

RunFigures numbered_run(const w::ChallengeGenerator& gen, std::uint64_t seed, int count) {
    RunFigures f;
    std::vector<int> used;
    std::set<std::string> seen;
    const double t0 = bench::now_seconds(), cpu0 = thread_cpu_ms();
    for (int i = 0; i < count; ++i) {
        const std::optional<w::Challenge> c = w::generate_numbered(gen, seed, i, used, f.stats);
        if (!c) continue;
        ++f.delivered;
        f.distinct += seen.insert(c->letters).second ? 1 : 0;
        used.insert(used.end(), c->source_ids.begin(), c->source_ids.end());
    }
    f.ms = (bench::now_seconds() - t0) * 1000.0;
    f.cpu_ms = thread_cpu_ms() - cpu0;
    return f;
}

struct BenchWordBandsOptions {
    int runs = 3;
    int count = 50;
    std::uint64_t seed = 1;
    std::string words_file;
    bool json = false;  ///< accepted for symmetry with other benchmarks: JSON is the only format
};

void run_bench_word_bands(const BenchWordBandsOptions& o) {
    const w::Dictionary dict = load_word_dictionary(o.words_file);
    const std::vector<BandSetting> settings = grid();
    ProgressLine progress("word bands", settings.size() * static_cast<std::size_t>(o.runs));
    nlohmann::json rows = nlohmann::json::array();
    for (const BandSetting& s : settings) {
        std::vector<double> ms_per, cpu_ms_per, setup_ms;
        RunFigures f;
        for (int r = 0; r < o.runs; ++r) {
            // The generator's one-time work (candidates, pair screening) counts: a new
            // generator per run, timed with the run.
            const double t0 = thread_cpu_ms();
            const w::ChallengeGenerator gen(dict, params_for_length(s.length), w::GaSettings{}, s.rules);
            setup_ms.push_back(thread_cpu_ms() - t0);
            f = numbered_run(gen, o.seed, o.count);
            f.cpu_ms += setup_ms.back();
            ms_per.push_back(f.ms / std::max(1, f.delivered));
            cpu_ms_per.push_back(f.cpu_ms / std::max(1, f.delivered));
            progress.advance();
        }
        rows.push_back({{"setting", s.name},
                        {"requested", o.count},
                        {"delivered", f.delivered},
                        {"delivered_share", static_cast<double>(f.delivered) / o.count},
                        {"distinct", f.distinct},
                        {"attempts", f.stats.attempts},
                        {"attempt_acceptance", static_cast<double>(f.stats.accepted) / f.stats.attempts},
                        {"ms_per_delivered", bench::median(ms_per)},
                        {"ms_per_delivered_max", *std::max_element(ms_per.begin(), ms_per.end())},
                        {"cpu_ms_per_delivered", bench::median(cpu_ms_per)},
                        {"setup_cpu_ms", bench::median(setup_ms)}});
    }
    progress.finish();
    const nlohmann::json out = {{"runs", o.runs},
                                {"count", o.count},
                                {"seed", o.seed},
                                {"max_attempts", w::ReachableWordRules{}.max_attempts},
                                {"cpu_model", bench::cpu_model()},
                                {"load_average_1min", bench::load_average()},
                                {"settings", rows}};
    std::printf("%s\n", out.dump(2).c_str());
}

}  // namespace

void register_bench_word_bands(CLI::App& app) {
    CLI::App* bench = app.get_subcommand("bench");
    auto* cmd = bench->add_subcommand(
        "word-bands",
        "Elimination per-length rank bands: acceptance and ms per challenge for a grid of bands");
    auto o = std::make_shared<BenchWordBandsOptions>();  // owned by the callback: outlives the parse
    cmd->add_option("--runs", o->runs, "repetitions (median ms)")->check(CLI::Range(1, 1000));
    cmd->add_option("--count", o->count, "challenges per setting and run")->check(CLI::Range(1, 10000));
    add_seed_option(*cmd, "--seed", o->seed,
                    "seed of the numbered runs (challenge i uses mix_seed(seed, i))");
    cmd->add_option("--words", o->words_file, "word list instead of the English asset");
    cmd->add_flag("--json", o->json, "JSON output (the only format)");
    cmd->callback([o] { run_bench_word_bands(*o); });
}

}  // namespace sawtooth::lab
