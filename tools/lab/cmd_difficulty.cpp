// `sawtooth-lab difficulty`: generate a level (or read one with --level FILE), evaluate it
// with the level model (thesis 4.6) and print its difficulty, easiest path and challenges; --png draws it
// like thesis Figs. 5.13-5.16: challenge (substitute) edges coloured from red (p = 0) to green (p = 1), the
// easiest path in blue over the grey level graph.
#include "gen/generator.hpp"
#include "gen/travel_time.hpp"
#include "telemetry/analysis/level_model.hpp"
#include "tools/lab/bot_common.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/png.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>

namespace sawtooth::lab {

namespace {

using namespace analysis;

struct DifficultyOptions {
    LevelArgs level{.seed = {}, .layout = "linear", .rooms = "4x2", .room_size = "11x7", .level_index = 5};
    std::string level_file;  ///< --level: evaluate this level text file instead
    std::string model;
    std::string png;
    int scale = 24;
    bool json = false;
};

/// Red (p = 0) -> yellow (0.5) -> green (1).
std::uint32_t probability_colour(double p) {
    p = std::clamp(p, 0.0, 1.0);
    const int r = p < 0.5 ? 220 : static_cast<int>(220 * (1 - p) * 2);
    const int g = p < 0.5 ? static_cast<int>(200 * p * 2) : 200;
    return static_cast<std::uint32_t>(r << 16 | g << 8 | 40);
}

/// The level evaluated, with the graph the result's node ids refer to.
struct Evaluated {
    Level level;
    LevelGraph graph;
    LevelModelResult result;
    std::string name;                   ///< "seed 42" or the file
    std::optional<std::uint64_t> seed;  ///< generated levels only
};

void draw(const Evaluated& g, const std::string& path, int s) {
    const Level& l = g.level;
    const LevelModelResult& r = g.result;
    Canvas c(l.width * s, l.height * s);
    auto py = [&](int cell_y) { return (l.height - 1 - cell_y) * s; };
    for (int y = 0; y < l.height; ++y)
        for (int x = 0; x < l.width; ++x)
            c.rect(x * s, py(y), (x + 1) * s, py(y) + s, l.solid(x, y) ? 0x3A3A46u : 0xE8EEF2u);
    const std::uint32_t trap_col[4] = {0xD7263Du, 0xF46036u, 0x8E44ADu, 0xB0A0D0u};  // saw spike squeeze mine
    for (const Trap& t : l.traps)
        for (CellPos p : trap_cells(t))
            c.rect(p.x * s + 1, py(p.y) + 1, (p.x + 1) * s - 1, py(p.y) + s - 1,
                   trap_col[static_cast<int>(t.type)], 0.55);
    auto node_px = [&](int id) {
        const auto [wx, wy] = node_position(g.graph.nodes[static_cast<std::size_t>(id)]);
        return std::pair<double, double>{wx / kCellSize * s, c.h - wy / kCellSize * s};
    };
    for (const GraphEdge& e : g.graph.edges) {
        const auto [x0, y0] = node_px(e.a);
        const auto [x1, y1] = node_px(e.b);
        c.line(x0, y0, x1, y1, 0x9A9A9Au, 1, 0.6);
    }
    for (const ChallengeEdge& e : r.challenge_edges) {
        const auto [x0, y0] = node_px(e.from);
        const auto [x1, y1] = node_px(e.to);
        c.line(x0, y0, x1, y1, probability_colour(e.probability), std::max(2, s / 8), 0.9);
    }
    for (std::size_t i = 1; i < r.easiest_path.size(); ++i) {
        const auto [x0, y0] = node_px(r.easiest_path[i - 1]);
        const auto [x1, y1] = node_px(r.easiest_path[i]);
        c.line(x0, y0, x1, y1, 0x1E6FFFu, std::max(2, s / 6), 0.55);
    }
    for (int k : r.path_challenges) {  // the challenges taken, drawn on top, thicker
        const ChallengeEdge& e = r.challenge_edges[static_cast<std::size_t>(k)];
        for (std::size_t i = 1; i < e.nodes.size(); ++i) {
            const auto [x0, y0] = node_px(e.nodes[i - 1]);
            const auto [x1, y1] = node_px(e.nodes[i]);
            c.line(x0, y0, x1, y1, probability_colour(e.probability), std::max(3, s / 4), 1.0);
        }
    }
    const int ns = std::max(2, s / 5);
    for (std::size_t i = 0; i < g.graph.nodes.size(); ++i) {
        const auto [x, y] = node_px(static_cast<int>(i));
        c.rect(static_cast<int>(x) - ns / 2, static_cast<int>(y) - ns / 2, static_cast<int>(x) - ns / 2 + ns,
               static_cast<int>(y) - ns / 2 + ns, r.traps.safe(static_cast<int>(i)) ? 0x555555u : 0xC0392Bu);
    }
    auto marker = [&](CellPos p, std::uint32_t col) {
        c.rect(p.x * s + s / 4, py(p.y) + s / 4, (p.x + 1) * s - s / 4, py(p.y) + s - s / 4, col, 0.9);
    };
    marker(l.start, 0x2ECC71u);
    marker(l.exit, 0xF1C40Fu);
    if (!write_png(path, c.w, c.h, c.px)) throw LabError("cannot write PNG '" + path + "'");
}

ChallengeModel read_model(const DifficultyOptions& o, std::string& model_name) {
    model_name = "thesis Fig. 5.2 reference fit";
    if (o.model.empty()) return thesis_reference_model();
    model_name = o.model;
    return load_model(o.model);
}

Evaluated evaluate(const DifficultyOptions& o, const ChallengeModel& model) {
    Evaluated e;
    if (!o.level_file.empty()) {
        e.level = read_level_files({o.level_file}).front();
        e.graph = build_level_graph(e.level);
        e.name = o.level_file;
        const int start = e.graph.stand(e.level.start), exit = e.graph.stand(e.level.exit);
        if (start < 0 || exit < 0)
            throw LabError(o.level_file + ": the " + (start < 0 ? "start" : "exit") +
                           " has no floor to stand on (no node of the level graph)");
        e.result = evaluate_level(e.level, e.graph, start, exit, model);
        return e;
    }
    if (o.level.seed.empty()) throw LabError("give --seed or --level");
    const GenParams p = parse_level_args(o.level);
    GeneratedLevel g = generate_level(p);
    if (!g.ok) throw LabError("generation failed: " + g.error);
    e.result = evaluate_level(g, model);
    e.level = std::move(g.level);
    e.graph = std::move(g.graph);
    e.name = "seed " + std::to_string(p.seed);
    e.seed = p.seed;
    return e;
}

/// The challenges the easiest path takes, as printed.
nlohmann::json path_challenges_json(const Evaluated& e) {
    nlohmann::json challenges = nlohmann::json::array();
    for (int k : e.result.path_challenges) {
        const ChallengeEdge& c = e.result.challenge_edges[static_cast<std::size_t>(k)];
        challenges.push_back(
            {{"trap", c.trap},
             {"type", std::string(trap_type_name(e.level.traps[static_cast<std::size_t>(c.trap)].type))},
             {"nodes", c.nodes},
             {"t_timing", c.params.t_timing},
             {"j", c.params.jumps},
             {"t_cycle", c.params.t_cycle},
             {"p_success", c.probability}});
    }
    return challenges;
}

void print_json(const Evaluated& e, const std::string& model_name, const nlohmann::json& challenges) {
    const LevelModelResult& r = e.result;
    nlohmann::json path = nlohmann::json::array();
    for (int n : r.easiest_path) {
        const GraphNode& gn = e.graph.nodes[static_cast<std::size_t>(n)];
        path.push_back({n, gn.cell.x, gn.cell.y});
    }
    nlohmann::json j{{"model", model_name},
                     {"difficulty", r.difficulty},
                     {"success_probability", r.success_probability},
                     {"reachable", r.reachable},
                     {"traps", e.level.traps.size()},
                     {"challenge_edges", r.challenge_edges.size()},
                     {"easiest_path", path},
                     {"path_challenges", challenges}};
    if (e.seed)
        j["seed"] = *e.seed;
    else
        j["level"] = e.name;
    std::printf("%s\n", j.dump(2).c_str());
}

void run_difficulty(const DifficultyOptions& o) {
    std::string model_name;
    const ChallengeModel model = read_model(o, model_name);
    const Evaluated e = evaluate(o, model);
    const LevelModelResult& r = e.result;
    if (!o.png.empty()) draw(e, o.png, o.scale);
    const nlohmann::json challenges = path_challenges_json(e);
    if (o.json) return print_json(e, model_name, challenges);
    if (!r.reachable) throw LabError(e.name + ": the exit cannot be reached in the probability graph");
    std::printf("difficulty %.4f (p(success) %.4f) of %s, model: %s\n", r.difficulty, r.success_probability,
                e.name.c_str(), model_name.c_str());
    std::printf("easiest path: %zu nodes, %zu challenges of %zu traps\n", r.easiest_path.size(),
                challenges.size(), e.level.traps.size());
    for (const auto& ch : challenges)
        std::printf("  %-7s t_timing %.3f s  j %d  t_cycle %.2f s  p %.3f\n",
                    ch["type"].get<std::string>().c_str(), ch["t_timing"].get<double>(), ch["j"].get<int>(),
                    ch["t_cycle"].get<double>(), ch["p_success"].get<double>());
}

}  // namespace

void register_difficulty(CLI::App& app) {
    auto o = std::make_shared<DifficultyOptions>();
    CLI::App* cmd =
        app.add_subcommand("difficulty", "predicted difficulty and easiest path of a level (thesis 4.6)");
    CLI::Option* seed = cmd->add_option("--seed", o->level.seed, "level seed (or --level)");
    cmd->add_option("--level", o->level_file, "evaluate this level text file (a hand-made level)")
        ->excludes(seed);
    cmd->add_option("--layout", o->level.layout, "linear (study, default) | maze");
    cmd->add_option("--rooms", o->level.rooms, "rooms across x up (default 4x2, the study layout)");
    cmd->add_option("--room-size", o->level.room_size, "cells per room (default 11x7)");
    cmd->add_option("--level-index", o->level.level_index,
                    "1-based level index: trap cycle interval (default 5)");
    cmd->add_option("--alpha", o->level.alpha, "share of graph nodes trap sequences may cover");
    cmd->add_option("--model", o->model,
                    "challenge model file from `model fit` (default: thesis Fig. 5.2 fit)");
    cmd->add_option("--png", o->png, "draw the level, challenge edges and easiest path to this PNG");
    cmd->add_option("--scale", o->scale, "PNG pixels per cell")->check(CLI::Range(6, 64));
    cmd->add_flag("--json", o->json, "print JSON");
    cmd->callback([o] { run_difficulty(*o); });
}

}  // namespace sawtooth::lab
