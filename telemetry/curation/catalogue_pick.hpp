#pragma once
// Picking levels from a catalogue by a rating formula (`sawtooth-lab curate pick`,
// docs/curation.md "Top X %"): every generated row is scored (intercept plus coefficient ·
// column), the rows ranked, the top X % kept; with the similarity filter (gen/similarity.hpp)
// the top X % is narrowed by iterative halving to a pool of levels unlike each other; then
// N levels are drawn from the pool (or the top X %) with the project's Rng. Does not: read
// formula files, write packs, define similarity, or write the catalogue.

#include "gen/similarity.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/curation/pack.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::telemetry {

/// A rating formula: intercept plus coefficient · catalogue column, per term.
struct RatingTerms {
    double intercept = 0.0;
    std::vector<std::string> names;  ///< catalogue columns
    std::vector<double> coefficients;
};

/// How to pick.
struct CataloguePickRequest {
    int count = 10;                   ///< levels to draw, >= 1
    double top = 10.0;                ///< per cent of the ranked rows, in (0, 100]
    bool include_best = false;        ///< the top-ranked level is always drawn (and kept by the filter)
    std::uint64_t seed = 1;           ///< the draw (and the filter's groups, via `filter.seed`)
    bool similarity = false;          ///< run the similarity filter before the draw
    std::size_t similarity_keep = 0;  ///< pool the filter leaves; 0: 2 · count, at most the top X %
    SimilarityFilterSettings filter;  ///< its on_comparisons is the caller's progress
    analysis::ForEach for_each = analysis::serial_for_each;        ///< regenerates the filter's candidates
    std::function<void(std::size_t comparisons)> on_filter_start;  ///< with the filter's total
    std::string setting_prefix;  ///< put before a setting's name in messages ("--" on a command line)
};

/// A scored catalogue row.
struct ScoredLevel {
    PackLevel level;
    double score = 0.0;
    int rank = 0;  ///< 1 = best
};

/// What the similarity filter did.
struct FilterRun {
    SimilarityFilterResult result;
    std::size_t candidates = 0;  ///< levels it filtered (the top X %, less the best when set aside)
    std::size_t pool = 0;        ///< the pool it was asked for (best included)
    double seconds = 0.0;        ///< its wall-clock time
};

/// The pick.
struct CataloguePick {
    std::int64_t rows = 0;            ///< rows of the catalogue
    std::size_t ranked = 0;           ///< generated rows scored
    std::size_t top = 0;              ///< levels in the top X %
    std::vector<ScoredLevel> chosen;  ///< ranked order
    std::optional<FilterRun> filter;  ///< when the similarity filter ran
};

/// `percent` as typed (10, 2.5), not std::to_string's 10.000000.
std::string percent_text(double percent);

/// Picks from `catalog`. Throws sawtooth::Error naming the problem (a missing column, an
/// empty catalogue, a count above the top X %, a pool outside count..top; settings after
/// `setting_prefix`) and PackError's message when a candidate no longer generates as recorded.
CataloguePick pick_from_catalogue(Catalog& catalog, const RatingTerms& formula,
                                  const CataloguePickRequest& request);

}  // namespace sawtooth::telemetry
