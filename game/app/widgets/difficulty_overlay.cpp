#include "game/app/widgets/difficulty_overlay.hpp"

#include "engine/draw.hpp"
#include "game/app/core/level_source.hpp"
#include "game/app/core/settings.hpp"
#include "gen/number_text.hpp"
#include "gen/travel_time.hpp"

#include <SDL2/SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

namespace sawtooth::app {

namespace {

using engine::Color;

constexpr Color kGraphEdge{200, 210, 225, 90};
constexpr Color kNodeSafe{235, 240, 250, 220};
constexpr Color kNodeMine{190, 90, 255, 240};
constexpr Color kNodeSaw{255, 70, 60, 240};
constexpr Color kNodeSpike{255, 150, 40, 240};
constexpr Color kNodeSqueeze{255, 80, 200, 240};
constexpr Color kPath{60, 140, 255, 230};
// Routes: distinct hues, drawn thin and offset a little so overlapping routes stay visible.
constexpr Color kRouteColours[] = {
    {255, 255, 255, 170}, {0, 230, 255, 170}, {255, 230, 0, 170}, {150, 255, 120, 170}, {255, 140, 200, 170}};
constexpr float kRouteOffsetPx = 3.0f;
constexpr float kNodeRadiusM = 0.18f;      // node dot, in metres (scales with the camera)
constexpr float kChallengeWidthM = 0.10f;  // challenge edge half-thickness
constexpr float kPathWidthM = 0.16f;       // easiest path half-thickness

/// Red (p = 0) -> yellow (0.5) -> green (1): the colours of `sawtooth-lab difficulty --png`.
Color probability_colour(double p, std::uint8_t alpha) {
    p = std::clamp(p, 0.0, 1.0);
    const auto r = static_cast<std::uint8_t>(p < 0.5 ? 220 : 220 * (1 - p) * 2);
    const auto g = static_cast<std::uint8_t>(p < 0.5 ? 200 * p * 2 : 200);
    return {r, g, 40, alpha};
}

/// A segment `half` pixels thick each side (several parallel lines: SDL has no widths).
void thick_line(SDL_Renderer* r, float x0, float y0, float x1, float y1, float half, Color c) {
    const float dx = x1 - x0, dy = y1 - y0;
    const float len = std::sqrt(dx * dx + dy * dy);
    if (len < 1e-3f) return;
    const float nx = -dy / len, ny = dx / len;
    const int n = std::max(0, static_cast<int>(std::lround(half)));
    for (int k = -n; k <= n; ++k) engine::line(r, x0 + nx * k, y0 + ny * k, x1 + nx * k, y1 + ny * k, c);
}

Color node_colour(const Level& level, const analysis::TrapMap& traps, int node) {
    const int t = traps.node_trap[static_cast<std::size_t>(node)];
    if (t < 0) return kNodeSafe;
    switch (level.traps[static_cast<std::size_t>(t)].type) {
        case TrapType::Mine:
            return kNodeMine;
        case TrapType::Saw:
            return kNodeSaw;
        case TrapType::WallSpike:
            return kNodeSpike;
        case TrapType::Squeeze:
            return kNodeSqueeze;
    }
    return kNodeSafe;
}

/// The generator parameters a level's meta lines record; false for hand-made levels.
bool params_from_meta(const Level& level, GenParams& p) {
    const std::string seed = level.meta_value("seed");
    if (seed.empty() || level.meta_value("generator").empty()) return false;
    const std::optional<std::uint64_t> seed_value = read_number<std::uint64_t>(seed);
    if (!seed_value) return false;
    p.seed = *seed_value;
    const std::optional<Layout> layout = parse_layout(level.meta_value("layout", "maze"));
    if (!layout) return false;
    p.layout = *layout;
    if (!parse_size(level.meta_value("rooms", "4x3"), p.rooms_w, p.rooms_h)) return false;
    if (!parse_size(level.meta_value("room_size", "11x7"), p.room_w, p.room_h)) return false;
    const std::optional<int> index = read_number<int>(level.meta_value("level_index", "1"));
    const std::optional<double> alpha = read_number<double>(level.meta_value("alpha", "0.25"));
    if (!index || !alpha) return false;
    p.level_index = *index;
    p.alpha = *alpha;
    return params_problem(p).empty();
}

}  // namespace

std::string default_model_path() { return xdg_path("XDG_CONFIG_HOME", ".config", "model.json"); }

OverlayModel load_overlay_model(const std::string& path, bool required, std::string& error) {
    error.clear();
    OverlayModel out;
    if (path.empty()) {
        out.note = "no model file location (set --model FILE): graph and routes only";
        return out;
    }
    if (!required && !std::filesystem::exists(path)) {
        out.note = "no model at " + path +
                   " (--model FILE or sawtooth-lab model fit --out there): graph and "
                   "routes only";
        return out;
    }
    try {
        out.model = analysis::load_model(path);
        out.note = "model " + path;
    } catch (const std::exception& e) {
        // A broken default file must not stop the game: the overlay says why it has no model.
        if (required) error = e.what();
        out.note = std::string("model not loaded: ") + e.what();
        if (!required) out.warning = out.note + " (the F1 overlay shows graph and routes only)";
    }
    return out;
}

DifficultyOverlay::DifficultyOverlay(const Level& level, const OverlayModel& model)
    : m_model_note(model.note) {
    int start = -1, exit = -1;
    GenParams p;
    if (params_from_meta(level, p)) {
        GeneratedLevel g = generate_level(p);
        // Only trust the generator's routes for the exact bytes being played.
        if (g.ok && level_hash(g.level) == level_hash(level)) {
            m_graph = std::move(g.graph);
            m_routes = std::move(g.routes);
            start = g.start_node;
            exit = g.exit_node;
        } else {
            m_routes_note = "routes: this build generates other bytes for the level's seed";
        }
    } else {
        m_routes_note = "routes: not a generated level";
    }
    if (start < 0) {
        m_graph = build_level_graph(level);
        start = m_graph.stand(level.start);
        exit = m_graph.stand(level.exit);
    }
    m_traps = analysis::classify_nodes(level, m_graph);
    m_level = level;
    if (model.model && start >= 0 && exit >= 0)
        m_result = analysis::evaluate_level(level, m_graph, start, exit, *model.model);
}

void DifficultyOverlay::draw(SDL_Renderer* r, const Camera& cam, const OverlayLayers& layers) const {
    const auto at = [&](int node) {
        const auto [x, y] = node_position(m_graph.nodes[static_cast<std::size_t>(node)]);
        return std::pair<float, float>{cam.sx(x), cam.sy(y)};
    };
    const float ppm = cam.scale();
    if (layers.graph)
        for (const GraphEdge& e : m_graph.edges) {
            const auto [x0, y0] = at(e.a);
            const auto [x1, y1] = at(e.b);
            engine::line(r, x0, y0, x1, y1, kGraphEdge);
        }
    if (layers.routes)
        for (std::size_t i = 0; i < m_routes.size(); ++i) {
            const Color c = kRouteColours[i % std::size(kRouteColours)];
            const float off = kRouteOffsetPx * static_cast<float>(i % 3) - kRouteOffsetPx;
            const auto& nodes = m_routes[i].nodes;
            for (std::size_t k = 1; k < nodes.size(); ++k) {
                const auto [x0, y0] = at(nodes[k - 1]);
                const auto [x1, y1] = at(nodes[k]);
                thick_line(r, x0 + off, y0 + off, x1 + off, y1 + off, 1.0f, c);
            }
        }
    if (m_result && layers.challenges)
        for (const analysis::ChallengeEdge& e : m_result->challenge_edges) {
            const auto [x0, y0] = at(e.from);
            const auto [x1, y1] = at(e.to);
            thick_line(r, x0, y0, x1, y1, kChallengeWidthM * ppm, probability_colour(e.probability, 220));
            engine::fill_circle(r, x1, y1, kChallengeWidthM * ppm * 1.8f,
                                probability_colour(e.probability, 255));
        }
    if (m_result && layers.easiest_path) {
        const auto& path = m_result->easiest_path;
        for (std::size_t k = 1; k < path.size(); ++k) {
            const auto [x0, y0] = at(path[k - 1]);
            const auto [x1, y1] = at(path[k]);
            thick_line(r, x0, y0, x1, y1, kPathWidthM * ppm, kPath);
        }
        // The challenges the easiest path takes, drawn along their nodes in their colour.
        for (const int ci : m_result->path_challenges) {
            const analysis::ChallengeEdge& e = m_result->challenge_edges[static_cast<std::size_t>(ci)];
            for (std::size_t k = 1; k < e.nodes.size(); ++k) {
                const auto [x0, y0] = at(e.nodes[k - 1]);
                const auto [x1, y1] = at(e.nodes[k]);
                thick_line(r, x0, y0, x1, y1, kChallengeWidthM * ppm * 1.5f,
                           probability_colour(e.probability, 255));
            }
        }
    }
    if (layers.graph)
        for (std::size_t n = 0; n < m_graph.nodes.size(); ++n) {
            const auto [x, y] = at(static_cast<int>(n));
            const Color c = node_colour(m_level, m_traps, static_cast<int>(n));
            const float rad = kNodeRadiusM * ppm;
            if (m_graph.nodes[n].type == NodeType::Stand)
                engine::fill_circle(r, x, y, rad, c);
            else  // hang nodes: a small square, so the two kinds differ without colour
                engine::fill_rect(r, x - rad, y - rad, 2 * rad, 2 * rad, c);
        }
}

void DifficultyOverlay::debug_ui(OverlayLayers& layers) const {
    if (!ImGui::CollapsingHeader("Difficulty model", ImGuiTreeNodeFlags_DefaultOpen)) return;
    ImGui::Checkbox("level graph", &layers.graph);
    ImGui::SameLine();
    ImGui::Checkbox("routes", &layers.routes);
    if (m_result) {
        ImGui::Checkbox("challenges", &layers.challenges);
        ImGui::SameLine();
        ImGui::Checkbox("easiest path", &layers.easiest_path);
        if (m_result->reachable)
            ImGui::Text("difficulty %.3f  (p success %.3f), %zu challenges on the path", m_result->difficulty,
                        m_result->success_probability, m_result->path_challenges.size());
        else
            ImGui::Text("exit unreachable in the probability graph (difficulty 1)");
        ImGui::TextDisabled("edges: red p=0 .. yellow .. green p=1; blue = easiest path");
    }
    ImGui::Text("%zu nodes, %zu edges, %zu routes", m_graph.nodes.size(), m_graph.edges.size(),
                m_routes.size());
    ImGui::TextDisabled(
        "nodes: white safe, purple mine, red saw, orange spikes, pink squeeze; square = hang");
    ImGui::TextWrapped("%s", m_model_note.c_str());
    if (!m_routes_note.empty()) ImGui::TextWrapped("%s", m_routes_note.c_str());
}

}  // namespace sawtooth::app
