// `sawtooth-lab words catalog | similarity | diversity | duplicates`: the Elimination side of
// docs/curation.md "Elimination: catalogue and similarity". Each checks which challenges
// (a mode's levels or a generator seed range) and runs the library's
// telemetry/curation/word_catalogue_build.hpp: `catalog` stores per-challenge statistics in a
// challenge catalogue; `diversity` prints the distribution of pairwise similarities;
// `duplicates` counts the near-duplicate pairs a player of a mode could meet. `similarity`
// compares two letter sequences (gen/words/challenge_similarity.hpp). Does not: choose
// challenges or write the session database.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/words/modes.hpp"
#include "gen/error.hpp"
#include "gen/hash.hpp"
#include "gen/words/challenge_similarity.hpp"
#include "gen/words/level_table.hpp"
#include "telemetry/curation/word_catalog.hpp"
#include "telemetry/curation/word_catalogue_build.hpp"
#include "telemetry/store/store.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"
#include "tools/lab/words_common.hpp"

namespace sawtooth::lab {

namespace w = sawtooth::words;

namespace {

constexpr std::uint64_t kMaxJobs = 1000000;
constexpr int kMaxInfiniteLevels = 1000;
constexpr int kMaxDays = 100000;

// ---- which challenges: a mode's levels or a generator seed range ----------------------

struct SourceOptions {
    std::string mode;  ///< levels, infinite, daily; empty with --seeds
    std::uint64_t mode_seed = w::kLevelsModeSeed;
    std::string runs = "1..20";  ///< infinite: run seeds
    int levels = w::kInfiniteChainLevels;
    std::string from = "2026-01-01";  ///< daily: first date
    int days = 365;
    std::string seeds;  ///< generator seeds A..B
    double difficulty = 0.0;
    std::string band, sources;
    int target_length = 0, max_seq = 0;  ///< 0: from --difficulty
    std::string words_file;
    int threads = 0;
};

using Job = telemetry::WordJob;
using Item = telemetry::WordItem;
using telemetry::WordSourceKind;

/// A checked source and the workers that generate it.
struct Plan {
    telemetry::WordSource source;
    int threads = 1;
};

w::LevelParams seed_params(const SourceOptions& o) {
    if (o.difficulty < 0.0 || o.difficulty > w::kMaxDifficulty)
        throw LabError("--difficulty must be in 0.." + std::to_string(w::kMaxDifficulty));
    w::LevelParams p = w::params_for_difficulty(o.difficulty);
    if (!o.band.empty()) {
        const InclusiveRange<double> band = parse_real_range(o.band, "--band");
        p.gen.band_lo = band.first;
        p.gen.band_hi = band.last;
    }
    if (!o.sources.empty()) p.gen.source_lengths = parse_int_list(o.sources, "--sources");
    if (o.target_length != 0) p.gen.target_length = o.target_length;
    if (o.max_seq != 0) p.gen.max_seq = o.max_seq;
    return p;
}

telemetry::WordSource mode_source(const SourceOptions& o) {
    const w::Mode mode = with_context("--mode", [&] { return w::parse_mode(o.mode); });
    if (mode == w::Mode::Levels) return telemetry::levels_mode_source(o.mode_seed);
    if (mode == w::Mode::Infinite) {
        if (o.levels < 1 || o.levels > kMaxInfiniteLevels)
            throw LabError("--levels must be in 1.." + std::to_string(kMaxInfiniteLevels));
        const InclusiveRange<std::uint64_t> runs = parse_seed_range(o.runs, "--runs");
        if (runs.last - runs.first >= kMaxJobs) throw LabError("--runs " + o.runs + ": at most 1000000 runs");
        return telemetry::infinite_source(runs.first, runs.last, o.levels);
    }
    if (!w::is_valid_utc_date(o.from))
        throw LabError("--from must be a real date YYYY-MM-DD, got '" + o.from + "'");
    if (o.days < 1 || o.days > kMaxDays) throw LabError("--days must be in 1.." + std::to_string(kMaxDays));
    telemetry::WordSource p = telemetry::daily_source(o.from, o.days);
    if (!w::is_valid_utc_date(p.jobs.back().date)) throw LabError("--from/--days run past year 9999");
    return p;
}

telemetry::WordSource seeds_source(const SourceOptions& o, const w::Dictionary& dict) {
    const InclusiveRange<std::uint64_t> seeds = parse_seed_range(o.seeds, "--seeds");
    if (seeds.last - seeds.first >= kMaxJobs)
        throw LabError("--seeds " + o.seeds + ": at most 1000000 seeds");
    const w::LevelParams params = seed_params(o);
    w::ChallengeGenerator check(dict, params.gen);  // impossible parameters: one line, now
    return telemetry::seed_source(seeds.first, seeds.last, params);
}

/// Checks every option; throws LabError before anything is generated or written.
Plan make_plan(const SourceOptions& o, const w::Dictionary& dict) {
    if (o.mode.empty() == o.seeds.empty())
        throw LabError("give either --mode levels|infinite|daily or --seeds A..B");
    Plan p;
    p.threads = worker_count(o.threads);
    p.source = o.mode.empty() ? seeds_source(o, dict) : mode_source(o);
    return p;
}

/// Runs a library's jobs on the plan's threads (no progress line of its own).
analysis::ForEach plan_for_each(const Plan& p) {
    return [threads = p.threads](std::size_t n, const std::function<void(std::size_t)>& body) {
        parallel_for(n, threads, body);
    };
}

void add_source_options(CLI::App* c, SourceOptions& o) {
    c->add_option("--mode", o.mode, "levels, infinite or daily: the challenges players of that mode see");
    add_seed_option(*c, "--mode-seed", o.mode_seed, "levels: the mode seed (players use the default)");
    c->add_option("--runs", o.runs, "infinite: run seeds A..B")->capture_default_str();
    c->add_option("--levels", o.levels, "infinite: levels per run")->capture_default_str();
    c->add_option("--from", o.from, "daily: first UTC date YYYY-MM-DD")->capture_default_str();
    c->add_option("--days", o.days, "daily: number of dates")->capture_default_str();
    c->add_option("--seeds", o.seeds, "generator seeds A..B: the challenge drawn from mix_seed(S, 0)");
    c->add_option("--difficulty", o.difficulty, "with --seeds: parameters of this difficulty 0..7.75")
        ->capture_default_str();
    c->add_option("--band", o.band, "with --seeds: corpusFreq band LO..HI");
    c->add_option("--sources", o.sources, "with --seeds: source word lengths, e.g. 4,5");
    c->add_option("--target-length", o.target_length, "with --seeds: targetLength");
    c->add_option("--max-seq", o.max_seq, "with --seeds: maxSeq");
    c->add_option("--words", o.words_file, "word list instead of the English asset");
    c->add_option("--threads", o.threads, "worker threads (default: all cores)")
        ->check(CLI::NonNegativeNumber);
}

}  // namespace

// ---- catalog ---------------------------------------------------------------------------

namespace {

struct CatalogOptions {
    SourceOptions source;
    std::string db;
};

void run_catalog(const CatalogOptions& o) {
    if (o.db.empty()) throw LabError("--db FILE is required");
    const w::Dictionary dict = load_word_dictionary(o.source.words_file);
    const Plan p = make_plan(o.source, dict);  // every argument checked before the file is touched
    telemetry::WordCatalog cat = telemetry::WordCatalog::open(o.db);
    const auto t0 = std::chrono::steady_clock::now();
    std::optional<ProgressLine> progress;
    telemetry::WordCatalogueBuild build;
    build.jobs_per_commit = static_cast<std::size_t>(p.threads) * 8;
    build.for_each = plan_for_each(p);
    build.start = [&](std::size_t todo) { progress.emplace("cataloguing challenges", todo); };
    build.on_job = [&] { progress->advance(); };
    const telemetry::WordCatalogueBuilt built = telemetry::build_word_catalogue(cat, dict, p.source, build);
    progress->finish();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf(
        "%zu challenges catalogued (%zu jobs, %zu already stored) into %s: %.1f s on %d threads, "
        "%.2f ms per challenge\n",
        built.written, built.todo, built.stored, o.db.c_str(), secs, p.threads,
        built.written > 0 ? 1000.0 * secs / static_cast<double>(built.written) : 0.0);
}

}  // namespace

// ---- similarity A B ----------------------------------------------------------------------

namespace {

struct PairOptions {
    std::string a, b, words_file;
};

w::ChallengeFeatures features_or_throw(const w::Dictionary& dict, const std::string& letters,
                                       const char* which) {
    return with_context(which, [&] { return w::challenge_features(dict, letters); });
}

void run_similarity(const PairOptions& o) {
    const w::Dictionary dict = load_word_dictionary(o.words_file);
    const w::ChallengeFeatures a = features_or_throw(dict, o.a, "A");
    const w::ChallengeFeatures b = features_or_throw(dict, o.b, "B");
    const w::ChallengeComparison c = w::compare_challenges(a, b);
    std::printf("A %s (%zu reachable words), B %s (%zu reachable words)\n", w::to_upper(a.letters).c_str(),
                a.reachable.size(), w::to_upper(b.letters).c_str(), b.reachable.size());
    std::printf("letters: %d in common (LCS): A->B %.3f  B->A %.3f  two-way %.3f\n", c.common_letters,
                c.letters_a_to_b, c.letters_b_to_a, c.letters_two_way);
    std::printf("words:   %d in common:       A->B %.3f  B->A %.3f  two-way %.3f\n", c.common_words,
                c.words_a_to_b, c.words_b_to_a, c.words_two_way);
    std::printf("similarity (max):            A->B %.3f  B->A %.3f  two-way %.3f%s\n", c.a_to_b, c.b_to_a,
                c.two_way, c.two_way > w::kNearDuplicateThreshold ? "  (near-duplicate)" : "");
}

}  // namespace

// ---- diversity, duplicates -------------------------------------------------------------

namespace {

struct ScanOptions {
    SourceOptions source;
    double threshold = w::kNearDuplicateThreshold;
    bool list = false;
};

/// Every challenge of the plan with its features, in job order.
std::vector<std::vector<std::pair<Item, w::ChallengeFeatures>>> plan_features(const w::Dictionary& dict,
                                                                              const Plan& p) {
    ProgressLine progress("generating challenges", p.source.jobs.size());
    auto out = telemetry::word_source_features(dict, p.source, plan_for_each(p), [&] { progress.advance(); });
    progress.finish();
    return out;
}

void run_diversity(const ScanOptions& o) {
    const w::Dictionary dict = load_word_dictionary(o.source.words_file);
    const Plan p = make_plan(o.source, dict);
    std::vector<w::ChallengeFeatures> f;
    for (auto& job : plan_features(dict, p))
        for (auto& [item, features] : job) f.push_back(std::move(features));
    if (f.size() < 2) throw LabError("fewer than 2 challenges to compare");
    const std::size_t n = f.size();
    const auto t0 = std::chrono::steady_clock::now();
    ProgressLine progress("comparing pairs", n * (n - 1) / 2);
    const telemetry::PairSimilarities pairs = telemetry::all_pair_similarities(
        f, plan_for_each(p), [&](std::size_t done) { progress.advance(done); });
    progress.finish();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%zu challenges, two-way similarity of every pair, %.2f s for the pairs\n", n, s);
    std::printf("letters (LCS): mean %.3f   words (reachable): mean %.3f\n", mean_of(pairs.letters),
                mean_of(pairs.words));
    print_distribution(pairs.both);
}

void run_duplicates(const ScanOptions& o) {
    if (o.source.mode.empty()) throw LabError("duplicates needs --mode levels|infinite|daily");
    if (!(o.threshold >= 0.0 && o.threshold <= 1.0)) throw LabError("--threshold must be in 0..1");
    const w::Dictionary dict = load_word_dictionary(o.source.words_file);
    const Plan p = make_plan(o.source, dict);
    const telemetry::DuplicateCounts n =
        telemetry::count_near_duplicates(plan_features(dict, p), p.source.kind, o.threshold);
    if (o.list)
        for (const telemetry::NearDuplicate& d : n.listed)
            std::printf("  %.3f  %s (level %d #%d)  %s (level %d #%d)\n", d.similarity,
                        w::to_upper(d.letters_a).c_str(), d.level_a, d.challenge_a,
                        w::to_upper(d.letters_b).c_str(), d.level_b, d.challenge_b);
    std::printf(
        "%s, %zu runs/dates, word generator version %d: %zu pairs compared, %zu above %.2f, "
        "%zu with the same letters, %zu with the same source words\n",
        telemetry::word_source_name(p.source.kind), p.source.jobs.size(), w::kWordGenVersion, n.pairs,
        n.above, o.threshold, n.same_letters, n.same_sources);
}

}  // namespace

void register_words_catalog(CLI::App& app) {
    CLI::App* words = app.get_subcommand("words");
    auto co = std::make_shared<CatalogOptions>();
    CLI::App* cat = words->add_subcommand("catalog", "challenge catalogue: statistics of every challenge");
    add_source_options(cat, co->source);
    cat->add_option("--db", co->db, "catalogue file (created when missing; not the session database)");
    cat->callback([co] { run_catalog(*co); });

    auto po = std::make_shared<PairOptions>();
    CLI::App* sim = words->add_subcommand("similarity", "similarity of two letter sequences A and B");
    sim->add_option("A", po->a, "letters of challenge A")->required();
    sim->add_option("B", po->b, "letters of challenge B")->required();
    sim->add_option("--words", po->words_file, "word list instead of the English asset");
    sim->callback([po] { run_similarity(*po); });

    auto dv = std::make_shared<ScanOptions>();
    CLI::App* div = words->add_subcommand("diversity", "distribution of pairwise similarities of challenges");
    add_source_options(div, dv->source);
    div->callback([dv] { run_diversity(*dv); });

    auto du = std::make_shared<ScanOptions>();
    CLI::App* dup = words->add_subcommand("duplicates", "near-duplicate pairs a player of a mode can meet");
    add_source_options(dup, du->source);
    dup->add_option("--threshold", du->threshold, "two-way similarity above which a pair counts")
        ->capture_default_str();
    dup->add_flag("--list", du->list, "print every pair above the threshold");
    dup->callback([du] { run_duplicates(*du); });
}

}  // namespace sawtooth::lab
