#include "game/bot/chain_search.hpp"

#include "game/bot/move_templates.hpp"
#include "game/bot/rest_place.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <queue>
#include <tuple>
#include <utility>

namespace sawtooth::bot {

namespace {

constexpr int kMaxBfsExpansions = 10;       ///< resting states expanded by a multi-move hop search
constexpr int kMaxWideExpansions = 60;      ///< ... by the wide traps-on one (its states carry a time)
constexpr int kLiveWaits[] = {20, 40, 60};  ///< ticks of the waits the traps-on chain search tries
constexpr std::size_t kLiveTimeSlot = 20;   ///< ticks: traps-on arrivals this far apart are different states
constexpr int kMaxDepth = 6;                ///< path edges beyond which a chain gets no more moves
constexpr int kNearPath = 2;                ///< cells (Manhattan) a chain's resting place may be off the path

class ChainSearch {
public:
    ChainSearch(const SearchTools& tools, Simulation& sim, const HopGoal& goal,
                const ChainSearchSettings& settings, UntimedMoves* untimed)
        : m_tools(tools),
          m_graph(tools.planner.graph()),
          m_sim(sim),
          m_goal(goal),
          m_settings(settings),
          m_untimed(untimed),
          m_target(goal.target()),
          m_target_cell(tools.planner.node(m_target).cell),
          m_max_depth(static_cast<int>(std::min<std::size_t>(goal.target_index, kMaxDepth)) + 2) {}

    std::optional<Plan> run(const SimSnapshot& root);

private:
    struct State {
        std::shared_ptr<const SimSnapshot> snap;
        std::vector<InputFrame> frames;
        int depth = 0;
        int kind = 0;
    };

    bool near_path(int n) const;
    int grab_node_after(int n) const;
    std::optional<Plan> expand(int si);
    std::optional<Plan> try_move(const State& s, Rollout&& r);
    void offer_waits(const State& s, int here);
    void offer(const State& from, int node, int kind, std::shared_ptr<const SimSnapshot> snap,
               std::vector<InputFrame>&& frames);

    const SearchTools& m_tools;
    const LevelGraph& m_graph;
    Simulation& m_sim;
    const HopGoal& m_goal;
    const ChainSearchSettings& m_settings;
    UntimedMoves* m_untimed;
    const int m_target;
    const CellPos m_target_cell;
    const int m_max_depth;
    std::vector<State> m_states;
    using Item = std::tuple<double, int>;  // priority, state index (FIFO among equals)
    std::priority_queue<Item, std::vector<Item>, std::greater<>> m_open;
    // Per node, kind (0 at rest, 1 just landed, still moving, 2.. at rest after a wait,
    // kLiveWaits[kind - 2] ticks) and, in a wide search, arrival time slot: the queued
    // state. With traps on, reaching a place later is not just worse: a later arrival
    // may meet the next spike's window or light a mine later (e.g. wait below a mine,
    // then step onto it and hang beside the spike above it as the spike hides), so in
    // a wide search the quickest arrival only replaces one in the same kLiveTimeSlot.
    std::map<std::tuple<int, int, std::size_t>, int> m_state_at;
    std::vector<char> m_expanded;
    int m_tried = 0;         ///< chains to the target that the timing scan could not start
    bool m_gave_up = false;  ///< enough such chains: the search ends
};

std::optional<Plan> ChainSearch::run(const SimSnapshot& root) {
    m_sim.restore(root);
    m_states.push_back({m_sim.snapshot(), {}, 0, 0});
    m_expanded.push_back(0);
    m_open.push({0.0, 0});
    int expansions = 0;
    int max_expansions = m_settings.max_expansions;
    if (max_expansions <= 0) max_expansions = m_settings.wide ? kMaxWideExpansions : kMaxBfsExpansions;
    while (!m_open.empty() && expansions < max_expansions) {
        const int si = std::get<1>(m_open.top());
        m_expanded[static_cast<std::size_t>(si)] = 1;
        m_open.pop();
        ++expansions;
        if (auto plan = expand(si)) return plan;
        if (m_gave_up) return std::nullopt;
    }
    return std::nullopt;
}

bool ChainSearch::near_path(int n) const {
    const std::vector<int>& path = m_goal.path;
    const CellPos c = m_graph.nodes[static_cast<std::size_t>(n)].cell;
    for (std::size_t i = 0; i <= std::min(m_goal.target_index + 1, path.size() - 1); ++i) {
        const CellPos p = m_graph.nodes[static_cast<std::size_t>(path[i])].cell;
        if (std::abs(p.x - c.x) + std::abs(p.y - c.y) <= kNearPath) return true;
    }
    return false;
}

/// The next ledge on the way from a resting place (often inside a trap area, so not
/// the target itself): the first hang node after the path node the place is on, or
/// nearest to (ties: the later one).
int ChainSearch::grab_node_after(int n) const {
    const std::vector<int>& path = m_goal.path;
    const std::size_t t = m_goal.target_index;
    std::size_t at = 0;
    int best = std::numeric_limits<int>::max();
    const CellPos c = m_graph.nodes[static_cast<std::size_t>(n)].cell;
    for (std::size_t i = 0; i <= t; ++i) {
        const CellPos p = m_graph.nodes[static_cast<std::size_t>(path[i])].cell;
        const int d = path[i] == n ? -1 : std::abs(p.x - c.x) + std::abs(p.y - c.y);
        if (d <= best) best = d, at = i;
    }
    for (std::size_t i = at + 1; i <= t; ++i)
        if (m_graph.nodes[static_cast<std::size_t>(path[i])].type != NodeType::Stand) return path[i];
    return m_target;
}

std::optional<Plan> ChainSearch::expand(int si) {
    const State s = m_states[static_cast<std::size_t>(si)];  // a copy: offers grow m_states
    m_sim.restore(*s.snap);
    const PlayerView v = m_sim.player();
    const double dx = cell_centre_x(m_target_cell) - v.x;
    const int dy = m_target_cell.y - feet_row(v);
    const int here = si == 0 ? m_goal.path[0] : node_of(m_graph, v);
    const Landing landing = m_settings.traps_on ? Landing::Record : Landing::Ignore;
    MoveRollouts moves(m_graph, m_sim, *s.snap,
                       frames_of(candidate_macros(v, dx, dy, grab_of(m_graph, grab_node_after(here), v))),
                       landing, m_tools.rollouts);
    for (std::size_t k = 0; k < moves.size(); ++k) {
        if (auto plan = try_move(s, moves.run(k))) return plan;
        if (m_gave_up) return std::nullopt;
    }
    // With traps on, waiting at a resting place inside a trap area is a move too: two
    // spikes in a row may need a pause between them (the start of the chain is scanned
    // by the MoveTimer, the middle is not).
    if (m_settings.traps_on && s.kind == 0 && s.depth >= 1 && here >= 0 && m_tools.planner.danger_node(here))
        offer_waits(s, here);
    return std::nullopt;
}

std::optional<Plan> ChainSearch::try_move(const State& s, Rollout&& r) {
    // With traps on, a chain may go on from the moment of a landing without coming to
    // rest first (off a mine before its fuse burns down).
    if (r.landing && r.landing_node >= 0 && !r.exit && r.landing_node != m_target) {
        std::vector<InputFrame> part = s.frames;
        part.insert(part.end(), r.frames.begin(),
                    r.frames.begin() + static_cast<std::ptrdiff_t>(r.landing_frames));
        offer(s, r.landing_node, 1, r.landing, std::move(part));
    }
    if (!r.exit && r.node < 0) return std::nullopt;
    std::vector<InputFrame> all = s.frames;
    all.insert(all.end(), r.frames.begin(), r.frames.end());
    if (r.exit || r.node == m_target) {
        if (const auto w = m_tools.timer.time_move(m_goal.now, all, m_target, m_goal.w_min))
            return Plan{*w, all, m_target};
        if (m_untimed) m_untimed->push_back(all);
        if (++m_tried >= 2 * m_tools.settings.max_geo_candidates) m_gave_up = true;
        return std::nullopt;
    }
    offer(s, r.node, 0, r.end, std::move(all));
    return std::nullopt;
}

void ChainSearch::offer_waits(const State& s, int here) {
    for (std::size_t k = 0; k < std::size(kLiveWaits); ++k) {
        m_sim.restore(*s.snap);
        std::vector<InputFrame> all = s.frames;
        bool alive = true;
        for (int i = 0; i < kLiveWaits[k] && alive; ++i) {
            m_sim.step(InputFrame{});
            all.push_back(InputFrame{});
            alive = m_sim.player().mode != PlayerMode::Dead;
        }
        if (alive) offer(s, here, 2 + static_cast<int>(k), m_sim.snapshot(), std::move(all));
    }
}

/// A place to go on from: a quicker way to a queued one replaces it (in a chain through
/// trap windows and mine fuses every tick counts).
void ChainSearch::offer(const State& from, int node, int kind, std::shared_ptr<const SimSnapshot> snap,
                        std::vector<InputFrame>&& frames) {
    const int depth = from.depth + 1;
    if (depth >= m_max_depth || node == m_goal.path[0] || !near_path(node)) return;
    const auto key = std::make_tuple(node, kind, m_settings.wide ? frames.size() / kLiveTimeSlot : 0);
    if (const auto it = m_state_at.find(key); it != m_state_at.end()) {
        const auto q = static_cast<std::size_t>(it->second);
        if (!m_expanded[q] && frames.size() < m_states[q].frames.size())
            m_states[q] = {std::move(snap), std::move(frames), depth, kind};
        return;
    }
    m_state_at[key] = static_cast<int>(m_states.size());
    m_expanded.push_back(0);
    const CellPos c = m_graph.nodes[static_cast<std::size_t>(node)].cell;
    const double h = std::abs(c.x - m_target_cell.x) + std::abs(c.y - m_target_cell.y);
    m_states.push_back({std::move(snap), std::move(frames), depth, kind});
    m_open.push({h + kSearchDepthCost * depth, static_cast<int>(m_states.size()) - 1});
}

}  // namespace

std::optional<Plan> search_chain(const SearchTools& tools, Simulation& sim, const HopGoal& goal,
                                 const SimSnapshot& root, const ChainSearchSettings& settings,
                                 UntimedMoves* untimed) {
    return ChainSearch(tools, sim, goal, settings, untimed).run(root);
}

}  // namespace sawtooth::bot
