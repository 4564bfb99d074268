// `sawtooth-lab curate pick`: docs/curation.md "Top X %" (002's "top X %", then its similarity
// filtering). Reads the rating formula (`curate fit`'s formula.json), picks with the library's
// telemetry/curation/catalogue_pick.hpp (rank, top X %, optional similarity filter, draw by
// --seed), and writes the levels as a level pack (telemetry/curation/pack.hpp) whose
// provenance records every setting used. Does not: define similarity (gen/similarity.hpp) or
// write the catalogue.
#include "gen/similarity.hpp"
#include "telemetry/curation/catalog.hpp"
#include "telemetry/curation/catalogue_pick.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/store/store.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
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

using telemetry::percent_text;

SimilarityFilterSettings pick_filter_settings(const PickOptions& o) {
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

void check_curate_pick_options(const PickOptions& o) {
    if (!(o.top > 0.0 && o.top <= 100.0))
        throw LabError("bad --top " + percent_text(o.top) + ": expected a per cent in (0, 100]");
    if (o.count < 1) throw LabError("bad --count " + std::to_string(o.count) + ": expected 1 or more");
}

/// The pick as the library runs it: progress lines for the candidates' generation and the
/// filter's comparisons.
telemetry::CataloguePickRequest pick_request(const PickOptions& o, std::optional<ProgressLine>& comparisons) {
    telemetry::CataloguePickRequest r;
    r.count = o.count;
    r.top = o.top;
    r.include_best = o.include_best;
    r.seed = o.seed;
    r.similarity = o.similarity.on;
    r.similarity_keep = o.similarity.keep;
    r.setting_prefix = "--";
    if (!o.similarity.on) return r;
    r.filter = pick_filter_settings(o);
    r.filter.on_comparisons = [&comparisons](std::size_t n) { comparisons->advance(n); };
    r.on_filter_start = [&comparisons](std::size_t total) {
        comparisons.emplace("similarity filter (comparisons)", total);
    };
    r.for_each = parallel_with_progress("generating candidates", o.similarity.threads);
    return r;
}

void run_pick(const PickOptions& o) {
    check_curate_pick_options(o);
    const Formula f = read_formula(o.formula);
    telemetry::Catalog cat = telemetry::Catalog::open_read_only(o.catalog);
    std::optional<ProgressLine> comparisons;
    const telemetry::CataloguePickRequest request = pick_request(o, comparisons);
    const telemetry::CataloguePick pick = telemetry::pick_from_catalogue(cat, f, request);
    nlohmann::json similarity = nullptr;
    if (pick.filter) {
        comparisons->finish();
        const telemetry::FilterRun& r = *pick.filter;
        std::printf(
            "similarity filter: %zu -> %zu levels in %zu passes, %zu comparisons, %.2f s (one thread)\n",
            r.candidates, r.result.kept.size(), r.result.passes.size(), r.result.comparisons, r.seconds);
        SimilarityFilterSettings settings = request.filter;
        settings.on_comparisons = nullptr;
        similarity = similarity_provenance(settings, r.candidates, r.pool, r.result, o.include_best);
    }
    telemetry::Pack pack;
    pack.name = o.name.empty() ? std::filesystem::path(o.out).stem().string() : o.name;
    pack.provenance = provenance(o, f, pick.rows, pick.top, similarity);
    for (const telemetry::ScoredLevel& c : pick.chosen) {
        telemetry::pack_level(c.level, "catalogue seed " + std::to_string(c.level.params.seed));
        pack.levels.push_back(c.level);
        std::printf("rank %5d  score %8.4f  seed %llu\n", c.rank, c.score,
                    static_cast<unsigned long long>(c.level.params.seed));
    }
    telemetry::write_pack(o.out, pack);
    std::printf("%zu levels from the top %g %% (%zu of %zu)%s; wrote %s\n", pack.levels.size(), o.top,
                pick.top, pick.ranked, o.similarity.on ? " after the similarity filter" : "", o.out.c_str());
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
