// `sawtooth-lab words catalog | similarity | diversity | duplicates`: the Elimination side of
// docs/curation.md "Elimination: catalogue and similarity". `catalog` stores per-challenge statistics of a
// mode's levels or of a generator seed range in a challenge catalogue (telemetry/curation/word_catalog.hpp),
// committing job by job so a killed run loses little and a re-run skips what is stored;
// `similarity` compares two letter sequences (gen/words/challenge_similarity.hpp);
// `diversity` prints the distribution of pairwise similarities; `duplicates` counts the
// near-duplicate pairs a player of a mode could meet. Does not: choose challenges or write
// the session database.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/words/modes.hpp"
#include "gen/error.hpp"
#include "gen/hash.hpp"
#include "gen/number_text.hpp"
#include "gen/words/challenge_similarity.hpp"
#include "gen/words/level_table.hpp"
#include "telemetry/store/store.hpp"
#include "telemetry/curation/word_catalog.hpp"
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
constexpr const char* kSeedMode = "seed";

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

/// One unit of generation: a Levels-mode run (30 levels), an Infinite run, a date, a seed.
struct Job {
    std::uint64_t root = 0;
    std::string date;
};

struct Plan {
    std::string mode;  ///< levels, infinite, daily or seed
    std::vector<Job> jobs;
    int rows_per_job = 0;
    int infinite_levels = 0;
    w::LevelParams seed_params;  ///< seed mode
    std::string seed_params_text;
    int threads = 1;
};

/// One catalogued challenge with its place.
struct Item {
    std::string params;
    std::uint64_t root = 0;
    std::string date;
    int level = 0, challenge = 1;
    w::Challenge c;
};

/// `date` (YYYY-MM-DD, checked by w::is_valid_utc_date) plus `days`.
std::string add_days(std::string_view date, int days) {
    using namespace std::chrono;
    const auto d = sys_days(year{parse_number<int>("date year", date.substr(0, 4))} /
                            month{parse_number<unsigned>("date month", date.substr(5, 2))} /
                            day{parse_number<unsigned>("date day", date.substr(8, 2))}) +
                   std::chrono::days(days);
    const year_month_day ymd(d);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", int(ymd.year()), unsigned(ymd.month()),
                  unsigned(ymd.day()));
    return buf;
}

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

void plan_mode(const SourceOptions& o, Plan& p) {
    const w::Mode mode = with_context("--mode", [&] { return w::parse_mode(o.mode); });
    if (mode == w::Mode::Levels) {
        p.jobs.push_back({o.mode_seed, ""});
        p.rows_per_job = w::kLevelCount * w::kChallengesPerLevel;
    } else if (mode == w::Mode::Infinite) {
        if (o.levels < 1 || o.levels > kMaxInfiniteLevels)
            throw LabError("--levels must be in 1.." + std::to_string(kMaxInfiniteLevels));
        const InclusiveRange<std::uint64_t> runs = parse_seed_range(o.runs, "--runs");
        if (runs.last - runs.first >= kMaxJobs) throw LabError("--runs " + o.runs + ": at most 1000000 runs");
        for (std::uint64_t r = runs.first;; ++r) {
            p.jobs.push_back({r, ""});
            if (r == runs.last) break;
        }
        p.infinite_levels = o.levels;
        p.rows_per_job = o.levels * w::kChallengesPerLevel;
    } else {
        if (!w::is_valid_utc_date(o.from))
            throw LabError("--from must be a real date YYYY-MM-DD, got '" + o.from + "'");
        if (o.days < 1 || o.days > kMaxDays)
            throw LabError("--days must be in 1.." + std::to_string(kMaxDays));
        for (int d = 0; d < o.days; ++d) p.jobs.push_back({0, add_days(o.from, d)});
        if (!w::is_valid_utc_date(p.jobs.back().date)) throw LabError("--from/--days run past year 9999");
        p.rows_per_job = w::kChallengesPerLevel;
    }
}

void plan_seeds(const SourceOptions& o, Plan& p, const w::Dictionary& dict) {
    const InclusiveRange<std::uint64_t> seeds = parse_seed_range(o.seeds, "--seeds");
    if (seeds.last - seeds.first >= kMaxJobs)
        throw LabError("--seeds " + o.seeds + ": at most 1000000 seeds");
    p.seed_params = seed_params(o);
    w::ChallengeGenerator check(dict, p.seed_params.gen);  // impossible parameters: one line, now
    p.seed_params_text = w::describe(p.seed_params);
    for (std::uint64_t s = seeds.first;; ++s) {
        p.jobs.push_back({s, ""});
        if (s == seeds.last) break;
    }
    p.rows_per_job = 1;
}

/// Checks every option; throws LabError before anything is generated or written.
Plan make_plan(const SourceOptions& o, const w::Dictionary& dict) {
    if (o.mode.empty() == o.seeds.empty())
        throw LabError("give either --mode levels|infinite|daily or --seeds A..B");
    Plan p;
    p.threads = worker_count(o.threads);
    if (!o.mode.empty()) {
        plan_mode(o, p);
        p.mode = o.mode;
    } else {
        plan_seeds(o, p, dict);
        p.mode = kSeedMode;
    }
    return p;
}

void add_level(const w::GeneratedLevel& g, const Job& job, std::vector<Item>& out) {
    for (std::size_t i = 0; i < g.challenges.size(); ++i)
        out.push_back({w::describe(g.params), job.root, job.date, g.params.level, static_cast<int>(i) + 1,
                       g.challenges[i]});
}

/// The challenges of one job (a seed whose generator finds nothing gives none).
std::vector<Item> run_job(const w::Dictionary& dict, const Plan& p, const Job& job) {
    std::vector<Item> out;
    if (p.mode == kSeedMode) {
        const w::ChallengeGenerator gen(dict, p.seed_params.gen);
        Rng rng(mix_seed(job.root, 0));  // the sub-seed of the first challenge `words gen --seed S` draws
        if (std::optional<w::Challenge> c = gen.generate(rng))
            out.push_back({p.seed_params_text, job.root, "", 0, 1, std::move(*c)});
        return out;
    }
    if (p.mode == "infinite") {  // every block of kInfiniteChainLevels is its own run
        for (int first = 1; first <= p.infinite_levels; first += w::kInfiniteChainLevels) {
            const int end = std::min(p.infinite_levels, first + w::kInfiniteChainLevels - 1);
            for (const w::GeneratedLevel& g :
                 w::generate_mode_run(dict, w::infinite_mode_level(job.root, end)))
                add_level(g, job, out);
        }
        return out;
    }
    const w::ModeLevel last =
        p.mode == "levels" ? w::levels_mode_level(w::kLevelCount, job.root) : w::daily_mode_level(job.date);
    for (const w::GeneratedLevel& g : w::generate_mode_run(dict, last)) add_level(g, job, out);
    return out;
}

/// Every job's challenges, generated on the plan's threads (errors: one LabError).
std::vector<std::vector<Item>> run_jobs(const w::Dictionary& dict, const Plan& p,
                                        const std::vector<Job>& jobs, ProgressLine* progress) {
    std::vector<std::vector<Item>> out(jobs.size());
    std::vector<std::string> errors(jobs.size());
    parallel_for(jobs.size(), p.threads, [&](std::size_t i) {
        try {
            out[i] = run_job(dict, p, jobs[i]);
        } catch (const std::exception& e) {
            errors[i] = e.what();
        }
        if (progress) progress->advance();
    });
    for (const std::string& e : errors)
        if (!e.empty()) throw LabError("generating failed: " + e);
    return out;
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

std::vector<telemetry::WordCatalogRow> catalog_rows(const w::Dictionary& dict, const Plan& p,
                                                    const std::vector<Item>& items) {
    std::vector<telemetry::WordCatalogRow> rows;
    for (const Item& it : items) {
        telemetry::WordCatalogRow r;
        r.mode = p.mode;
        r.params = it.params;
        r.root_seed = it.root;
        r.date = it.date;
        r.level = it.level;
        r.challenge = it.challenge;
        r.generator_version = w::kWordGenVersion;
        r.data = it.c;
        r.stats = telemetry::word_challenge_stats(dict, it.c.letters);
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<Job> jobs_to_do(const Plan& p, telemetry::WordCatalog& cat) {
    const telemetry::WordCatalogJobs done = cat.done(p.rows_per_job);
    std::vector<Job> todo;
    const std::string params = p.mode == kSeedMode ? p.seed_params_text : "";
    for (const Job& j : p.jobs)
        if (!done.count({p.mode, params, j.root, j.date})) todo.push_back(j);
    return todo;
}

void run_catalog(const CatalogOptions& o) {
    if (o.db.empty()) throw LabError("--db FILE is required");
    const w::Dictionary dict = load_word_dictionary(o.source.words_file);
    const Plan p = make_plan(o.source, dict);  // every argument checked before the file is touched
    std::optional<telemetry::WordCatalog> cat;
    std::vector<Job> todo;
    cat.emplace(telemetry::WordCatalog::open(o.db));
    todo = jobs_to_do(p, *cat);
    const auto t0 = std::chrono::steady_clock::now();
    ProgressLine progress("cataloguing challenges", todo.size());
    std::size_t written = 0;
    const std::size_t chunk = static_cast<std::size_t>(p.threads) * 8;  // a commit per chunk
    for (std::size_t first = 0; first < todo.size(); first += chunk) {
        const std::vector<Job> part(todo.begin() + first,
                                    todo.begin() + std::min(todo.size(), first + chunk));
        std::vector<telemetry::WordCatalogRow> rows;
        for (const std::vector<Item>& items : run_jobs(dict, p, part, &progress))
            for (telemetry::WordCatalogRow& r : catalog_rows(dict, p, items)) rows.push_back(std::move(r));
        cat->put(rows);
        written += rows.size();
    }
    progress.finish();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf(
        "%zu challenges catalogued (%zu jobs, %zu already stored) into %s: %.1f s on %d threads, "
        "%.2f ms per challenge\n",
        written, todo.size(), p.jobs.size() - todo.size(), o.db.c_str(), secs, p.threads,
        written > 0 ? 1000.0 * secs / static_cast<double>(written) : 0.0);
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
    ProgressLine progress("generating challenges", p.jobs.size());
    const std::vector<std::vector<Item>> items = run_jobs(dict, p, p.jobs, &progress);
    progress.finish();
    std::vector<std::vector<std::pair<Item, w::ChallengeFeatures>>> out(items.size());
    parallel_for(items.size(), p.threads, [&](std::size_t j) {
        for (const Item& it : items[j]) out[j].emplace_back(it, w::challenge_features(dict, it.c));
    });
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
    std::vector<std::size_t> row_start(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) row_start[i + 1] = row_start[i] + (n - 1 - i);
    std::vector<double> both(row_start[n]), letters(both.size()), words(both.size());
    const auto t0 = std::chrono::steady_clock::now();
    ProgressLine progress("comparing pairs", both.size());
    parallel_for(n, p.threads, [&](std::size_t i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            const w::ChallengeComparison c = w::compare_challenges(f[i], f[j]);
            const std::size_t k = row_start[i] + j - i - 1;
            both[k] = c.two_way, letters[k] = c.letters_two_way, words[k] = c.words_two_way;
        }
        progress.advance(n - 1 - i);
    });
    progress.finish();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%zu challenges, two-way similarity of every pair, %.2f s for the pairs\n", n, s);
    std::printf("letters (LCS): mean %.3f   words (reachable): mean %.3f\n", mean_of(letters),
                mean_of(words));
    print_distribution(both);
}

struct DuplicateCounts {
    std::size_t pairs = 0, above = 0, same_letters = 0, same_sources = 0;
};

/// Pairs of one group (challenges a player of the mode can meet in one run) above the threshold.
void count_group(const std::vector<std::pair<Item, w::ChallengeFeatures>>& g, const ScanOptions& o,
                 DuplicateCounts& n) {
    for (std::size_t i = 0; i < g.size(); ++i)
        for (std::size_t j = i + 1; j < g.size(); ++j) {
            const w::ChallengeFeatures &a = g[i].second, &b = g[j].second;
            const double s = w::compare_challenges(a, b).two_way;
            ++n.pairs;
            n.same_letters += a.letters == b.letters;
            n.same_sources += a.sources == b.sources;
            if (s <= o.threshold) continue;
            ++n.above;
            if (o.list)
                std::printf("  %.3f  %s (level %d #%d)  %s (level %d #%d)\n", s,
                            w::to_upper(a.letters).c_str(), g[i].first.level, g[i].first.challenge,
                            w::to_upper(b.letters).c_str(), g[j].first.level, g[j].first.challenge);
        }
}

void run_duplicates(const ScanOptions& o) {
    if (o.source.mode.empty()) throw LabError("duplicates needs --mode levels|infinite|daily");
    if (!(o.threshold >= 0.0 && o.threshold <= 1.0)) throw LabError("--threshold must be in 0..1");
    const w::Dictionary dict = load_word_dictionary(o.source.words_file);
    const Plan p = make_plan(o.source, dict);
    DuplicateCounts n;
    for (const auto& job : plan_features(dict, p)) {
        // Infinite: a run's blocks of kInfiniteChainLevels are what generation keeps apart.
        std::vector<std::vector<std::pair<Item, w::ChallengeFeatures>>> groups;
        for (const auto& entry : job) {
            const std::size_t block =
                p.mode == "infinite"
                    ? static_cast<std::size_t>((entry.first.level - 1) / w::kInfiniteChainLevels)
                    : 0;
            if (groups.size() <= block) groups.resize(block + 1);
            groups[block].push_back(entry);
        }
        for (const auto& g : groups) count_group(g, o, n);
    }
    std::printf(
        "%s, %zu runs/dates, word generator version %d: %zu pairs compared, %zu above %.2f, "
        "%zu with the same letters, %zu with the same source words\n",
        p.mode.c_str(), p.jobs.size(), w::kWordGenVersion, n.pairs, n.above, o.threshold, n.same_letters,
        n.same_sources);
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
