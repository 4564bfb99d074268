#include "game/sim/bot/expert_bot.hpp"

#include "gen/level_graph.hpp"
#include "gen/rng.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <set>
#include <tuple>
#include <utility>

namespace sawtooth::bot {

namespace {

// ---- Tuning constants ----
constexpr double kHalfH = kPlayerHeight / 2;
constexpr double kHalfW = kPlayerWidth / 2;
constexpr double kRunPerTick = kRunSpeed * kTickSeconds;  ///< m a held direction moves per tick
constexpr double kRestSpeed = 0.05;              ///< m/s: slower than this on the ground counts as resting
constexpr double kGrabSlack = 0.03;              ///< m a hanging spot is kept clear of the wall
constexpr double kBlockedStep = 0.002;           ///< m: a walking step shorter than this is blocked by a wall
constexpr int kSettleMaxTicks = 120;             ///< a move's fall must end within 2 s
constexpr double kTrapPathPenalty = 6.0;         ///< extra path cost of an edge touching a trap area
constexpr double kFailPenalty = 25.0;            ///< extra path cost of an edge a hop failed on
constexpr double kGoodCentering = 0.55;          ///< m from the cell centre a landing is "well centred"
constexpr double kMineDangerRadius = 2.4 + 0.9;  ///< blast radius plus half a body, cell centres
constexpr int kMaxBfsExpansions = 10;            ///< resting states expanded by a multi-move hop search
constexpr int kMaxWideExpansions = 60;           ///< ... by the wide traps-on one (its states carry a time)
constexpr int kMaxDeepExpansions = 200;          ///< ... by the expert's last, deep one
constexpr int kMaxNoProgress = 12;               ///< executed hops that ended where they began
constexpr int kMaxFreeExpansions = 40;           ///< resting places expanded by the graph-free search
constexpr int kMaxFreeSearchesOnGraph = 20;      ///< graph-free searches per play when a graph path exists
constexpr int kMaxFreeSearchesPerNode = 2;       ///< ... and per resting node
constexpr double kRecentreSlack = 0.3;           ///< m off the cell centre that is worth a shuffle
constexpr int kMaxFreeTimings = 16;              ///< chains found by one free search timed against the traps
constexpr double kFreeDepthCost = 1.5;           ///< free search priority: cells-to-goal + this per move
constexpr std::size_t kShortHop = 4;             ///< path edges of the fallback hop into a trap area
constexpr int kLongWaitTicks = 1500;             ///< longest wait scanned when the usual window has no start
constexpr std::size_t kLongTimings = 4;          ///< moves timed over that long window per hop
constexpr int kLiveWaits[] = {20, 40, 60};       ///< ticks of the waits the traps-on chain search tries
constexpr int kLiveStartStep = 12;               ///< ticks between the starts of the traps-on chain search
constexpr int kLiveStartSpan = 108;              ///< ... up to this many ticks after the earliest start
constexpr int kMaxCarryOnTicks = 30;             ///< ticks a noisy player runs on to get out of a trap area
constexpr std::size_t kLiveTimeSlot = 20;  ///< ticks: traps-on arrivals this far apart are different states

/// A macro: held buttons for a number of ticks, in order.
struct Seg {
    std::uint8_t bits = 0;
    int n = 0;
};
using Macro = std::vector<Seg>;

std::vector<InputFrame> frames_of(const Macro& m) {
    std::vector<InputFrame> out;
    for (const Seg& s : m)
        for (int i = 0; i < s.n; ++i) out.push_back(InputFrame{s.bits});
    return out;
}

int floor_div(double v) { return static_cast<int>(std::floor(v / kCellSize)); }

bool at_rest(const PlayerView& v) {
    return (v.mode == PlayerMode::Ground && std::fabs(v.vx) < kRestSpeed) || v.mode == PlayerMode::HangLeft ||
           v.mode == PlayerMode::HangRight;
}

bool hanging(const PlayerView& v) {
    return v.mode == PlayerMode::HangLeft || v.mode == PlayerMode::HangRight;
}

/// The graph node the player occupies when at rest, -1 if none.
int node_of(const LevelGraph& g, const PlayerView& v) {
    const int cx = floor_div(v.x);
    switch (v.mode) {
        case PlayerMode::Ground:
            return g.stand({cx, floor_div(v.y - kHalfH + 0.05)});
        case PlayerMode::HangLeft:
            return g.find({cx, floor_div(v.y)}, NodeType::HangLeft);
        case PlayerMode::HangRight:
            return g.find({cx, floor_div(v.y)}, NodeType::HangRight);
        default:
            return -1;
    }
}

double cell_centre_x(CellPos c) { return (c.x + 0.5) * kCellSize; }

/// A resting place without the graph: cell and mode (0 stand, 1 hang-left, 2 hang-right).
struct RestKey {
    int x = 0;
    int y = 0;
    int mode = 0;
    int sub = 0;  ///< quarter of the cell the body centre is in (fine_key_of only)
    bool operator==(const RestKey&) const = default;
    bool operator<(const RestKey& o) const {
        return std::tie(x, y, mode, sub) < std::tie(o.x, o.y, o.mode, o.sub);
    }
};

RestKey key_of(const PlayerView& v) {
    const int cx = floor_div(v.x);
    if (v.mode == PlayerMode::HangLeft) return {cx, floor_div(v.y), 1};
    if (v.mode == PlayerMode::HangRight) return {cx, floor_div(v.y), 2};
    return {cx, floor_div(v.y - kHalfH + 0.05), 0};
}

/// key_of plus where in the cell the player stands: searches from a different spot of
/// the same cell can succeed (run-ups), so failures are remembered per quarter cell.
RestKey fine_key_of(const PlayerView& v) {
    RestKey k = key_of(v);
    k.sub = static_cast<int>(std::floor((v.x / kCellSize - k.x) * 4.0));
    return k;
}

/// Candidate moves from the current state toward a target `dx` metres away horizontally
/// and `dy` cells up; the most likely first.
/// A target ledge to grab: the side it is on (+1 right, -1 left) and the metres from
/// the player to where a hanging body is, horizontally.
struct Grab {
    int side = 0;
    double dx = 0.0;
};

std::vector<Macro> candidate_macros(const PlayerView& v, double dx, int dy, Grab grab = {}) {
    std::vector<Macro> walks, jumps, hangs;
    const std::uint8_t U = kInputUp, Dn = kInputDown;
    std::vector<int> dirs;
    if (std::fabs(dx) > 0.3)
        dirs = {dx > 0 ? 1 : -1, dx > 0 ? -1 : 1};
    else
        dirs = {1, -1};
    const bool hanging = v.mode == PlayerMode::HangLeft || v.mode == PlayerMode::HangRight;
    if (hanging) {
        const int s = v.mode == PlayerMode::HangRight ? 1 : -1;
        const std::uint8_t S = s > 0 ? kInputRight : kInputLeft, A = s > 0 ? kInputLeft : kInputRight;
        // Up and over the ledge.
        for (int h : {30, 16, 10})
            for (int a : {16, 26, 40})
                hangs.push_back({{static_cast<std::uint8_t>(U | S), h}, {S, std::max(0, a - h)}});
        for (int k : {2, 4, 7, 10})
            hangs.push_back({{U, k}, {static_cast<std::uint8_t>(U | S), 30 - k}, {S, 16}});
        // Up and over, holding down once past the ledge so a wall beyond it is not grabbed.
        for (int h : {8, 12, 16})
            hangs.push_back({{static_cast<std::uint8_t>(U | S), h}, {static_cast<std::uint8_t>(Dn | S), 30}});
        // Away from the wall.
        for (int h : {30, 16, 8})
            for (int a : {10, 20, 35})
                hangs.push_back({{static_cast<std::uint8_t>(U | A), h}, {A, std::max(0, a - h)}});
        for (int h : {30, 12}) hangs.push_back({{U, h}});
        // Let go, straight down or drifting.
        hangs.push_back({{Dn, 30}});
        hangs.push_back({{Dn, 1}, {0, 30}});
        for (std::uint8_t D : {A, S})
            for (int k : {2, 8})
                for (int n : {6, 12, 20})
                    hangs.push_back({{Dn, k}, {static_cast<std::uint8_t>(Dn | D), n}, {Dn, 20}});
        for (int n : {4, 10}) hangs.push_back({{Dn, 1}, {A, n}});
        // Up and just over the ledge, stopping near its edge (a wall spike beyond it).
        for (int k : {4, 6, 8}) hangs.push_back({{static_cast<std::uint8_t>(U | S), k}, {U, 30 - k}});
        // Drops first when the target is below.
        if (dy < 0)
            std::stable_partition(hangs.begin(), hangs.end(),
                                  [](const Macro& m) { return m[0].bits & kInputDown; });
        return hangs;
    }
    for (int d : dirs) {
        const std::uint8_t D = d > 0 ? kInputRight : kInputLeft;
        const std::uint8_t B = d > 0 ? kInputLeft : kInputRight;
        const bool toward = std::fabs(dx) <= 0.3 || (dx > 0) == (d > 0);
        if (toward) {
            const int est = std::max(1, static_cast<int>(std::lround(std::fabs(dx) / kRunPerTick - 0.25)));
            for (int off : {0, -1, 1, -2, 2, -4, 4, 7, -7})
                if (est + off >= 1) walks.push_back({{D, est + off}});
            for (int off : {0, -2, 2, 5})
                if (est + off >= 1)
                    walks.push_back({{static_cast<std::uint8_t>(D | Dn), est + off}, {Dn, 25}});
            for (int n : {8, 20})  // short steps toward a far target (graph-free search)
                if (n < est - 7) walks.push_back({{D, n}});
        } else {
            for (int n : {4, 9, 14}) walks.push_back({{D, n}});  // back up for a run-up
        }
        for (int r : {0, 4, 8, 13})
            for (int h : {30, 16, 10, 6, 3})
                for (int a : {45, 24, 16, 10, 6}) {
                    if (a < h && a != 45) continue;
                    Macro m;
                    if (r > 0) m.push_back({D, r});
                    m.push_back({static_cast<std::uint8_t>(U | D), std::min(h, a)});
                    if (a > h) m.push_back({D, a - h});
                    jumps.push_back(m);
                    if (a <= 16 && r == 0) jumps.push_back({m[0], {B, 4}});  // brake for a short hop
                }
        for (int k : {3, 6, 10, 14})
            jumps.push_back({{U, k}, {static_cast<std::uint8_t>(U | D), 30 - k}, {D, 20}});
        // Climb: jump at the wall, keep pushing into it until the ledge is grabbed.
        for (int h : {30, 20}) jumps.push_back({{static_cast<std::uint8_t>(U | D), h}, {D, 40}});
    }
    for (int h : {30, 12}) jumps.push_back({{U, h}});
    if (grab.side != 0) {
        // A ledge above the player's column or the next one: walk under the hanging spot,
        // jump straight up past any ceiling edge, then push toward the ledge to grab it.
        const std::uint8_t S = grab.side > 0 ? kInputRight : kInputLeft;
        const int n = static_cast<int>(std::lround(std::fabs(grab.dx) / kRunPerTick));
        const std::uint8_t W = grab.dx > 0 ? kInputRight : kInputLeft;
        for (int k : {0, 6, 10, 14}) {
            Macro m;
            if (n > 0) m.push_back({W, n});
            if (k > 0) m.push_back({U, k});
            m.push_back({static_cast<std::uint8_t>(U | S), 30 - k});
            m.push_back({S, 20});
            jumps.insert(jumps.begin(), m);
        }
    }
    std::vector<Macro> out;
    const bool climb = dy > 0;
    auto append = [&out](const std::vector<Macro>& ms) { out.insert(out.end(), ms.begin(), ms.end()); };
    if (climb) {
        append(jumps);
        append(walks);
    } else {
        append(walks);
        append(jumps);
    }
    return out;
}

/// One lookahead result.
struct Rollout {
    bool died = false;
    bool exit = false;
    bool rest = false;
    int node = -1;
    PlayerView view;
    std::vector<InputFrame> frames;  ///< macro frames plus the settling frames actually used
    /// The first landing from the air, if asked for: the state, frames[0, landing_frames)
    /// lead there, and the node it is on (-1 if none).
    std::shared_ptr<const SimSnapshot> landing;
    std::size_t landing_frames = 0;
    int landing_node = -1;
};

/// A hop: frames to execute after a wait, and where they lead.
struct Plan {
    int wait = 0;
    std::vector<InputFrame> frames;
    int target = -1;
};

class Player {
public:
    Player(Simulation& sim, const SkillProfile& skill, std::uint64_t seed, const BotSettings& settings,
           const StepCallback& cb)
        : m_sim(sim),
          m_level(sim.level()),
          m_skill(skill),
          m_rng(seed),
          m_settings(settings),
          m_cb(cb),
          m_graph(build_level_graph(m_level)),
          m_geo(m_level, geo_config()),
          m_wait_sim(m_level),
          m_run_sim(m_level),
          m_live_sim(m_level) {
        m_danger.assign(static_cast<std::size_t>(m_level.width * m_level.height), 0);
        for (const Trap& t : m_level.traps) {
            for (const CellPos c : trap_cells(t)) m_danger[idx(c)] = 1;
            if (t.type != TrapType::Mine) continue;
            const double mx = (t.cell.x + 0.5) * kCellSize, my = t.cell.y * kCellSize + kMineHeight;
            for (int y = 0; y < m_level.height; ++y)
                for (int x = 0; x < m_level.width; ++x)
                    if (std::hypot((x + 0.5) * kCellSize - mx, y * kCellSize + kHalfH - my) <
                        kMineDangerRadius)
                        m_danger[idx({x, y})] = 1;
        }
    }

    PlayResult play() {
        PlayResult res;
        const int goal = m_graph.stand(m_level.exit);
        if (goal >= 0) m_to_goal = reachable(m_graph, goal);
        int no_progress = 0;
        int free_searches = 0;
        std::map<RestKey, int> free_at;  // free searches started per resting spot
        settle_real();
        while (true) {
            if (m_sim.reached_exit()) {
                res.end = PlayEnd::Exit;
                break;
            }
            if (m_skill.patience_deaths > 0 && m_sim.deaths() >= m_skill.patience_deaths) {
                res.end = PlayEnd::Skipped;
                break;
            }
            if (m_skill.patience_ticks > 0 && static_cast<int>(m_sim.tick()) >= m_skill.patience_ticks) {
                res.end = PlayEnd::Skipped;
                break;
            }
            if (static_cast<int>(m_sim.tick()) >= m_settings.max_ticks) {
                res.end = PlayEnd::OutOfTime;
                res.note = "tick limit at " + where();
                break;
            }
            const int cur = current_node();
            std::vector<int> path;
            if (cur >= 0 && goal >= 0) path = shortest_path(cur, goal);
            std::optional<Plan> plan;
            if (path.size() >= 2) {
                plan = find_plan(path);
                // The graph's move failed (or its patches miss the move the level needs):
                // search resting places directly, toward the nodes further along the path.
                if (!plan && free_searches < kMaxFreeSearchesOnGraph &&
                    free_at[fine_key_of(m_sim.player())] < kMaxFreeSearchesPerNode) {
                    ++free_searches;
                    ++free_at[fine_key_of(m_sim.player())];
                    plan = find_free_plan(&path);
                }
            } else if (free_at[fine_key_of(m_sim.player())]++ < kMaxFreeSearchesPerNode) {
                // No graph path (hand-made levels: their moves need not match the
                // generator's jump patches; or noise left the player off the graph):
                // search resting places toward the exit or back onto the graph.
                plan = find_free_plan(nullptr);
            }
            if (!plan) {
                ++res.plan_failures;
                if (path.size() >= 2) penalize(path[0], path[1]);
                // A person who finds no way from here shuffles to the middle of the
                // cell (run-ups are measured from there) and looks again.
                if (recentre()) continue;
                // Hanging with no way on (noise grabbed a ledge the plan did not want):
                // let go and look again from below.
                if (hanging(m_sim.player())) {
                    step_real(InputFrame{kInputDown});
                    settle_real();
                    continue;
                }
                if (res.plan_failures > m_settings.max_plan_failures) {
                    res.end = PlayEnd::Stuck;
                    res.note = path.size() >= 2 ? "no move from " + where() + " toward " + cell_text(path[1])
                                                : "no path (graph or free search) from " + where();
                    break;
                }
                step_real(InputFrame{});  // time passes while the player looks for a way
                continue;
            }
            if (plan->target < 0) {
                const RestKey before = key_of(m_sim.player());
                const int deaths_before = m_sim.deaths();
                execute(*plan);
                ++res.hops;
                settle_real();
                if (!m_sim.reached_exit() && m_sim.deaths() == deaths_before &&
                    key_of(m_sim.player()) == before && ++no_progress > kMaxNoProgress) {
                    res.end = PlayEnd::Stuck;
                    res.note = "free search makes no progress at " + where();
                    break;
                }
                continue;
            }
            const int deaths_before = m_sim.deaths();
            execute(*plan);
            ++res.hops;
            settle_real();
            if (m_sim.reached_exit()) continue;
            const int now = current_node();
            if (m_sim.deaths() == deaths_before && now != plan->target) {
                // The real run diverged from the lookahead (or noise took the player
                // elsewhere): do not insist on this edge forever.
                if (now == path[0] && ++no_progress > kMaxNoProgress) {
                    penalize(path[0], path[1]);
                    no_progress = 0;
                }
            }
        }
        res.deaths = m_sim.deaths();
        res.ticks = m_sim.tick();
        res.inputs = std::move(m_inputs);
        return res;
    }

private:
    static SimConfig geo_config() {
        SimConfig c;
        c.traps_enabled = false;
        return c;
    }
    std::size_t idx(CellPos c) const { return static_cast<std::size_t>(c.y * m_level.width + c.x); }
    bool danger_node(int n) const {
        return m_danger[idx(m_graph.nodes[static_cast<std::size_t>(n)].cell)] != 0;
    }
    std::string cell_text(int n) const {
        const GraphNode& g = m_graph.nodes[static_cast<std::size_t>(n)];
        return "node " + std::to_string(n) + " (" + std::to_string(g.cell.x) + "," +
               std::to_string(g.cell.y) +
               (g.type == NodeType::Stand      ? " stand)"
                : g.type == NodeType::HangLeft ? " hang-left)"
                                               : " hang-right)");
    }
    std::string where() const {
        const PlayerView& v = m_sim.player();
        char buf[96];
        std::snprintf(buf, sizeof buf, "(%.2f, %.2f) cell (%d,%d) tick %llu", v.x, v.y, floor_div(v.x),
                      floor_div(v.y - kHalfH + 0.05), static_cast<unsigned long long>(m_sim.tick()));
        return buf;
    }

    void step_real(InputFrame f) {
        m_sim.step(f);
        m_inputs.push_back(f);
        if (m_cb) m_cb(f, m_sim);
    }

    /// Walks toward the middle of the current cell if standing well off it; false if not.
    bool recentre() {
        const PlayerView& v = m_sim.player();
        if (v.mode != PlayerMode::Ground) return false;
        const double off = cell_centre_x({floor_div(v.x), 0}) - v.x;
        if (std::fabs(off) < kRecentreSlack) return false;
        const int n = std::max(1, static_cast<int>(std::lround(std::fabs(off) / kRunPerTick)));
        for (int i = 0; i < n; ++i) step_real(InputFrame{off > 0 ? kInputRight : kInputLeft});
        settle_real();
        return true;
    }

    /// Lets the player come to rest (and a death run its course) with no buttons held.
    void settle_real() {
        // Release every button once: a move that ends holding up would make the next
        // jump a non-press (the simulation jumps on the press edge only).
        if (!m_inputs.empty() && m_inputs.back().bits != 0 && !m_sim.reached_exit()) step_real(InputFrame{});
        for (int i = 0; i < kSettleMaxTicks + kDeathTicks + 2; ++i) {
            const PlayerView& v = m_sim.player();
            if (m_sim.reached_exit() || (v.mode != PlayerMode::Dead && at_rest(v))) return;
            step_real(InputFrame{});
        }
    }

    int current_node() const {
        int n = node_of(m_graph, m_sim.player());
        if (n >= 0) return n;
        // Off the graph (e.g. resting on a ledge edge): the nearest node.
        const PlayerView& v = m_sim.player();
        double best = std::numeric_limits<double>::max();
        for (std::size_t i = 0; i < m_graph.nodes.size(); ++i) {
            const CellPos c = m_graph.nodes[i].cell;
            const double d = std::hypot(cell_centre_x(c) - v.x, c.y * kCellSize + 1.0 - v.y);
            if (d < best) best = d, n = static_cast<int>(i);
        }
        return best < kCellSize ? n : -1;
    }

    double edge_cost(int a, int b, double w) const {
        double c = w;
        if (danger_node(a) || danger_node(b)) c += kTrapPathPenalty;
        const auto it = m_penalty.find({std::min(a, b), std::max(a, b)});
        if (it != m_penalty.end()) c += it->second;
        return c;
    }
    void penalize(int a, int b) { m_penalty[{std::min(a, b), std::max(a, b)}] += kFailPenalty; }

    std::vector<int> shortest_path(int from, int to) const {
        const std::size_t n = m_graph.nodes.size();
        std::vector<double> dist(n, std::numeric_limits<double>::infinity());
        std::vector<int> prev(n, -1);
        using Item = std::pair<double, int>;
        std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
        dist[static_cast<std::size_t>(from)] = 0.0;
        open.push({0.0, from});
        while (!open.empty()) {
            const auto [d, u] = open.top();
            open.pop();
            if (d > dist[static_cast<std::size_t>(u)]) continue;
            if (u == to) break;
            for (const auto& [v, e] : m_graph.adj[static_cast<std::size_t>(u)]) {
                const double nd = d + edge_cost(u, v, m_graph.edges[static_cast<std::size_t>(e)].weight);
                if (nd < dist[static_cast<std::size_t>(v)]) {
                    dist[static_cast<std::size_t>(v)] = nd;
                    prev[static_cast<std::size_t>(v)] = u;
                    open.push({nd, v});
                }
            }
        }
        std::vector<int> path;
        if (!std::isfinite(dist[static_cast<std::size_t>(to)])) return path;
        for (int v = to; v != -1; v = prev[static_cast<std::size_t>(v)]) path.push_back(v);
        std::reverse(path.begin(), path.end());
        return path;
    }

    /// Runs frames then lets the player settle, on `sim` restored to `from`.
    Rollout rollout(Simulation& sim, const SimSnapshot& from, const std::vector<InputFrame>& frames,
                    bool want_landing = false) const {
        sim.restore(from);
        Rollout r;
        auto note_landing = [&](PlayerMode before) {
            if (!want_landing || r.landing || before != PlayerMode::Air ||
                sim.player().mode != PlayerMode::Ground)
                return;
            r.landing = sim.snapshot();
            r.landing_frames = r.frames.size();
            r.landing_node = node_of(m_graph, sim.player());
        };
        r.frames.reserve(frames.size() + kSettleMaxTicks);
        // Frames from `tail` on hold one button set to the end of the macro.
        std::size_t tail = frames.size();
        while (tail > 0 && frames[tail - 1].bits == frames.back().bits) --tail;
        const std::uint8_t walk_bits = frames.empty() ? 0 : frames.back().bits;
        const bool walk_tail = walk_bits == kInputLeft || walk_bits == kInputRight;
        for (std::size_t i = 0; i < frames.size(); ++i) {
            const InputFrame f = frames[i];
            const bool was_hanging = hanging(sim.player());
            const double x_before = sim.player().x;
            const PlayerMode mode_before = sim.player().mode;
            sim.step(f);
            r.frames.push_back(f);
            note_landing(mode_before);
            if (sim.reached_exit()) {
                r.exit = true;
                r.view = sim.player();
                return r;
            }
            if (sim.player().mode == PlayerMode::Dead) {  // traps-on lookahead only
                r.died = true;
                return r;
            }
            // A grabbed ledge ends the move: the rest of the macro would only hold on
            // (no press edge), and hanging there longer can cost a trap window.
            if (!was_hanging && hanging(sim.player())) break;
            // Walking into a wall ends the move too: pushing on only costs time (a mine's
            // fuse, a trap window) before the next move of a chain.
            if (walk_tail && i > tail && sim.player().mode == PlayerMode::Ground &&
                std::fabs(sim.player().x - x_before) < kBlockedStep)
                break;
        }
        // One released frame first, for the same reason as in settle_real.
        sim.step(InputFrame{});
        r.frames.push_back(InputFrame{});
        for (int i = 0; i < kSettleMaxTicks && !at_rest(sim.player()); ++i) {
            const PlayerMode mode_before = sim.player().mode;
            sim.step(InputFrame{});
            r.frames.push_back(InputFrame{});
            note_landing(mode_before);
            if (sim.reached_exit()) {
                r.exit = true;
                break;
            }
            if (sim.player().mode == PlayerMode::Dead) {
                r.died = true;
                return r;
            }
        }
        r.view = sim.player();
        r.rest = at_rest(r.view);
        r.node = r.rest ? node_of(m_graph, r.view) : -1;
        return r;
    }

    /// Where the player must be to hang on `target`, if it is a hang node.
    Grab grab_of(int target, const PlayerView& v) const {
        const GraphNode& g = m_graph.nodes[static_cast<std::size_t>(target)];
        if (g.type == NodeType::Stand) return {};
        const int side = g.type == NodeType::HangRight ? 1 : -1;
        const double x = side > 0 ? (g.cell.x + 1) * kCellSize - kHalfW - kGrabSlack
                                  : g.cell.x * kCellSize + kHalfW + kGrabSlack;
        return {side, x - v.x};
    }

    bool well_centred(const Rollout& r, int target) const {
        const GraphNode& g = m_graph.nodes[static_cast<std::size_t>(target)];
        return g.type != NodeType::Stand || std::fabs(r.view.x - cell_centre_x(g.cell)) < kGoodCentering;
    }

    /// Earliest start the player can use.
    int earliest_start() {
        int w = m_skill.reaction_ticks;
        if (m_skill.think_ticks > 0) w += static_cast<int>(m_rng.uniform_int(0, m_skill.think_ticks));
        return w;
    }

    /// Scans start times for `frames` from the real state: the player must reach the
    /// target (or the exit) alive and stay alive there a while. Returns the chosen wait.
    /// `window` = 0: settings.wait_window_ticks.
    std::optional<int> time_move(const SimSnapshot& now, const std::vector<InputFrame>& frames, int target,
                                 int w_min, int window = 0) {
        return time_move(
            now, frames, [this, target](const PlayerView& v) { return node_of(m_graph, v) == target; }, w_min,
            window);
    }
    std::optional<int> time_move(const SimSnapshot& now, const std::vector<InputFrame>& frames,
                                 const std::function<bool(const PlayerView&)>& at_target, int w_min,
                                 int window = 0) {
        const int m = m_skill.safety_margin_ticks;
        m_wait_sim.restore(now);
        int run = 0, best_run = 0, best_end = -1;
        if (window <= 0) window = m_settings.wait_window_ticks;
        for (int w = 0; w <= w_min + window; ++w) {
            if (w > 0) {
                m_wait_sim.step(InputFrame{});
                if (m_wait_sim.player().mode == PlayerMode::Dead) break;  // waiting here is fatal
            }
            if (w < w_min) continue;
            const bool ok = survives(*m_wait_sim.snapshot(), frames, at_target);
            run = ok ? run + 1 : 0;
            if (run > best_run) best_run = run, best_end = w;
            if (run == 2 * m + 1) return w - m;
        }
        if (best_run == 0) return std::nullopt;
        return best_end - best_run / 2;  // the widest window found, narrower than wished
    }

    bool survives(const SimSnapshot& from, const std::vector<InputFrame>& frames,
                  const std::function<bool(const PlayerView&)>& at_target) {
        m_run_sim.restore(from);
        for (const InputFrame& f : frames) {
            m_run_sim.step(f);
            if (m_run_sim.reached_exit()) return true;
            if (m_run_sim.player().mode == PlayerMode::Dead) return false;
        }
        if (!at_target(m_run_sim.player())) return false;
        for (int i = 0; i < m_settings.hold_check_ticks; ++i) {
            m_run_sim.step(InputFrame{});
            if (m_run_sim.player().mode == PlayerMode::Dead) return false;
        }
        return true;
    }

    std::optional<Plan> find_plan(const std::vector<int>& path) {
        // Target: the first safe node along the path (crossing a trap area in one hop).
        std::size_t t = 1;
        while (t + 1 < path.size() && t < static_cast<std::size_t>(m_settings.max_chain) &&
               danger_node(path[t]))
            ++t;
        if (auto plan = find_plan_to(path, t)) return plan;
        // A long trap area in one hop can be too much for one search: stop on the way, at a
        // node inside the area where waiting is survivable after all (time_move checks it:
        // the danger areas are conservative, e.g. next to a mine nobody touched).
        if (t > kShortHop) return find_plan_to(path, kShortHop);
        return std::nullopt;
    }

    std::optional<Plan> find_plan_to(const std::vector<int>& path, std::size_t t) {
        const int target = path[t];
        // A search that failed from this resting place toward this target fails again:
        // the geometry is the same and the timing scan already covered two trap cycles.
        const std::pair<RestKey, int> memo{fine_key_of(m_sim.player()), target};
        if (m_failed.count(memo)) return std::nullopt;
        const auto now = m_sim.snapshot();
        const int w_min = earliest_start();
        // Single moves first.
        std::vector<Rollout> found;
        const GraphNode& tg = m_graph.nodes[static_cast<std::size_t>(target)];
        const PlayerView& v = m_sim.player();
        const double dx = cell_centre_x(tg.cell) - v.x;
        const int dy = tg.cell.y - floor_div(v.y - kHalfH + 0.05);
        bool have_good = false;
        for (const Macro& m : candidate_macros(v, dx, dy, grab_of(target, v))) {
            Rollout r = rollout(m_geo, *now, frames_of(m));
            if (!r.exit && r.node != target) continue;
            const bool good = r.exit || well_centred(r, target);
            if (good && !have_good) {
                found.insert(found.begin(), std::move(r));
                have_good = true;
            } else {
                found.push_back(std::move(r));
            }
            if (have_good || static_cast<int>(found.size()) >= m_settings.max_geo_candidates) break;
        }
        for (const Rollout& r : found)
            if (const auto w = time_move(*now, r.frames, target, w_min)) return Plan{*w, r.frames, target};
        // Moves that work without traps but found no safe start in the usual window.
        std::vector<std::vector<InputFrame>> untimed;
        for (const Rollout& r : found) untimed.push_back(r.frames);
        // Several moves (through intermediate resting places near the path).
        std::optional<Plan> chain = search_chain(m_geo, path, t, *now, *now, w_min, false, false, &untimed);
        // The moves exist but the traps kill every chain found without them (mines armed
        // on the way blow before a chain of resting stops is through): search again with
        // the traps on, so deaths prune the chains and a quicker way to a place replaces a
        // slower one. Periodic traps make that depend on the start: a few starts over one
        // cycle from the earliest.
        auto live_search = [&](bool wide, int max_expansions = 0) -> std::optional<Plan> {
            if (m_level.traps.empty()) return std::nullopt;
            m_live_sim.restore(*now);
            for (int w = 0; w <= w_min + kLiveStartSpan; ++w) {
                if (w > 0) m_live_sim.step(InputFrame{});
                if (m_live_sim.player().mode == PlayerMode::Dead) break;
                if (w < w_min || (w - w_min) % kLiveStartStep != 0) continue;
                const auto root = m_live_sim.snapshot();
                auto plan =
                    search_chain(m_live_sim, path, t, *now, *root, w, true, wide, nullptr, max_expansions);
                if (plan) return plan;
                m_live_sim.restore(*root);
            }
            return std::nullopt;
        };
        if (!chain) chain = live_search(false);
        // Traps with different cycles drift against each other: the windows of two spikes
        // may overlap enough only some cycles later. Wait for that, like a patient player.
        for (std::size_t i = 0; !chain && i < untimed.size() && i < kLongTimings; ++i)
            if (const auto w = time_move(*now, untimed[i], target, w_min, kLongWaitTicks))
                chain = Plan{*w, untimed[i], target};
        // Last, a wider traps-on search in which a later arrival at a place is a state of its
        // own (see search_chain): it costs several times as much, so it runs only where
        // everything else failed, and every hop the narrow searches find stays as it was.
        if (!chain) chain = live_search(true);
        // The expert, whose plays are the playability proof, may think longer still where
        // all of that failed (a mine, a spike hang, then a second mine: generator v3's linear
        // seed 70, level 1). A person would try anyway instead (below).
        if (!chain && m_skill.group == SkillGroup::Expert) chain = live_search(true, kMaxDeepExpansions);
        // A person who sees the way but no safe moment does not stand there for ever: they
        // try it anyway, after their reaction, and may die (thesis participants died on
        // hard challenges rather than skip them). The expert never gambles: its plays are
        // the playability proof.
        if (!chain && m_skill.group != SkillGroup::Expert && !untimed.empty())
            return Plan{w_min, untimed.front(), target};
        if (!chain) m_failed.insert(memo);
        return chain;
    }

    /// Best-first search over resting places reached by single moves, near the path: the
    /// place closest to the target (plus a cost per move) is expanded first, so a few
    /// expansions reach chains such as jump -> hang -> jump across -> hang -> climb.
    /// `sim` is the lookahead searched (traps off, or on), `root` the state it starts from
    /// (`now`, or `now` after the earliest start); plans are timed from `now`. `wide`
    /// (traps on only): arrivals kLiveTimeSlot apart are separate states, and up to
    /// kMaxWideExpansions states are expanded (`max_expansions` > 0: that many).
    std::optional<Plan> search_chain(Simulation& sim, const std::vector<int>& path, std::size_t t,
                                     const SimSnapshot& now, const SimSnapshot& root, int w_min,
                                     bool landings, bool wide = false,
                                     std::vector<std::vector<InputFrame>>* untimed = nullptr,
                                     int max_expansions = 0) {
        const int target = path[t];
        struct State {
            std::shared_ptr<const SimSnapshot> snap;
            std::vector<InputFrame> frames;
            int depth = 0;
            int kind = 0;
        };
        auto near_path = [&](int n) {
            const CellPos c = m_graph.nodes[static_cast<std::size_t>(n)].cell;
            for (std::size_t i = 0; i <= std::min(t + 1, path.size() - 1); ++i) {
                const CellPos p = m_graph.nodes[static_cast<std::size_t>(path[i])].cell;
                if (std::abs(p.x - c.x) + std::abs(p.y - c.y) <= 2) return true;
            }
            return false;
        };
        const int max_depth = static_cast<int>(std::min<std::size_t>(t, 6)) + 2;
        const CellPos tc = m_graph.nodes[static_cast<std::size_t>(target)].cell;
        // The next ledge on the way from a resting place (often inside a trap area, so not
        // the target itself): the first hang node after the path node the place is on, or
        // nearest to (ties: the later one).
        auto grab_node_after = [&](int n) {
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
            return target;
        };
        std::vector<State> states;
        using Item = std::tuple<double, int>;  // priority, state index (FIFO among equals)
        std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
        // Per node, kind (0 at rest, 1 just landed, still moving, 2.. at rest after a wait,
        // kLiveWaits[kind - 2] ticks) and, in a wide search, arrival time slot: the queued
        // state. With traps on, reaching a place later is not just worse: a later arrival
        // may meet the next spike's window or light a mine later (e.g. wait below a mine,
        // then step onto it and hang beside the spike above it as the spike hides), so in
        // a wide search the quickest arrival only replaces one in the same kLiveTimeSlot.
        std::map<std::tuple<int, int, std::size_t>, int> state_at;
        std::vector<char> expanded;
        sim.restore(root);
        states.push_back({sim.snapshot(), {}, 0, 0});
        expanded.push_back(0);
        open.push({0.0, 0});
        int expansions = 0;
        int tried = 0;
        if (max_expansions <= 0) max_expansions = wide ? kMaxWideExpansions : kMaxBfsExpansions;
        while (!open.empty() && expansions < max_expansions) {
            const int si = std::get<1>(open.top());
            const State s = states[static_cast<std::size_t>(si)];
            expanded[static_cast<std::size_t>(si)] = 1;
            open.pop();
            ++expansions;
            sim.restore(*s.snap);
            const PlayerView v = sim.player();
            const GraphNode& tg = m_graph.nodes[static_cast<std::size_t>(target)];
            const double dx = cell_centre_x(tg.cell) - v.x;
            const int dy = tg.cell.y - floor_div(v.y - kHalfH + 0.05);
            const int here = si == 0 ? path[0] : node_of(m_graph, v);
            // A place to go on from: a quicker way to a queued one replaces it (in a chain
            // through trap windows and mine fuses every tick counts).
            auto offer = [&](int node, int kind, std::shared_ptr<const SimSnapshot> snap,
                             std::vector<InputFrame>&& frames) {
                if (s.depth + 1 >= max_depth || node == path[0] || !near_path(node)) return;
                const auto key = std::make_tuple(node, kind, wide ? frames.size() / kLiveTimeSlot : 0);
                if (const auto it = state_at.find(key); it != state_at.end()) {
                    const int q = it->second;
                    if (!expanded[static_cast<std::size_t>(q)] &&
                        frames.size() < states[static_cast<std::size_t>(q)].frames.size())
                        states[static_cast<std::size_t>(q)] = {std::move(snap), std::move(frames),
                                                               s.depth + 1, kind};
                    return;
                }
                state_at[key] = static_cast<int>(states.size());
                expanded.push_back(0);
                const CellPos c = m_graph.nodes[static_cast<std::size_t>(node)].cell;
                const double h = std::abs(c.x - tc.x) + std::abs(c.y - tc.y);
                states.push_back({std::move(snap), std::move(frames), s.depth + 1, kind});
                open.push({h + kFreeDepthCost * (s.depth + 1), static_cast<int>(states.size()) - 1});
            };
            for (const Macro& m : candidate_macros(v, dx, dy, grab_of(grab_node_after(here), v))) {
                Rollout r = rollout(sim, *s.snap, frames_of(m), landings);
                // With traps on, a chain may go on from the moment of a landing without
                // coming to rest first (off a mine before its fuse burns down).
                if (r.landing && r.landing_node >= 0 && !r.exit && r.landing_node != target) {
                    std::vector<InputFrame> part = s.frames;
                    part.insert(part.end(), r.frames.begin(),
                                r.frames.begin() + static_cast<std::ptrdiff_t>(r.landing_frames));
                    offer(r.landing_node, 1, r.landing, std::move(part));
                }
                if (!r.exit && r.node < 0) continue;
                std::vector<InputFrame> all = s.frames;
                all.insert(all.end(), r.frames.begin(), r.frames.end());
                if (r.exit || r.node == target) {
                    if (const auto w = time_move(now, all, target, w_min)) return Plan{*w, all, target};
                    if (untimed) untimed->push_back(all);
                    if (++tried >= 2 * m_settings.max_geo_candidates) return std::nullopt;
                    continue;
                }
                offer(r.node, 0, sim.snapshot(), std::move(all));
            }
            // With traps on, waiting at a resting place inside a trap area is a move too:
            // two spikes in a row may need a pause between them (the start of the chain is
            // scanned by time_move, the middle is not).
            if (landings && s.kind == 0 && s.depth >= 1 && here >= 0 && danger_node(here)) {
                for (std::size_t k = 0; k < std::size(kLiveWaits); ++k) {
                    sim.restore(*s.snap);
                    std::vector<InputFrame> all = s.frames;
                    bool alive = true;
                    for (int i = 0; i < kLiveWaits[k] && alive; ++i) {
                        sim.step(InputFrame{});
                        all.push_back(InputFrame{});
                        alive = sim.player().mode != PlayerMode::Dead;
                    }
                    if (alive) offer(here, 2 + static_cast<int>(k), sim.snapshot(), std::move(all));
                }
            }
        }
        return std::nullopt;
    }

    bool danger_key(const RestKey& k) const {
        if (k.x < 0 || k.y < 0 || k.x >= m_level.width || k.y >= m_level.height) return true;
        return m_danger[idx({k.x, k.y})] != 0;
    }

    /// Graph-free hop search: best-first over resting places (cell + mode) reached by
    /// single macros on the trap-free lookahead, toward the exit (path == nullptr) or
    /// toward any safe node further along `path`. The first hop of the chain found runs
    /// up to its first resting place outside every trap area (a trap area is crossed in
    /// one timed hop, as in find_plan) and is then timed against the traps.
    std::optional<Plan> find_free_plan(const std::vector<int>* path) {
        std::set<int> goal_nodes;
        CellPos aim = m_level.exit;
        if (path) {
            for (std::size_t i = 1; i < path->size(); ++i)
                if (!danger_node((*path)[i])) goal_nodes.insert((*path)[i]);
            std::size_t t = 1;
            while (t + 1 < path->size() && danger_node((*path)[t])) ++t;
            aim = m_graph.nodes[static_cast<std::size_t>((*path)[t])].cell;
        }
        const int here = node_of(m_graph, m_sim.player());
        auto is_goal = [&](const Rollout& r) {
            if (r.exit) return true;
            if (!r.rest) return false;
            const int n = node_of(m_graph, r.view);
            if (path) return goal_nodes.count(n) > 0;
            // Back onto the graph: a node with a graph path to the exit.
            return n >= 0 && n != here && !m_to_goal.empty() && m_to_goal[static_cast<std::size_t>(n)];
        };
        struct State {
            std::shared_ptr<const SimSnapshot> snap;
            std::vector<InputFrame> frames;  ///< from the parent
            int parent = -1;
            int depth = 0;
            RestKey key;
        };
        std::vector<State> states;
        using Item = std::tuple<double, int>;  // priority, state index (FIFO among equals)
        std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
        std::set<RestKey> seen;
        const auto now = m_sim.snapshot();
        const RestKey start = key_of(m_sim.player());
        states.push_back({now, {}, -1, 0, start});
        seen.insert(start);
        open.push({0.0, 0});
        const int w_min = earliest_start();
        int expansions = 0, tried = 0;
        while (!open.empty() && expansions < kMaxFreeExpansions) {
            const int si = std::get<1>(open.top());
            open.pop();
            ++expansions;
            m_geo.restore(*states[static_cast<std::size_t>(si)].snap);
            const PlayerView v = m_geo.player();
            const double dx = cell_centre_x(aim) - v.x;
            const int dy = aim.y - floor_div(v.y - kHalfH + 0.05);
            const auto snap = states[static_cast<std::size_t>(si)].snap;
            const int depth = states[static_cast<std::size_t>(si)].depth;
            for (const Macro& m : candidate_macros(v, dx, dy)) {
                Rollout r = rollout(m_geo, *snap, frames_of(m));
                if (!r.exit && !r.rest) continue;
                const RestKey k = key_of(r.view);
                if (!r.exit && seen.count(k)) continue;
                if (is_goal(r)) {
                    // Chain of states from the start; the hop ends at the first safe one.
                    std::vector<int> chain;
                    for (int c = si; c > 0; c = states[static_cast<std::size_t>(c)].parent)
                        chain.push_back(c);
                    std::reverse(chain.begin(), chain.end());
                    std::vector<InputFrame> all;
                    RestKey end_key = k;
                    bool end_exit = r.exit;
                    bool cut = false;
                    for (int c : chain) {
                        const State& st = states[static_cast<std::size_t>(c)];
                        all.insert(all.end(), st.frames.begin(), st.frames.end());
                        if (!danger_key(st.key)) {
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
                    if (const auto w = time_move(*now, all, at_target, w_min)) return Plan{*w, all, -1};
                    if (++tried >= kMaxFreeTimings) return std::nullopt;
                    continue;
                }
                seen.insert(k);
                const double h = std::abs(k.x - aim.x) + std::abs(k.y - aim.y);
                states.push_back({m_geo.snapshot(), std::move(r.frames), si, depth + 1, k});
                open.push({h + kFreeDepthCost * (depth + 1), static_cast<int>(states.size()) - 1});
            }
        }
        return std::nullopt;
    }

    /// Executes a plan in the real simulation, with the player's execution errors
    /// (apply_execution_errors: every press and release, plus each jump's own errors).
    /// A release may come early, but a person watches the character: one who let go of
    /// the run key too early inside a trap area (a squeeze column, a spike's cell, a
    /// mine's reach) on the way to a safe target keeps running until out of it, as nobody
    /// stands still in a crusher (carry_on_direction).
    void execute(const Plan& plan) {
        const ExecutedMove move = apply_execution_errors(m_skill, m_rng, plan.frames, plan.wait);
        for (int i = 0; i < move.wait && !m_sim.reached_exit(); ++i) step_real(InputFrame{});
        // The idle tail (the run-out after the last key is let go) is where a release that
        // came too early leaves the player short of the target.
        std::size_t tail = move.frames.size();
        while (tail > 0 && move.frames[tail - 1] == InputFrame{}) --tail;
        const std::uint8_t dir = tail > 0 ? move.frames[tail - 1].bits & (kInputLeft | kInputRight) : 0;
        int carried = 0;
        std::size_t i = 0;
        while (i < move.frames.size()) {
            if (m_sim.reached_exit() || m_sim.player().mode == PlayerMode::Dead) return;
            if (i >= tail && carried < kMaxCarryOnTicks && carry_on_direction(plan, dir)) {
                step_real(InputFrame{dir});  // the run-out starts once the player is clear
                ++carried;
                continue;
            }
            step_real(move.frames[i++]);
        }
    }

    /// True if a noisy player on the ground, running toward a plan's safe target with
    /// `dir`, is still inside a trap area and should hold `dir` on (see execute). The
    /// expert executes its plan exactly, so its plays stay a proof.
    bool carry_on_direction(const Plan& plan, std::uint8_t dir) const {
        if (m_skill.timing_noise_ticks <= 0.0 || dir == 0 || plan.target < 0 || danger_node(plan.target))
            return false;
        const PlayerView& v = m_sim.player();
        if (v.mode != PlayerMode::Ground) return false;
        const int side = dir == kInputRight ? 1 : -1;
        const double to_target =
            cell_centre_x(m_graph.nodes[static_cast<std::size_t>(plan.target)].cell) - v.x;
        if (to_target * side <= 0.0) return false;  // the target is behind: the player went past it
        const int y = floor_div(v.y - kHalfH + 0.05);
        for (int x = floor_div(v.x - kHalfW); x <= floor_div(v.x + kHalfW); ++x)
            if (x >= 0 && x < m_level.width && y >= 0 && y < m_level.height && m_danger[idx({x, y})])
                return true;
        return false;
    }

    Simulation& m_sim;
    const Level& m_level;
    SkillProfile m_skill;
    Rng m_rng;
    BotSettings m_settings;
    const StepCallback& m_cb;
    LevelGraph m_graph;
    Simulation m_geo;            ///< lookahead without traps: where does a move lead
    Simulation m_wait_sim;       ///< lookahead with traps: the real state, waiting
    Simulation m_run_sim;        ///< lookahead with traps: a move started after a wait
    Simulation m_live_sim;       ///< lookahead with traps: the multi-move search through mines
    std::vector<char> m_danger;  ///< per cell: a trap can kill a player resting here
    std::map<std::pair<int, int>, double> m_penalty;
    std::vector<char> m_to_goal;                 ///< per node: the graph connects it to the exit
    std::set<std::pair<RestKey, int>> m_failed;  ///< (resting place, target) searches that failed
    std::vector<InputFrame> m_inputs;
};

}  // namespace

const char* play_end_name(PlayEnd end) {
    switch (end) {
        case PlayEnd::Exit:
            return "exit";
        case PlayEnd::Skipped:
            return "skipped";
        case PlayEnd::Stuck:
            return "stuck";
        case PlayEnd::OutOfTime:
            return "out_of_time";
    }
    return "?";
}

Bot::Bot(SkillProfile skill, std::uint64_t seed, BotSettings settings)
    : m_skill(skill), m_seed(seed), m_settings(settings) {}

PlayResult Bot::play(Simulation& sim, const StepCallback& on_step) {
    Player p(sim, m_skill, m_seed, m_settings, on_step);
    return p.play();
}

PlayResult play_level(const Level& level, const SkillProfile& skill, std::uint64_t seed,
                      const BotSettings& settings) {
    Simulation sim(level);
    return Bot(skill, seed, settings).play(sim);
}

Level reversed_level(const Level& level) {
    Level r = level;
    std::swap(r.start, r.exit);
    return r;
}

}  // namespace sawtooth::bot
