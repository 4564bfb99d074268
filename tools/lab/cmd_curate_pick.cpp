// `sawtooth-lab curate pick`: docs/curation.md "Top X %" (002's "top X %", then its similarity
// filtering). Scores every generated catalogue row with a rating formula (`curate fit`'s
// formula.json: intercept plus coefficient · column), ranks the rows, keeps the top X %,
// with --similarity narrows them by gen/similarity's iterative halving to a pool of K
// levels unlike each other, draws N of the pool (or of the top X %) with the project's Rng
// from --seed, and writes them as a level pack (telemetry/curation/pack.hpp) whose provenance
// records every setting used. Does not: define similarity (gen/similarity.hpp) or write
// the catalogue.
#include "gen/rng.hpp"
#include "gen/similarity.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/store/store.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

/// --similarity and its settings.
struct SimilarityPickOptions {
    bool on = false;
    std::size_t keep = 0;         ///< pool the filter leaves; 0 = 2 · count, at most the top X %
    std::vector<double> weights;  ///< A,B,C; empty = gen/similarity's defaults
    bool one_way = false;
    int threads = 0;  ///< workers generating the candidates; 0 = every core
};

struct PickOptions {
    std::string catalog;
    std::string formula;
    int count = 10;
    double top = 10.0;  ///< per cent of the ranked rows
    bool include_best = false;
    std::uint64_t seed = 1;
    std::string out;
    std::string name;  ///< default: the output's file name without extension
    std::string note;  ///< free text kept in the provenance
    SimilarityPickOptions similarity;
};

/// --top as typed (10, 2.5), not std::to_string's 10.000000.
std::string percent_text(double percent) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", percent);
    return buf;
}

/// A scored catalogue row.
struct Candidate {
    telemetry::PackLevel level;
    double score = 0.0;
    int rank = 0;  ///< 1 = best
};

/// Every generated row of the catalogue with its formula score, best first (ties by key).
std::vector<Candidate> rank_catalogue(telemetry::Catalog& cat, const Formula& f) {
    std::string cols;
    for (const std::string& p : f.names) cols += ", " + p;
    telemetry::Statement st(cat.database(),
                            "SELECT seed, layout, rooms_w, rooms_h, room_w, room_h, level_index, alpha, "
                            "generator_version, level_hash" +
                                cols +
                                " FROM levels WHERE generated = 1 ORDER BY layout, rooms_w, rooms_h, "
                                "room_w, room_h, alpha, level_index, seed");
    std::vector<Candidate> out;
    while (st.step()) {
        Candidate c;
        GenParams& p = c.level.params;
        p.seed = st.uint64(0);
        p.layout = parse_layout(st.text(1)).value_or(Layout::Maze);
        p.rooms_w = st.int32(2), p.rooms_h = st.int32(3), p.room_w = st.int32(4), p.room_h = st.int32(5);
        p.level_index = st.int32(6), p.alpha = st.real(7);
        c.level.generator_version = st.int32(8);
        c.level.level_hash = telemetry::parse_hex64(st.text(9));
        c.score = f.intercept;
        for (std::size_t k = 0; k < f.names.size(); ++k) {
            const int col = static_cast<int>(k + 10);
            if (st.is_null(col))
                throw LabError("catalogue '" + cat.path() + "' has no " + f.names[k] + " for seed " +
                               std::to_string(p.seed) + " (catalogue it with --model)");
            c.score += f.coefficients[k] * st.real(col);
        }
        out.push_back(c);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
    for (std::size_t i = 0; i < out.size(); ++i) out[i].rank = static_cast<int>(i + 1);
    return out;
}

/// The top X % after the similarity filter, and the settings it ran with (the pack's
/// provenance `selection.similarity`; null when the filter did not run).
struct Filtered {
    std::vector<Candidate> candidates;
    nlohmann::json provenance;
};

/// The pool the filter leaves: --similarity-keep, by default 2 · N, never above the top X %.
std::size_t pool_size(const PickOptions& o, std::size_t top) {
    const auto count = static_cast<std::size_t>(o.count);
    const std::size_t keep = o.similarity.keep;
    if (keep == 0) return std::min(2 * count, top);
    if (keep < count)
        throw LabError("--similarity-keep " + std::to_string(keep) + " leaves fewer levels than --count " +
                       std::to_string(count));
    if (keep > top)
        throw LabError("--similarity-keep " + std::to_string(keep) + " is more than the top " +
                       percent_text(o.top) + " % holds (" + std::to_string(top) + " levels)");
    return keep;
}

SimilarityFilterSettings filter_settings(const PickOptions& o) {
    SimilarityFilterSettings s;
    s.seed = o.seed;
    s.direction = o.similarity.one_way ? SimilarityDirection::OneWay : SimilarityDirection::TwoWay;
    const std::vector<double>& w = o.similarity.weights;
    if (!w.empty()) {
        if (w.size() != 3 || !std::all_of(w.begin(), w.end(), [](double v) { return std::isfinite(v); }))
            throw LabError("bad --similarity-weights: expected A,B,C (average, highest, uniqueness)");
        s.weights = {w[0], w[1], w[2]};
    }
    return s;
}

/// Every candidate's level regenerated (its hash checked) and its features, on workers.
std::vector<LevelFeatures> candidate_features(const std::vector<Candidate>& candidates, int threads) {
    std::vector<std::optional<LevelFeatures>> slots(candidates.size());
    std::vector<std::string> errors(candidates.size());
    ProgressLine progress("generating candidates", candidates.size());
    parallel_for(candidates.size(), worker_count(threads), [&](std::size_t i) {
        const telemetry::PackLevel& l = candidates[i].level;
        try {
            slots[i].emplace(telemetry::pack_level(l, "catalogue seed " + std::to_string(l.params.seed)));
        } catch (const telemetry::PackError& e) {
            errors[i] = e.what();
        }
        progress.advance();
    });
    progress.finish();
    std::vector<LevelFeatures> out;
    for (std::size_t i = 0; i < slots.size(); ++i) {
        if (!errors[i].empty()) throw LabError(errors[i]);
        out.push_back(std::move(*slots[i]));
    }
    return out;
}

nlohmann::json similarity_provenance(const SimilarityFilterSettings& s, std::size_t in, std::size_t pool,
                                     const SimilarityFilterResult& r, bool best_aside) {
    return {{"direction", s.direction == SimilarityDirection::TwoWay ? "two-way" : "one-way"},
            {"weights",
             {{"average", s.weights.average},
              {"highest", s.weights.highest},
              {"uniqueness", s.weights.uniqueness}}},
            {"group_size", s.group_size},
            {"splits_per_pass", s.splits_per_pass},
            {"recency", s.recency},
            {"keep_share", s.keep_share},
            {"max_shift", s.similarity.max_shift},
            {"mirror", s.similarity.allow_mirror},
            {"seed", s.seed},
            {"candidates", in},
            {"pool", pool},
            {"best_kept_aside", best_aside},
            {"passes", r.passes.size()},
            {"comparisons", r.comparisons}};
}

/// 002's similarity filter over the top X %: iterative halving down to a
/// pool of pool_size() levels, from which draw() takes N, so --seed picks both the random
/// groups and the draw. With --include-best the best level is set aside, kept whatever its
/// similarity, and the others are filtered to the pool less one. Without --similarity: all.
Filtered filter_candidates(std::vector<Candidate> top, const PickOptions& o) {
    if (!o.similarity.on) return {std::move(top), nullptr};
    const std::size_t pool = pool_size(o, top.size());
    SimilarityFilterSettings settings = filter_settings(o);
    std::vector<Candidate> out, rest = std::move(top);
    if (o.include_best) {
        out.push_back(rest.front());
        rest.erase(rest.begin());
    }
    const std::size_t target = pool - out.size();
    const std::vector<LevelFeatures> features = candidate_features(rest, o.similarity.threads);
    ProgressLine progress("similarity filter (comparisons)",
                          filter_comparison_count(rest.size(), target, settings));
    settings.on_comparisons = [&progress](std::size_t n) { progress.advance(n); };
    const auto t0 = std::chrono::steady_clock::now();
    const SimilarityFilterResult r = filter_by_similarity(features, target, settings);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress.finish();
    for (std::size_t i : r.kept) out.push_back(rest[i]);  // ascending: still ranked
    std::printf("similarity filter: %zu -> %zu levels in %zu passes, %zu comparisons, %.2f s (one thread)\n",
                rest.size(), r.kept.size(), r.passes.size(), r.comparisons, seconds);
    settings.on_comparisons = nullptr;
    return {std::move(out), similarity_provenance(settings, rest.size(), pool, r, o.include_best)};
}

/// N of `candidates` (ranked), drawn by `o.seed`; with include_best the first is always in.
std::vector<Candidate> draw(const std::vector<Candidate>& candidates, const PickOptions& o) {
    std::vector<Candidate> pool = candidates;
    std::vector<Candidate> chosen;
    if (o.include_best) {
        chosen.push_back(pool.front());
        pool.erase(pool.begin());
    }
    Rng rng(o.seed);
    rng.shuffle(pool);
    for (std::size_t i = 0; chosen.size() < static_cast<std::size_t>(o.count); ++i) chosen.push_back(pool[i]);
    std::sort(chosen.begin(), chosen.end(),
              [](const Candidate& a, const Candidate& b) { return a.rank < b.rank; });
    return chosen;
}

nlohmann::json provenance(const PickOptions& o, const Formula& f, std::int64_t rows, std::size_t top,
                          const nlohmann::json& similarity) {
    nlohmann::json terms = nlohmann::json::array({{{"name", "(intercept)"}, {"coefficient", f.intercept}}});
    for (std::size_t k = 0; k < f.names.size(); ++k)
        terms.push_back({{"name", f.names[k]}, {"coefficient", f.coefficients[k]}});
    nlohmann::json formula = {{"file", std::filesystem::path(o.formula).filename().string()},
                              {"terms", terms}};
    for (const char* key : {"target", "r2", "levels", "ratings", "ratings_db"})
        if (f.doc.contains(key)) formula[key] = f.doc[key];
    nlohmann::json p = {
        {"catalog", {{"file", std::filesystem::path(o.catalog).filename().string()}, {"rows", rows}}},
        {"formula", formula},
        {"selection",
         {{"count", o.count},
          {"top_percent", o.top},
          {"top_levels", top},
          {"include_best", o.include_best},
          {"seed", o.seed},
          {"similarity", similarity}}},
        {"created_utc", telemetry::utc_now()}};
    if (!o.note.empty()) p["note"] = o.note;
    return p;
}

void check_options(const PickOptions& o) {
    if (!(o.top > 0.0 && o.top <= 100.0))
        throw LabError("bad --top " + percent_text(o.top) + ": expected a per cent in (0, 100]");
    if (o.count < 1) throw LabError("bad --count " + std::to_string(o.count) + ": expected 1 or more");
}

void run_pick(const PickOptions& o) {
    check_options(o);
    const Formula f = read_formula(o.formula);
    std::vector<Candidate> ranked;
    std::int64_t rows = 0;
    telemetry::Catalog cat = telemetry::Catalog::open_read_only(o.catalog);
    rows = cat.count();
    ranked = rank_catalogue(cat, f);
    if (ranked.empty()) throw LabError("catalogue '" + o.catalog + "' holds no generated level");
    const auto top =
        static_cast<std::size_t>(std::ceil(static_cast<double>(ranked.size()) * o.top / 100.0 - 1e-9));
    if (static_cast<std::size_t>(o.count) > top)
        throw LabError("--count " + std::to_string(o.count) + " is more than the top " + percent_text(o.top) +
                       " % holds (" + std::to_string(top) + " of " + std::to_string(ranked.size()) +
                       " levels)");
    const std::size_t ranked_count = ranked.size();
    ranked.resize(top);
    const Filtered filtered = filter_candidates(std::move(ranked), o);
    telemetry::Pack pack;
    pack.name = o.name.empty() ? std::filesystem::path(o.out).stem().string() : o.name;
    pack.provenance = provenance(o, f, rows, top, filtered.provenance);
    for (const Candidate& c : draw(filtered.candidates, o)) {
        telemetry::pack_level(c.level, "catalogue seed " + std::to_string(c.level.params.seed));
        pack.levels.push_back(c.level);
        std::printf("rank %5d  score %8.4f  seed %llu\n", c.rank, c.score,
                    static_cast<unsigned long long>(c.level.params.seed));
    }
    telemetry::write_pack(o.out, pack);
    std::printf("%zu levels from the top %g %% (%zu of %zu)%s; wrote %s\n", pack.levels.size(), o.top, top,
                ranked_count, o.similarity.on ? " after the similarity filter" : "", o.out.c_str());
}

}  // namespace

void register_curate_pick(CLI::App& app) {
    auto o = std::make_shared<PickOptions>();
    CLI::App* c = curate_command(app)->add_subcommand(
        "pick", "rank a catalogue by a rating formula, draw N levels of the top X % into a pack");
    c->add_option("--catalog", o->catalog, "level catalogue (`catalog`)")->required();
    c->add_option("--formula", o->formula, "rating formula (`curate fit`)")->required();
    c->add_option("--count", o->count, "levels in the pack")->required();
    c->add_option("--top", o->top, "per cent of the ranked levels to draw from (0 < X <= 100)")->required();
    c->add_flag("--include-best", o->include_best, "always include the top-ranked level");
    c->add_option("--seed", o->seed, "seed of the draw")->capture_default_str();
    c->add_option("--out", o->out, "pack JSON to write")->required();
    c->add_option("--name", o->name, "pack name (default: the output's file name)");
    c->add_option("--note", o->note, "free text for the pack's provenance");
    CLI::Option* sim =
        c->add_flag("--similarity", o->similarity.on,
                    "filter the top X % by similarity (002's iterative halving) before the draw");
    c->add_option("--similarity-keep", o->similarity.keep,
                  "levels the filter leaves for the draw (default 2 x --count, at most the top X %)")
        ->check(CLI::PositiveNumber)
        ->needs(sim);
    c->add_option("--similarity-weights", o->similarity.weights,
                  "A,B,C of A·average + B·highest − C·uniqueness (default 1,0.5,0.5)")
        ->delimiter(',')
        ->needs(sim);
    c->add_flag("--one-way", o->similarity.one_way, "score one-way similarity (002's first approach)")
        ->needs(sim);
    c->add_option("--threads", o->similarity.threads,
                  "workers generating the candidates (default: every core)")
        ->check(CLI::NonNegativeNumber)
        ->needs(sim);
    c->callback([o] { run_pick(*o); });
}

}  // namespace sawtooth::lab
