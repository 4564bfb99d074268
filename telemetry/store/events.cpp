#include "telemetry/store/events.hpp"

#include <array>
#include <limits>

namespace sawtooth::telemetry {

namespace {
constexpr std::array<std::string_view, 14> kKindNames = {
    "start", "pos",     "jump", "node",       "hang",       "let_go", "trap",
    "death", "respawn", "exit", "mine_armed", "mine_blast", "switch", "end"};
constexpr std::array<std::string_view, 3> kOutcomeNames = {"completed", "skipped", "quit"};
constexpr std::array<std::string_view, 3> kSessionEndNames = {"finished", "quit", "closed"};
}  // namespace

std::string_view event_kind_name(EventKind kind) { return kKindNames[static_cast<std::size_t>(kind)]; }

std::optional<EventKind> parse_event_kind(std::string_view name) {
    for (std::size_t i = 0; i < kKindNames.size(); ++i)
        if (kKindNames[i] == name) return static_cast<EventKind>(i);
    return std::nullopt;
}

bool is_sim_event(EventKind kind) { return kind != EventKind::Switch && kind != EventKind::End; }

std::string_view outcome_name(RecordedOutcome outcome) {
    return kOutcomeNames[static_cast<std::size_t>(outcome)];
}

std::optional<RecordedOutcome> parse_outcome(std::string_view name) {
    for (std::size_t i = 0; i < kOutcomeNames.size(); ++i)
        if (kOutcomeNames[i] == name) return static_cast<RecordedOutcome>(i);
    return std::nullopt;
}

std::string_view session_end_name(SessionEnd end) { return kSessionEndNames[static_cast<std::size_t>(end)]; }

std::optional<SessionEnd> parse_session_end(std::string_view name) {
    for (std::size_t i = 0; i < kSessionEndNames.size(); ++i)
        if (kSessionEndNames[i] == name) return static_cast<SessionEnd>(i);
    return std::nullopt;
}

EventExtractor::EventExtractor(const Level& level, int pos_sample_ticks)
    : m_level(&level), m_graph(build_level_graph(level)), m_pos_sample_ticks(pos_sample_ticks) {}

EventRow EventExtractor::row(const Simulation& sim, EventKind kind, int a, int b, int c) const {
    const PlayerView& p = sim.player();
    return EventRow{sim.tick(), kind, a, b, c, p.x, p.y, p.vx, p.vy};
}

int EventExtractor::nearest_node(double x, double y, CellPos cell) const {
    if (const int n = m_graph.stand(cell); n >= 0) return n;
    // Thesis 4.3: "the closest node to the position of the player". Nodes are compared by
    // where the body centre stands in their cell (hang nodes sit in the cell beside the
    // ledge, at the same height as a stand node there would).
    int best = -1;
    double best_d = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < m_graph.nodes.size(); ++i) {
        const CellPos c = m_graph.nodes[i].cell;
        const double dx = stand_x(c.x) - x, dy = stand_y(c.y) - y;
        const double d = dx * dx + dy * dy;
        if (d < best_d) {
            best_d = d;
            best = static_cast<int>(i);
        }
    }
    return best;
}

void EventExtractor::start(const Simulation& sim, std::vector<EventRow>& out) const {
    out.push_back(row(sim, EventKind::Start, m_level->start.x, m_level->start.y));
}

void EventExtractor::after_step(const Simulation& sim, std::vector<EventRow>& out) const {
    const auto trap_type = [&](int index) {
        return index >= 0 && index < static_cast<int>(m_level->traps.size())
                   ? static_cast<int>(m_level->traps[static_cast<std::size_t>(index)].type)
                   : -1;
    };
    const PlayerView& p = sim.player();
    for (const SimEvent& e : sim.events()) {
        switch (e.type) {
            case SimEventType::Jump:
                out.push_back(row(sim, EventKind::Jump, e.a));
                break;
            case SimEventType::Land:
                out.push_back(row(sim, EventKind::Node, e.a, e.b, nearest_node(p.x, p.y, {e.a, e.b})));
                break;
            case SimEventType::Hang: {
                const CellPos body{static_cast<int>(p.x / kCellSize), static_cast<int>(p.y / kCellSize)};
                out.push_back(row(sim, EventKind::Hang, e.a, e.b, nearest_node(p.x, p.y, body)));
                break;
            }
            case SimEventType::LetGo:
                out.push_back(row(sim, EventKind::LetGo));
                break;
            case SimEventType::TrapEnter:
                out.push_back(row(sim, EventKind::Trap, e.a, trap_type(e.a)));
                break;
            case SimEventType::Death:
                out.push_back(row(sim, EventKind::Death, e.a, trap_type(e.a)));
                break;
            case SimEventType::Respawn:
                out.push_back(row(sim, EventKind::Respawn, e.a, e.b));
                break;
            case SimEventType::Exit:
                out.push_back(row(sim, EventKind::Exit));
                break;
            case SimEventType::MineArmed:
                out.push_back(row(sim, EventKind::MineArmed, e.a));
                break;
            case SimEventType::MineBlast:
                out.push_back(row(sim, EventKind::MineBlast, e.a));
                break;
        }
    }
    if (m_pos_sample_ticks > 0 && sim.tick() % static_cast<std::uint64_t>(m_pos_sample_ticks) == 0)
        out.push_back(row(sim, EventKind::Pos, static_cast<int>(p.mode), p.facing));
}

std::vector<EventRow> play_events(const Level& level, const std::vector<InputFrame>& inputs) {
    Simulation sim(level);
    const EventExtractor extractor(sim.level());
    std::vector<EventRow> rows;
    extractor.start(sim, rows);
    for (const InputFrame input : inputs) {
        sim.step(input);
        extractor.after_step(sim, rows);
    }
    return rows;
}

}  // namespace sawtooth::telemetry
