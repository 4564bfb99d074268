// `sawtooth-lab bench words`: timings of the Elimination word engine and generator.
// Prints {"challenge_ms", "level_ms", "enumerate_us", "builder_analysis_us"} as medians
// (plus context fields).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "game/words/builder.hpp"
#include "game/words/modes.hpp"
#include "gen/words/level_table.hpp"
#include "gen/words/scan.hpp"
#include "tools/bench/bench_util.hpp"
#include "tools/bench/bench_word_bands.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/words_common.hpp"

namespace sawtooth::lab {

namespace {

namespace w = sawtooth::words;
using Clock = std::chrono::steady_clock;

// A 12-letter string with many embedded words (the enumeration figure is per call on it).
constexpr const char* kEnumerateLetters = "shatdelrones";
constexpr int kEnumerateCallsPerRun = 200;
// The challenge builder's live analysis (analyze_draft) on each prefix of a 16-letter
// string, as one keystroke after another: builder_analysis_us is the median per prefix
// over runs of the longest (16 letters, 2^16 states), builder_keystroke_max_us the median
// over runs of the slowest prefix.
constexpr const char* kBuilderLetters = "gardenshatdelron";
// Levels timed for level_ms: spread over the sawtooth, easy and hard ends included.
constexpr int kTimedLevels[] = {1, 5, 6, 12, 18, 24, 30};

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

void run_bench_words(int runs, bool all_levels, const std::string& words_file) {
    const auto t_load = Clock::now();
    const w::Dictionary dict = load_word_dictionary(words_file);
    const double load_ms = ms_since(t_load);

    std::vector<double> enum_us;
    std::size_t words_found = 0;
    for (int r = 0; r < runs; ++r) {
        const auto t0 = Clock::now();
        for (int i = 0; i < kEnumerateCallsPerRun; ++i)
            words_found = w::scan_words(dict, kEnumerateLetters).words.size();
        enum_us.push_back(ms_since(t0) * 1000.0 / kEnumerateCallsPerRun);
    }

    std::vector<double> full_us, prefix_max_us;
    for (int r = 0; r < runs; ++r) {
        w::Challenge draft;
        double slowest = 0.0;
        for (const char* p = kBuilderLetters; *p; ++p) {
            draft.letters += *p;
            const auto t0 = Clock::now();
            (void)w::analyze_draft(dict, draft);
            const double us = ms_since(t0) * 1000.0;
            slowest = std::max(slowest, us);
            if (p[1] == 0) full_us.push_back(us);
        }
        prefix_max_us.push_back(slowest);
    }

    std::vector<double> challenge_ms, level_ms;
    ProgressLine progress("timing levels", static_cast<std::size_t>(runs) * std::size(kTimedLevels));
    for (int r = 0; r < runs; ++r) {
        for (int level : kTimedLevels) {
            const w::ModeLevel ml =
                w::levels_mode_level(level, w::kLevelsModeSeed + static_cast<std::uint64_t>(r));
            const w::ChallengeGenerator gen(dict, ml.params.gen);
            Rng rng(ml.seed);
            const auto t0 = Clock::now();
            const auto c = gen.generate(rng);
            challenge_ms.push_back(ms_since(t0));
            if (!c) throw LabError("bench: generation failed at level " + std::to_string(level));
            const auto t1 = Clock::now();
            (void)w::generate_level(dict, ml.params, ml.seed);  // the level alone, not its earlier levels
            level_ms.push_back(ms_since(t1));
            progress.advance();
        }
    }
    progress.finish();

    nlohmann::json out = {{"challenge_ms", bench::median(challenge_ms)},
                          {"level_ms", bench::median(level_ms)},
                          {"enumerate_us", bench::median(enum_us)},
                          {"enumerate_letters", kEnumerateLetters},
                          {"enumerate_words", words_found},
                          {"dictionary_words", dict.size()},
                          {"dictionary_load_ms", load_ms},
                          {"runs", runs},
                          {"builder_analysis_us", bench::median(full_us)},
                          {"builder_keystroke_max_us", bench::median(prefix_max_us)},
                          {"builder_letters", kBuilderLetters}};
    if (all_levels) {
        const auto t0 = Clock::now();
        (void)w::generate_mode_run(dict, w::levels_mode_level(w::kLevelCount));  // levels 1..30 in order
        out["levels_mode_total_ms"] = ms_since(t0);
    }
    std::printf("%s\n", out.dump(2).c_str());
}

/// Flags of `bench words`.
struct BenchWordsOptions {
    int runs = 5;
    bool all = false;
    bool json = false;  ///< accepted for symmetry with other benchmarks: JSON is the only format
    std::string words_file;
};

}  // namespace

void register_bench_words(CLI::App& app) {
    register_bench_word_bands(app);
    CLI::App* bench = app.get_subcommand("bench");
    auto* cmd =
        bench->add_subcommand("words", "Elimination: ms per challenge / level, us per word enumeration");
    // CLI11 writes through these references while parsing; the callback owns the struct so
    // it outlives the parse (a local bound here and not captured was freed before use).
    auto o = std::make_shared<BenchWordsOptions>();
    cmd->add_option("--runs", o->runs, "repetitions (medians are reported)")->check(CLI::Range(1, 1000));
    cmd->add_flag("--all", o->all, "also time all 300 Levels-mode challenges (levels_mode_total_ms)");
    cmd->add_flag("--json", o->json, "JSON output (the only format)");
    cmd->add_option("--words", o->words_file, "word list instead of the English asset");
    cmd->callback([o] { run_bench_words(o->runs, o->all, o->words_file); });
}

}  // namespace sawtooth::lab
