// `sawtooth-lab gen`: generate one level (ascii level text, JSON, PNG like thesis Fig. 5.12).
// `sawtooth-lab gen-enumerate`: the full solvability enumeration of thesis 3.2.2.
// `sawtooth-lab gen-fallbacks`: recompute the stored fallback seed table (gen/fallback_seeds.cpp).
#include "gen/fallback_table.hpp"
#include "gen/generator.hpp"
#include "gen/solvability.hpp"
#include "gen/travel_time.hpp"
#include "tools/lab/cli_args.hpp"
#include "tools/lab/commands.hpp"
#include "tools/lab/png.hpp"
#include "tools/lab/progress.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
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

// ---- PNG rendering (thesis Fig. 5.12: cells, traps, graph nodes by type, routes) ----

/// Top pixel of a cell row (rows count up, pixels down).
int row_px(const Level& l, int cell_y, int s) { return (l.height - 1 - cell_y) * s; }

/// Cells (darker on the path), faint room borders, decorations and trap cells.
void draw_cells(Canvas& c, const GeneratedLevel& g, int s) {
    const Level& l = g.level;
    auto py = [&](int cell_y) { return row_px(l, cell_y, s); };
    for (int y = 0; y < l.height; ++y)
        for (int x = 0; x < l.width; ++x) {
            const bool on_path =
                !g.path_cells.empty() && g.path_cells[static_cast<std::size_t>(y * l.width + x)];
            c.rect(x * s, py(y), (x + 1) * s, py(y) + s,
                   l.solid(x, y) ? (on_path ? 0x3A3A46u : 0x55504Au) : (on_path ? 0xF4F1E8u : 0xDCE6EEu));
        }
    // Room borders, faint.
    const int rw = l.width / std::max(1, g.maze.rooms_w), rh = l.height / std::max(1, g.maze.rooms_h);
    for (int x = rw; x < l.width; x += rw) c.rect(x * s, 0, x * s + 1, c.h, 0x9090A0u, 0.5);
    for (int y = rh; y < l.height; y += rh) c.rect(0, py(y) + s - 1, c.w, py(y) + s, 0x9090A0u, 0.5);
    for (const Decoration& d : l.decorations)
        c.rect(d.cell.x * s + s / 3, py(d.cell.y) + s / 3, d.cell.x * s + 2 * s / 3, py(d.cell.y) + 2 * s / 3,
               0x7FB069u, 0.35);
    // Saw magenta: red would read as a right-hang node (0xC0392B), drawn on top of it.
    const std::uint32_t trap_col[4] = {0xE600E6u, 0xF46036u, 0x8E44ADu, 0xE8C547u};  // saw spike squeeze mine
    for (const Trap& t : l.traps)
        for (CellPos p : trap_cells(t))
            c.rect(p.x * s + 1, py(p.y) + 1, (p.x + 1) * s - 1, py(p.y) + s - 1,
                   trap_col[static_cast<int>(t.type)], 0.85);
}

/// The level graph's edges, the routes (the first thickest) and the nodes by type.
void draw_graph(Canvas& c, const GeneratedLevel& g, int s) {
    auto node_px = [&](int id) {
        const GraphNode& n = g.graph.nodes[static_cast<std::size_t>(id)];
        const auto [wx, wy] = node_position(n);
        return std::pair<double, double>{wx / kCellSize * s, c.h - wy / kCellSize * s};
    };
    for (const GraphEdge& e : g.graph.edges) {
        const auto [x0, y0] = node_px(e.a);
        const auto [x1, y1] = node_px(e.b);
        c.line(x0, y0, x1, y1, 0x808080u, 1, 0.5);
    }
    const std::uint32_t route_col[8] = {0x0077FFu, 0xFF2E88u, 0x00B894u, 0xFF9F1Cu,
                                        0x6C5CE7u, 0x00CEC9u, 0xB33771u, 0x2D3436u};
    for (std::size_t r = g.routes.size(); r-- > 0;) {
        const Route& route = g.routes[r];
        const int thick = r == 0 ? std::max(2, s / 5) : std::max(2, s / 7);
        for (std::size_t i = 1; i < route.nodes.size(); ++i) {
            const auto [x0, y0] = node_px(route.nodes[i - 1]);
            const auto [x1, y1] = node_px(route.nodes[i]);
            c.line(x0, y0, x1, y1, route_col[r % 8], thick, 0.9);
        }
    }
    const std::uint32_t node_col[3] = {0x1B998Bu, 0x2E86DEu, 0xC0392Bu};  // stand, hang left, hang right
    const int ns = std::max(2, s / 4);
    for (std::size_t i = 0; i < g.graph.nodes.size(); ++i) {
        const auto [x, y] = node_px(static_cast<int>(i));
        c.rect(static_cast<int>(x) - ns / 2, static_cast<int>(y) - ns / 2, static_cast<int>(x) - ns / 2 + ns,
               static_cast<int>(y) - ns / 2 + ns, node_col[static_cast<int>(g.graph.nodes[i].type)]);
    }
}

/// The start (green) and the exit: a black-and-white chequered flag in a white frame, a
/// pattern no trap, node or route colour shares (a yellow exit looked like a mine, a green
/// one like the start).
void draw_start_exit(Canvas& c, const Level& l, int s) {
    const CellPos p = l.start;
    c.rect(p.x * s + s / 6, row_px(l, p.y, s) + s / 6, (p.x + 1) * s - s / 6, row_px(l, p.y, s) + s - s / 6,
           0x2ECC71u, 0.9);
    const int x0 = l.exit.x * s, y0 = row_px(l, l.exit.y, s), x1 = x0 + s, y1 = y0 + s;
    const int frame = std::max(1, s / 10);
    c.rect(x0, y0, x1, y1, 0x111111u);  // dark edge: the white frame shows on pale cells too
    c.rect(x0 + 1, y0 + 1, x1 - 1, y1 - 1, 0xFFFFFFu);
    const int ix0 = x0 + 1 + frame, iy0 = y0 + 1 + frame, ix1 = x1 - 1 - frame, iy1 = y1 - 1 - frame;
    constexpr int kChecks = 4;
    for (int j = 0; j < kChecks; ++j)
        for (int i = 0; i < kChecks; ++i)
            c.rect(ix0 + (ix1 - ix0) * i / kChecks, iy0 + (iy1 - iy0) * j / kChecks,
                   ix0 + (ix1 - ix0) * (i + 1) / kChecks, iy0 + (iy1 - iy0) * (j + 1) / kChecks,
                   (i + j) % 2 ? 0xFFFFFFu : 0x111111u);
}

void render_png(const GeneratedLevel& g, const std::string& path, int s) {
    Canvas c(g.level.width * s, g.level.height * s);
    draw_cells(c, g, s);
    draw_graph(c, g, s);
    draw_start_exit(c, g.level, s);
    if (!write_png(path, c.w, c.h, c.px)) throw LabError("cannot write PNG '" + path + "'");
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
    if (!o.png.empty()) render_png(g, o.png, o.scale);
    if (o.format == "json")
        std::printf("%s\n", to_json(g, p).dump(2).c_str());
    else
        std::fputs(to_level_text(g.level).c_str(), stdout);
}

void run_enumerate(const std::string& sizes, int attempts, int stride) {
    std::vector<Size> list;
    if (sizes == "all") {
        list = {{4, 4}, {5, 5}};
        for (int w = 5; w <= 11; ++w)
            for (int h = 6; h <= 7; ++h) list.push_back({w, h});
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
