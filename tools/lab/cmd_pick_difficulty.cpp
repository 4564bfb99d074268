// `sawtooth-lab pick-difficulty`: difficulty-targeted levels (docs/difficulty.md §11). Predicts the
// difficulty of candidate levels with a challenge model (the level model of
// telemetry/analysis/level_model.hpp), from a catalogue (its stored figures when they come
// from the same model, recomputed otherwise) or generated from a seed range on all cores,
// builds a target curve (rising, flat, or a JSON file) and chooses one distinct level per
// position following it within a tolerance (telemetry/analysis/difficulty_curve.hpp). Writes
// a level pack (telemetry/curation/pack.hpp) whose provenance records the model, the curve, the
// tolerance, the achieved error and the candidates. Every input is checked before the pack
// is written; a refusal is one line and writes nothing. The choice itself is the curve pick
// (game/flows/curve_pick.hpp), which a protocol's curve condition shares: with --playtest N,
// a panel of N synthetic players plays each position's shortlist and the position keeps the
// level whose deaths fit the curve.
// Does not: define the curves or the choice (difficulty_curve.hpp), or play the pack
// (`study --pack`, `sawtooth --pack`).
#include "game/flows/curve_pick.hpp"
#include "gen/generator.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/analysis/difficulty_curve.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/analysis/playtest_choice.hpp"
#include "telemetry/curation/pack.hpp"
#include "telemetry/store/store.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

struct Options {
    std::string model;
    std::string curve;
    int count = 0;  ///< 0: not given (a curve file gives its own)
    std::string catalog;
    std::string seeds;
    std::string layout;
    std::string rooms;
    std::string room_size;
    std::string level_index;
    std::string quantiles;  ///< empty: RisingCurveSettings' defaults
    std::string spacing = "hazard";
    double tolerance = analysis::CurvePickSettings{}.tolerance;
    int threads = 0;
    int playtest = 0;  ///< panel players; 0: no playtest
    std::string playtest_group = "average";
    std::uint64_t playtest_seed = 1;
    int shortlist = 4;
    std::string out;
    std::string name;
    bool json = false;
};

/// The challenge model and the hash naming its coefficients (as the catalogue stores it).
struct Model {
    analysis::ChallengeModel model;
    std::string hash;
};

Model load_model(const std::string& path) {
    Model m;
    m.model = analysis::load_model(path);
    m.hash = analysis::challenge_model_hash(m.model);
    return m;
}

/// --curve: a named curve or the targets of a file.
struct CurveSpec {
    std::optional<telemetry::CurveShape> shape;  ///< a named curve; empty: the targets of a file
    std::vector<double> targets;                 ///< file only
    analysis::RisingCurveSettings rising;
};

std::vector<double> read_curve_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw LabError("cannot read curve file '" + path + "'");
    std::stringstream text;
    text << f.rdbuf();
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::parse_error&) {  // the library's message names no file
        throw LabError(path + ": not JSON (a curve file is [d1, d2, ...] or {\"targets\": [...]})");
    }
    return with_context(path, [&] { return analysis::curve_targets_from_json(doc); });
}

CurveSpec parse_curve(const Options& o) {
    CurveSpec c;
    if ((c.shape = telemetry::parse_curve_shape(o.curve))) {
        if (o.count < 1) throw LabError("--curve " + o.curve + " needs --count N (1 or more)");
        if (!o.quantiles.empty()) {
            const InclusiveRange<double> q = parse_real_range(o.quantiles, "--quantiles");
            if (!(q.first >= 0.0 && q.first < q.last && q.last <= 1.0))
                throw LabError("bad --quantiles '" + o.quantiles +
                               "': expected LO..HI with 0 <= LO < HI <= 1");
            c.rising.low_quantile = q.first;
            c.rising.high_quantile = q.last;
        }
        const std::optional<analysis::CurveSpacing> spacing = analysis::parse_curve_spacing(o.spacing);
        if (!spacing) throw LabError("unknown --spacing '" + o.spacing + "': expected hazard or difficulty");
        c.rising.spacing = *spacing;
        return c;
    }
    if (!std::filesystem::is_regular_file(o.curve))
        throw LabError("unknown --curve '" + o.curve + "': expected rising, flat or a curve file (JSON)");
    c.targets = read_curve_file(o.curve);
    if (o.count != 0 && o.count != static_cast<int>(c.targets.size()))
        throw LabError("--count " + std::to_string(o.count) + " but curve file '" + o.curve + "' holds " +
                       std::to_string(c.targets.size()) + " targets");
    return c;
}

/// The candidates and where they came from (the pack's provenance `candidates`).
struct CandidateSet {
    std::vector<analysis::PredictedLevel> list;
    nlohmann::json provenance;
};

/// The shapes of --seeds: every --rooms size with every --room-size (both comma lists).
std::vector<GenParams> seed_shapes(const Options& o) {
    GenParams base = analysis::default_curve_shape();
    base.layout = parse_layout_arg(o.layout.empty() ? "maze" : o.layout, "--layout");
    const bool linear = base.layout == Layout::Linear;
    std::vector<GenParams> shapes;
    for (const Size rooms : parse_size_list(o.rooms.empty() ? (linear ? "4x2" : "4x3") : o.rooms, "--rooms"))
        for (const Size room : parse_size_list(o.room_size.empty() ? "11x7" : o.room_size, "--room-size")) {
            GenParams shape = base;
            shape.rooms_w = rooms.w, shape.rooms_h = rooms.h, shape.room_w = room.w, shape.room_h = room.h;
            if (const std::string err = params_problem(shape); !err.empty())
                throw LabError("--rooms " + size_text(rooms.w, rooms.h) + " --room-size " +
                               size_text(room.w, room.h) + ": " + err);
            shapes.push_back(shape);
        }
    return shapes;
}

/// --seeds A..B in every shape of seed_shapes (defaults as `catalog`: maze 4x3 index 1,
/// linear 4x2 all).
CandidateSet seed_candidates(const Options& o, const Model& m) {
    const std::vector<GenParams> shapes = seed_shapes(o);
    const bool linear = shapes.front().layout == Layout::Linear;
    const std::vector<int> indices =
        parse_level_indices(o.level_index.empty() ? (linear ? "all" : "1") : o.level_index);
    const InclusiveRange<std::uint64_t> seeds = parse_seed_range(o.seeds, "--seeds");
    analysis::CurveCandidates c;
    c = analysis::seed_curve_candidates(shapes, indices, seeds.first, seeds.last, m.model,
                                        parallel_with_progress("predicting difficulty", o.threads));
    CandidateSet set;
    set.list = std::move(c.list);
    std::vector<std::string> rooms, room_sizes;
    for (const GenParams& shape : shapes) {
        rooms.push_back(size_text(shape.rooms_w, shape.rooms_h));
        room_sizes.push_back(size_text(shape.room_w, shape.room_h));
    }
    set.provenance = {{"source", "seeds"},
                      {"seeds", o.seeds},
                      {"layout", layout_name(shapes.front().layout)},
                      {"shapes", shapes.size()},
                      {"rooms", rooms},
                      {"room_size", room_sizes},
                      {"level_indices", indices},
                      {"levels", set.list.size()},
                      {"not_generated", c.not_generated}};
    return set;
}

/// Every generated row of the catalogue: its stored difficulty when it comes from this model
/// (the same model hash), else recomputed from the regenerated level (hash checked).
CandidateSet catalog_candidates(const Options& o, const Model& m) {
    analysis::CurveCandidates c;
    c = analysis::catalog_curve_candidates(o.catalog, m.model,
                                           parallel_with_progress("predicting difficulty", o.threads));
    CandidateSet set;
    set.list = std::move(c.list);
    set.provenance = {{"source", "catalog"},
                      {"file", std::filesystem::path(o.catalog).filename().string()},
                      {"levels", set.list.size()},
                      {"difficulty_stored", c.difficulty_stored},
                      {"difficulty_recomputed", set.list.size() - c.difficulty_stored}};
    return set;
}

std::vector<double> targets_for(const CurveSpec& c, const std::vector<analysis::PredictedLevel>& list,
                                int count) {
    return c.shape ? analysis::named_curve_targets(*c.shape, list, count, c.rising) : c.targets;
}

/// --playtest-group: a skill group a panel can be drawn from.
bot::SkillGroup playtest_group(const std::string& name) {
    if (const std::optional<bot::SkillGroup> g = flows::panel_group_named(name)) return *g;
    throw LabError("unknown --playtest-group '" + name + "': expected good, average or bad");
}

/// A level's place in the provenance: seed and shape.
nlohmann::json level_id_json(const GenParams& p) {
    return {{"seed", p.seed},
            {"rooms", size_text(p.rooms_w, p.rooms_h)},
            {"room_size", size_text(p.room_w, p.room_h)},
            {"level_index", p.level_index}};
}

/// The playtest's part of the result: the panel, the fit, and per position what it played.
nlohmann::json playtest_json(const Options& o, const flows::PlaytestOutcome& p, const CandidateSet& set) {
    nlohmann::json shortlists = nlohmann::json::array();
    for (const auto& list : p.shortlists) {
        nlohmann::json entries = nlohmann::json::array();
        for (const std::size_t c : list) {
            nlohmann::json e = level_id_json(set.list[c].level.params);
            const flows::PlaytestResult& r = p.played.at(c);
            e["hazard"] = analysis::difficulty_hazard(set.list[c].difficulty);
            e["mean_deaths"] = r.mean_deaths;
            e["completed"] = r.completed;
            e["skipped"] = r.skipped;
            entries.push_back(e);
        }
        shortlists.push_back(entries);
    }
    return {{"players", o.playtest},
            {"group", o.playtest_group},
            {"seed", o.playtest_seed},
            {"shortlist", o.shortlist},
            {"levels_played", p.played.size()},
            {"fit", {{"intercept", p.pick.fit.intercept}, {"slope", p.pick.fit.slope}}},
            {"method",
             "each position keeps the shortlisted level whose ln(1 + panel mean deaths) lies nearest "
             "intercept + slope * target hazard"},
            {"shortlists", shortlists}};
}

void check_options(const Options& o) {
    if (o.catalog.empty() == o.seeds.empty())
        throw LabError(o.catalog.empty() ? "give the candidates: --from-catalog FILE or --seeds A..B"
                                         : "--from-catalog and --seeds exclude each other: give one");
    if (!o.catalog.empty() &&
        !(o.layout.empty() && o.rooms.empty() && o.room_size.empty() && o.level_index.empty()))
        throw LabError(
            "--layout, --rooms, --room-size and --level-index go with --seeds; a catalogue's "
            "levels are taken as stored");
    if (!(o.tolerance >= 0.0 && o.tolerance <= 1.0))
        throw LabError("bad --tolerance " + std::to_string(o.tolerance) +
                       ": expected a difficulty in [0, 1]");
    if (o.count < 0) throw LabError("bad --count " + std::to_string(o.count) + ": expected 1 or more");
    if (o.playtest < 0)
        throw LabError("bad --playtest " + std::to_string(o.playtest) + ": expected players, 0 or more");
    if (o.shortlist < 1)
        throw LabError("bad --shortlist " + std::to_string(o.shortlist) + ": expected 1 or more");
    playtest_group(o.playtest_group);
}

/// The choice: the curve's targets and the curve pick's levels (and playtest when run).
struct Choice {
    std::vector<double> targets;
    flows::CurveChoice pick;
};

/// The model's choice within the tolerance, then (--playtest) the panel's among shortlists.
Choice choose(const Options& o, const CurveSpec& curve, const CandidateSet& set, int count) {
    Choice c;
    c.targets =
        with_context("--count " + std::to_string(count), [&] { return targets_for(curve, set.list, count); });
    flows::CurvePickRequest request;
    request.tolerance = o.tolerance;
    request.panel = {o.playtest, playtest_group(o.playtest_group), o.playtest_seed};
    request.shortlist = o.shortlist;
    request.setting_prefix = "--";
    c.pick = flows::pick_curve_levels(set.list, c.targets, request,
                                      parallel_with_progress("playtesting", o.threads));
    if (!c.pick.pick.met) {
        char buf[200];
        std::snprintf(buf, sizeof buf,
                      "--tolerance %g cannot be met: the best choice of %d levels is %.4f off at its worst "
                      "position (raise --tolerance or widen the candidates)",
                      o.tolerance, count, c.pick.pick.best_max_error);
        throw LabError(buf);
    }
    return c;
}

/// What the pick found, as printed by --json and kept in the pack's provenance.
nlohmann::json result_json(const Options& o, const Model& m, const CurveSpec& curve, const CandidateSet& set,
                           const Choice& choice) {
    const std::vector<double>& targets = choice.targets;
    const analysis::CurvePick& pick = choice.pick.pick;
    const std::optional<flows::PlaytestOutcome>& playtest = choice.pick.playtest;
    // "kind": rising, flat or file, as --curve names it.
    const std::string kind = curve.shape ? std::string(telemetry::curve_shape_name(*curve.shape)) : "file";
    nlohmann::json c = {{"kind", kind}, {"targets", targets}};
    if (curve.shape == telemetry::CurveShape::Rising) {
        c["quantiles"] = {curve.rising.low_quantile, curve.rising.high_quantile};
        c["spacing"] = analysis::curve_spacing_name(curve.rising.spacing);
    }
    if (curve.shape == telemetry::CurveShape::Flat) c["quantile"] = 0.5;
    if (!curve.shape) c["file"] = std::filesystem::path(o.curve).filename().string();
    nlohmann::json levels = nlohmann::json::array();
    for (std::size_t i = 0; i < pick.chosen.size(); ++i) {
        const analysis::PredictedLevel& x = set.list[pick.chosen[i]];
        nlohmann::json l = level_id_json(x.level.params);
        l["position"] = i + 1;
        l["target"] = targets[i];
        l["difficulty"] = x.difficulty;
        l["hazard"] = analysis::difficulty_hazard(x.difficulty);
        l["error"] = pick.errors[i];
        if (playtest) {
            l["playtest_deaths"] = playtest->played.at(pick.chosen[i]).mean_deaths;
            l["expected_deaths"] = playtest->pick.expected_deaths[i];
        }
        levels.push_back(l);
    }
    nlohmann::json out = {
        {"model", {{"file", std::filesystem::path(o.model).filename().string()}, {"hash", m.hash}}},
        {"curve", c},
        {"method", playtest ? "playtest: each position's choice among its shortlist (see playtest.method)"
                            : "min-cost assignment (Hungarian) of distinct seeds within the tolerance"},
        {"tolerance", o.tolerance},
        {"max_abs_error", pick.max_error},
        {"mean_abs_error", pick.mean_error},
        {"candidates", set.provenance},
        {"levels", levels}};
    if (playtest) out["playtest"] = playtest_json(o, *playtest, set);
    return out;
}

void write_chosen_pack(const Options& o, const CandidateSet& set, const Choice& choice,
                       const nlohmann::json& result) {
    telemetry::Pack pack;
    pack.name = o.name.empty() ? std::filesystem::path(o.out).stem().string() : o.name;
    pack.provenance = {{"pick_difficulty", result}, {"created_utc", telemetry::utc_now()}};
    for (const std::size_t k : choice.pick.pick.chosen) {
        const telemetry::PackLevel& l = set.list[k].level;
        telemetry::pack_level(l, "seed " + std::to_string(l.params.seed));
        pack.levels.push_back(l);
    }
    telemetry::write_pack(o.out, pack);
}

void print_text(const Options& o, const nlohmann::json& result, std::size_t candidates) {
    constexpr const char* kPickLine =
        "position %2d  seed %-8llu %-5s index %2d  target %.4f  difficulty %.4f  hazard %5.2f  error %+.4f";
    for (const auto& l : result["levels"]) {
        std::printf(kPickLine, l["position"].get<int>(), l["seed"].get<unsigned long long>(),
                    l["rooms"].get<std::string>().c_str(), l["level_index"].get<int>(),
                    l["target"].get<double>(), l["difficulty"].get<double>(), l["hazard"].get<double>(),
                    l["error"].get<double>());
        if (l.contains("playtest_deaths"))
            std::printf("  deaths %5.2f (curve %5.2f)", l["playtest_deaths"].get<double>(),
                        l["expected_deaths"].get<double>());
        std::printf("\n");
    }
    if (result.contains("playtest")) {
        const auto& p = result["playtest"];
        std::printf("playtest: %d %s players, %zu levels played; ln(1 + deaths) = %.3f + %.3f * hazard\n",
                    p["players"].get<int>(), p["group"].get<std::string>().c_str(),
                    p["levels_played"].get<std::size_t>(), p["fit"]["intercept"].get<double>(),
                    p["fit"]["slope"].get<double>());
    }
    std::printf(
        "%zu levels from %zu candidates, max |error| %.4f, mean |error| %.4f (tolerance %g); wrote %s\n",
        result["levels"].size(), candidates, result["max_abs_error"].get<double>(),
        result["mean_abs_error"].get<double>(), o.tolerance, o.out.c_str());
}

void run(const Options& o) {
    check_options(o);
    const Model m = load_model(o.model);
    const CurveSpec curve = parse_curve(o);
    if (o.out.empty()) throw LabError("--out FILE is required");
    const CandidateSet set = o.catalog.empty() ? seed_candidates(o, m) : catalog_candidates(o, m);
    const int count = curve.shape ? o.count : static_cast<int>(curve.targets.size());
    const Choice choice = choose(o, curve, set, count);
    const nlohmann::json result = result_json(o, m, curve, set, choice);
    write_chosen_pack(o, set, choice, result);
    if (o.json)
        std::printf("%s\n", result.dump(2).c_str());
    else
        print_text(o, result, set.list.size());
}

}  // namespace

void register_pick_difficulty(CLI::App& app) {
    auto o = std::make_shared<Options>();
    CLI::App* c = app.add_subcommand(
        "pick-difficulty",
        "choose levels whose predicted difficulty follows a target curve, into a level pack");
    c->add_option("--model", o->model, "challenge model (`model fit`)")->required();
    c->add_option("--curve", o->curve, "rising, flat, or a JSON file: [d1, d2, ...] or {\"targets\": [...]}")
        ->required();
    c->add_option("--count", o->count, "levels in the pack (a curve file: its number of targets)");
    c->add_option("--from-catalog", o->catalog,
                  "candidates: the generated levels of a catalogue (`catalog`)");
    c->add_option("--seeds", o->seeds, "candidates: generate the levels of seeds A..B");
    c->add_option("--layout", o->layout, "with --seeds: maze (default) or linear (the study's)");
    c->add_option("--rooms", o->rooms,
                  "with --seeds: rooms WxH or a list WxH,WxH,... (default 4x3 maze, 4x2 linear)");
    c->add_option("--room-size", o->room_size, "with --seeds: cells per room WxH or a list (default 11x7)");
    c->add_option("--level-index", o->level_index, "with --seeds: N or all (default 1 maze, all linear)");
    const analysis::RisingCurveSettings rising;
    char quantiles_help[120];
    std::snprintf(quantiles_help, sizeof quantiles_help,
                  "rising: from the LO to the HI quantile of the candidates (default %g..%g)",
                  rising.low_quantile, rising.high_quantile);
    c->add_option("--quantiles", o->quantiles, quantiles_help);
    c->add_option("--spacing", o->spacing,
                  "rising: hazard (even steps in -ln(1 - difficulty)) or difficulty (even steps)")
        ->capture_default_str();
    c->add_option("--tolerance", o->tolerance, "largest |difficulty - target| allowed at a position")
        ->capture_default_str();
    c->add_option("--threads", o->threads, "workers predicting difficulty (default: every core)")
        ->check(CLI::NonNegativeNumber);
    c->add_option("--playtest", o->playtest,
                  "playtest each position's shortlist with N synthetic players and keep the level whose "
                  "deaths fit the curve (0: the model alone)")
        ->capture_default_str();
    c->add_option("--playtest-group", o->playtest_group, "the panel's skill group: good, average or bad")
        ->capture_default_str();
    add_seed_option(*c, "--playtest-seed", o->playtest_seed, "the panel's seed: same seed, same players");
    c->add_option("--shortlist", o->shortlist, "with --playtest: levels per position, nearest its target")
        ->capture_default_str();
    c->add_option("--out", o->out, "pack JSON to write")->required();
    c->add_option("--name", o->name, "pack name (default: the output's file name)");
    c->add_flag("--json", o->json, "print the result as JSON");
    c->callback([o] { run(*o); });
}

}  // namespace sawtooth::lab
