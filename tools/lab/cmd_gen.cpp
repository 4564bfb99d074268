// `sawtooth-lab gen`: generate one level (ascii level text, JSON, PNG like thesis Fig. 5.12).
// `sawtooth-lab gen-enumerate`: the full solvability enumeration of thesis 3.2.2.
// `sawtooth-lab gen-fallbacks`: recompute the stored fallback seed table (gen/fallback_seeds.cpp).
#include "gen/fallback_table.hpp"
#include "gen/generator.hpp"
#include "gen/solvability.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/level_png.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

namespace sawtooth::lab {

namespace {

const char* node_type_name(NodeType t) {
    return t == NodeType::Stand ? "stand" : (t == NodeType::HangLeft ? "hang_left" : "hang_right");
}

nlohmann::json to_json(const GeneratedLevel& g, const GenParams& p) {
    const Level& l = g.level;
    nlohmann::json j;
    j["generator_version"] = kGeneratorVersion;
    j["seed"] = p.seed;
    j["layout"] = std::string(layout_name(p.layout));
    j["rooms"] = {p.rooms_w, p.rooms_h};
    j["room_size"] = {p.room_w, p.room_h};
    j["level_index"] = p.level_index;
    j["alpha"] = p.alpha;
    j["hash"] = level_hash(l);
    j["width"] = l.width;
    j["height"] = l.height;
    j["start"] = {l.start.x, l.start.y};
    j["exit"] = {l.exit.x, l.exit.y};
    j["text"] = to_level_text(l);
    nlohmann::json rows = nlohmann::json::array();
    for (int y = l.height - 1; y >= 0; --y) {
        std::string r;
        for (int x = 0; x < l.width; ++x) r += l.solid(x, y) ? '#' : '.';
        rows.push_back(r);
    }
    j["rows_top_first"] = rows;
    nlohmann::json traps = nlohmann::json::array();
    for (const Trap& t : l.traps)
        traps.push_back({{"type", std::string(trap_type_name(t.type))},
                         {"x", t.cell.x},
                         {"y", t.cell.y},
                         {"facing", t.facing},
                         {"cycle_ticks", t.cycle_ticks},
                         {"phase_ticks", t.phase_ticks}});
    j["traps"] = traps;
    nlohmann::json seqs = nlohmann::json::array();
    for (const TrapSequence& s : g.traps.sequences)
        seqs.push_back({{"route", s.route}, {"traps", s.traps}, {"delays_ticks", s.delays}});
    j["trap_sequences"] = seqs;
    nlohmann::json nodes = nlohmann::json::array();
    for (const GraphNode& n : g.graph.nodes)
        nodes.push_back({{"x", n.cell.x}, {"y", n.cell.y}, {"type", node_type_name(n.type)}});
    nlohmann::json edges = nlohmann::json::array();
    for (const GraphEdge& e : g.graph.edges) edges.push_back({e.a, e.b, e.weight});
    j["graph"] = {
        {"nodes", nodes}, {"edges", edges}, {"start_node", g.start_node}, {"exit_node", g.exit_node}};
    nlohmann::json routes = nlohmann::json::array();
    for (const Route& r : g.routes) routes.push_back({{"nodes", r.nodes}, {"length", r.length}});
    j["routes"] = routes;
    nlohmann::json decos = nlohmann::json::array();
    for (const Decoration& d : l.decorations)
        decos.push_back({d.cell.x, d.cell.y, static_cast<int>(d.type), d.variant});
    j["decorations"] = decos;
    nlohmann::json meta = nlohmann::json::object();
    for (const auto& [k, v] : l.meta) meta[k] = v;
    j["meta"] = meta;
    j["stats"] = {{"room_attempts", g.stats.room_attempts},
                  {"rooms_first_try", g.stats.rooms_first_try},
                  {"fallbacks", g.stats.fallbacks},
                  {"dropped_targets", g.stats.dropped_targets}};
    return j;
}

struct GenOptions {
    LevelArgs level{.seed = {}, .layout = "maze", .rooms = "4x3", .room_size = "11x7"};
    std::string format = "ascii";
    std::string png;
    int scale = 16;
};

void run_gen(const GenOptions& o) {
    const GenParams p = parse_level_args(o.level);
    const GeneratedLevel g = generate_level(p);
    if (!g.ok) throw LabError("generation failed: " + g.error);
    if (!o.png.empty()) write_level_png(g, o.png, o.scale);
    if (o.format == "json")
        std::printf("%s\n", to_json(g, p).dump(2).c_str());
    else
        std::fputs(to_level_text(g.level).c_str(), stdout);
}

void run_enumerate(const std::string& sizes, int attempts, int stride) {
    std::vector<Size> list;
    if (sizes == "all") {
        for (const RoomSize& s : thesis_room_sizes()) list.push_back({s.width, s.height});
    } else {
        list = parse_size_list(sizes, "--sizes");
    }
    nlohmann::json out = nlohmann::json::array();
    long long configs = 0, solved = 0;
    for (auto [w, h] : list) {
        if (w < kMinRoomSize || h < kMinRoomSize || w > kMaxRoomSize || h > kMaxRoomSize)
            throw LabError("room size " + size_text(w, h) + " outside [4, 32]");
        const SolvabilityResult r = check_solvability(w, h, attempts, stride);
        configs += r.configs;
        solved += r.solved;
        nlohmann::json unsolved = nlohmann::json::array();
        for (const RoomExits& e : r.unsolved)
            unsolved.push_back({{"left", e.left_row},
                                {"right", e.right_row},
                                {"top", {e.top_x, e.top_dir}},
                                {"bottom", {e.bottom_x, e.bottom_dir}}});
        out.push_back(
            {{"size", size_text(w, h)},
             {"configs", r.configs},
             {"solved", r.solved},
             {"first_attempt_rate", r.configs ? static_cast<double>(r.first_attempt) / r.configs : 0.0},
             {"attempts", r.attempts},
             {"unsolved", unsolved}});
        std::fprintf(stderr, "%dx%d: %d/%d solved (%d on the first attempt)\n", w, h, r.solved, r.configs,
                     r.first_attempt);
    }
    std::printf(
        "%s\n",
        nlohmann::json{
            {"sizes", out}, {"configs", configs}, {"solved", solved}, {"all_solved", configs == solved}}
            .dump(2)
            .c_str());
    if (configs != solved) throw LabError("some exit configurations have no solution (listed above)");
}

void run_fallbacks(const std::string& out_path, int max_seed) {
    ProgressLine progress("solving exit configurations", fallback_config_count());
    const FallbackTable table = compute_fallback_table(max_seed, [&] { progress.advance(); });
    progress.finish();
    const std::string text = fallback_table_source(table);
    if (out_path.empty() || out_path == "-") {
        std::fputs(text.c_str(), stdout);
    } else {
        std::ofstream f(out_path, std::ios::binary);
        if (!f || !(f << text)) throw LabError("cannot write '" + out_path + "'");
    }
    std::fprintf(
        stderr,
        "fallback table: %zu codes, %d allowed configurations, %d without a seed below %d, largest seed %d\n",
        table.seeds.size(), table.allowed, table.unsolved, max_seed, table.largest_seed);
}

}  // namespace

void register_gen(CLI::App& app) {
    auto o = std::make_shared<GenOptions>();
    CLI::App* gen = app.add_subcommand("gen", "generate one platformer level (thesis ch. 3)");
    gen->add_option("--seed", o->level.seed, "level seed (unsigned 64-bit integer)")->required();
    gen->add_option("--layout", o->level.layout, "maze | linear (study layout, exit in the rightmost room)");
    gen->add_option("--rooms", o->level.rooms, "rooms across x up, e.g. 4x3");
    gen->add_option("--room-size", o->level.room_size, "cells per room, e.g. 11x7");
    gen->add_option("--level-index", o->level.level_index,
                    "1-based level index: sets the trap cycle interval");
    gen->add_option("--alpha", o->level.alpha, "share of graph nodes trap sequences may cover (0, 1]");
    gen->add_option("--format", o->format, "ascii (the level text format) | json")
        ->check(CLI::IsMember({"ascii", "json"}));
    gen->add_option("--png", o->png, "also draw the level, graph and routes to this PNG file");
    gen->add_option("--scale", o->scale, "PNG pixels per cell")->check(CLI::Range(4, 64));
    gen->callback([o] { run_gen(*o); });

    // Owned by the callbacks: CLI11 writes through these references while parsing.
    struct EnumerateOptions {
        std::string sizes = "all";
        int attempts = 200, stride = 1;
    };
    auto e = std::make_shared<EnumerateOptions>();
    CLI::App* en =
        app.add_subcommand("gen-enumerate", "solve every exit configuration of room sizes (thesis 3.2.2)");
    en->add_option("--sizes", e->sizes, "all (4x4, 5x5, 5x6..11x7) or a list like 11x7,6x6");
    en->add_option("--attempts", e->attempts, "5000-iteration attempts per configuration")
        ->check(CLI::Range(1, 100000));
    en->add_option("--stride", e->stride, "check every n-th configuration only")
        ->check(CLI::Range(1, 1000000));
    en->callback([e] { run_enumerate(e->sizes, e->attempts, e->stride); });

    struct FallbackOptions {
        std::string out = "-";
        int max_seed = 60000;
    };
    auto f = std::make_shared<FallbackOptions>();
    CLI::App* fb =
        app.add_subcommand("gen-fallbacks", "compute the fallback seed table of 11x7 rooms (C++ source)");
    fb->add_option("--out", f->out, "output file (- = stdout), normally gen/fallback_seeds.cpp");
    fb->add_option("--max-seed", f->max_seed, "give up on a configuration after this many seeds")
        ->check(CLI::Range(1, 65535));
    fb->callback([f] { run_fallbacks(f->out, f->max_seed); });
}

}  // namespace sawtooth::lab
