#include "telemetry/curation/word_catalogue_build.hpp"

#include "gen/error.hpp"
#include "gen/number_text.hpp"
#include "gen/rng.hpp"
#include "gen/words/level_table.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

namespace sawtooth::telemetry {

namespace w = sawtooth::words;

namespace {

void add_level(const w::GeneratedLevel& g, const WordJob& job, std::vector<WordItem>& out) {
    for (std::size_t i = 0; i < g.challenges.size(); ++i)
        out.push_back({w::describe(g.params), job.root, job.date, g.params.level, static_cast<int>(i) + 1,
                       g.challenges[i]});
}

std::vector<WordCatalogRow> catalog_rows(const w::Dictionary& dict, const WordSource& source,
                                         const std::vector<WordItem>& items) {
    std::vector<WordCatalogRow> rows;
    for (const WordItem& it : items) {
        WordCatalogRow r;
        r.mode = word_source_name(source.kind);
        r.params = it.params;
        r.root_seed = it.root;
        r.date = it.date;
        r.level = it.level;
        r.challenge = it.challenge;
        r.generator_version = w::kWordGenVersion;
        r.data = it.c;
        r.stats = word_challenge_stats(dict, it.c.letters);
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<WordJob> jobs_to_do(const WordSource& source, WordCatalog& cat) {
    const WordCatalogJobs done = cat.done(source.rows_per_job);
    std::vector<WordJob> todo;
    const std::string params = source.kind == WordSourceKind::Seed ? source.seed_params_text : "";
    for (const WordJob& j : source.jobs)
        if (!done.count({word_source_name(source.kind), params, j.root, j.date})) todo.push_back(j);
    return todo;
}

/// Pairs of one group (challenges a player of the mode can meet in one run).
void count_group(const std::vector<std::pair<WordItem, w::ChallengeFeatures>>& g, double threshold,
                 DuplicateCounts& n) {
    for (std::size_t i = 0; i < g.size(); ++i)
        for (std::size_t j = i + 1; j < g.size(); ++j) {
            const w::ChallengeFeatures &a = g[i].second, &b = g[j].second;
            const double s = w::compare_challenges(a, b).two_way;
            ++n.pairs;
            n.same_letters += a.letters == b.letters;
            n.same_sources += a.sources == b.sources;
            if (s <= threshold) continue;
            ++n.above;
            n.listed.push_back({s, a.letters, b.letters, g[i].first.level, g[i].first.challenge,
                                g[j].first.level, g[j].first.challenge});
        }
}

/// A job per seed first..last (last included, so a range ending at 2^64 - 1 works).
std::vector<WordJob> seed_jobs(std::uint64_t first, std::uint64_t last) {
    std::vector<WordJob> jobs;
    for (std::uint64_t s = first;; ++s) {
        jobs.push_back({s, ""});
        if (s == last) break;
    }
    return jobs;
}

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

}  // namespace

const char* word_source_name(WordSourceKind kind) {
    switch (kind) {
        case WordSourceKind::Levels:
            return "levels";
        case WordSourceKind::Infinite:
            return "infinite";
        case WordSourceKind::Daily:
            return "daily";
        case WordSourceKind::Seed:
            break;
    }
    return "seed";
}

WordSource levels_mode_source(std::uint64_t mode_seed) {
    WordSource s;
    s.kind = WordSourceKind::Levels;
    s.jobs.push_back({mode_seed, ""});
    s.rows_per_job = w::kLevelCount * w::kChallengesPerLevel;
    return s;
}

WordSource infinite_source(std::uint64_t first, std::uint64_t last, int levels) {
    WordSource s;
    s.kind = WordSourceKind::Infinite;
    s.jobs = seed_jobs(first, last);
    s.infinite_levels = levels;
    s.rows_per_job = levels * w::kChallengesPerLevel;
    return s;
}

WordSource daily_source(std::string_view from, int days) {
    WordSource s;
    s.kind = WordSourceKind::Daily;
    for (int d = 0; d < days; ++d) s.jobs.push_back({0, add_days(from, d)});
    s.rows_per_job = w::kChallengesPerLevel;
    return s;
}

WordSource seed_source(std::uint64_t first, std::uint64_t last, const w::LevelParams& params) {
    WordSource s;
    s.kind = WordSourceKind::Seed;
    s.jobs = seed_jobs(first, last);
    s.seed_params = params;
    s.seed_params_text = w::describe(params);
    s.rows_per_job = 1;
    return s;
}

std::vector<WordItem> word_job_challenges(const w::Dictionary& dict, const WordSource& source,
                                          const WordJob& job) {
    std::vector<WordItem> out;
    if (source.kind == WordSourceKind::Seed) {
        const w::ChallengeGenerator gen(dict, source.seed_params.gen);
        Rng rng(mix_seed(job.root, 0));  // the sub-seed of the first challenge `words gen --seed S` draws
        if (std::optional<w::Challenge> c = gen.generate(rng))
            out.push_back({source.seed_params_text, job.root, "", 0, 1, std::move(*c)});
        return out;
    }
    if (source.kind == WordSourceKind::Infinite) {  // every block of kInfiniteChainLevels is its own run
        for (int first = 1; first <= source.infinite_levels; first += w::kInfiniteChainLevels) {
            const int end = std::min(source.infinite_levels, first + w::kInfiniteChainLevels - 1);
            for (const w::GeneratedLevel& g :
                 w::generate_mode_run(dict, w::infinite_mode_level(job.root, end)))
                add_level(g, job, out);
        }
        return out;
    }
    const w::ModeLevel last = source.kind == WordSourceKind::Levels
                                  ? w::levels_mode_level(w::kLevelCount, job.root)
                                  : w::daily_mode_level(job.date);
    for (const w::GeneratedLevel& g : w::generate_mode_run(dict, last)) add_level(g, job, out);
    return out;
}

std::vector<std::vector<WordItem>> word_jobs_challenges(const w::Dictionary& dict, const WordSource& source,
                                                        const std::vector<WordJob>& jobs,
                                                        const analysis::ForEach& for_each,
                                                        const std::function<void()>& on_job) {
    std::vector<std::vector<WordItem>> out(jobs.size());
    std::vector<std::string> errors(jobs.size());
    for_each(jobs.size(), [&](std::size_t i) {
        try {
            out[i] = word_job_challenges(dict, source, jobs[i]);
        } catch (const std::exception& e) {
            errors[i] = e.what();
        }
        if (on_job) on_job();
    });
    for (const std::string& e : errors)
        if (!e.empty()) throw Error("generating failed: " + e);
    return out;
}

WordCatalogueBuilt build_word_catalogue(WordCatalog& catalog, const w::Dictionary& dict,
                                        const WordSource& source, const WordCatalogueBuild& build) {
    const std::vector<WordJob> todo = jobs_to_do(source, catalog);
    WordCatalogueBuilt built;
    built.todo = todo.size();
    built.stored = source.jobs.size() - todo.size();
    if (build.start) build.start(todo.size());
    const std::size_t chunk = std::max<std::size_t>(1, build.jobs_per_commit);
    for (std::size_t first = 0; first < todo.size(); first += chunk) {
        const std::vector<WordJob> part(
            todo.begin() + static_cast<std::ptrdiff_t>(first),
            todo.begin() + static_cast<std::ptrdiff_t>(std::min(todo.size(), first + chunk)));
        std::vector<WordCatalogRow> rows;
        for (const std::vector<WordItem>& items :
             word_jobs_challenges(dict, source, part, build.for_each, build.on_job))
            for (WordCatalogRow& r : catalog_rows(dict, source, items)) rows.push_back(std::move(r));
        catalog.put(rows);
        built.written += rows.size();
    }
    return built;
}

std::vector<std::vector<std::pair<WordItem, w::ChallengeFeatures>>> word_source_features(
    const w::Dictionary& dict, const WordSource& source, const analysis::ForEach& for_each,
    const std::function<void()>& on_job) {
    const std::vector<std::vector<WordItem>> items =
        word_jobs_challenges(dict, source, source.jobs, for_each, on_job);
    std::vector<std::vector<std::pair<WordItem, w::ChallengeFeatures>>> out(items.size());
    for_each(items.size(), [&](std::size_t j) {
        for (const WordItem& it : items[j]) out[j].emplace_back(it, w::challenge_features(dict, it.c));
    });
    return out;
}

PairSimilarities all_pair_similarities(const std::vector<w::ChallengeFeatures>& f,
                                       const analysis::ForEach& for_each,
                                       const std::function<void(std::size_t pairs)>& on_pairs) {
    const std::size_t n = f.size();
    std::vector<std::size_t> row_start(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) row_start[i + 1] = row_start[i] + (n - 1 - i);
    PairSimilarities out;
    out.both.resize(row_start[n]);
    out.letters.resize(row_start[n]);
    out.words.resize(row_start[n]);
    for_each(n, [&](std::size_t i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            const w::ChallengeComparison c = w::compare_challenges(f[i], f[j]);
            const std::size_t k = row_start[i] + j - i - 1;
            out.both[k] = c.two_way, out.letters[k] = c.letters_two_way, out.words[k] = c.words_two_way;
        }
        if (on_pairs) on_pairs(n - 1 - i);
    });
    return out;
}

DuplicateCounts count_near_duplicates(
    const std::vector<std::vector<std::pair<WordItem, w::ChallengeFeatures>>>& features, WordSourceKind kind,
    double threshold) {
    DuplicateCounts n;
    for (const auto& job : features) {
        // Infinite: a run's blocks of kInfiniteChainLevels are what generation keeps apart.
        std::vector<std::vector<std::pair<WordItem, w::ChallengeFeatures>>> groups;
        for (const auto& entry : job) {
            const std::size_t block =
                kind == WordSourceKind::Infinite
                    ? static_cast<std::size_t>((entry.first.level - 1) / w::kInfiniteChainLevels)
                    : 0;
            if (groups.size() <= block) groups.resize(block + 1);
            groups[block].push_back(entry);
        }
        for (const auto& g : groups) count_group(g, threshold, n);
    }
    return n;
}

}  // namespace sawtooth::telemetry
