#include "telemetry/curation/catalogue_pick.hpp"

#include "gen/error.hpp"
#include "gen/rng.hpp"
#include "telemetry/store/sqlite.hpp"
#include "telemetry/store/store.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace sawtooth::telemetry {

namespace {

/// Every generated row of the catalogue with its formula score, best first (ties by key).
std::vector<ScoredLevel> rank_catalogue(Catalog& cat, const RatingTerms& f) {
    std::string cols;
    for (const std::string& p : f.names) cols += ", " + p;
    Statement st(cat.database(),
                 "SELECT seed, layout, rooms_w, rooms_h, room_w, room_h, level_index, alpha, "
                 "generator_version, level_hash" +
                     cols +
                     " FROM levels WHERE generated = 1 ORDER BY layout, rooms_w, rooms_h, "
                     "room_w, room_h, alpha, level_index, seed");
    std::vector<ScoredLevel> out;
    while (st.step()) {
        ScoredLevel c;
        GenParams& p = c.level.params;
        p.seed = st.uint64(0);
        p.layout = parse_layout(st.text(1)).value_or(Layout::Maze);
        p.rooms_w = st.int32(2), p.rooms_h = st.int32(3), p.room_w = st.int32(4), p.room_h = st.int32(5);
        p.level_index = st.int32(6), p.alpha = st.real(7);
        c.level.generator_version = st.int32(8);
        c.level.level_hash = parse_hex64(st.text(9));
        c.score = f.intercept;
        for (std::size_t k = 0; k < f.names.size(); ++k) {
            const int col = static_cast<int>(k + 10);
            if (st.is_null(col))
                throw Error("catalogue '" + cat.path() + "' has no " + f.names[k] + " for seed " +
                            std::to_string(p.seed) + " (catalogue it with --model)");
            c.score += f.coefficients[k] * st.real(col);
        }
        out.push_back(c);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const ScoredLevel& a, const ScoredLevel& b) { return a.score > b.score; });
    for (std::size_t i = 0; i < out.size(); ++i) out[i].rank = static_cast<int>(i + 1);
    return out;
}

/// The pool the filter leaves: similarity_keep, by default 2 · N, never above the top X %.
std::size_t pool_size(const CataloguePickRequest& r, std::size_t top) {
    const auto count = static_cast<std::size_t>(r.count);
    const std::size_t keep = r.similarity_keep;
    const std::string& dash = r.setting_prefix;
    if (keep == 0) return std::min(2 * count, top);
    if (keep < count)
        throw Error(dash + "similarity-keep " + std::to_string(keep) + " leaves fewer levels than " + dash +
                    "count " + std::to_string(count));
    if (keep > top)
        throw Error(dash + "similarity-keep " + std::to_string(keep) + " is more than the top " +
                    percent_text(r.top) + " % holds (" + std::to_string(top) + " levels)");
    return keep;
}

/// Every candidate's level regenerated (its hash checked) and its features.
std::vector<LevelFeatures> candidate_features(const std::vector<ScoredLevel>& candidates,
                                              const analysis::ForEach& for_each) {
    std::vector<std::optional<LevelFeatures>> slots(candidates.size());
    std::vector<std::string> errors(candidates.size());
    for_each(candidates.size(), [&](std::size_t i) {
        const PackLevel& l = candidates[i].level;
        try {
            slots[i].emplace(pack_level(l, "catalogue seed " + std::to_string(l.params.seed)));
        } catch (const PackError& e) {
            errors[i] = e.what();
        }
    });
    std::vector<LevelFeatures> out;
    for (std::size_t i = 0; i < slots.size(); ++i) {
        if (!errors[i].empty()) throw Error(errors[i]);
        out.push_back(std::move(*slots[i]));
    }
    return out;
}

/// The similarity filter over the top X %: iterative halving down to a pool of pool_size()
/// levels. With include_best the best level is set aside, kept whatever its similarity, and
/// the others are filtered to the pool less one. The kept levels stay in ranked order.
std::vector<ScoredLevel> filter_candidates(std::vector<ScoredLevel> top, const CataloguePickRequest& r,
                                           FilterRun& run) {
    run.pool = pool_size(r, top.size());
    SimilarityFilterSettings settings = r.filter;
    std::vector<ScoredLevel> out, rest = std::move(top);
    if (r.include_best) {
        out.push_back(rest.front());
        rest.erase(rest.begin());
    }
    const std::size_t target = run.pool - out.size();
    const std::vector<LevelFeatures> features = candidate_features(rest, r.for_each);
    if (r.on_filter_start) r.on_filter_start(filter_comparison_count(rest.size(), target, settings));
    const auto t0 = std::chrono::steady_clock::now();
    run.result = filter_by_similarity(features, target, settings);
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    run.candidates = rest.size();
    for (std::size_t i : run.result.kept) out.push_back(rest[i]);  // ascending: still ranked
    return out;
}

/// N of `candidates` (ranked), drawn by the seed; with include_best the first is always in.
std::vector<ScoredLevel> draw(const std::vector<ScoredLevel>& candidates, const CataloguePickRequest& r) {
    std::vector<ScoredLevel> pool = candidates;
    std::vector<ScoredLevel> chosen;
    if (r.include_best) {
        chosen.push_back(pool.front());
        pool.erase(pool.begin());
    }
    Rng rng(r.seed);
    rng.shuffle(pool);
    for (std::size_t i = 0; chosen.size() < static_cast<std::size_t>(r.count); ++i) chosen.push_back(pool[i]);
    std::sort(chosen.begin(), chosen.end(),
              [](const ScoredLevel& a, const ScoredLevel& b) { return a.rank < b.rank; });
    return chosen;
}

}  // namespace

std::string percent_text(double percent) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", percent);
    return buf;
}

CataloguePick pick_from_catalogue(Catalog& catalog, const RatingTerms& formula,
                                  const CataloguePickRequest& request) {
    CataloguePick pick;
    pick.rows = catalog.count();
    std::vector<ScoredLevel> ranked = rank_catalogue(catalog, formula);
    if (ranked.empty()) throw Error("catalogue '" + catalog.path() + "' holds no generated level");
    pick.ranked = ranked.size();
    pick.top =
        static_cast<std::size_t>(std::ceil(static_cast<double>(ranked.size()) * request.top / 100.0 - 1e-9));
    const std::string& dash = request.setting_prefix;
    if (static_cast<std::size_t>(request.count) > pick.top)
        throw Error(dash + "count " + std::to_string(request.count) + " is more than the top " +
                    percent_text(request.top) + " % holds (" + std::to_string(pick.top) + " of " +
                    std::to_string(ranked.size()) + " levels)");
    ranked.resize(pick.top);
    if (request.similarity) {
        pick.filter.emplace();
        ranked = filter_candidates(std::move(ranked), request, *pick.filter);
    }
    pick.chosen = draw(ranked, request);
    return pick;
}

}  // namespace sawtooth::telemetry
