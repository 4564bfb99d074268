#pragma once
// Which Elimination challenges a curation command looks at, and what it does with them
// (`sawtooth-lab words catalog | diversity | duplicates`, docs/curation.md "Elimination:
// catalogue and similarity"): the challenges of a mode's levels as players meet them (a
// Levels-mode run, Infinite runs, Daily dates) or of a generator seed range; building the
// challenge catalogue (telemetry/curation/word_catalog.hpp) from them, committing a chunk of
// jobs at a time so a killed run loses little and a re-run skips what is stored; the two-way
// similarity of every pair; and the near-duplicate pairs a player of a mode can meet.
// Generation is spread by the caller's ForEach. Does not: parse options, print, or choose
// challenges.

#include "game/words/modes.hpp"
#include "gen/words/challenge_similarity.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/curation/word_catalog.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sawtooth::telemetry {

/// Where the challenges come from.
enum class WordSourceKind : std::uint8_t { Levels, Infinite, Daily, Seed };
/// "levels", "infinite", "daily", "seed": the catalogue rows' mode.
const char* word_source_name(WordSourceKind kind);

/// One unit of generation: a Levels-mode run (30 levels), an Infinite run, a date, a seed.
struct WordJob {
    std::uint64_t root = 0;
    std::string date;
};

/// The jobs of a checked source.
struct WordSource {
    WordSourceKind kind = WordSourceKind::Levels;
    std::vector<WordJob> jobs;
    int rows_per_job = 0;            ///< challenges one job stores
    int infinite_levels = 0;         ///< Infinite: levels per run
    words::LevelParams seed_params;  ///< Seed: the generator's parameters
    std::string seed_params_text;    ///< Seed: words::describe(seed_params)
};

/// The Levels-mode run of `mode_seed`: every challenge of its 30 levels.
WordSource levels_mode_source(std::uint64_t mode_seed);
/// The Infinite runs seeded first..last, `levels` levels each.
WordSource infinite_source(std::uint64_t first, std::uint64_t last, int levels);
/// The Daily levels of `days` dates from `from` (a real date YYYY-MM-DD, words::is_valid_utc_date);
/// a date past the year 9999 is not a real date (the caller checks the last job's).
WordSource daily_source(std::string_view from, int days);
/// The challenge drawn from each generator seed first..last with `params`.
WordSource seed_source(std::uint64_t first, std::uint64_t last, const words::LevelParams& params);

/// One challenge with its place.
struct WordItem {
    std::string params;
    std::uint64_t root = 0;
    std::string date;
    int level = 0, challenge = 1;
    words::Challenge c;
};

/// The challenges of one job (a seed whose generator finds nothing gives none).
std::vector<WordItem> word_job_challenges(const words::Dictionary& dict, const WordSource& source,
                                          const WordJob& job);

/// Every job's challenges, spread by `for_each`; `on_job` (thread-safe) runs after each.
/// Throws sawtooth::Error "generating failed: ..." naming the first failure.
std::vector<std::vector<WordItem>> word_jobs_challenges(const words::Dictionary& dict,
                                                        const WordSource& source,
                                                        const std::vector<WordJob>& jobs,
                                                        const analysis::ForEach& for_each,
                                                        const std::function<void()>& on_job = {});

/// How a catalogue build runs and reports.
struct WordCatalogueBuild {
    std::size_t jobs_per_commit = 8;  ///< a commit per this many jobs
    analysis::ForEach for_each = analysis::serial_for_each;
    std::function<void(std::size_t todo)> start;  ///< once, with the jobs still to do
    std::function<void()> on_job;                 ///< after each job (thread-safe)
};

/// What a build did.
struct WordCatalogueBuilt {
    std::size_t written = 0;  ///< rows written
    std::size_t todo = 0;     ///< jobs run
    std::size_t stored = 0;   ///< jobs already in the catalogue
};

/// Catalogues the source's jobs missing from `catalog`.
WordCatalogueBuilt build_word_catalogue(WordCatalog& catalog, const words::Dictionary& dict,
                                        const WordSource& source, const WordCatalogueBuild& build);

/// Every challenge of the source with its features, in job order (generated, then featured,
/// by `for_each`).
std::vector<std::vector<std::pair<WordItem, words::ChallengeFeatures>>> word_source_features(
    const words::Dictionary& dict, const WordSource& source, const analysis::ForEach& for_each,
    const std::function<void()>& on_job = {});

/// Two-way similarities of every pair (i < j), letters and words apart too; pairs in row order.
struct PairSimilarities {
    std::vector<double> both, letters, words;
};
/// Compares every pair of `f`, spread by `for_each` over rows; `on_pairs` (thread-safe) gets
/// each row's pair count.
PairSimilarities all_pair_similarities(const std::vector<words::ChallengeFeatures>& f,
                                       const analysis::ForEach& for_each,
                                       const std::function<void(std::size_t pairs)>& on_pairs = {});

/// A pair above the threshold: each challenge's letters, level and number within it.
struct NearDuplicate {
    double similarity = 0.0;
    std::string letters_a, letters_b;
    int level_a = 0, challenge_a = 0, level_b = 0, challenge_b = 0;
};
/// Pairs a player of the mode can meet (one job; an Infinite run's blocks of
/// words::kInfiniteChainLevels apart), compared two-way.
struct DuplicateCounts {
    std::size_t pairs = 0, above = 0, same_letters = 0, same_sources = 0;
    std::vector<NearDuplicate> listed;  ///< the pairs above the threshold, in scan order
};
DuplicateCounts count_near_duplicates(
    const std::vector<std::vector<std::pair<WordItem, words::ChallengeFeatures>>>& features,
    WordSourceKind kind, double threshold);

}  // namespace sawtooth::telemetry
