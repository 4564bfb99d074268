// `sawtooth-lab curate pick`: issue 16 point 4 (002's "top X %"). Scores every generated
// catalogue row with a rating formula (`curate fit`'s formula.json: intercept plus
// coefficient · column), ranks the rows, keeps the top X % and draws N of them with the
// project's Rng from --seed, then writes them as a level pack (telemetry/pack.hpp).
// Does not: filter by similarity — filter_candidates() is the place where `--similarity`
// will narrow the candidates — or write the catalogue.
#include "gen/rng.hpp"
#include "telemetry/catalog.hpp"
#include "telemetry/pack.hpp"
#include "telemetry/store.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

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
};

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
        p.seed = static_cast<std::uint64_t>(st.int64(0));
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

/// The hook of similarity filtering (issue 16 point 5, `curate pick --similarity`): it
/// will narrow the top X % to levels unlike each other before the draw. Today: all of them.
std::vector<Candidate> filter_candidates(std::vector<Candidate> top, const PickOptions&) { return top; }

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

nlohmann::json provenance(const PickOptions& o, const Formula& f, std::int64_t rows, std::size_t top) {
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
          {"similarity", nullptr}}},
        {"created_utc", telemetry::utc_now()}};
    if (!o.note.empty()) p["note"] = o.note;
    return p;
}

void check_options(const PickOptions& o) {
    if (!(o.top > 0.0 && o.top <= 100.0))
        throw LabError("bad --top " + std::to_string(o.top) + ": expected a per cent in (0, 100]");
    if (o.count < 1) throw LabError("bad --count " + std::to_string(o.count) + ": expected 1 or more");
}

void run_pick(const PickOptions& o) {
    check_options(o);
    const Formula f = read_formula(o.formula);
    std::vector<Candidate> ranked;
    std::int64_t rows = 0;
    try {
        telemetry::Catalog cat = telemetry::Catalog::open_read_only(o.catalog);
        rows = cat.count();
        ranked = rank_catalogue(cat, f);
    } catch (const telemetry::StoreError& e) {
        throw LabError(e.what());
    }
    if (ranked.empty()) throw LabError("catalogue '" + o.catalog + "' holds no generated level");
    const auto top =
        static_cast<std::size_t>(std::ceil(static_cast<double>(ranked.size()) * o.top / 100.0 - 1e-9));
    std::vector<Candidate> candidates = filter_candidates(
        std::vector<Candidate>(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(top)), o);
    if (static_cast<std::size_t>(o.count) > candidates.size())
        throw LabError("--count " + std::to_string(o.count) + " is more than the top " +
                       std::to_string(o.top) + " % holds (" + std::to_string(candidates.size()) + " of " +
                       std::to_string(ranked.size()) + " levels)");
    telemetry::Pack pack;
    pack.name = o.name.empty() ? std::filesystem::path(o.out).stem().string() : o.name;
    pack.provenance = provenance(o, f, rows, top);
    try {
        for (const Candidate& c : draw(candidates, o)) {
            telemetry::generate_pack_level(c.level, "catalogue seed " + std::to_string(c.level.params.seed));
            pack.levels.push_back(c.level);
            std::printf("rank %5d  score %8.4f  seed %llu\n", c.rank, c.score,
                        static_cast<unsigned long long>(c.level.params.seed));
        }
        telemetry::write_pack(o.out, pack);
    } catch (const telemetry::PackError& e) {
        throw LabError(e.what());
    }
    std::printf("%zu levels from the top %g %% (%zu of %zu); wrote %s\n", pack.levels.size(), o.top, top,
                ranked.size(), o.out.c_str());
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
    c->callback([o] { run_pick(*o); });
}

}  // namespace sawtooth::lab
