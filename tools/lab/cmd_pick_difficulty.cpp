// `sawtooth-lab pick-difficulty`: difficulty-targeted levels (docs/difficulty.md
// "Difficulty-targeted levels") into a level pack. The pick is game/flows/difficulty_pack.hpp
// (candidates from a catalogue or a seed range, the curve's targets, the curve pick shared
// with a protocol's curve condition, the provenance); this file reads the model and the
// curve file, checks every option before anything is written (a refusal is one line and
// writes nothing), writes the pack and prints the choice.
// Does not: play the pack (`simulate-study --pack`, `sawtooth --pack`).
#include "game/flows/difficulty_pack.hpp"
#include "gen/generator.hpp"
#include "telemetry/analysis/curve_candidates.hpp"
#include "telemetry/analysis/difficulty_curve.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "telemetry/curation/pack.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/curate_common.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sawtooth::lab {

namespace {

struct PickDifficultyOptions {
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

flows::CurveSpec parse_curve(const PickDifficultyOptions& o) {
    flows::CurveSpec c;
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
    c.targets = analysis::read_curve_file(o.curve);
    c.file = std::filesystem::path(o.curve).filename().string();
    if (o.count != 0 && o.count != static_cast<int>(c.targets.size()))
        throw LabError("--count " + std::to_string(o.count) + " but curve file '" + o.curve + "' holds " +
                       std::to_string(c.targets.size()) + " targets");
    return c;
}

/// The shapes of --seeds: every --rooms size with every --room-size (both comma lists).
std::vector<GenParams> seed_shapes(const PickDifficultyOptions& o) {
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

/// --from-catalog or --seeds A..B in every shape of seed_shapes (defaults as `catalog`:
/// maze 4x3 index 1, linear 4x2 all).
flows::CandidateSource candidate_source(const PickDifficultyOptions& o) {
    flows::CandidateSource c;
    if (!o.catalog.empty()) {
        c.catalog = o.catalog;
        return c;
    }
    c.shapes = seed_shapes(o);
    const bool linear = c.shapes.front().layout == Layout::Linear;
    c.indices = parse_level_indices(o.level_index.empty() ? (linear ? "all" : "1") : o.level_index);
    const InclusiveRange<std::uint64_t> seeds = parse_seed_range(o.seeds, "--seeds");
    c.first_seed = seeds.first;
    c.last_seed = seeds.last;
    c.seeds_text = o.seeds;
    return c;
}

/// --playtest-group: a skill group a panel can be drawn from.
bot::SkillGroup playtest_group(const std::string& name) {
    if (const std::optional<bot::SkillGroup> g = flows::panel_group_named(name)) return *g;
    throw LabError("unknown --playtest-group '" + name + "': expected good, average or bad");
}

void check_pick_options(const PickDifficultyOptions& o) {
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

void print_pick_text(const PickDifficultyOptions& o, const nlohmann::json& result, std::size_t candidates) {
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

void run_pick_difficulty(const PickDifficultyOptions& o) {
    check_pick_options(o);
    flows::DifficultyPackRequest request;
    request.model = analysis::load_model(o.model);
    request.model_file = std::filesystem::path(o.model).filename().string();
    request.curve = parse_curve(o);
    if (o.out.empty()) throw LabError("--out FILE is required");
    request.candidates = candidate_source(o);
    request.count = o.count;
    request.pick.tolerance = o.tolerance;
    request.pick.panel = {o.playtest, playtest_group(o.playtest_group), o.playtest_seed};
    request.pick.shortlist = o.shortlist;
    request.pick.setting_prefix = "--";
    request.panel_group = o.playtest_group;
    request.name = o.name.empty() ? std::filesystem::path(o.out).stem().string() : o.name;
    request.predict = parallel_with_progress("predicting difficulty", o.threads);
    request.playtest = parallel_with_progress("playtesting", o.threads);
    const flows::DifficultyPack picked = flows::pick_difficulty_pack(request);
    telemetry::write_pack(o.out, picked.pack);
    if (o.json)
        std::printf("%s\n", picked.result.dump(2).c_str());
    else
        print_pick_text(o, picked.result, picked.candidates);
}

}  // namespace

void register_pick_difficulty(CLI::App& app) {
    auto o = std::make_shared<PickDifficultyOptions>();
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
    c->callback([o] { run_pick_difficulty(*o); });
}

}  // namespace sawtooth::lab
