#include "game/bot/free_search.hpp"

#include "game/bot/move_templates.hpp"
#include "game/bot/rest_place.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <queue>
#include <set>
#include <tuple>
#include <utility>

namespace sawtooth::bot {

namespace {

constexpr int kMaxFreeExpansions = 40;  ///< resting places expanded by the graph-free search
constexpr int kMaxFreeTimings = 16;     ///< chains found by one free search timed against the traps

class FreeSearch {
public:
    FreeSearch(const SearchTools& tools, Simulation& geo, const Simulation& real,
               const std::vector<int>* path, int w_min);
    std::optional<Plan> run();

private:
    struct State {
        std::shared_ptr<const SimSnapshot> snap;
        std::vector<InputFrame> frames;  ///< from the parent
        int parent = -1;
        int depth = 0;
        RestKey key;
    };

    bool is_goal(const Rollout& r) const;
    std::optional<Plan> expand(int si);
    std::optional<Plan> time_chain(int si, const Rollout& r);

    const SearchTools& m_tools;
    const PathPlanner& m_planner;
    Simulation& m_geo;
    const std::vector<int>* m_path;
    const int m_w_min;
    std::set<int> m_goal_nodes;
    CellPos m_aim;
    int m_here = -1;
    std::shared_ptr<const SimSnapshot> m_now;
    std::vector<State> m_states;
    using Item = std::tuple<double, int>;  // priority, state index (FIFO among equals)
    std::priority_queue<Item, std::vector<Item>, std::greater<>> m_open;
    std::set<RestKey> m_seen;
    int m_tried = 0;         ///< chains to a goal that the timing scan could not start
    bool m_gave_up = false;  ///< kMaxFreeTimings such chains: the search ends
};

FreeSearch::FreeSearch(const SearchTools& tools, Simulation& geo, const Simulation& real,
                       const std::vector<int>* path, int w_min)
    : m_tools(tools),
      m_planner(tools.planner),
      m_geo(geo),
      m_path(path),
      m_w_min(w_min),
      m_aim(tools.level.exit) {
    if (path) {
        for (std::size_t i = 1; i < path->size(); ++i)
            if (!m_planner.danger_node((*path)[i])) m_goal_nodes.insert((*path)[i]);
        std::size_t t = 1;
        while (t + 1 < path->size() && m_planner.danger_node((*path)[t])) ++t;
        m_aim = m_planner.node((*path)[t]).cell;
    }
    m_here = node_of(m_planner.graph(), real.player());
    m_now = real.snapshot();
    const RestKey start = key_of(real.player());
    m_states.push_back({m_now, {}, -1, 0, start});
    m_seen.insert(start);
    m_open.push({0.0, 0});
}

bool FreeSearch::is_goal(const Rollout& r) const {
    if (r.exit) return true;
    if (!r.rest) return false;
    const int n = node_of(m_planner.graph(), r.view);
    if (m_path) return m_goal_nodes.count(n) > 0;
    // Back onto the graph: a node with a graph path to the exit.
    return n >= 0 && n != m_here && m_planner.leads_to_goal(n);
}

std::optional<Plan> FreeSearch::run() {
    int expansions = 0;
    while (!m_open.empty() && expansions < kMaxFreeExpansions) {
        const int si = std::get<1>(m_open.top());
        m_open.pop();
        ++expansions;
        if (auto plan = expand(si)) return plan;
        if (m_gave_up) return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Plan> FreeSearch::expand(int si) {
    m_geo.restore(*m_states[static_cast<std::size_t>(si)].snap);
    const PlayerView v = m_geo.player();
    const double dx = cell_centre_x(m_aim) - v.x;
    const int dy = m_aim.y - feet_row(v);
    const auto snap = m_states[static_cast<std::size_t>(si)].snap;
    const int depth = m_states[static_cast<std::size_t>(si)].depth;
    MoveRollouts moves(m_planner.graph(), m_geo, *snap, frames_of(candidate_macros(v, dx, dy)),
                       Landing::Ignore, m_tools.rollouts);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        Rollout r = moves.run(i);
        if (!r.exit && !r.rest) continue;
        const RestKey k = key_of(r.view);
        if (!r.exit && m_seen.count(k)) continue;
        if (is_goal(r)) {
            if (auto plan = time_chain(si, r)) return plan;
            if (++m_tried >= kMaxFreeTimings) {
                m_gave_up = true;
                return std::nullopt;
            }
            continue;
        }
        m_seen.insert(k);
        const double h = std::abs(k.x - m_aim.x) + std::abs(k.y - m_aim.y);
        m_states.push_back({r.end, std::move(r.frames), si, depth + 1, k});
        m_open.push({h + kSearchDepthCost * (depth + 1), static_cast<int>(m_states.size()) - 1});
    }
    return std::nullopt;
}

/// The chain of states from the start to state `si`, then the move `r` to a goal: the hop
/// ends at the chain's first resting place outside every trap area, timed from now.
std::optional<Plan> FreeSearch::time_chain(int si, const Rollout& r) {
    std::vector<int> chain;
    for (int c = si; c > 0; c = m_states[static_cast<std::size_t>(c)].parent) chain.push_back(c);
    std::reverse(chain.begin(), chain.end());
    std::vector<InputFrame> all;
    RestKey end_key = key_of(r.view);
    bool end_exit = r.exit;
    bool cut = false;
    for (int c : chain) {
        const State& st = m_states[static_cast<std::size_t>(c)];
        all.insert(all.end(), st.frames.begin(), st.frames.end());
        if (!m_planner.danger_key(st.key)) {
            end_key = st.key;
            end_exit = false;
            cut = true;
            break;
        }
    }
    if (!cut) all.insert(all.end(), r.frames.begin(), r.frames.end());
    auto at_target = [end_key, end_exit](const PlayerView& pv) {
        return !end_exit && at_rest(pv) && key_of(pv) == end_key;
    };
    if (const auto w = m_tools.timer.time_move(*m_now, all, at_target, m_w_min)) return Plan{*w, all, -1};
    return std::nullopt;
}

}  // namespace

std::optional<Plan> search_free(const SearchTools& tools, Simulation& geo, const Simulation& real,
                                const std::vector<int>* path, int w_min) {
    return FreeSearch(tools, geo, real, path, w_min).run();
}

}  // namespace sawtooth::bot
